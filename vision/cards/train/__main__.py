"""`python -m vision.cards.train finder-data|finder|patch-data|embedding`: rebuild the card
networks (vision/models/cards-*.onnx) from our rendered cards.

Needs the optional "train" extra (PyTorch, onnx, Pillow for the outline typefaces). Every
step is seeded; the exact sequence that made the shipped files is in docs/vision.md.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

CACHE = Path("var/train")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision.cards.train")
    parser.add_argument("what", choices=["finder-data", "finder", "patch-data", "embedding"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=5000, help="frames or patches to render")
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes rendering data")
    parser.add_argument("--width", type=int, default=16, help="embedding: first layers' width")
    args = parser.parse_args(argv)

    import cv2

    cv2.setNumThreads(1)
    from vision.cards.train import data

    if args.what == "finder-data":
        finder_set = data.render_finder(args.seed, args.count, args.workers)
        data.save(finder_set, CACHE / "cards-finder.pkl")
        print(f"{len(finder_set.frames)} frames -> {CACHE / 'cards-finder.pkl'}")
        return 0
    if args.what == "patch-data":
        patch_set = data.render_patches(args.seed, args.count, "train", args.workers)
        data.save(patch_set, CACHE / "cards-patches.pkl")
        print(f"{len(patch_set.labels)} patches -> {CACHE / 'cards-patches.pkl'}")
        return 0
    from vision.cards.train import fit

    if args.what == "finder":
        loaded = data.load(CACHE / "cards-finder.pkl")
        assert isinstance(loaded, data.FinderSet)
        fit.train_finder(loaded, args.seed, args.epochs, args.threads)
    else:
        patches = data.load(CACHE / "cards-patches.pkl")
        assert isinstance(patches, data.PatchSet)
        fit.train_embedding(patches, args.seed, args.epochs, args.threads, args.width)
    return 0


if __name__ == "__main__":
    sys.exit(main())
