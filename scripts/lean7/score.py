"""Leaning dice found at the same flat dice falsely flagged: the shipped cocked network at
kot's 0.9 against candidate networks that see the die's place.
Usage: score.py FLAT.npz[,FLAT2.npz] LEAN.npz[,LEAN2.npz] MODEL.onnx...

Flat dice: the labelled flat dice of the FLAT files (and of LEAN's); leaning: LEAN's
cocked dice. Each model at the probability from which it flags no more flat dice than
the shipped network at 0.9 (and at 1, 3, 6, 12 flagged)."""

import sys

import numpy as np

from vision import nets


def load(files: str) -> dict[str, np.ndarray]:
    parts = [dict(np.load(f)) for f in files.split(",")]
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def at_flags(flat: np.ndarray, lean: np.ndarray, n: int) -> tuple[float, float]:
    """The probability from which `n` flat dice at most are flagged, and the leaning share
    found from it."""
    top = np.sort(flat)[::-1]
    t = float(np.nextafter(top[n], 1)) if n < len(top) else 0.0
    return t, float((lean >= t).mean())


def main(flat_files: str, lean_files: str, models: list[str]) -> None:
    flat, lean = load(flat_files), load(lean_files)
    f_mask = flat["flags"] == 0
    l_mask = lean["flags"] == 1
    print(f"flat dice {int(f_mask.sum())}, leaning dice {int(l_mask.sum())}")
    shipped_flat, shipped_lean = flat["shipped"][f_mask], lean["shipped"][l_mask]
    n_ship = int((shipped_flat >= 0.9).sum())
    print(
        f"shipped at 0.9: flat flagged {n_ship}, leaning found {(shipped_lean >= 0.9).mean():.3f}"
    )
    counts = sorted({1, 3, 6, 12, n_ship})
    row = "  ".join(f"{n}: {at_flags(shipped_flat, shipped_lean, n)[1]:.3f}" for n in counts)
    print(f"shipped  {row}")
    for model in models:
        fs = nets.cocked_placed(flat["cuts"][f_mask], flat["places"][f_mask], model)
        ls = nets.cocked_placed(lean["cuts"][l_mask], lean["places"][l_mask], model)
        row = "  ".join(
            f"{n}: {at_flags(fs, ls, n)[1]:.3f} (from {at_flags(fs, ls, n)[0]:.3f})" for n in counts
        )
        print(f"{model}  {row}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
