"""`dicetable vision ...`: read dice in images, evaluate, teach new dice, render test scenes.
Cards too: `--cards SET` reads them, and eval and teach hand labels of cards over to
vision.cards.cli.

vision never imports host, so this module prints its own one-line errors and returns a
non-zero status, in the terminal's language (vision.words.on_terminal: the host's
`dicetable` says them). Live commands (watch) are added beside these by vision.live. What
the people who set up the table meet (teaching their dice, its errors) is said so; the
measuring (eval, render) speaks English, as the developers' commands do.
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

from vision.errors import VisionError
from vision.words import Quoted, _, message, on_terminal

ERROR = 2

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")  # a taught face set's name
MAX_DICE = 30  # dice per rendered frame: more do not fit on a tray
# the face sets whose dice the renderer draws (vision.render.scene.looks_for)
DRAWN = ("kot", "kot-dark", "kot-alt", "d6-pips", "kingdom-run", "berserk", "fate")

# Subcommands that live in other modules, each with add_arguments(parser) and
# run(args) -> int, e.g. "watch": ("vision.live.watch", "print throw events from a camera").
MORE: dict[str, tuple[str, str]] = {
    "watch": ("vision.live.watch", "follow the throws live from a camera, video or folder"),
    "render-cards": ("vision.cards.render_cli", "render labelled frames of our own cards"),
    "compose-cards": ("vision.cards.compose_cli", "compose hands of real card photos on tables"),
    "card-sets": ("vision.cards.sets_cli", "the table's card sets: those kept aside, put back"),
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="vision_command", metavar="SUBCOMMAND")
    read = sub.add_parser("read", help="find and read the dice in one image")
    read.add_argument("image", type=Path)
    read.add_argument(
        "--faces",
        default="kot",
        help="face set: kot, d6-pips, a taught name or .npz; dice of several sets thrown "
        "together: their names joined by + (kot+berserk)",
    )
    read.add_argument(
        "--cards",
        nargs="?",
        const="cards",
        metavar="SET",
        help="read cards (set: cards, or taught)",
    )
    read.add_argument("--json", action="store_true", help="print JSON instead of a table")
    read.add_argument(
        "--annotate", type=Path, metavar="OUT.png", help="write the image with what was read"
    )
    read.set_defaults(_vision=_read)

    ev = sub.add_parser("eval", help="measure reading on a labelled folder (dice-labels/1)")
    ev.add_argument("folder", type=Path)
    ev.add_argument("--faces", help="face set (default: the folder's face_set)")
    ev.add_argument("--cards", metavar="SET", help="card set (default for labels of cards: cards)")
    ev.add_argument("--json", action="store_true")
    ev.add_argument(
        "--sheet", type=Path, metavar="OUT.png", help="draw every miss on one contact sheet"
    )
    ev.add_argument(
        "--part",
        choices=["learn", "held-out"],
        help="only this part of the fixed split (vision.split)",
    )
    ev.add_argument("--limit", type=int, help="only the first N images")
    ev.add_argument(
        "--review",
        type=Path,
        metavar="FILE.json",
        help="measure against the labels as a person corrected them (vision/reviews/)",
    )
    ev.set_defaults(_vision=_eval)

    teach = sub.add_parser(
        "teach",
        help=on_terminal(_("learn a face set from labelled photos of your dice, or from a camera")),
    )
    teach.add_argument(
        "folder",
        type=Path,
        nargs="?",
        help=on_terminal(
            _("a dice-labels/1 folder, or photos of cards each named by its card (red-7.jpg)")
        ),
    )
    teach.add_argument(
        "--name",
        required=True,
        help=on_terminal(_("the face set's name (use it as --faces NAME)")),
    )
    teach.add_argument(
        "--out",
        type=Path,
        help=on_terminal(_("where to write it (default: your dicetable config folder)")),
    )
    teach.add_argument(
        "--faces",
        help=on_terminal(_("face names in order, comma-separated (default: those labelled)")),
    )
    live = teach.add_argument_group(on_terminal(_("from a camera (docs/learning.md)")))
    live.add_argument(
        "--camera",
        metavar="SOURCE",
        help=on_terminal(
            _(
                "throw the dice under this camera (picamera, a number, a stream, a video, a "
                "folder of images) and name the groups of dice it saw, instead of labelled photos"
            )
        ),
    )
    live.add_argument(
        "--colors",
        help=on_terminal(_("the set's colour roles, comma-separated (a new set)")),
    )
    live.add_argument(
        "--throws", type=int, default=10, help=on_terminal(_("throws to see (default 10)"))
    )
    live.add_argument(
        "--fps", type=float, default=15.0, help=on_terminal(_("frames per second of a folder"))
    )
    live.add_argument(
        "--sheet",
        type=Path,
        metavar="OUT.png",
        help=on_terminal(_("draw the groups of dice")),
    )
    live.add_argument(
        "--db", type=Path, help=on_terminal(_("the learning store (default: the table's)"))
    )
    teach.set_defaults(_vision=_teach)

    sets = sub.add_parser("sets", help="the table's dice sets: versions, roll back, export")
    from vision.learning.cli import add_sets_arguments

    add_sets_arguments(sets)

    render = sub.add_parser("render", help="render synthetic labelled scenes (dice-labels/1)")
    render.add_argument("folder", type=Path)
    render.add_argument(
        "--faces",
        default="kot",
        help=f"the dice drawn: {', '.join(DRAWN)}, or several thrown together joined by + "
        "(kot+berserk+fate; default: kot)",
    )
    render.add_argument("--frames", type=int, default=20)
    render.add_argument("--seed", type=int, default=0)
    render.add_argument("--dice", type=int, help="dice per frame (default: 1 to 10)")
    render.add_argument("--clean", action="store_true", help="plain top-down scenes, even light")
    render.add_argument("--cocked", type=float, default=0.0, help="chance that a die leans (0..1)")
    render.set_defaults(_vision=_render)

    for name, (module_name, help_line) in MORE.items():
        module = importlib.import_module(module_name)
        command = sub.add_parser(name, help=help_line, description=help_line)
        module.add_arguments(command)
        command.set_defaults(_vision=module.run)


def run(args: argparse.Namespace) -> int:
    handler: Callable[[argparse.Namespace], int] | None = getattr(args, "_vision", None)
    if handler is None:
        said = _(
            "dicetable vision: give a subcommand (read, eval, teach, sets, render); see --help"
        )
        print(on_terminal(said), file=sys.stderr)
        return ERROR

    try:
        return handler(args)
    except VisionError as error:
        said = _(
            "dicetable vision {command}: {error}", command=args.vision_command, error=message(error)
        )
        print(on_terminal(said), file=sys.stderr)
        return ERROR


def _read(args: argparse.Namespace) -> int:
    from vision.annotate import annotate
    from vision.images import read_picture
    from vision.mixed import load_reader

    if args.cards:
        from vision.cards import cli as cards

        return cards.read(args)
    reader = load_reader(args.faces)
    dice = read_picture(args.image, reader.read, args.annotate, annotate)
    if args.json:
        print(
            json.dumps(
                {
                    "image": str(args.image),
                    "faces": reader.faces.name,
                    "dice": [d.to_json() for d in dice],
                },
                indent=1,
            )
        )
        return 0
    if not dice:
        print("no dice found")
        return 0
    print(f"{'#':>2} {'face':8} {'conf':>5} {'color':6} {'center':>13} {'angle':>5}  note")
    for k, d in enumerate(dice, 1):
        note = d.reason + (f" (likeliest {d.best_guess})" if d.reason and not d.cocked else "")
        print(
            f"{k:>2} {d.face:8} {d.confidence:5.2f} {d.color or '-':6} "
            f"{d.center[0]:6.0f},{d.center[1]:<6.0f} {d.angle:5.0f}  {note}"
        )
    return 0


def _eval(args: argparse.Namespace) -> int:
    from vision import labels, review, split
    from vision.evaluate import contact_sheet, evaluate
    from vision.images import check_picture_name, write_image
    from vision.mixed import load_reader

    if args.sheet:
        check_picture_name(args.sheet, "--sheet")
    if args.limit is not None and args.limit < 1:
        raise VisionError(f"--limit: 1 image or more, not {args.limit}")
    label_set = labels.load(args.folder)
    changes = review.load(args.review) if args.review else []
    label_set = review.apply(label_set, changes)
    if not (args.faces or args.cards or label_set.face_set):
        raise VisionError(f"{args.folder}/labels.json names no face_set: say which with --faces")
    images = label_set.images
    if args.part:
        images = split.select(images, args.part)
    if args.limit:
        images = images[: args.limit]
    if args.cards or (label_set.face_set == "cards" and not args.faces):
        from vision.cards import cli as cards

        return cards.evaluate(args, label_set, images)
    reader = load_reader(args.faces or label_set.face_set)
    report = evaluate(label_set, reader, images)
    if args.sheet:
        write_image(args.sheet, contact_sheet(label_set, report.misses))
    if args.json:
        print(json.dumps(report.to_json(), indent=1))
    else:
        print(f"{args.folder} ({len(images)} images, face set {reader.faces.name})")
        if args.review:
            print(f"labels as reviewed in {args.review}: {len(changes)} changes")
        print(report.table())
    return 0


def _teach(args: argparse.Namespace) -> int:
    from vision.faceset import user_path
    from vision.teach import teach

    if not NAME.fullmatch(args.name):
        raise VisionError(
            _(
                '--name {name}: letters, digits, "-" and "_" only (it names a file)',
                name=Quoted(args.name),
            )
        )
    if (args.folder is None) == (args.camera is None):
        raise VisionError(_("give a dice-labels/1 folder, or --camera SOURCE to throw the dice"))
    if args.camera is not None:
        from vision.learning.cli import teach_live

        if args.throws < 1:
            raise VisionError(_("--throws: 1 or more, not {n}", n=args.throws))
        if args.sheet is not None:
            from vision.images import check_picture_name

            check_picture_name(args.sheet, "--sheet")
        return teach_live(args)
    if args.out is not None and args.out.suffix != ".npz":
        raise VisionError(
            _("--out {path}: a face set file's name ends in .npz", path=str(args.out))
        )
    from vision import labels
    from vision.cards.named import by_name

    # photos of cards (labelled, or each named by its card) teach a card set
    if by_name(args.folder) or labels.load(args.folder).face_set == "cards":
        from vision.cards import cli as cards

        return cards.teach(args)
    faces = [f.strip() for f in args.faces.split(",")] if args.faces else None
    taught = teach(str(args.folder), args.name, faces)
    try:
        out = taught.save(args.out or user_path(args.name))
    except OSError as error:
        raise VisionError(
            _(
                "cannot write the face set: {why} ({path})",
                why=str(error.strerror),
                path=str(error.filename),
            )
        ) from None
    said = (
        _(
            "taught {name}: faces {faces}; colours {colours} -> {path}",
            name=args.name,
            faces=list(taught.faces),
            colours=list(taught.colors),
            path=str(out),
        )
        if taught.colors
        else _(
            "taught {name}: faces {faces}; no colours -> {path}",
            name=args.name,
            faces=list(taught.faces),
            path=str(out),
        )
    )
    print(on_terminal(said))
    command = f"dicetable vision read IMAGE --faces {args.name if not args.out else out}"
    print(on_terminal(_("read with: {command}", command=command)))
    return 0


def _render(args: argparse.Namespace) -> int:
    from vision.render.dataset import random_set

    if args.frames < 1:
        raise VisionError(f"--frames: 1 or more, not {args.frames}")
    if args.dice is not None and not 0 <= args.dice <= MAX_DICE:
        raise VisionError(f"--dice: 0 to {MAX_DICE} dice per frame, not {args.dice}")
    if not 0 <= args.cocked <= 1:
        raise VisionError(f"--cocked: a chance from 0 to 1, not {args.cocked}")
    undrawn = [f for f in args.faces.split("+") if f not in DRAWN]
    if undrawn:
        raise VisionError(
            f"--faces: the renderer draws no dice of {undrawn[0]!r} (it draws {', '.join(DRAWN)})"
        )
    try:
        out = random_set(
            args.folder,
            args.faces,
            args.frames,
            args.seed,
            n_dice=args.dice,
            clean=args.clean,
            cocked=args.cocked,
        )
    except OSError as error:
        raise VisionError(
            f"cannot write to {error.filename or args.folder} ({error.strerror})"
        ) from None
    print(
        f"wrote {len(out.images)} frames, {sum(len(i.dice) for i in out.images)} dice "
        f"-> {args.folder}/labels.json"
    )
    return 0
