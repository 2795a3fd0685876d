"""`dicetable vision card-sets [list]` and `dicetable vision card-sets put-back NAME [FILE]`:
the card sets a table was taught and those kept aside (vision.cards.taught), as `dicetable
vision sets` lists the dice sets and rolls one back. The page's "Teach your cards" does the
same from the table's page; a table running reads with a set this command puts back as its
camera next reads."""

from __future__ import annotations

import argparse
import time

from vision.errors import VisionError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="card_sets_command", metavar="ACTION")
    sub.add_parser("list", help="each card set: the one read with, those kept aside")
    back = sub.add_parser(
        "put-back", help="read with a set kept aside again (the one in use is kept aside)"
    )
    back.add_argument("name", help="the card set (as `list` names it: cards)")
    back.add_argument("file", nargs="?", help="the file kept aside (default: the newest taught)")


def run(args: argparse.Namespace) -> int:
    if args.card_sets_command == "put-back":
        return _put_back(args.name, args.file)
    return _list()


def _names() -> list[str]:
    from vision.cards import cardset

    taught = {p.name.split(".npz")[0] for p in cardset.user_dir().glob("*.npz*")}
    return sorted(set(cardset.shipped()) | taught)


def _when(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds))


def _list() -> int:
    from vision.cards import taught

    for name in _names():
        print(f"{name}: {'taught' if taught.in_use(name) else 'shipped'} in use")
        for aside in taught.kept_aside(name):
            print(f"  kept aside, taught {_when(aside.taught)}: {aside.file.name}")
    return 0


def _put_back(name: str, file: str | None) -> int:
    from vision.cards import taught

    kept = taught.kept_aside(name)
    if not kept:
        raise VisionError(f"no card set {name!r} is kept aside (see: dicetable vision card-sets)")
    chosen = file or kept[0].file.name
    try:
        before = taught.put_back(name, chosen)
    except LookupError:
        files = ", ".join(a.file.name for a in kept)
        raise VisionError(
            f"no set of {name!r} is kept aside as {chosen!r} (kept: {files})"
        ) from None
    except OSError as error:
        raise VisionError(f"cannot put {chosen} back: {error.strerror or error}") from None
    print(
        f"{name}: {chosen} in use"
        + (f"; the one before kept aside as {before.name}" if before else "")
    )
    return 0
