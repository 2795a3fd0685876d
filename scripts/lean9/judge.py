"""Issue 16's lean9 ship rule, applied to bench.sh's and fresh.sh's logs (written and
committed before any fresh seed was rendered). Usage: judge.py bench.log fresh.log

Candidate: lean8's kot set (the placed cocked network from 0.941, freed dice read at face
0.96), with cocked.onnx asked only where its flag can change a reading. It ships only if
every clause holds:
- flat fresh seeds 9997 and 9999 (500 frames each): candidate face >= 0.995; silent rate
  <= 0.002 and silent dice no more than main's set; colour no lower than main's; flat dice
  reported leaning no more than main's;
- leaning fresh seed 9998 (300 frames, --cocked 0.2): leaning dice found (cocked_recall)
  no fewer than main's; silent dice no more than main's;
- origins/test: lean8's one measurement stands (0.9443 -> 0.9436, silent 0 -> 0; not read
  again: the readings are lean8's, byte for byte on tuning seeds 7676 and 6175);
- speed: for each kot row of `dicetable bench vision` (rendered 640x480, rendered
  1280x960, kot-frames/origins/test), the candidate's median over the baseline blur,
  averaged over its runs, within 1.15 of main's so averaged (runs interleaved).
"""

import json
import re
import sys
from functools import partial
from pathlib import Path
from statistics import mean

ROWS = ("rendered 640x480", "rendered 1280x960", "kot-frames/origins/test")
LINE = re.compile(r"^(.*?) \(.*read median ([\d.]+) ms.*baseline blur ([\d.]+) ms")


def speed(path: str) -> list[tuple[str, bool]]:
    ratios: dict[tuple[str, str], list[float]] = {}
    who = ""
    for line in Path(path).read_text().splitlines():
        if line.startswith("== "):
            who = line.split()[1]
        elif m := LINE.match(line):
            ratios.setdefault((who, m[1]), []).append(float(m[2]) / float(m[3]))
    out = []
    for row in ROWS:
        main, branch = mean(ratios[("main", row)]), mean(ratios[("branch", row)])
        n = len(ratios[("branch", row)])
        out.append(
            (
                f"speed {row}: {branch:.2f} / {main:.2f} = {branch / main:.3f} ({n} runs)",
                branch / main <= 1.15,
            )
        )
    return out


def fresh(path: str) -> dict[tuple[str, ...], dict]:
    got: dict[tuple[str, ...], dict] = {}
    key: tuple[str, ...] | None = None
    for line in Path(path).read_text().splitlines():
        if line.startswith("== "):
            key = tuple(line.split()[1:4])
        elif key and line.startswith("{"):
            got[key] = json.loads(line)
    return got


def clauses(got: dict[tuple[str, ...], dict]) -> list[tuple[str, bool]]:
    def fig(seed: str, who: str, name: str) -> float:
        tool = "measure" if name in ("flat_reported_cocked", "silent") else "eval"
        return got[(seed, who, tool)][name]

    out = []
    for s in ("9997", "9999"):
        m, c = partial(fig, s, "main"), partial(fig, s, "candidate")
        out += [
            (
                f"{s} face {m('face_accuracy')} -> {c('face_accuracy')} >= 0.995",
                c("face_accuracy") >= 0.995,
            ),
            (f"{s} silent rate {c('silent_error_rate')} <= 0.002", c("silent_error_rate") <= 0.002),
            (f"{s} silent {m('silent')} -> {c('silent')}", c("silent") <= m("silent")),
            (
                f"{s} colour {m('color_accuracy')} -> {c('color_accuracy')}",
                c("color_accuracy") >= m("color_accuracy"),
            ),
            (
                f"{s} flat reported leaning {m('flat_reported_cocked')} -> "
                f"{c('flat_reported_cocked')}",
                c("flat_reported_cocked") <= m("flat_reported_cocked"),
            ),
        ]
    m, c = partial(fig, "9998", "main"), partial(fig, "9998", "candidate")
    out += [
        (
            f"9998 cocked_recall {m('cocked_recall')} -> {c('cocked_recall')}",
            c("cocked_recall") >= m("cocked_recall"),
        ),
        (f"9998 silent {m('silent')} -> {c('silent')}", c("silent") <= m("silent")),
    ]
    for s in ("9997", "9999", "9998"):  # the two tools read the same
        for who in ("main", "candidate"):
            e, r = got[(s, who, "eval")], got[(s, who, "measure")]
            out.append(
                (f"{s} {who}: eval and measure.py agree", e["face_accuracy"] == r["face_accuracy"])
            )
    return out


def main(bench: str, fresh_log: str) -> None:
    every = speed(bench) + clauses(fresh(fresh_log))
    for text, ok in every:
        print("holds" if ok else "FAILS", text)
    print("SHIP" if all(ok for _, ok in every) else "NOT SHIPPED")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
