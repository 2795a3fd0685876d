"""The four-sided dice's own embedding (vision/models/embedding-d4.onnx): `python -m
vision.train d4-data` then `python -m vision.train d4`.

Seen from above a d4 shows all four of its glyphs: its result three times around its top
vertex, the other three at its outer corners. The shared embedding, taught on cubes' faces,
reads the middle of a d4 (FaceSet.zoom) no better than 0.73 of the time (the best guess of
the fate set on 635 held-out dice; docs/vision.md), so the d4 sets read with a network of
their own: the same body, narrower, taught on the middles of d4s as the reader cuts them
(where the finder finds them, at the fate set's zoom), drawn in our die of fate's glyphs and
in made-up styles of four symbols (so a table's own d4, drawn otherwise, is taught as
easily), in many colours, with "not a die" cuts of the tables and of cubes thrown beside
them (a d4 set reads throws mixed with other dice).
"""

from __future__ import annotations

import time
from pathlib import Path

import cv2
import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

from vision.train.d4_data import NOT_A_DIE
from vision.train.fit import _colour_jitter, _hue_jitter, _seed, export_patch_net
from vision.train.nets import EMBED_DIM, CosineHead, _patch_body

WIDTH = 16  # channels of the first layers (the shared embedding has 32)
STYLES_TAUGHT = 12  # made-up d4 styles it learns beside ours (more: too slow to learn here)
BATCH = 64
# of each batch: cuts of our die of fate, of the made-up styles, of what is no die
SHARES = (0.4, 0.4, 0.2)


class D4Embedding(nn.Module):
    """A d4's middle (32x32) -> EMBED_DIM numbers of unit length, as vision.nets.embed
    reads any embedding file."""

    def __init__(self) -> None:
        super().__init__()
        self.body = _patch_body(EMBED_DIM, WIDTH)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        e = self.body((x - 128.0) / 64.0)
        return e / (e.norm(dim=1, keepdim=True) + 1e-6)


def _augment(p: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A cut as the reader might cut it: turned, a little bigger or smaller (the reader's
    side is the found box's drawn as its set's labels draw it), in any hue and light."""
    size = p.shape[0]
    scale = float(np.exp(rng.uniform(-0.3, 0.25)))
    m = np.asarray(
        cv2.getRotationMatrix2D((size / 2, size / 2), float(rng.uniform(0, 360)), scale),
        np.float64,
    )
    p = cv2.warpAffine(p, m, (size, size), borderMode=cv2.BORDER_REPLICATE)
    if rng.random() < 0.5:
        p = _hue_jitter(p, rng)  # a d4 comes in any colour: its face does not depend on it
    return _colour_jitter(p, rng)


def train(cache: Path, seed: int, steps: int, threads: int) -> Path:
    """Train D4Embedding on the cached cuts (d4-data) of our die of fate, STYLES_TAUGHT
    made-up styles and what is no die, in batches of SHARES, and export it as
    embedding-d4.onnx. A twentieth of the cuts check it (its best guess over its classes)."""
    _seed(seed, threads)
    rng = np.random.default_rng(seed)
    data = np.load(cache)
    names = np.array([str(n) for n in data["names"]])
    made_up = {f"d4-made-up-{k}/" for k in range(STYLES_TAUGHT)}
    groups = [
        np.char.startswith(names, "fate/"),
        np.array([n[: n.index("/") + 1] in made_up if "/" in n else False for n in names]),
        names == NOT_A_DIE,
    ]
    taught = groups[0] | groups[1] | groups[2]
    classes = sorted(set(names[taught]))
    y_all = np.array([classes.index(n) if t else -1 for n, t in zip(names, taught, strict=True)])
    check = rng.random(len(names)) < 0.05
    pools = [np.flatnonzero(g & ~check) for g in groups]
    vx = data["cuts"][taught & check]
    vy = y_all[taught & check]
    x = data["cuts"]
    net, head = D4Embedding(), CosineHead(len(classes))
    params = list(net.parameters()) + list(head.parameters())
    opt = torch.optim.AdamW(params, lr=3e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=steps, pct_start=0.1)
    counts = [round(BATCH * share) for share in SHARES]
    t0, total = time.time(), 0.0
    for step in range(1, steps + 1):
        net.train()
        pick = np.concatenate([rng.choice(pool, n) for pool, n in zip(pools, counts, strict=True)])
        batch = np.stack([_augment(x[j], rng) for j in pick]).astype(np.float32)
        logits = head(net(torch.from_numpy(batch).permute(0, 3, 1, 2)))
        loss = F.cross_entropy(logits, torch.from_numpy(y_all[pick]), label_smoothing=0.05)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        total += float(loss.detach())
        if step % 100 == 0 or step == steps:
            net.eval()
            with torch.no_grad():
                seen = torch.from_numpy(vx.astype(np.float32)).permute(0, 3, 1, 2)
                guess = head(net(seen)).argmax(1).numpy()
            right = guess == vy
            ours = right[np.char.startswith(np.array(classes)[vy], "fate/")]
            print(
                f"d4 embedding step {step}/{steps} loss {total / 100:.3f} check acc "
                f"{float(right.mean()):.3f} (our die {float(ours.mean()):.3f})"
                f" ({time.time() - t0:.0f}s)",
                flush=True,
            )
            total = 0.0
    return export_patch_net(net, "embedding-d4.onnx", "embedding")
