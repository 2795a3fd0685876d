"""`dicetable vision watch SOURCE`: follow the throws live and print every event.

    dicetable vision watch                       # the Pi camera, or camera 0
    dicetable vision watch game.mp4 --dice black=6,green=1
    dicetable vision watch synthetic:kept-aside  # a synthetic sequence, with its game

Without a game to ask, the dice in play are given with --dice and every throw counts as a
throw of one long turn. The calibration is the one `dicetable calibrate` stored, or is
learned from the source's first frames with --learn N (the tray must be empty then).
vision never imports host: this module prints its own one-line errors.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vision.live.calibration import Calibration, CalibrationError, default_path, learn, load
from vision.live.follow import Misfit, ThrowFollower, ThrowSettled
from vision.live.sources import SourceError, SyntheticSource, open_source
from vision.live.stream import Frame, Status, Stream, watch
from vision.words import Said, _, on_terminal

if TYPE_CHECKING:
    from vision.reader import DiceReader

ERROR = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_source_options(parser, _("a video file, a folder of images, or synthetic:NAME"))
    parser.add_argument("--faces", default="kot", help="face set to read (default: kot)")
    parser.add_argument(
        "--dice",
        default="black=6",
        help="the dice in play: colour=count,... or a count of any colour (default: black=6)",
    )
    parser.add_argument(
        "--learn",
        type=int,
        metavar="N",
        help="learn the calibration from the first N frames (the tray empty then); 0: use "
        "the stored one (a synthetic take otherwise learns from its empty start)",
    )
    parser.add_argument(
        "--no-calibration",
        action="store_true",
        help="follow on motion alone (cannot see a hand held still, a bumped camera...)",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per event")
    parser.add_argument("--frames", type=int, metavar="N", help="stop after N frames")
    parser.add_argument(
        "--snapshots", type=Path, metavar="DIR", help="write each event's frame as a JPEG"
    )


def add_source_options(parser: argparse.ArgumentParser, recordings: Said) -> None:
    """The source and the options shared with `dicetable calibrate` (their help in the
    terminal's language)."""
    parser.add_argument(
        "source",
        nargs="?",
        default="auto",
        help=on_terminal(
            _(
                "picamera, a camera number or /dev/videoN, a stream URL, {recordings} "
                "(default: auto, the Pi camera or camera 0)",
                recordings=recordings,
            )
        ),
    )
    parser.add_argument(
        "--calibration",
        type=Path,
        help=on_terminal(_("the calibration file (default: {path})", path=str(default_path()))),
    )
    parser.add_argument(
        "--fps",
        type=float,
        default=15.0,
        help=on_terminal(_("frames per second of a folder of images")),
    )


def parse_dice(text: str) -> dict[str, int]:
    """ "black=6,green=1" -> {"black": 6, "green": 1}; "5" -> {"any": 5}.

    >>> parse_dice("black=6, green=1"), parse_dice("5")
    ({'black': 6, 'green': 1}, {'any': 5})
    """
    text = text.strip()
    if text.isdigit():
        out = {"any": int(text)}
    else:
        out = {}
        for part in text.split(","):
            colour, sep, count = part.partition("=")
            if not sep or not count.strip().isdigit() or not colour.strip():
                raise ValueError(
                    f"--dice {text!r}: write colour=count,... (black=6,green=1) or a count"
                )
            out[colour.strip()] = int(count)
    if not sum(out.values()):
        raise ValueError(f"--dice {text!r}: at least one die must be in play")
    return out


def run(args: argparse.Namespace) -> int:
    try:
        return _watch(args)
    except (SourceError, CalibrationError, ValueError) as error:
        print(f"dicetable vision watch: {error}", file=sys.stderr)
        return ERROR


def _watch(args: argparse.Namespace) -> int:
    import cv2

    from vision.reader import DiceReader

    cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_ERROR)  # we report in words
    counts = parse_dice(args.dice)
    if args.frames is not None and args.frames < 1:
        raise ValueError(f"--frames {args.frames}: give a number of frames, 1 or more")
    if args.learn is not None and (args.learn < 0 or 0 < args.learn < 3):
        raise ValueError(
            f"--learn {args.learn}: give a number of frames, 3 or more (0: the stored calibration)"
        )
    reader = DiceReader.load(args.faces)
    unknown = sorted(set(counts) - {"any", *reader.faces.colors})
    if unknown:
        has = ", ".join(reader.faces.colors) or "none: give a count, --dice 6"
        raise ValueError(
            f"--dice: {', '.join(unknown)} is no colour of {reader.faces.name} (its colours: {has})"
        )
    out = Printer(args.json, args.snapshots)
    stream = Stream(lambda: open_source(args.source, fps=args.fps))
    try:
        return _follow(args, stream, reader, counts, out)
    finally:
        stream.close()  # whatever happens: a camera is given back


