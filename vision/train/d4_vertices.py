"""The d4 vertex network (vision/models/d4-vertices.onnx, read by vision.d4_vertices):
`python -m vision.train d4-vertex-data` then `python -m vision.train d4-vertices`.

A small encoder-decoder over the finder's cut of a d4 (vision.d4_vertices.crop) to maps at
half its resolution: the heat of the top vertex and of the outer corners (a Gaussian of
about a cell round each, CenterNet's focal loss) and where in the cell each lies (L1 on the
cells round it). Cuts are turned, mirrored, scaled and moved a little, in any light, their
vertices with them: a d4 lies any way round, and the finder's box is not exact.
"""

from __future__ import annotations

import math
import time
from pathlib import Path

import cv2
import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

from vision import d4_vertices, paths
from vision.d4_vertices import CROP
from vision.train import from_onnx
from vision.train.fit import _colour_jitter, _hue_jitter, _seed, export_patch_net

BATCH = 32
LR = 2e-3
FINE_LR = 1e-3  # a fine-tune's peak (`start`): it begins where a trained network is


def _block(cin: int, cout: int, stride: int = 1) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU()
    )


class D4Vertices(nn.Module):
    """A d4's cut (n, 3, CROP, CROP), 0..255 BGR -> maps (n, 6, CELLS, CELLS)."""

    def __init__(self) -> None:
        super().__init__()
        # narrow: it trains on a shared CPU (about 35 M multiply-adds a cut)
        self.s2 = nn.Sequential(_block(3, 16, 2), _block(16, 16))  # CROP / 2
        self.s4 = nn.Sequential(_block(16, 32, 2), _block(32, 32))  # CROP / 4
        self.s8 = nn.Sequential(_block(32, 64, 2), _block(64, 64), _block(64, 64))  # CROP / 8
        self.up4 = _block(64 + 32, 32)
        self.up2 = nn.Sequential(_block(32 + 16, 16), _block(16, 16))
        self.head = nn.Conv2d(16, 6, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        a = self.s2((x - 128.0) / 64.0)
        b = self.s4(a)
        c = self.s8(b)
        u = self.up4(torch.cat([F.interpolate(c, scale_factor=2.0, mode="nearest"), b], 1))
        u = self.up2(torch.cat([F.interpolate(u, scale_factor=2.0, mode="nearest"), a], 1))
        return self.head(u)


def _augment(
    cut: np.ndarray, vertices: np.ndarray, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray]:
    """The cut turned, perhaps mirrored, scaled and moved as another find might cut it,
    in another light; its vertices moved alike."""
    c = CROP / 2
    m = np.asarray(
        cv2.getRotationMatrix2D(
            (c, c), float(rng.uniform(0, 360)), float(np.exp(rng.normal(0, 0.08)))
        ),
        np.float64,
    )
    m[:, 2] += rng.normal(0, 0.04 * CROP, 2)
    if rng.random() < 0.5:
        m = np.array([[-1.0, 0, CROP], [0, 1, 0]]) @ np.vstack([m, [0, 0, 1]])
    out = cv2.warpAffine(
        cut, m, (CROP, CROP), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    if rng.random() < 0.5:
        out = _hue_jitter(out, rng)
    out = _colour_jitter(out, rng)
    return out, d4_vertices.apply(m, vertices)


def _loss(
    out: torch.Tensor, heat: torch.Tensor, offset: torch.Tensor, weight: torch.Tensor
) -> torch.Tensor:
    p = torch.sigmoid(out[:, :2]).clamp(1e-4, 1 - 1e-4)
    peak = heat >= 1.0
    focal = torch.where(
        peak,
        -((1 - p) ** 2) * torch.log(p),
        -((1 - heat) ** 4) * p**2 * torch.log(1 - p),
    ).sum() / peak.sum().clamp(min=1)
    w = weight.repeat_interleave(2, dim=1)
    l1 = (torch.abs(out[:, 2:] - offset) * w).sum() / w.sum().clamp(min=1)
    return focal + l1


def errors(predicted: np.ndarray, truth: np.ndarray, edges: np.ndarray) -> np.ndarray:
    """(n,) each die's worst vertex error, in pixels per 50 px of edge (as the ceiling's
    noise): the base corners matched to the truth's in the nearest of their 3 turns."""
    out = []
    for p, t, e in zip(predicted, truth, edges, strict=True):
        t = d4_vertices.clockwise(t)
        best = min(
            np.linalg.norm(np.vstack([p[0], np.roll(p[1:], k, axis=0)]) - t, axis=1).max()
            for k in range(3)
        )
        out.append(best * 50 / e)
    return np.asarray(out)


def _spread(err: np.ndarray) -> str:
    """The check cuts' worst-vertex errors (`errors`) in words: median and tail."""
    return (
        f"worst vertex median {np.median(err):.2f}, 80th {np.quantile(err, 0.8):.2f}, "
        f"95th {np.quantile(err, 0.95):.2f} px per 50 px of edge"
    )


def train(
    caches: list[Path],
    seed: int,
    steps: int,
    threads: int,
    minutes: float = 0.0,
    start: str = "",
) -> Path:
    """Train D4Vertices on the cached cuts (d4-vertex-data), a twentieth kept to check it,
    and export it as d4-vertices.onnx (after `steps` batches, or `minutes` if sooner);
    `start`: a network of vision/models to fine-tune (vision.train.from_onnx) rather than
    one from scratch."""
    _seed(seed, threads)
    rng = np.random.default_rng(seed)
    data = [np.load(c) for c in caches]
    cuts = np.concatenate([d["cuts"] for d in data])
    vertices = np.concatenate([d["vertices"] for d in data]).astype(np.float64)
    edges = np.concatenate([d["edges"] for d in data])
    check = rng.random(len(cuts)) < 0.05
    pool = np.flatnonzero(~check)
    net = D4Vertices()
    peak = LR
    if start:
        sample = [_augment(cuts[j], vertices[j], rng)[0] for j in rng.choice(pool, 256)]
        samples = torch.from_numpy(np.stack(sample).astype(np.float32)).permute(0, 3, 1, 2)
        from_onnx.restore(net, paths.MODELS / start, samples)
        peak = FINE_LR
        err = check_errors(net, cuts[check], vertices[check], edges[check])
        print(f"d4 vertices from {start}: check: {_spread(err)}", flush=True)
    opt = torch.optim.AdamW(net.parameters(), lr=peak, weight_decay=1e-4)
    t0, total = time.time(), 0.0
    for step in range(1, steps + 1):
        net.train()
        xs, hs, os_, ws = [], [], [], []
        for j in rng.choice(pool, BATCH):
            x, v = _augment(cuts[j], vertices[j], rng)
            h, o, w = d4_vertices.maps_of(v)
            xs.append(x)
            hs.append(h)
            os_.append(o)
            ws.append(w)
        x_t = torch.from_numpy(np.stack(xs).astype(np.float32)).permute(0, 3, 1, 2)
        loss = _loss(
            net(x_t),
            torch.from_numpy(np.stack(hs)),
            torch.from_numpy(np.stack(os_)),
            torch.from_numpy(np.stack(ws)),
        )
        # warm up, then a cosine down to nothing by the last batch or the last minute
        done = max(step / steps, (time.time() - t0) / (minutes * 60) if minutes else 0.0)
        for group in opt.param_groups:
            group["lr"] = (
                peak * min(1.0, done / 0.03) * 0.5 * (1 + math.cos(math.pi * min(done, 1)))
            )
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += float(loss.detach())
        last = done >= 1.0
        if step % 200 == 0 or last:
            err = check_errors(net, cuts[check], vertices[check], edges[check])
            print(
                f"d4 vertices step {step}/{steps} loss {total / 200:.3f} check: {_spread(err)} "
                f"({time.time() - t0:.0f}s)",
                flush=True,
            )
            total = 0.0
            torch.save(net.state_dict(), caches[0].parent / "d4-vertices.pt")
        if last:
            break
    # (OpenCV's dnn runs it: the input's name is not used)
    return export_patch_net(net, d4_vertices.MODEL, "maps", CROP)


def check_errors(
    net: nn.Module, cuts: np.ndarray, vertices: np.ndarray, edges: np.ndarray
) -> np.ndarray:
    net.eval()
    with torch.no_grad():
        out = net(torch.from_numpy(cuts.astype(np.float32)).permute(0, 3, 1, 2)).numpy()
    predicted = np.stack([d4_vertices.decode(o) for o in out])
    return errors(predicted, vertices, edges)
