"""`dicetable calibrate`: learn the tray area and the empty tray's look from the camera.

    dicetable calibrate                      # the Pi camera, or camera 0
    dicetable calibrate /dev/video2 --annotate tray.png

Point the camera at the empty tray, keep hands out, and run it: it reads a few frames,
finds the tray, stores the calibration in your configuration folder and draws what it
found on an annotated image to check. Run it again whenever the camera or the tray moved
(`dicetable vision watch` says so when it notices). It speaks the terminal's language
(vision.words.on_terminal); the note drawn on the annotated picture stays English (OpenCV's
fonts write only Latin letters).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from vision.errors import VisionError
from vision.images import check_picture_name, write_image
from vision.live.calibration import (
    CalibrationError,
    annotate,
    default_path,
    learn,
)
from vision.live.sources import open_source
from vision.live.stream import Frame, Status, Stream
from vision.live.watch import add_source_options
from vision.words import _, message, on_terminal

ERROR = 2
WARM_UP = 10  # frames a live camera needs to settle its exposure and white balance


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_source_options(parser, _("or a video file or folder of images of the empty tray"))
    parser.add_argument(
        "--frames",
        type=int,
        default=8,
        help=on_terminal(_("frames to learn from (default: 8, at least 3)")),
    )
    parser.add_argument(
        "--annotate",
        type=Path,
        metavar="OUT.png",
        help=on_terminal(_("where to draw what was found (default: beside the calibration file)")),
    )
    parser.add_argument(
        "--whole-frame",
        action="store_true",
        help=on_terminal(_("the whole view is the tray (a tray without visible edges, or none)")),
    )
    parser.add_argument(
        "--faces",
        default="kot",
        help=on_terminal(_("face set used to check the tray is empty (default: kot)")),
    )


def run(args: argparse.Namespace) -> int:
    try:
        return _calibrate(args)
    except VisionError as error:  # SourceError, CalibrationError, an unwritable picture
        said = _("dicetable calibrate: {error}", error=message(error))
        print(on_terminal(said), file=sys.stderr)
        return ERROR


def _calibrate(args: argparse.Namespace) -> int:
    import cv2

    from vision.reader import DiceReader

    if args.frames < 3:
        raise CalibrationError(_("--frames must be at least 3, not {n}", n=args.frames))
    if args.annotate:
        check_picture_name(args.annotate, "--annotate")
    cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_ERROR)
    stream = Stream(lambda: open_source(args.source, fps=args.fps))
    skip = WARM_UP if stream.live else 0
    frames: list[Frame] = []
    try:
        for item in stream:
            if isinstance(item, Status):
                if item.kind in ("gave-up", "lost", "stalled", "frozen"):
                    raise CalibrationError(
                        _("{news}: check the camera and try again", news=item.message)
                    )
                continue
            if skip:
                skip -= 1
                continue
            frames.append(item)
            if len(frames) == args.frames:
                break
    finally:
        stream.close()
    if len(frames) < args.frames:
        raise CalibrationError(
            _(
                "{source} gave only {n, plural, one {# frame} other {# frames}}; {needed} are "
                "needed",
                source=stream.source.name,
                n=len(frames),
                needed=args.frames,
            )
        )
    calibration = learn(
        [f.image for f in frames], source=stream.source.name, whole_frame=args.whole_frame
    )
    dice = [
        d
        for d in DiceReader.load(args.faces).read(calibration.empty)
        if calibration.inside(d.center)
    ]
    note = (
        _(
            "{n, plural, one {# die} other {# dice}} seen on the tray: take them away and "
            "calibrate again",
            n=len(dice),
        )
        if dice
        else ""
    )
    path = calibration.save(args.calibration or default_path())
    picture = args.annotate or path.with_name(path.stem + "-annotated.png")
    write_image(picture, annotate(calibration, note=str.__str__(note)))  # (its English)
    tell(_("calibrated: {what}", what=calibration.describe()))
    if calibration.whole_frame and not args.whole_frame:
        tell(_("no tray edge seen: the whole view counts as the tray"))
    if note:
        tell(_("warning: {note}", note=note))
    tell(_("stored in {path}", path=str(path)))
    tell(_("check the picture: {path}", path=str(picture)))
    return 0


def tell(text: str) -> None:
    """A line for the terminal, in its language."""
    print(on_terminal(text))