def _follow(
    args: argparse.Namespace,
    stream: Stream,
    reader: DiceReader,
    counts: dict[str, int],
    out: Printer,
) -> int:
    items: Any = iter(stream)
    learn_n = args.learn
    if learn_n is None and isinstance(stream.source, SyntheticSource):
        learn_n = stream.source.seq.empty_frames  # a synthetic take starts empty
    calibration: Calibration | None = None
    if learn_n and not args.no_calibration:
        calibration, items = _learn_first(items, int(learn_n), args.source)
    elif not args.no_calibration:
        calibration = _stored(args.calibration)
    follower = ThrowFollower(reader, calibration)
    if not isinstance(stream.source, SyntheticSource):  # a synthetic take has its game
        follower.expect(counts)
    out.note(
        f"watching {stream.source.name}; "
        + (calibration.describe() if calibration else "no calibration: following on motion alone")
    )
    start = time.perf_counter()
    for item in watch(_counted(items, args.frames), follower):
        if isinstance(item, Status):
            out.status(item)
            if item.kind == "gave-up":
                return 1
        else:
            out.event(item)
    out.summary(follower.frames, time.perf_counter() - start)
    return 0


def _stored(path: Path | None) -> Calibration | None:
    path = path or default_path()
    if not path.exists() and path == default_path():
        print(
            "dicetable vision watch: not calibrated yet (run dicetable calibrate); "
            "following on motion alone",
            file=sys.stderr,
        )
        return None
    return load(path)


def _learn_first(items: Any, n: int, name: str) -> tuple[Calibration, Any]:
    """Learn from the first n frames of the stream; the stream then goes on from its start."""
    seen: list[Frame | Status] = []
    frames: list[Frame] = []
    for item in items:
        seen.append(item)
        if isinstance(item, Frame):
            frames.append(item)
            if len(frames) == n:
                break
    if len(frames) < n:
        raise CalibrationError(f"{name} has fewer than {n} frames to learn from")
    return learn([f.image for f in frames], source=name), _chain(seen, items)


def _chain(first: list[Frame | Status], rest: Any) -> Any:
    yield from first
    yield from rest


def _counted(items: Any, limit: int | None) -> Any:
    n = 0
    for item in items:
        if isinstance(item, Frame):
            if limit is not None and n >= limit:
                return
            n += 1
        yield item


class Printer:
    """Prints events for people (or JSON lines for programs), keeps a tally."""

    def __init__(self, as_json: bool, snapshots: Path | None) -> None:
        self.as_json = as_json
        self.snapshots = snapshots
        self.throws = 0
        self.misfits = 0
        if snapshots:
            try:
                snapshots.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                why = f"--snapshots {snapshots}: cannot make the folder ({error.strerror or error})"
                raise ValueError(why) from None

    def note(self, text: str) -> None:
        if self.as_json:
            print(json.dumps({"type": "note", "message": text}), flush=True)
        else:
            print(text, flush=True)

    def status(self, status: Status) -> None:
        if self.as_json:
            print(
                json.dumps(
                    {
                        "type": "status",
                        "kind": status.kind,
                        "message": status.message,
                        "t": round(status.t, 3),
                    }
                ),
                flush=True,
            )
        else:
            print(f"{status.t:8.2f} s  [{status.kind}] {status.message}", flush=True)

    def event(self, event: ThrowSettled | Misfit) -> None:
        snapshot = self._snapshot(event)
        if self.as_json:
            print(
                json.dumps(event_json(event) | ({"snapshot": snapshot} if snapshot else {})),
                flush=True,
            )
            return
        if isinstance(event, ThrowSettled):
            self.throws += 1
            thrown = " ".join(sorted(event.faces(event.thrown))) or "-"
            kept = " ".join(sorted(event.faces(event.kept))) or "-"
            low = min((d.confidence for d in event.dice), default=1.0)
            print(
                f"{event.t:8.2f} s  throw {event.throw}: thrown {thrown}; kept {kept} "
                f"(lowest confidence {low:.2f}; "
                f"{1000 * (event.t - event.still_since):.0f} ms after the dice lay still)",
                flush=True,
            )
        else:
            self.misfits += 1
            print(f"{event.t:8.2f} s  LOOK ({event.code}): {event.reason}", flush=True)

    def summary(self, frames: int, seconds: float) -> None:
        rate = frames / seconds if seconds > 0 else 0.0
        self.note(
            f"{self.throws} throws, {self.misfits} to look at; {frames} frames in "
            f"{seconds:.1f} s ({rate:.0f} frames/s)"
        )

    def _snapshot(self, event: ThrowSettled | Misfit) -> str:
        if not self.snapshots or event.image is None:
            return ""
        import cv2

        path = self.snapshots / f"event-{event.frame:06d}.jpg"
        cv2.imwrite(str(path), event.image)
        return str(path)


def event_json(event: ThrowSettled | Misfit) -> dict[str, Any]:
    """An event as plain JSON data (what `--json` prints)."""
    common = {
        "frame": event.frame,
        "t": round(event.t, 3),
        "still_since": round(event.still_since, 3),
        "dice": [d.to_json() for d in event.dice],
    }
    if isinstance(event, ThrowSettled):
        return {
            "type": "throw",
            "throw": event.throw,
            "thrown": event.faces(event.thrown),
            "kept": event.faces(event.kept),
            **common,
        }
    return {"type": "misfit", "code": event.code, "reason": event.reason, **common}
