"""Issue 16's lean8 round: the kot reader's face figures on extracted folders (extract.py)
as they would read with the placed cocked network from P and the freed dice (flagged by
cocked.onnx at the set's `cocked`, cleared by the placed network) read at face threshold F
or more. Usage: sim.py A.npz[,B.npz...] P F [F...]"""

import sys

import numpy as np

SHIPPED = 0.9  # kot's FaceSet.cocked


def load(files: str) -> dict[str, np.ndarray]:
    parts = [dict(np.load(f)) for f in files.split(",")]
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def read(d: dict[str, np.ndarray], placed: float, freed_at: float) -> dict[str, float]:
    """Figures of the dice `d` (flat and readable for faces; leaning for found)."""
    lean = d["placed"] >= placed if placed <= 1 else d["shipped"] >= SHIPPED
    freed = (d["shipped"] >= SHIPPED) & ~lean
    threshold = np.where(freed, np.maximum(d["threshold"], freed_at), d["threshold"])
    said = ~lean & (d["strange"] == 0) & (d["p"] >= threshold)
    flat = (d["cocked"] == 0) & (d["readable"] == 1)
    right = said & (d["right"] == 1) & flat
    wrong = said & (d["right"] == 0) & flat
    n = int(flat.sum())
    return {
        "flat": n,
        "face": round(right.sum() / n, 4),
        "right": int(right.sum()),
        "silent": int(wrong.sum()),
        "flat_cocked": int((lean & flat).sum()),
        "freed": int((freed & flat).sum()),
        "freed_read": int((freed & flat & said).sum()),
        "freed_wrong": int((freed & wrong).sum()),
        "leaning_found": int((lean & (d["cocked"] == 1)).sum()),
        "leaning": int((d["cocked"] == 1).sum()),
    }


if __name__ == "__main__":
    data = load(sys.argv[1])
    for f in sys.argv[3:]:
        print(f"P {sys.argv[2]} F {f}:", read(data, float(sys.argv[2]), float(f)))
