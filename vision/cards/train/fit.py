"""Train the card finder and the card embedding with PyTorch; export them to ONNX.

Run under `nice -n 10` with one thread (this machine is shared): the exact commands that
made the shipped files are in docs/vision.md ("Cards").
"""

from __future__ import annotations

import math
import random
import time
from pathlib import Path

import cv2
import numpy as np
import torch
from torch.nn import functional as F

from vision import paths
from vision.cards import finder
from vision.cards.patches import HEIGHT, WIDTH
from vision.cards.train.data import CLASSES, MIN_VISIBLE, FinderSet, PatchSet
from vision.cards.train.nets import CardEmbedding, CardFinder
from vision.train.fit import _colour_jitter
from vision.train.nets import CosineHead

STRIDE = finder.STRIDE


def _seed(seed: int, threads: int) -> None:
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.set_num_threads(threads)


# -- finder -------------------------------------------------------------------------------------


def _flip_cards(cards: np.ndarray, w: int, h: int, how: str) -> np.ndarray:
    """Card rows (cx, cy, long, short, angle, visible) after flipping a w x h frame."""
    c = cards.copy()
    if how == "x":
        c[:, 0] = w - c[:, 0]
        c[:, 4] = (180 - c[:, 4]) % 180
    elif how == "y":
        c[:, 1] = h - c[:, 1]
        c[:, 4] = (180 - c[:, 4]) % 180
    elif how == "t":  # transpose: x <-> y
        c[:, [0, 1]] = c[:, [1, 0]]
        c[:, 4] = (90 - c[:, 4]) % 180
    return c


def augment(
    frame: np.ndarray, cards: np.ndarray, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray]:
    """A training frame made landscape (transposed if portrait), flipped and recoloured."""
    if frame.shape[0] > frame.shape[1]:
        frame, cards = np.ascontiguousarray(frame.transpose(1, 0, 2)), _flip_cards(cards, 0, 0, "t")
    h, w = frame.shape[:2]
    if rng.random() < 0.5:
        frame, cards = frame[:, ::-1], _flip_cards(cards, w, h, "x")
    if rng.random() < 0.5:
        frame, cards = frame[::-1], _flip_cards(cards, w, h, "y")
    return _colour_jitter(np.ascontiguousarray(frame), rng), cards


def targets(cards: np.ndarray, gh: int, gw: int) -> dict[str, np.ndarray]:
    """Per cell: heat (a Gaussian at each card's centre), care (0 where a half-hidden card
    neither is nor is not a target), and the regression targets where `reg` is set."""
    heat = np.zeros((gh, gw), np.float32)
    care = np.ones((gh, gw), np.float32)
    reg = np.zeros((6, gh, gw), np.float32)
    regmask = np.zeros((gh, gw), np.float32)
    regdist = np.full((gh, gw), np.inf, np.float32)
    yy, xx = np.mgrid[0:gh, 0:gw].astype(np.float32) + 0.5
    for cx, cy, long, short, angle, visible in cards:
        if visible < 0.2 or long < 8:
            continue
        gx, gy = cx / STRIDE, cy / STRIDE
        if not (0 <= gx < gw and 0 <= gy < gh):
            continue
        ix, iy = int(gx), int(gy)
        if visible < MIN_VISIBLE or long < 14:
            r = max(1, int(short / STRIDE / 4))
            care[max(iy - r, 0) : iy + r + 1, max(ix - r, 0) : ix + r + 1] = 0
            continue
        sigma = max(0.6, short / STRIDE / 10)
        g = np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * sigma**2))
        heat = np.maximum(heat, g)
        heat[iy, ix] = 1.0
        a = math.radians(2 * angle)
        for y in range(max(iy - 1, 0), min(iy + 2, gh)):
            for x in range(max(ix - 1, 0), min(ix + 2, gw)):
                d = (x + 0.5 - gx) ** 2 + (y + 0.5 - gy) ** 2
                if d < regdist[y, x]:
                    regdist[y, x] = d
                    reg[:, y, x] = (
                        math.log(long),
                        math.log(short),
                        gx - x,
                        gy - y,
                        math.cos(a),
                        math.sin(a),
                    )
                    regmask[y, x] = 1.0
    return {"heat": heat, "care": care, "reg": reg, "regmask": regmask}


def finder_loss(out: torch.Tensor, t: dict[str, torch.Tensor]) -> torch.Tensor:
    p = torch.sigmoid(out[:, 0]).clamp(1e-4, 1 - 1e-4)
    heat, care = t["heat"], t["care"]
    pos = (heat >= 1.0).float()
    neg = (1 - pos) * care
    pos_loss = -(((1 - p) ** 2) * torch.log(p) * pos).sum()
    neg_loss = -(((1 - heat) ** 4) * (p**2) * torch.log(1 - p) * neg).sum()
    n = pos.sum().clamp(min=1.0)
    m = t["regmask"]
    reg = (F.smooth_l1_loss(out[:, 1:], t["reg"], reduction="none", beta=0.1) * m[:, None]).sum()
    return (pos_loss + neg_loss) / n + reg / m.sum().clamp(min=1.0)


