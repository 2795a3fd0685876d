"""The lean7 round's choice (docs/vision.md, its ship rule): each candidate at the highest
probability (step 0.001) at which it finds at least as many leaning dice of LEAN as the
shipped network at 0.9, plus 1 % of them (--margin=0.04: 4 %); the flat dice of FLAT it
flags there. Usage: choose.py FLAT.npz[,...] LEAN.npz[,...] MODEL.onnx... [--margin=M]"""

import sys
from pathlib import Path

import numpy as np

from vision import nets

sys.path.insert(0, str(Path(__file__).parent))
from score import load


def main(flat_files: str, lean_files: str, models: list[str], margin: float = 0.01) -> None:
    flat, lean = load(flat_files), load(lean_files)
    f_mask, l_mask = flat["flags"] == 0, lean["flags"] == 1
    need = int((lean["shipped"][l_mask] >= 0.9).sum()) + int(np.ceil(margin * l_mask.sum()))
    flat_ship = int((flat["shipped"][f_mask] >= 0.9).sum())
    print(f"shipped at 0.9: flat flagged {flat_ship} of {int(f_mask.sum())}", end="; ")
    print(f"leaning needed {need} of {int(l_mask.sum())}")
    for model in models:
        fs = nets.cocked_placed(flat["cuts"][f_mask], flat["places"][f_mask], model)
        ls = nets.cocked_placed(lean["cuts"][l_mask], lean["places"][l_mask], model)
        for t in np.arange(0.999, 0.499, -0.001):
            if (ls >= t).sum() >= need:
                break
        found, flagged = int((ls >= t).sum()), int((fs >= t).sum())
        print(f"{model}: from {t:.3f} leaning {found}, flat flagged {flagged}")


if __name__ == "__main__":
    margin = [float(a.split("=")[1]) for a in sys.argv if a.startswith("--margin=")]
    models = [a for a in sys.argv[3:] if not a.startswith("--margin=")]
    main(sys.argv[1], sys.argv[2], models, *margin)
