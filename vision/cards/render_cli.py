"""`dicetable vision render-cards OUT`: frames of our own rendered cards on tables, labelled
(dice-labels/1, face_set "cards"), from a seed."""

from __future__ import annotations

import argparse
from pathlib import Path

from vision.cards.cli import frames_of, size_of
from vision.errors import VisionError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", type=Path)
    parser.add_argument("--frames", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--designs",
        choices=["train", "held-out"],
        default="held-out",
        help="draw decks from the designs the shipped models learned from, or from those kept "
        "out of their training (default: held-out)",
    )
    parser.add_argument("--size", default="640x480", help="frame size WIDTHxHEIGHT")
    parser.add_argument("--backs", type=float, default=0.0, help="share of cards face down")


def run(args: argparse.Namespace) -> int:
    from vision.cards.dataset import random_set

    size = size_of(args.size)
    if not 0 <= args.backs <= 1:
        raise VisionError(f"--backs: a share from 0 to 1, not {args.backs}")
    try:
        out = random_set(
            args.folder, frames_of(args.frames), args.seed, args.designs, size, backs=args.backs
        )
    except OSError as error:
        raise VisionError(f"cannot write to {args.folder} ({error})") from None
    n = sum(len(im.dice) for im in out.images)
    print(f"wrote {len(out.images)} frames, {n} cards -> {args.folder}/labels.json")
    return 0