def train_finder(data: FinderSet, seed: int, epochs: int, threads: int, batch: int = 16) -> Path:
    _seed(seed, threads)
    rng = np.random.default_rng(seed)
    net = CardFinder()
    opt = torch.optim.AdamW(net.parameters(), lr=2e-3, weight_decay=1e-4)
    steps = epochs * math.ceil(len(data.frames) / batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, 2e-3, total_steps=steps, pct_start=0.1)
    order = np.arange(len(data.frames))
    for epoch in range(epochs):
        rng.shuffle(order)
        net.train()
        start, total, count = time.time(), 0.0, 0
        for b in range(0, len(order), batch):
            imgs, tgts = [], []
            for i in order[b : b + batch]:
                img, cards = augment(data.frames[i], data.cards[i], rng)
                imgs.append(img)
                tgts.append(targets(cards, img.shape[0] // STRIDE, img.shape[1] // STRIDE))
            x = torch.from_numpy(np.stack(imgs).transpose(0, 3, 1, 2).astype(np.float32))
            t = {k: torch.from_numpy(np.stack([g[k] for g in tgts])) for k in tgts[0]}
            loss = finder_loss(net(x), t)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += loss.item()
            count += 1
        print(
            f"finder epoch {epoch + 1}/{epochs}: loss {total / count:.4f} "
            f"({time.time() - start:.0f} s)",
            flush=True,
        )
    return export(net, finder.MODEL, (1, 3, 192, 256), "frame", "cells")


# -- embedding ----------------------------------------------------------------------------------


def _hue_turn(p: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    hsv = cv2.cvtColor(p, cv2.COLOR_BGR2HSV)
    hsv[..., 0] = (hsv[..., 0].astype(np.int32) + int(rng.integers(180))) % 180
    return np.asarray(cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR))


def _patch_augment(p: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    if rng.random() < 0.5:
        p = p[::-1, ::-1]  # the other way up
    p = np.ascontiguousarray(p)
    if rng.random() < 0.4:
        p = _hue_turn(p, rng)
    return _colour_jitter(p, rng)


def train_embedding(
    data: PatchSet, seed: int, epochs: int, threads: int, width: int = 16, batch: int = 128
) -> Path:
    _seed(seed, threads)
    rng = np.random.default_rng(seed)
    net = CardEmbedding(width)
    head = CosineHead(len(CLASSES) + 1)
    params = list(net.parameters()) + list(head.parameters())
    opt = torch.optim.AdamW(params, lr=3e-3, weight_decay=1e-4)
    steps = epochs * math.ceil(len(data.labels) / batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, 3e-3, total_steps=steps, pct_start=0.1)
    order = np.arange(len(data.labels))
    for epoch in range(epochs):
        rng.shuffle(order)
        net.train()
        start, total, right, count = time.time(), 0.0, 0, 0
        for b in range(0, len(order), batch):
            idx = order[b : b + batch]
            x = np.stack([_patch_augment(data.patches[i], rng) for i in idx])
            xt = torch.from_numpy(x.transpose(0, 3, 1, 2).astype(np.float32))
            y = torch.from_numpy(data.labels[idx].astype(np.int64))
            logits = head(net(xt))
            loss = F.cross_entropy(logits, y, label_smoothing=0.05)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += loss.item() * len(idx)
            right += int((logits.argmax(1) == y).sum())
            count += len(idx)
        print(
            f"embedding epoch {epoch + 1}/{epochs}: loss {total / count:.4f}, "
            f"train accuracy {right / count:.4f} ({time.time() - start:.0f} s)",
            flush=True,
        )
    return export(net, "cards-embedding.onnx", (4, 3, HEIGHT, WIDTH), "patches", "embedding")


def export(net: torch.nn.Module, name: str, shape: tuple[int, ...], inp: str, out: str) -> Path:
    """The net as vision/models/NAME (ONNX for OpenCV's dnn), its weights in var/train.

    The finder is exported at one frame size: OpenCV's importer cannot follow the shapes of
    its up-sampled cells symbolically, and works out each frame's size when run."""
    net.eval()
    path = paths.MODELS / name
    path.parent.mkdir(parents=True, exist_ok=True)
    axes = None if inp == "frame" else {inp: {0: "n"}, out: {0: "n"}}
    torch.onnx.export(
        net,
        (torch.zeros(*shape),),
        str(path),
        dynamo=False,
        input_names=[inp],
        output_names=[out],
        opset_version=13,
        dynamic_axes=axes,
    )
    Path("var/train").mkdir(parents=True, exist_ok=True)
    torch.save(net.state_dict(), Path("var/train") / (path.stem + ".pt"))
    print("wrote", path, flush=True)
    return path
