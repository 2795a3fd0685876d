"""Face probabilities of the shipped kot set for every cached cut (the glyph masks' weights),
and the truth faces of the own cuts (cache.py's order: images, unleaning dice, 4 cuts each)."""

import numpy as np

from vision import faceset, labels, nets

fs = faceset.load("kot")
out = {}
for name, key in [
    ("own_cuts", "face"),
    ("ed_cuts", "face"),
    ("c7171", "cut"),
    ("c7272", "cut"),
    ("ccheck", "cut"),
]:
    cut = np.load(f"var3/{name}.npz")[key]
    probs = np.concatenate(
        [
            fs.probabilities(nets.embed(cut[i : i + 512], fs.views, fs.embedding_file))
            for i in range(0, len(cut), 512)
        ]
    )
    out[name] = probs
    print(name, probs.shape, flush=True)
ls = labels.load("var3/own")
faces = [d.face for im in ls.images for d in im.dice if not d.cocked for _ in range(4)]
out["own_faces"] = np.array(faces)
out["faces"] = np.array(fs.faces)
np.savez("scripts/colour4/probs.npz", **out)
print(len(faces), fs.faces)
