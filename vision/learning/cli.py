"""`dicetable vision sets ...` and `dicetable vision teach --camera SOURCE`: the table's
sets and their versions, and teaching from a camera in the terminal.

vision never imports host: errors are VisionErrors, printed by vision.cli in one line.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from vision.errors import VisionError
from vision.words import Quoted, _, message, on_terminal
from wording import OneOf

Ask = Callable[[str], str]  # shows a question, returns the answer typed (input())


def add_sets_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", type=Path, help="the learning store (default: the table's)")
    sub = parser.add_subparsers(dest="sets_command", metavar="ACTION")
    sub.add_parser("list", help="every set: the version in use, its examples, its versions")
    show = sub.add_parser("show", help="the versions of a set, with their figures")
    show.add_argument("name")
    back = sub.add_parser("roll-back", help="put an earlier version in use")
    back.add_argument("name")
    back.add_argument(
        "--version", type=int, help="the version (default: the kept one before; 0: shipped)"
    )
    export = sub.add_parser("export", help="write a version of a set to a file")
    export.add_argument("name")
    export.add_argument("out", type=Path, metavar="OUT.npz")
    export.add_argument("--version", type=int, help="default: the one in use")
    imp = sub.add_parser("import", help="a set file as the newest version, put in use")
    imp.add_argument("file", type=Path, metavar="FILE.npz")
    imp.add_argument("--name", help="the set it is a version of (default: the name it carries)")
    ex = sub.add_parser("examples", help="write the examples of a set as dice-labels/1")
    ex.add_argument("name")
    ex.add_argument("out", type=Path, metavar="DIR")
    refit = sub.add_parser(
        "refit",
        help="refit a set from its examples now (waiting first for a refit of it that "
        "another process runs: a table's, or another command's)",
    )
    refit.add_argument("name")
    refit.add_argument(
        "--no-wait",
        action="store_true",
        help="fail at once if another process refits the set, rather than wait for it",
    )
    parser.set_defaults(_vision=run_sets)


def run_sets(args: argparse.Namespace) -> int:
    from vision.learning.store import LearningStore

    store = LearningStore(args.db)
    try:
        handler = _SETS.get(args.sets_command or "list")
        assert handler is not None
        return handler(store, args)
    finally:
        store.close()


def _list(store: Any, args: argparse.Namespace) -> int:
    from vision.faceset import shipped
    from vision.learning import sets

    names = sorted(set(shipped()) | set(store.face_sets()))
    print(f"{'set':14} {'in use':10} {'examples':>8} {'versions':>8}  last check")
    for name in names:
        versions = store.versions(name)
        check = next((v.figures.get("check") for v in reversed(versions) if v.figures), None)
        print(
            f"{name:14} {_in_use(sets.in_use(store, name)):10} "
            f"{sum(store.counts(name).values()):>8} {len(versions):>8}  {_check(check)}"
        )
    return 0


def _known(store: Any, name: str) -> None:
    """VisionError if no set is called `name` (shipped, taught, or with examples)."""
    from vision import faceset

    if name in faceset.shipped() or faceset.user_path(name).is_file():
        return
    if store.versions(name) or store.counts(name):
        return
    sets = sorted(set(faceset.shipped()) | set(store.face_sets()))
    raise VisionError(
        f"there is no set {name!r} (sets: {', '.join(sets)}; see: dicetable vision sets)"
    )


def _show(store: Any, args: argparse.Namespace) -> int:
    from vision.learning import sets

    _known(store, args.name)
    now = sets.in_use(store, args.name)
    versions = store.versions(args.name)
    counts = store.counts(args.name)
    print(f"{args.name}: in use {_in_use(now)}; examples {sum(counts.values())} {counts}")
    if not versions:
        print("no versions yet: teach it, or play with it")
    for v in versions:
        mark = "*" if v.version == now else " "
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(v.created))
        before = v.figures.get("before")
        print(
            f"{mark} v{v.version:<4} {v.status:9} {when}  examples to {v.upto:<5} "
            f"{_check(v.figures.get('check'))}"
            + (f"  (before: {_check(before)})" if before else "")
            + (f"  {v.note}" if v.note else "")
        )
    return 0


def _roll_back(store: Any, args: argparse.Namespace) -> int:
    from vision.learning import sets

    number = sets.previous(store, args.name) if args.version is None else args.version
    sets.install(store, args.name, number)
    print(f"{args.name}: version {number} in use ({_in_use(number)})")
    return 0


def _export(store: Any, args: argparse.Namespace) -> int:
    from vision import faceset
    from vision.learning import sets

    if args.out.suffix != ".npz":
        raise VisionError(f"{args.out}: a face set file's name ends in .npz")
    if args.version is None:
        source = faceset.user_path(args.name)
        if not source.is_file():
            source = faceset.SHIPPED / f"{args.name}.npz"
    else:
        found = [v for v in store.versions(args.name) if v.version == args.version]
        if not found or found[0].file is None:
            raise VisionError(f"{args.name} has no kept version {args.version}")
        source = Path(found[0].file)
    if not source.is_file():
        raise VisionError(f"there is no set {args.name!r}")
    faceset.load(source)  # it reads
    try:
        args.out.write_bytes(source.read_bytes())
    except OSError as error:
        raise VisionError(f"cannot write {args.out}: {error.strerror or error}") from None
    which = _in_use(sets.in_use(store, args.name)) if args.version is None else args.version
    print(f"{args.name} ({which}) -> {args.out}")
    return 0


def _import(store: Any, args: argparse.Namespace) -> int:
    from vision.learning import sets

    if args.file.suffix != ".npz":
        raise VisionError(f"{args.file}: give a face set file (.npz)")
    version = sets.import_file(store, args.file, args.name)
    print(f"{version.face_set}: version {version.version} imported from {args.file}, in use")
    return 0


def _examples(store: Any, args: argparse.Namespace) -> int:
    from vision.learning.export import export_labels

    _known(store, args.name)
    path, n = export_labels(store, args.name, args.out)
    print(f"{n} examples of {args.name} -> {path}")
    return 0


def _refit(store: Any, args: argparse.Namespace) -> int:
    from vision.learning.refit import Busy, refit

    try:
        waits = (
            None
            if args.no_wait
            else _waits_said(args.name, "refitting", "; --no-wait fails at once instead")
        )
        outcome = refit(store, args.name, note="refit by hand", waits=waits)
    except Busy as error:
        raise VisionError(
            f"{error}, in another process (a table's, or another command's): run this again "
            "once it ended, or without --no-wait to wait for it"
        ) from None
    print(json.dumps(outcome.to_json()))
    return 0


def _waits_said(name: str, then: str, or_else: str = "") -> Callable[[bool], None]:
    """What a refit of `name` says (on stderr: stdout is its outcome) while it waits for one
    another process runs (`refit.refit_lock`): the table's refits wait so too."""
    import sys

    def waits(waiting: bool) -> None:
        if waiting:
            print(
                f"{name}: another process refits these dice (a table's refit, or another "
                f"command's): waiting for it to end, then {then} (Ctrl-C stops waiting{or_else})",
                file=sys.stderr,
                flush=True,
            )
        else:
            print(f"{name}: the other refit ended: {then} now", file=sys.stderr, flush=True)

    return waits


