"""The card symbol network: a card's centre symbol, as a mask (vision.cards.symbol), to
EMBED numbers of unit length; a card set is a linear model on top of them (and of the
mask's proportions and the card's colours). Trained with PyTorch in minutes on masks cut
from frames of our renderer drawn with the *train* designs (never the held-out ones, which
set the shipped set's thresholds, and never a real photo); run by OpenCV's dnn.

The masks are cut as the reader cuts them, where the cards lie, a little off and either
way up (vision.cards.teach.collect), so what the network learns is what the reader sees.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn
from torch.nn import functional as F

from vision import paths
from vision.cards import symbol
from vision.cards.dataset import random_set
from vision.cards.design import BACK, VALUES
from vision.cards.teach import collect

CLASSES = (*VALUES, BACK)
EMBED = symbol.EMBED


def render(out: Path, seed: int, frames: int) -> int:
    """Masks of the cards of `frames` rendered frames (train designs) -> `out` (.npz)."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        shots = random_set(tmp, frames, seed, "train", backs=0.04)
        examples = collect(shots, seed=seed)
    masks = np.stack([symbol.mask(c)[0] for c in examples.cuts]).astype(np.float16)
    out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(out, masks=masks, values=np.array(examples.values))
    return len(masks)


def cbr(cin: int, cout: int) -> nn.Sequential:
    return nn.Sequential(nn.Conv2d(cin, cout, 3, 1, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU())


class SymbolNet(nn.Module):
    """A symbol's mask (1 x SIZE x SIZE, 0..1) -> EMBED numbers of unit length."""

    def __init__(self, width: int = 16) -> None:
        super().__init__()
        w = width
        self.body = nn.Sequential(
            cbr(1, w),
            nn.MaxPool2d(2),  # 16
            cbr(w, 2 * w),
            nn.MaxPool2d(2),  # 8
            cbr(2 * w, 4 * w),
            nn.MaxPool2d(2),  # 4
            cbr(4 * w, 4 * w),
            nn.Flatten(),
            nn.Linear(16 * 4 * w, EMBED),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        e = self.body(x)
        return e / (e.norm(dim=1, keepdim=True) + 1e-6)


def _augment(x: torch.Tensor, gen: torch.Generator) -> torch.Tensor:
    """Masks a little moved, scaled, thickened or thinned (what a blurred or small card
    does to a symbol's mask)."""
    n = x.shape[0]
    theta = torch.zeros(n, 2, 3)
    scale = 1 + 0.08 * torch.randn(n, generator=gen)
    angle = 0.05 * torch.randn(n, generator=gen)
    theta[:, 0, 0] = scale * torch.cos(angle)
    theta[:, 0, 1] = -scale * torch.sin(angle)
    theta[:, 1, 0] = scale * torch.sin(angle)
    theta[:, 1, 1] = scale * torch.cos(angle)
    theta[:, :, 2] = 0.06 * torch.randn(n, 2, generator=gen)
    grid = F.affine_grid(theta, list(x.shape), align_corners=False)
    x = F.grid_sample(x, grid, align_corners=False)
    k = torch.rand(n, generator=gen)
    thick = F.max_pool2d(x, 3, 1, 1)
    thin = -F.max_pool2d(-x, 3, 1, 1)
    x = torch.where((k < 0.2)[:, None, None, None], thick, x)
    return torch.where((k > 0.85)[:, None, None, None], thin, x)


def supcon(e: torch.Tensor, y: torch.Tensor, temperature: float = 0.1) -> torch.Tensor:
    """Supervised contrastive loss of unit embeddings `e` with labels `y` (one view each):
    every other mask of the batch of the same kind is a positive, so the masks of a kind
    are gathered whatever their drawing, those of other kinds pushed away."""
    sim = e @ e.T / temperature
    eye = torch.eye(len(e), dtype=torch.bool)
    sim = sim.masked_fill(eye, -1e9)
    log_p = sim - torch.logsumexp(sim, dim=1, keepdim=True)
    pos = (y[:, None] == y[None, :]) & ~eye
    count = pos.sum(1)
    has = count > 0
    return -(log_p.masked_fill(~pos, 0).sum(1)[has] / count[has]).mean()


def train(
    data: Path,
    seed: int,
    epochs: int,
    threads: int,
    out: Path | None = None,
    width: int = 16,
    procedural: Path | None = None,
    contrast: float = 0.0,
) -> Path:
    """Train the network on the masks of `data` (and of `procedural`, vision.cards.train.
    procedural's drawings, when given): cross-entropy over the kinds, and with `contrast`
    a supervised contrastive loss weighed so beside it."""
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.set_num_threads(threads)
    gen = torch.Generator().manual_seed(seed)
    with np.load(data) as d:
        x = torch.from_numpy(d["masks"].astype(np.float32))[:, None]
        y = torch.tensor([CLASSES.index(str(v)) for v in d["values"]])
    if procedural is not None:
        with np.load(procedural) as d:
            x = torch.cat([x, torch.from_numpy(d["masks"].astype(np.float32))[:, None]])
            y = torch.cat([y, torch.tensor([CLASSES.index(str(v)) for v in d["values"]])])
    net = SymbolNet(width)
    head = nn.Linear(EMBED, len(CLASSES))
    opt = torch.optim.AdamW([*net.parameters(), *head.parameters()], 3e-3, weight_decay=1e-4)
    steps = epochs * ((len(x) + 127) // 128)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, 3e-3, total_steps=steps)
    start = time.time()
    for epoch in range(epochs):
        net.train()
        order = torch.randperm(len(x), generator=gen)
        right = total = 0
        for i in range(0, len(x), 128):
            idx = order[i : i + 128]
            e = net(_augment(x[idx], gen))
            logits = head(e) * 12.0
            loss = F.cross_entropy(logits, y[idx], label_smoothing=0.05)
            if contrast:
                loss = loss + contrast * supcon(e, y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            right += int((logits.argmax(1) == y[idx]).sum())
            total += len(idx)
        print(
            f"epoch {epoch + 1}: train accuracy {right / total:.3f} ({time.time() - start:.0f} s)",
            flush=True,
        )
    net.eval()
    path = out or paths.MODELS / symbol.MODEL
    torch.onnx.export(
        net,
        (torch.zeros(4, 1, symbol.SIZE, symbol.SIZE),),
        str(path),
        dynamo=False,
        input_names=["masks"],
        output_names=["embedding"],
        opset_version=13,
        dynamic_axes={"masks": {0: "n"}, "embedding": {0: "n"}},
    )
    print("wrote", path)
    return path
