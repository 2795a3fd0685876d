"""`dicetable vision compose-cards OUT`: hands of real cards on real tables, composed from
photos of single cards (default: shared/data/cards/deck-a) on the held-out table photos,
labelled (dice-labels/1), from a seed: anyone can rebuild the same test frames."""

from __future__ import annotations

import argparse
from pathlib import Path

from vision.cards.cli import frames_of, size_of
from vision.errors import VisionError
from vision.paths import data_dir

DECK = "cards/deck-a"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", type=Path)
    parser.add_argument(
        "--deck", type=Path, help=f"labelled photos of single cards (default: shared/data/{DECK})"
    )
    parser.add_argument("--frames", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--size", default="640x480", help="frame size WIDTHxHEIGHT")


def run(args: argparse.Namespace) -> int:
    from vision.cards.compose import write_hands

    deck = args.deck or data_dir(DECK)
    if deck is None:
        raise VisionError(f"no --deck given and shared/data/{DECK} is not on this machine")
    try:
        out = write_hands(args.folder, deck, frames_of(args.frames), args.seed, size_of(args.size))
    except OSError as error:
        raise VisionError(f"cannot write to {args.folder} ({error})") from None
    n = sum(len(im.dice) for im in out.images)
    print(f"wrote {len(out.images)} hands, {n} cards -> {args.folder}/labels.json")
    return 0