_SETS: dict[str, Callable[[Any, argparse.Namespace], int]] = {
    "list": _list,
    "show": _show,
    "roll-back": _roll_back,
    "export": _export,
    "import": _import,
    "examples": _examples,
    "refit": _refit,
}


def _in_use(number: int | None) -> str:
    return "shipped" if number == 0 else "other file" if number is None else f"v{number}"


def _check(check: dict[str, Any] | None) -> str:
    if not check:
        return "-"
    return (
        f"{check['right']}/{check['checked']} right, {check['wrong']} wrong, "
        f"{check['unknown']} unknown (threshold {check['threshold']})"
    )


# ---- teaching from a camera, in the terminal ----------------------------------------------


def teach_live(args: argparse.Namespace, ask: Ask = input) -> int:
    """`dicetable vision teach --camera SOURCE --name NAME`: the teaching flow in words."""
    from vision.learning import sets
    from vision.learning.flow import FlowError, start
    from vision.learning.refit import refit
    from vision.learning.store import LearningStore
    from vision.live.calibration import CalibrationError, default_path, load
    from vision.live.follow import ThrowFollower
    from vision.live.sources import SourceError, open_source
    from vision.live.stream import Status, Stream, watch

    faces = [f.strip() for f in args.faces.split(",")] if args.faces else None
    colors = [c.strip() for c in args.colors.split(",")] if args.colors else None
    try:
        flow, reader = start(
            args.name, faces, colors, [sets.current(args.name), sets.shipped(args.name)]
        )
    except FlowError as error:
        raise VisionError(message(error)) from None
    flow.want = args.throws
    try:
        calibration = load(default_path())
    except CalibrationError:
        calibration = None
    follower = ThrowFollower(reader, calibration)
    follower.expect(None)  # every throw is one to teach, none is the game's
    try:
        stream = Stream(lambda: open_source(args.camera, fps=args.fps))
    except SourceError as error:
        raise VisionError(message(error)) from None
    tell(
        _(
            "teaching {name}: throw all your dice under the camera, "
            "{n, plural, one {# time} other {# times}}",
            name=args.name,
            n=flow.want,
        )
    )
    try:
        for item in watch(stream, follower):
            if isinstance(item, Status):
                if item.kind in ("gave-up", "lost"):
                    tell(_("camera: {news}", news=item.message))
                continue
            frame = item.image if item.image is not None else stream.snapshot()
            if frame is not None and item.dice and (n := flow.seen(frame, list(item.dice))):
                tell(
                    _(
                        "throw {throw} of {want}: {n, plural, one {# die} other {# dice}}",
                        throw=flow.throws,
                        want=flow.want,
                        n=n,
                    )
                )
            if flow.throws >= flow.want:
                break
    finally:
        stream.close()
    try:
        flow.sort()
        if args.sheet:
            from vision.images import write_image
            from vision.learning.export import groups_sheet

            write_image(args.sheet, groups_sheet(flow))
            tell(
                _("the groups are drawn in {path}: each die with its number", path=str(args.sheet))
            )
        _name_groups(flow, ask)
    except FlowError as error:
        raise VisionError(message(error)) from None
    store = LearningStore(args.db)
    try:
        if sets.shipped(args.name) is None:
            store.describe(args.name, flow.faces, flow.box_fit)
        store.add(args.name, flow.examples())
        outcome = refit(
            store, args.name, note="taught", waits=_waits_said(args.name, "learning your dice")
        )
    finally:
        store.close()
    f, version = outcome.figures, outcome.version.version
    tell(
        _("{name}: version {version} kept and in use", name=args.name, version=version)
        if outcome.kept
        else _(
            "{name}: version {version} not kept: the set in use reads them better",
            name=args.name,
            version=version,
        )
    )
    tell(
        _(
            "checked on {checked} of your dice it did not learn from: {right} right, {wrong} "
            "wrong, {unknown} left for you to say",
            checked=f.checked,
            right=f.right,
            wrong=f.wrong,
            unknown=f.unknown,
        )
    )
    return 0


