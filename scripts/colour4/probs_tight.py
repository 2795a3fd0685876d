import numpy as np

from vision import faceset, nets

fs = faceset.load("kot")
out = {}
for name in ["own_tight", "ed_tight"]:
    cut = np.load(f"scripts/colour4/{name}.npz")["face"]
    out[name] = np.concatenate(
        [
            fs.probabilities(nets.embed(cut[i : i + 512], fs.views, fs.embedding_file))
            for i in range(0, len(cut), 512)
        ]
    )
np.savez("scripts/colour4/probs_tight.npz", **out)
