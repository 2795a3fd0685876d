"""`dicetable vision sets` lists, shows, rolls back, exports and imports a table's sets
and exports their examples as dice-labels/1; `dicetable vision teach --camera SOURCE`
teaches from dice thrown under a camera, named in the terminal."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from learning_support import Person, holding, origins, truth

from host.cli import build_parser, main
from vision import labels
from vision.images import write_image
from vision.learning import sets
from vision.learning.cli import teach_live
from vision.learning.flow import TeachFlow
from vision.learning.refit import refit
from vision.learning.store import NONE, LearningStore
from vision.live.sequences import held
from vision.reader import DiceReader


def test_the_sets_command_shows_rolls_back_exports_and_imports(
    taught: tuple[TeachFlow, Person], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    flow, _ = taught
    store = LearningStore()
    store.add("kot", flow.examples())
    refit(store, "kot")
    held = sum(e.held_out for e in store.examples("kot"))  # every FOLDS-th cut
    assert held >= 10
    assert main(["vision", "sets"]) == 0
    listed = capsys.readouterr().out
    assert re.search(rf"kot +v1 +\d+ +1 +{held}/{held} right, 0 wrong, 0 unknown", listed)
    assert main(["vision", "sets", "show", "kot"]) == 0
    shown = capsys.readouterr().out
    assert "* v1    kept" in shown and "(before: " in shown
    assert main(["vision", "sets", "export", "kot", str(tmp_path / "mine.npz")]) == 0
    assert main(["vision", "sets", "roll-back", "kot"]) == 0
    assert sets.in_use(store, "kot") == sets.SHIPPED
    assert main(["vision", "sets", "roll-back", "kot"]) == 2  # nothing earlier
    assert "nothing earlier" in capsys.readouterr().err
    assert main(["vision", "sets", "import", str(tmp_path / "mine.npz")]) == 0
    assert sets.in_use(store, "kot") == 2
    assert main(["vision", "sets", "examples", "kot", str(tmp_path / "labels")]) == 0
    exported = labels.load(tmp_path / "labels")
    dice = [e for e in store.examples("kot") if e.face != NONE]
    assert len(exported.images) == len(dice) and exported.face_set == "kot"
    assert Counter(i.dice[0].face for i in exported.images) == Counter(e.face for e in dice)
    assert all(not i.complete for i in exported.images)
    assert exported.frame(exported.images[0]).shape == (64, 64, 3)


def test_a_store_given_keeps_its_versions_beside_it(tmp_path: Path) -> None:
    """`--db` (and dicetable play's --data): the versions' files go beside the store given.
    Before, they went to the default data folder ($XDG_DATA_HOME/dicetable/teaching/sets),
    the store elsewhere."""
    from vision import faceset

    db = tmp_path / "elsewhere" / "examples.db"
    shipped = faceset.SHIPPED / "kot.npz"
    assert main(["vision", "sets", "--db", str(db), "import", str(shipped), "--name", "mine"]) == 0
    (version,) = LearningStore(db).versions("mine")
    assert version.file == str(tmp_path / "elsewhere" / "sets" / "mine" / "v0001.npz")
    assert Path(version.file).is_file() and not (tmp_path / "data").exists()


def test_teach_from_a_camera_in_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    frames = origins("teach")
    camera = tmp_path / "camera"  # the teaching frames, each held before the camera
    camera.mkdir()
    for index, frame, _ in held([frames.frame(i) for i in frames.images], 8):
        write_image(camera / f"f{index:05d}.png", frame)
    cuts: dict[int, tuple[str, str | None]] = {}
    asked: list[str] = []

    def answer(prompt: str) -> str:
        """A person reading the sheet: each group's face, its wrong dice moved."""
        asked.append(prompt)
        flow = answer.flow  # type: ignore[attr-defined]
        for cut in flow.cuts:
            cuts.setdefault(cut.id, truth(frames.images[cut.throw - 1], cut.center))
        dice = [int(n) for n in re.search(r"dice ([\d ]+)\)", prompt).group(1).split()]  # type: ignore[union-attr]
        column = 1 if prompt.startswith("colour") else 0
        said = Counter(cuts[i][column] for i in dice).most_common(1)[0][0]
        moves = [f"{i}={cuts[i][column] or 'none'}" for i in dice if cuts[i][column] != said]
        return " ".join([str(said) if said else "none", *moves])

    import vision.learning.flow as flow_module

    real_start = flow_module.start

    def start(*args: object) -> object:
        made = real_start(*args)  # type: ignore[arg-type]
        answer.flow = made[0]  # type: ignore[attr-defined]
        return made

    args = build_parser(["vision"]).parse_args(
        [
            "vision",
            "teach",
            "--camera",
            str(camera),
            "--name",
            "kot",
            "--sheet",
            str(tmp_path / "g.png"),
        ]
    )
    monkeypatch.setattr(flow_module, "start", start)  # to see the flow the person names
    assert teach_live(args, answer) == 0
    out = capsys.readouterr().out
    assert "throw 10 of 10" in out and "kept and in use" in out
    assert re.search(r"checked on (\d+) of your dice .*: \1 right, 0 wrong", out), out
    assert any(p.startswith("colour group") for p in asked)
    assert (tmp_path / "g.png").is_file()
    assert sets.in_use(LearningStore(), "kot") == 1
    DiceReader.load("kot")


def test_the_refit_command_waits_for_a_refit_another_process_runs_unless_told_not_to(
    taught: tuple[TeachFlow, Person],
) -> None:
    """Before, `dicetable vision sets refit kot` failed at once ('a refit of kot is running
    already') while the table's refits waited for the same lock (--wait). Now it waits too,
    and says so; --no-wait fails at once, saying what to do next."""
    store = LearningStore()
    store.add("kot", taught[0].examples())
    command = [sys.executable, "-m", "host", "vision", "sets", "refit", "kot"]
    holder = holding(store.path)  # a real second process holding kot's refit lock
    try:
        failed = subprocess.run([*command, "--no-wait"], capture_output=True, text=True)
        assert failed.returncode == 2 and "Traceback" not in failed.stderr
        assert "a refit of kot is running already, in another process" in failed.stderr
        assert "without --no-wait to wait for it" in failed.stderr
        waiting = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert waiting.stderr is not None
        said = waiting.stderr.readline().decode()
        assert said.startswith("kot: another process refits these dice"), said
        assert "waiting for it to end" in said and "Ctrl-C stops waiting" in said
        time.sleep(1.5)  # (three looks at the lock)
        assert waiting.poll() is None and store.versions("kot") == []
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(10)
    out, err = waiting.communicate(timeout=300)
    assert waiting.returncode == 0, err
    assert b"the other refit ended: refitting now" in err
    outcome = json.loads(out)
    assert outcome["kept"] and sets.in_use(store, "kot") == outcome["version"]


def test_rolling_back_to_a_version_whose_file_is_damaged_is_refused_and_leaves_the_set_in_use(
    taught: tuple[TeachFlow, Person], capsys: pytest.CaptureFixture[str]
) -> None:
    """Before, a version's file damaged on the disk (a bad sector, a cut copy) was put in
    use as it was, said done ('version 1 in use'), and the camera then read nothing with it.
    Its bytes are checked against those it was saved with first."""
    store = LearningStore()
    store.add("kot", taught[0].examples())
    refit(store, "kot")
    assert main(["vision", "sets", "roll-back", "kot"]) == 0  # the shipped set in use
    (version,) = store.versions("kot")
    assert version.file is not None
    saved = Path(version.file)
    saved.write_bytes(saved.read_bytes()[:-100])
    capsys.readouterr()
    assert main(["vision", "sets", "roll-back", "kot", "--version", "1"]) == 2
    err = capsys.readouterr().err
    assert "version 1 of kot is damaged" in err and "choose another version" in err
    assert sets.in_use(store, "kot") == sets.SHIPPED and not sets.faceset.user_path("kot").exists()


def test_a_set_name_or_file_that_is_not_there_is_said_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: `sets show nope` printed 'nope: in use other file' (exit 0), `sets examples
    nope DIR` wrote an empty labels.json, and `sets import /typo.npz` said 'no face set
    '/typo.npz' (shipped: ...; or teach one ...)' of a file name mistyped."""
    for command in (["show", "nope"], ["examples", "nope", str(tmp_path / "out")]):
        assert main(["vision", "sets", *command]) == 2
        assert "there is no set 'nope' (sets: berserk, " in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
    assert main(["vision", "sets", "import", str(tmp_path / "typo.npz")]) == 2
    assert f"there is no file {tmp_path / 'typo.npz'} (a face set file" in capsys.readouterr().err


def test_an_export_to_a_folder_that_is_not_there_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: a FileNotFoundError traceback."""
    out = tmp_path / "no-folder" / "kot.npz"
    assert main(["vision", "sets", "export", "kot", str(out)]) == 2
    err = capsys.readouterr().err
    assert err == f"dicetable vision sets: cannot write {out}: No such file or directory\n"
