"""`python -m vision.cards.train symbol-data|symbol`: rebuild the card symbol network
(vision/models/cards-symbol.onnx) from our rendered cards, in minutes.

Needs the optional "train" extra (PyTorch, onnx, Pillow for the outline typefaces). Every
step is seeded; `make cards-models` is the exact sequence that made the shipped files.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

CACHE = Path("var/train")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision.cards.train")
    parser.add_argument("what", choices=["symbol-data", "procedural-data", "symbol"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--frames", type=int, default=700, help="rendered frames of cards")
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--width", type=int, default=16, help="first layer channels")
    parser.add_argument("--data", type=Path, default=CACHE / "cards-symbols.npz")
    parser.add_argument(
        "--per-kind", type=int, default=1500, help="procedural-data: cards of each action kind"
    )
    parser.add_argument(
        "--procedural", type=Path, help="symbol: procedural masks too (procedural-data's file)"
    )
    parser.add_argument(
        "--contrast",
        type=float,
        default=0.0,
        help="symbol: the supervised contrastive loss's weight",
    )
    parser.add_argument("--out", type=Path, help="the network file (default: the shipped one)")
    args = parser.parse_args(argv)

    import cv2

    cv2.setNumThreads(1)
    from vision.cards.train import symbols

    data = args.data
    if args.what == "symbol-data":
        n = symbols.render(data, args.seed, args.frames)
        print(f"{n} symbols -> {data}")
        return 0
    if args.what == "procedural-data":
        from vision.cards.train import procedural

        n = procedural.render(data, args.seed, args.per_kind)
        print(f"{n} procedural symbols -> {data}")
        return 0
    symbols.train(
        data,
        args.seed,
        args.epochs,
        args.threads,
        args.out,
        args.width,
        args.procedural,
        args.contrast,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