def tell(text: str) -> None:
    """A line for the terminal, in its language."""
    print(on_terminal(text), flush=True)


def _name_groups(flow: Any, ask: Ask) -> None:
    """Each group asked in turn: Enter takes the guess; `none` is not a die; `3=claw 7=1`
    after the face moves cuts 3 and 7 (the numbers on the sheet) to their faces."""
    from vision.learning.flow import FlowError
    from vision.learning.store import NONE

    words = {f: f for f in flow.faces} | {"none": NONE}
    tell(_("faces: {faces}; none: not a die", faces=list(flow.faces)))
    for group in flow.groups:
        while True:
            shown = "none" if group.guess == NONE else group.guess
            dice = " ".join(map(str, group.cuts))
            asked = (
                _(
                    "group {group} (dice {dice}), looks like {face}: ",
                    group=group.id,
                    dice=dice,
                    face=shown,
                )
                if group.guess is not None
                else _("group {group} (dice {dice}): ", group=group.id, dice=dice)
            )
            answer = ask(on_terminal(asked)).split()
            try:
                if answer and answer[0] not in words:
                    raise FlowError(_("no face {face}", face=Quoted(answer[0])))
                face = words[answer[0]] if answer else group.guess
                if face is None:
                    raise FlowError(_("say which face these dice show"))
                flow.name_group(group.id, face)
                for move in answer[1:]:
                    cut, _equals, other = move.partition("=")
                    if other not in words or not cut.isdigit():
                        raise FlowError(_("{move}: write DIE=FACE, e.g. 3=claw", move=Quoted(move)))
                    flow.move(int(cut), words[other])
            except (FlowError, KeyError) as error:
                tell(
                    "  "
                    + on_terminal(
                        _("{why}; faces: {faces}", why=message(error), faces=OneOf(words))
                    )
                )
                continue
            break
    if not flow.colour_groups:
        return
    tell(_("colours: {colours}", colours=list(flow.colors)))
    for group in flow.colour_groups:
        while True:
            dice = " ".join(map(str, group.cuts))
            answer = ask(
                on_terminal(_("colour group {group} (dice {dice}): ", group=group.id, dice=dice))
            ).split()
            try:
                color = answer[0] if answer else group.guess
                if color is None:
                    raise FlowError(_("say which colour these dice are"))
                flow.name_colour(group.id, color)
                for move in answer[1:]:
                    cut, _equals, other = move.partition("=")
                    if not cut.isdigit():
                        raise FlowError(_("{move}: write DIE=COLOUR", move=Quoted(move)))
                    flow.recolor(int(cut), other)
            except FlowError as error:
                tell("  " + on_terminal(message(error)))
                continue
            break
