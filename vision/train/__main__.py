"""`python -m vision.train data|finder|embedding ...`: rebuild the shipped networks.

Needs the optional "train" extra (PyTorch, onnx). Everything is seeded, so the same
commands on the same package versions give the same files; the exact sequence that made
the shipped ones is in docs/vision.md ("The models and how to rebuild them").
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision.train")
    parser.add_argument(
        "what",
        choices=[
            "data",
            "finder",
            "embedding",
            "embedding-finetune",
            "finder-finetune",
            "cocked-data",
            "cocked",
            "cocked-place-data",
            "cocked-place",
            "validate",
            "d4-data",
            "d4",
            "d4-ceiling",
            "d4-vertex-data",
            "d4-vertices",
        ],
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--frames", type=int, default=6000, help="rendered frames (data)")
    parser.add_argument("--cache", type=Path, default=Path("var/train/synthetic.pkl"))
    parser.add_argument("--epochs", type=int, default=0, help="0: the default for each net")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--steps", type=int, default=1000, help="batches (d4, d4-vertices)")
    parser.add_argument(
        "--minutes", type=float, default=0.0, help="d4-vertices: stop after this long (0: never)"
    )
    parser.add_argument(
        "--noise", type=float, default=0.0, help="d4-ceiling: vertex error, px per 50 px edge"
    )
    parser.add_argument(
        "--features", choices=["pixels", "embedding"], default="pixels", help="d4-ceiling"
    )
    parser.add_argument(
        "--vertices",
        choices=["known", "found"],
        default="known",
        help="d4-ceiling: the read dice's vertices as rendered (moved by --noise) or as the "
        "vertex network finds them (vision/models/d4-vertices.onnx)",
    )
    parser.add_argument(
        "--views", type=int, default=1, help="d4-ceiling --vertices found: cuts read 1-8 ways"
    )
    parser.add_argument(
        "--start",
        default="",
        help="what a fine-tune starts from: a checkpoint of var/train (default finder.pt or"
        " embedding.pt) or a shipped file of vision/models (NAME.onnx)",
    )
    parser.add_argument(
        "--out", default="", help="the model file written (default finder.onnx, embedding.onnx)"
    )
    parser.add_argument(
        "--rune-reps",
        type=int,
        default=0,
        help="finder-finetune: times rune55's learn photos are shown an epoch (0: the default)",
    )
    parser.add_argument(
        "--small-reps",
        type=int,
        default=0,
        help="finder-finetune: times more rune55's photos of small dice are shown an epoch",
    )
    parser.add_argument(
        "--stop-after", type=int, default=0, help="end after N epochs of the schedule"
    )
    args = parser.parse_args(argv)
    if args.what == "data":
        from vision.train import data

        synth = data.render_data(args.seed, args.frames)
        data.save(synth, args.cache)
        print(f"{len(synth.frames)} frames, {len(synth.names)} patches -> {args.cache}")
        return 0
    if args.what == "validate":
        from vision.train import validate

        validate.main()
        return 0
    if args.what == "cocked-data":
        import numpy as np

        from vision.train import data

        cuts, flags = data.render_cocked(args.seed, args.frames)
        np.savez(args.cache.parent / "cocked.npz", cuts=cuts, flags=flags)
        print(
            f"{len(cuts)} patches, {int(flags.sum())} cocked -> {args.cache.parent / 'cocked.npz'}"
        )
        return 0
    if args.what == "cocked-place-data":
        import numpy as np

        from vision.train import data

        cuts, places, flags = data.render_placed_cocked(args.seed, args.frames)
        out = args.cache.parent / "cocked-place.npz"
        np.savez(out, cuts=cuts, places=places, flags=flags)
        print(f"{len(cuts)} patches, {int(flags.sum())} cocked -> {out}")
        return 0
    if args.what == "d4-ceiling":
        from vision.d4_vertices import MODEL
        from vision.paths import MODELS
        from vision.train import d4_ceiling

        if args.vertices == "found" and not (MODELS / MODEL).is_file():
            print(
                f"no {MODELS / MODEL}: make it with `python -m vision.train "
                "d4-vertex-data` and `d4-vertices` (docs/vision.md, 'The models')"
            )
            return 2

        figures = d4_ceiling.ceiling(
            args.seed,
            args.frames,
            args.noise,
            args.features,
            args.vertices == "found",
            args.views,
        )
        print(" ".join(f"{k} {v:.4f}" if v < 10 else f"{k} {v:.0f}" for k, v in figures.items()))
        return 0
    if args.what == "d4-data":
        import numpy as np

        from vision.train import d4_data

        cuts, names = d4_data.render_data(args.seed, args.frames)
        out = args.cache.parent / "d4.npz"
        out.parent.mkdir(parents=True, exist_ok=True)
        np.savez(out, cuts=cuts, names=np.array(names))
        print(f"{len(cuts)} cuts of {len(set(names))} classes -> {out}")
        return 0
    if args.what == "d4-vertex-data":
        import numpy as np

        from vision.train import d4_vertex_data

        arrays = d4_vertex_data.render_data(args.seed, args.frames)
        out = args.cache.parent / f"d4-vertices-{args.seed}.npz"
        out.parent.mkdir(parents=True, exist_ok=True)
        np.savez(out, cuts=arrays["cuts"], vertices=arrays["vertices"], edges=arrays["edges"])
        print(f"{len(arrays['cuts'])} d4 cuts -> {out}")
        return 0
    if args.what == "d4-vertices":
        from vision.train import d4_vertices

        caches = sorted(args.cache.parent.glob("d4-vertices-*.npz"))
        print(
            "wrote",
            d4_vertices.train(
                caches, args.seed, args.steps, args.threads, args.minutes, args.start
            ),
        )
        return 0
    if args.what == "d4":
        from vision.train import d4

        print(
            "wrote",
            d4.train(args.cache.parent / "d4.npz", args.seed, args.steps, args.threads),
        )
        return 0
    from vision.train import fit

    if args.what == "cocked":
        fit.train_cocked(args.cache, args.seed, args.epochs or 8, args.threads)
        return 0
    if args.what == "cocked-place":
        fit.train_cocked_placed(args.cache, args.seed, args.epochs or 4, args.threads)
        return 0

    if args.what == "finder":
        fit.train_finder(args.cache, args.seed, args.epochs or 12, args.threads)
    elif args.what == "finder-finetune":
        fit.train_finder(
            args.cache,
            args.seed,
            args.epochs or 3,
            args.threads,
            True,
            args.start or "finder.pt",
            args.out or "finder.onnx",
            args.rune_reps,
            args.small_reps,
        )
    elif args.what == "embedding":
        fit.train_embedding(
            args.cache,
            args.seed,
            args.epochs or 10,
            args.threads,
            False,
            args.stop_after,
        )
    else:
        fit.train_embedding(
            args.cache,
            args.seed,
            args.epochs or 4,
            args.threads,
            True,
            0,
            args.start or "embedding.pt",
            args.out or "embedding.onnx",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
