"""Train the finder and the embedding with PyTorch, export them to ONNX for OpenCV.

Real photos (vision.train.data.real_photos): their "fit" parts are learned from, their
"validate" parts only watch the training; held-out parts are never opened here.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable
from pathlib import Path

import cv2
import numpy as np
import torch
from torch import nn
from torch.nn import functional as F

from vision import paths
from vision.patches import CONTEXT, CONTEXT_SPAN, PATCH, jittered_cut, jittered_placed_cut
from vision.reader import COCKED
from vision.teach import noise_frames
from vision.train import data, from_onnx
from vision.train.nets import PLACE, STRIDE, Cocked, CockedPlaced, CosineHead, Embedding, Finder
from vision.train.synth import NOT_A_DIE, Box, FrameSample, not_dice

CROP = 192
NOISE_FRAMES = 200  # frames of sensor noise a fine-tune of the finder learns are no dice
BIGGEST = 120  # px: the largest die side a training crop shows (at the finder's width)
# rune55's learn photos are mostly close-ups (median die side 115-330 px of 640); its
# photos of small dice on tables (SMALL_DICE or less at the finder's width: 50 px of 640,
# one in six) are the ones its finders miss, and can be shown more (finder-finetune
# --small-reps)
SMALL_DICE = 50
MAX_DICE = 64
SYNTH_FRAMES_PER_EPOCH = 3000
SYNTH_PATCHES_PER_EPOCH = 40000


def _seed(seed: int, threads: int) -> None:
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.set_num_threads(threads)


def _photos(name: str = "d6-tray") -> tuple[list[data.RealPhoto], list[data.RealPhoto]]:
    return data.real_photos(name, "fit"), data.real_photos(name, "validate")


# -- finder -------------------------------------------------------------------------------


def _colour_jitter(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    x = img.astype(np.float32) * rng.uniform(0.75, 1.25, 3).astype(np.float32)  # white balance
    x = (x - 128) * rng.uniform(0.7, 1.3) + 128 + rng.uniform(-30, 30)
    if rng.random() < 0.3:
        x = np.asarray(cv2.GaussianBlur(x, (0, 0), rng.uniform(0.3, 1.0)), np.float32)
    if rng.random() < 0.5:
        x += rng.normal(0, rng.uniform(1, 6), x.shape).astype(np.float32)
    return np.clip(x, 0, 255).astype(np.uint8)


def augment_frame(s: FrameSample, rng: np.random.Generator, real: bool) -> FrameSample:
    """Scale, crop to CROP x CROP, flip, turn and recolour a finder sample."""
    # real photos hold dice of 10 to 130 px (at the finder's width): scale them freely, but
    # keep their dice under BIGGEST, which the finder's context still sees whole
    sides = np.sqrt(np.prod(s.boxes[:, 2:] - s.boxes[:, :2], axis=1)) if len(s.boxes) else [20.0]
    top = min(1.5, BIGGEST / max(float(np.median(sides)), 1.0))
    low = min(0.55, top)
    scale = float(
        np.exp(rng.uniform(math.log(low), math.log(top)) if real else rng.uniform(-0.3, 0.25))
    )
    img = cv2.resize(
        s.image,
        None,
        fx=scale,
        fy=scale,
        interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR,
    )
    boxes, ignore = s.boxes * scale, s.ignore * scale
    h, w = img.shape[:2]
    if h < CROP or w < CROP:
        pad = ((0, max(0, CROP - h)), (0, max(0, CROP - w)), (0, 0))
        img = np.pad(img, pad, mode="edge")
        h, w = img.shape[:2]
    x0, y0 = int(rng.integers(0, w - CROP + 1)), int(rng.integers(0, h - CROP + 1))
    img = img[y0 : y0 + CROP, x0 : x0 + CROP]
    shift = np.array([x0, y0, x0, y0], np.float32)
    boxes, ignore = boxes - shift, ignore - shift
    angles, cocked = s.angles.copy(), s.cocked.copy()
    # dice cut by the crop: keep those mostly inside, ignore the rest
    inside = _inside_share(boxes)
    ignore = np.concatenate([ignore, boxes[(inside < 0.6) & (inside > 0)]])
    keep = inside >= 0.6
    boxes, angles, cocked = np.clip(boxes[keep], 0, CROP - 1), angles[keep], cocked[keep]
    if rng.random() < 0.5:  # mirror left-right: a face turned a is now turned -a
        img = img[:, ::-1]
        boxes = boxes[:, [2, 1, 0, 3]] * [-1, 1, -1, 1] + [CROP - 1, 0, CROP - 1, 0]
        ignore = ignore[:, [2, 1, 0, 3]] * [-1, 1, -1, 1] + [CROP - 1, 0, CROP - 1, 0]
        angles = (-angles) % 90
    if rng.random() < 0.5:  # a quarter turn leaves angles (mod 90) as they are
        img = np.rot90(img)
        boxes = np.stack(
            [boxes[:, 1], CROP - 1 - boxes[:, 2], boxes[:, 3], CROP - 1 - boxes[:, 0]], 1
        )
        ignore = np.stack(
            [ignore[:, 1], CROP - 1 - ignore[:, 2], ignore[:, 3], CROP - 1 - ignore[:, 0]], 1
        )
    img = _colour_jitter(np.ascontiguousarray(img), rng)
    return FrameSample(
        img,
        boxes.astype(np.float32),
        angles,
        cocked,
        ignore.astype(np.float32).reshape(-1, 4),
        s.complete,
    )


def _inside_share(boxes: np.ndarray) -> np.ndarray:
    if len(boxes) == 0:
        return np.zeros(0, np.float32)
    cl = np.clip(boxes, 0, CROP - 1)
    area = np.maximum((boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1]), 1e-3)
    return np.maximum(cl[:, 2] - cl[:, 0], 0) * np.maximum(cl[:, 3] - cl[:, 1], 0) / area


def finder_targets(s: FrameSample) -> dict[str, np.ndarray]:
    g = CROP // STRIDE
    heat = np.zeros((g, g), np.float32)
    care = np.ones((g, g), np.float32)
    for b in s.ignore:
        x0, y0 = int(max(b[0] // STRIDE, 0)), int(max(b[1] // STRIDE, 0))
        x1, y1 = int(min(b[2] // STRIDE + 1, g)), int(min(b[3] // STRIDE + 1, g))
        care[y0:y1, x0:x1] = 0
    if not s.complete:  # dice nobody labelled may lie anywhere: learn only the labelled ones
        care[:] = 0
        for b in s.boxes:
            x0, y0 = int(max(b[0] // STRIDE, 0)), int(max(b[1] // STRIDE, 0))
            x1, y1 = int(min(b[2] // STRIDE + 1, g)), int(min(b[3] // STRIDE + 1, g))
            care[y0:y1, x0:x1] = 1
    n = min(len(s.boxes), MAX_DICE)
    idx = np.zeros(MAX_DICE, np.int64)
    reg = np.zeros((MAX_DICE, 7), np.float32)  # log_w, log_h, dx, dy, cos4, sin4, cocked
    known = np.zeros((MAX_DICE, 3), np.float32)  # die present, angle known, cocked known
    yy, xx = np.mgrid[0:g, 0:g].astype(np.float32)
    for k in range(n):
        x0, y0, x1, y1 = s.boxes[k]
        cx, cy = (x0 + x1) / 2 / STRIDE, (y0 + y1) / 2 / STRIDE
        w, h = max(x1 - x0, 2.0), max(y1 - y0, 2.0)
        ix, iy = min(int(cx), g - 1), min(int(cy), g - 1)
        sigma = max(0.5, math.sqrt(w * h) / STRIDE * 0.25)
        heat = np.maximum(heat, np.exp(-((xx - ix) ** 2 + (yy - iy) ** 2) / (2 * sigma**2)))
        idx[k] = iy * g + ix
        a = math.radians(float(s.angles[k]) * 4) if not np.isnan(s.angles[k]) else 0.0
        reg[k] = [
            math.log(w),
            math.log(h),
            cx - ix,
            cy - iy,
            math.cos(a),
            math.sin(a),
            np.nan_to_num(s.cocked[k]),
        ]
        known[k] = [1.0, float(not np.isnan(s.angles[k])), float(not np.isnan(s.cocked[k]))]
        care[iy, ix] = 1.0
    return {"heat": heat, "care": care, "idx": idx, "reg": reg, "known": known}


def finder_loss(out: torch.Tensor, t: dict[str, torch.Tensor]) -> torch.Tensor:
    logit = out[:, 0]
    p = torch.sigmoid(logit).clamp(1e-4, 1 - 1e-4)
    gt, care = t["heat"], t["care"]
    pos = (gt >= 0.999).float()
    pos_loss = -torch.log(p) * (1 - p) ** 2 * pos
    neg_loss = -torch.log(1 - p) * p**2 * (1 - gt) ** 4 * (1 - pos) * care
    n_pos = pos.sum().clamp(min=1)
    loss = (pos_loss.sum() + neg_loss.sum()) / n_pos
    b, c, g, _ = out.shape
    flat = out.view(b, c, g * g)
    got = torch.gather(flat, 2, t["idx"].unsqueeze(1).expand(b, c, MAX_DICE)).permute(
        0, 2, 1
    )  # (b, dice, c)
    present, ang_known, cock_known = t["known"][..., 0], t["known"][..., 1], t["known"][..., 2]
    reg = t["reg"]
    denom = present.sum().clamp(min=1)
    size_l = (
        F.smooth_l1_loss(got[..., 1:3], reg[..., 0:2], reduction="none").sum(-1) * present
    ).sum() / denom
    off_l = (
        F.l1_loss(got[..., 3:5], reg[..., 2:4], reduction="none").sum(-1) * present
    ).sum() / denom
    ang_l = (
        F.l1_loss(torch.tanh(got[..., 5:7]), reg[..., 4:6], reduction="none").sum(-1) * ang_known
    ).sum() / ang_known.sum().clamp(min=1)
    cock_l = (
        F.binary_cross_entropy_with_logits(got[..., 7], reg[..., 6], reduction="none") * cock_known
    ).sum() / cock_known.sum().clamp(min=1)
    return loss + size_l + off_l + 0.5 * ang_l + 0.5 * cock_l


def _batch(samples: list[FrameSample]) -> tuple[torch.Tensor, dict[str, torch.Tensor]]:
    imgs = torch.from_numpy(np.stack([s.image for s in samples]).astype(np.float32)).permute(
        0, 3, 1, 2
    )
    ts = [finder_targets(s) for s in samples]
    return imgs, {k: torch.from_numpy(np.stack([t[k] for t in ts])) for k in ts[0]}


def train_finder(
    cache: Path,
    seed: int,
    epochs: int,
    threads: int,
    finetune: bool = False,
    start: str = "finder.pt",
    out: str = "finder.onnx",
    rune_reps: int = 0,
    small_reps: int = 0,
) -> None:
    """Train the finder on rendered frames (and our dice drawn on real photos) and the real
    photos; with `finetune`, continue from `start` (a checkpoint of var/train, or a shipped
    ONNX file of vision/models: vision.train.from_onnx) with the real photos weighted more
    (a second, shorter stage at a lower rate). Each epoch shows d6-tray's photos `reps`
    times and rune55's `rune_reps` times (0: a tenth of `reps`, at least once), and its
    photos of small dice (SMALL_DICE) `small_reps` times more. Exported as
    vision/models/`out`."""
    _seed(seed, threads)
    rng = np.random.default_rng(seed)
    synth = data.load(cache)
    d6 = data.real_as_frames(_photos("d6-tray")[0])
    rune = data.real_as_frames(_photos("rune55")[0])
    net = Finder()
    max_lr, reps, n_synth = 3e-3, 10, min(len(synth.frames), SYNTH_FRAMES_PER_EPOCH)
    if finetune:
        if start.endswith(".onnx"):
            sample = [
                augment_frame(s, rng, True) for s in (d6 + rune)[:: max(1, len(d6 + rune) // 64)]
            ]
            from_onnx.restore(net, paths.MODELS / start, _batch(sample)[0])
        else:
            net.load_state_dict(torch.load(cache.parent / start))
        max_lr, reps, n_synth = 1e-3, 20, min(len(synth.frames), 1000)
    real = d6 * reps + rune * (rune_reps or max(1, reps // 10))
    real += [s for s in rune if _median_side(s.boxes) <= SMALL_DICE] * small_reps
    if finetune:  # and frames of sensor noise, where no die is (a finder sure of dice there
        # would report them: vision.detect.SURE)
        real += data.real_as_frames(
            [
                data.RealPhoto(f, np.zeros((0, 4), np.float32), [])
                for _ in range(NOISE_FRAMES // 4)
                for f in noise_frames(rng)
            ]
        )
    opt, sched = _one_cycle(net.parameters(), max_lr, epochs * ((n_synth + len(real)) // 32))
    for epoch in range(epochs):
        chosen = rng.choice(len(synth.frames), n_synth, replace=False)
        pool = [(synth.frames[k], False) for k in chosen] + [(s, True) for s in real]
        order = rng.permutation(len(pool))
        t0, total = time.time(), 0.0
        net.train()
        for i in range(0, len(order) - 31, 32):
            samples = [augment_frame(pool[j][0], rng, pool[j][1]) for j in order[i : i + 32]]
            x, t = _batch(samples)
            loss = finder_loss(net(x), t)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss.detach())
        print(
            f"finder epoch {epoch + 1}/{epochs} loss {total / max(1, len(order) // 32):.3f} "
            f"({time.time() - t0:.0f}s)",
            flush=True,
        )
        torch.save(
            net.state_dict(),
            cache.parent / (f"{Path(out).stem}-finetuned.pt" if finetune else "finder.pt"),
        )
    export_finder(net, out)


def _median_side(boxes: np.ndarray) -> float:
    """The median side of a photo's labelled dice (inf for a photo without any)."""
    if not len(boxes):
        return math.inf
    return float(np.median(np.sqrt(np.prod(boxes[:, 2:] - boxes[:, :2], axis=1))))


def export_finder(net: nn.Module, name: str = "finder.onnx") -> Path:
    net.eval()
    out = paths.MODELS / name
    out.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(
        net,
        (torch.zeros(1, 3, 240, 320),),
        str(out),
        dynamo=False,
        input_names=["frame"],
        output_names=["cells"],
        opset_version=13,
        dynamic_axes={"frame": {2: "h", 3: "w"}, "cells": {2: "gh", 3: "gw"}},
    )
    return out


# -- embedding ----------------------------------------------------------------------------


def _patch_jitter(p: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    p = np.rot90(p, int(rng.integers(4)))
    return _colour_jitter(np.ascontiguousarray(p), rng)


def _hue_jitter(patch: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Turn the patch's hues (dice come in every colour; the face does not depend on it)."""
    hsv = cv2.cvtColor(patch, cv2.COLOR_BGR2HSV)
    hsv[..., 0] = (hsv[..., 0].astype(int) + int(rng.integers(180))) % 180
    return np.asarray(cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR), np.uint8)


def _real_dice(
    photos: list[data.RealPhoto], index: dict[str, int], rng: np.random.Generator, reps: int
) -> list[tuple[np.ndarray, Box, int]]:
    """Each labelled real die (a pip face) `reps` times, and die-sized cuts of what is no
    die in the photos every die of which is labelled (trays, walls, holes, table)."""
    dice = [
        (p.image, _box(b), index[f"pips/{f}"])
        for p in photos
        for b, f in zip(p.boxes, p.faces, strict=True)
    ] * reps
    dice += [
        (p.image, box, index[NOT_A_DIE])
        for p in photos
        if p.complete
        for box in not_dice(p.image, [_box(b) for b in p.boxes], rng, 2)
    ]
    return dice


def _box(b: np.ndarray) -> Box:
    return (float(b[0]), float(b[1]), float(b[2]), float(b[3]))


def train_embedding(
    cache: Path,
    seed: int,
    epochs: int,
    threads: int,
    finetune: bool = False,
    stop_after: int = 0,
    start: str = "embedding.pt",
    out: str = "embedding.onnx",
) -> None:
    """Train the embedding; with `finetune`, continue from `start` (a checkpoint of
    var/train, or a shipped ONNX file of vision/models, whose training head is then set to
    each class's mean embedding) with the real photos weighted more (a second, shorter stage
    at a lower rate). `stop_after` ends the run after that many epochs of an `epochs`-long
    schedule. Exported as vision/models/`out`."""
    _seed(seed, threads)
    rng = np.random.default_rng(seed)
    synth = data.load(cache)
    d6, d6_validate = _photos("d6-tray")
    rune, rune_validate = _photos("rune55")
    classes = sorted(set(synth.names))
    index = {c: i for i, c in enumerate(classes)}
    labels_synth = np.array([index[n] for n in synth.names])
    val_dice = _real_dice(d6_validate + rune_validate, index, rng, 1)
    val_dice = [d for d in val_dice if d[2] != index[NOT_A_DIE]]
    net, head = Embedding(), CosineHead(len(classes))
    max_lr, reps, n_synth = 3e-3, 10, min(len(labels_synth), SYNTH_PATCHES_PER_EPOCH)
    if finetune:
        max_lr, reps, n_synth = 1e-3, 30, min(len(labels_synth), 10000)
    real_dice = _real_dice(d6, index, rng, reps) + _real_dice(rune, index, rng, max(1, reps // 10))
    if finetune and start.endswith(".onnx"):
        _start_from_onnx(net, head, start, synth, labels_synth, real_dice, rng)
    elif finetune:
        state = torch.load(cache.parent / start)
        net.load_state_dict(state["net"])
        head.load_state_dict(state["head"])
    params = list(net.parameters()) + list(head.parameters())
    per_epoch = (n_synth + len(real_dice)) // 128
    opt, sched = _one_cycle(params, max_lr, epochs * per_epoch)
    for epoch in range(stop_after or epochs):
        t0, total = time.time(), 0.0
        chosen = rng.choice(len(labels_synth), n_synth, replace=False)
        items = [("s", int(i)) for i in chosen] + [("r", i) for i in range(len(real_dice))]
        order = rng.permutation(len(items))
        net.train()
        for i in range(per_epoch):
            xs, ys = [], []
            for j in order[i * 128 : (i + 1) * 128]:
                kind, k = items[j]
                if kind == "s":
                    xs.append(_patch_jitter(synth.patches[k], rng))
                    ys.append(labels_synth[k])
                else:
                    img, box, y = real_dice[k]
                    cut = jittered_cut(img, box, rng)
                    if rng.random() < 0.5:
                        cut = _hue_jitter(cut, rng)
                    xs.append(_colour_jitter(cut, rng))
                    ys.append(y)
            x = torch.from_numpy(np.stack(xs).astype(np.float32)).permute(0, 3, 1, 2)
            loss = F.cross_entropy(head(net(x)), torch.tensor(ys), label_smoothing=0.05)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss.detach())
        net.eval()
        with torch.no_grad():
            vx = np.stack([jittered_cut(img, box, rng) for img, box, _ in val_dice]).astype(
                np.float32
            )
            pred = head(net(torch.from_numpy(vx).permute(0, 3, 1, 2))).argmax(1).numpy()
            acc = float(np.mean(pred == np.array([y for *_, y in val_dice])))
        print(
            f"embedding epoch {epoch + 1}/{epochs} loss {total / per_epoch:.3f} "
            f"real-validate acc {acc:.3f} ({time.time() - t0:.0f}s)",
            flush=True,
        )
        torch.save(
            {"net": net.state_dict(), "head": head.state_dict(), "classes": classes},
            cache.parent / (f"{Path(start).stem}-ft.pt" if finetune else "embedding.pt"),
        )
    export_patch_net(net, out, "embedding")


PER_CLASS = 40  # cuts of each class that set a restored embedding's training head


def _start_from_onnx(
    net: Embedding,
    head: CosineHead,
    start: str,
    synth: data.Synthetic,
    labels_synth: np.ndarray,
    real_dice: list[tuple[np.ndarray, Box, int]],
    rng: np.random.Generator,
) -> None:
    """The embedding of shipped file `start`, and its head set to each class's mean
    embedding (the file holds no head: its training classes were not kept)."""
    cuts: list[np.ndarray] = []
    ys: list[int] = []
    for k in range(len(head.weight)):
        own = np.flatnonzero(labels_synth == k)[:PER_CLASS]
        cuts.extend(synth.patches[own])
        ys.extend([k] * len(own))
    for k in rng.permutation(len(real_dice))[: PER_CLASS * 8]:
        img, box, y = real_dice[k]
        cuts.append(jittered_cut(img, box, rng))
        ys.append(y)
    x = torch.from_numpy(np.stack(cuts).astype(np.float32)).permute(0, 3, 1, 2)
    from_onnx.restore(net, paths.MODELS / start, x[rng.permutation(len(x))[:512]])
    net.eval()
    with torch.no_grad():
        e = torch.cat([net(x[i : i + 512]) for i in range(0, len(x), 512)])
        y = torch.tensor(ys)
        for k in range(len(head.weight)):
            if (y == k).any():
                head.weight[k] = e[y == k].mean(dim=0)


# -- cocked dice --------------------------------------------------------------------------


def train_cocked(cache: Path, seed: int, epochs: int, threads: int) -> None:
    """The cocked-die classifier, on rendered context cuts of flat and leaning dice, and
    the real photos' flat dice (every labelled die there lies flat) as more negatives, so
    that a real die's look is never taken for a lean."""
    _seed(seed, threads)
    rng = np.random.default_rng(seed)
    with (cache.parent / "cocked.npz").open("rb") as f:
        stored = np.load(f)
        cuts, flags = stored["cuts"], stored["flags"]
    learn, validate = _photos()
    real = [(p.image, tuple(b)) for p in learn for b in p.boxes]
    n_real = len(cuts) // 8  # about a fifth of the negatives
    net = Cocked()
    per_epoch = (len(cuts) + n_real) // 128
    opt, sched = _one_cycle(net.parameters(), 3e-3, epochs * per_epoch)
    for epoch in range(epochs):
        t0, total = time.time(), 0.0
        items, order = _rendered_and_real(rng, len(cuts), len(real), n_real)
        net.train()
        for i in range(per_epoch):
            xs, ys = [], []
            for j in order[i * 128 : (i + 1) * 128]:
                kind, k = items[j]
                if kind == "s":
                    xs.append(_patch_jitter(cuts[k], rng))
                    ys.append(float(flags[k]))
                else:
                    img, box = real[k]
                    xs.append(
                        _colour_jitter(jittered_cut(img, box, rng, CONTEXT_SPAN, CONTEXT), rng)
                    )
                    ys.append(0.0)
            p = net(torch.from_numpy(np.stack(xs).astype(np.float32)).permute(0, 3, 1, 2))[:, 0]
            total += _flag_step(opt, sched, p, ys)
        net.eval()
        with torch.no_grad():
            vx = np.stack(
                [
                    jittered_cut(p.image, tuple(b), rng, CONTEXT_SPAN, CONTEXT)
                    for p in validate
                    for b in p.boxes
                ]
            )
            flagged = float(
                (net(torch.from_numpy(vx.astype(np.float32)).permute(0, 3, 1, 2)) >= COCKED)
                .float()
                .mean()
            )
        print(
            f"cocked epoch {epoch + 1}/{epochs} loss {total / per_epoch:.3f} "
            f"real flat dice flagged {flagged:.3f} ({time.time() - t0:.0f}s)",
            flush=True,
        )
    torch.save(net.state_dict(), cache.parent / "cocked.pt")
    export_patch_net(net, "cocked.onnx", "cocked", CONTEXT)


def placed_input(cuts: np.ndarray, places: np.ndarray) -> torch.Tensor:
    """CockedPlaced's input: context cuts (n, CONTEXT, CONTEXT, 3) and their places (n,
    PLACE) as constant planes after the colour channels (vision.nets.cocked_placed)."""
    n = len(cuts)
    image = torch.from_numpy(np.ascontiguousarray(cuts).astype(np.float32)).permute(0, 3, 1, 2)
    where = torch.from_numpy(places.astype(np.float32))[:, :, None, None]
    return torch.cat([image, where.expand(n, places.shape[1], CONTEXT, CONTEXT)], dim=1)


def train_cocked_placed(
    cache: Path, seed: int, epochs: int, threads: int, start: str = "cocked.onnx"
) -> None:
    """The cocked network that sees the die's place (CockedPlaced), fine-tuned from the
    shipped `start` (at first it computes what that computes), on rendered context cuts
    turned toward the frame's middle (`cocked-place-data`) and the real photos' flat dice
    so cut, as train_cocked. Flips left-right only: a quarter turn would move the middle."""
    _seed(seed, threads)
    rng = np.random.default_rng(seed)
    with (cache.parent / "cocked-place.npz").open("rb") as f:
        stored = np.load(f)
        cuts, places, flags = stored["cuts"], stored["places"], stored["flags"]
    learn, validate = _photos()
    real = [(p.image, tuple(b)) for p in learn for b in p.boxes]
    n_real = len(cuts) // 8
    samples = torch.from_numpy(cuts[:256].astype(np.float32)).permute(0, 3, 1, 2)
    cocked = Cocked()
    from_onnx.restore(cocked, paths.MODELS / start, samples)  # in place
    net = CockedPlaced.from_cocked(cocked)
    per_epoch = (len(cuts) + n_real) // 128
    opt, sched = _one_cycle(net.parameters(), 1e-3, epochs * per_epoch)
    for epoch in range(epochs):
        t0, total = time.time(), 0.0
        items, order = _rendered_and_real(rng, len(cuts), len(real), n_real)
        net.train()
        for i in range(per_epoch):
            xs, ps, ys = [], [], []
            for j in order[i * 128 : (i + 1) * 128]:
                kind, k = items[j]
                if kind == "s":
                    x, p, y = cuts[k], places[k], float(flags[k])
                else:
                    img, box = real[k]
                    x, p = jittered_placed_cut(img, box, rng)
                    y = 0.0
                x = x[:, ::-1] if rng.random() < 0.5 else x
                xs.append(_colour_jitter(np.ascontiguousarray(x), rng))
                ps.append(p)
                ys.append(y)
            out = net(placed_input(np.stack(xs), np.stack(ps)))[:, 0]
            total += _flag_step(opt, sched, out, ys)
        net.eval()
        with torch.no_grad():
            vx = [jittered_placed_cut(p.image, tuple(b), rng) for p in validate for b in p.boxes]
            got = net(placed_input(np.stack([c for c, _ in vx]), np.stack([q for _, q in vx])))
            flagged = float((got >= COCKED).float().mean())
        print(
            f"cocked-place epoch {epoch + 1}/{epochs} loss {total / per_epoch:.3f} "
            f"real flat dice flagged {flagged:.3f} ({time.time() - t0:.0f}s)",
            flush=True,
        )
        torch.save(net.state_dict(), cache.parent / f"cocked-place-e{epoch + 1}.pt")
        export_patch_net(net, f"cocked-place-e{epoch + 1}.onnx", "cocked", CONTEXT, 3 + PLACE)
    export_patch_net(net, "cocked-place.onnx", "cocked", CONTEXT, 3 + PLACE)


def _one_cycle(
    params: Iterable[nn.Parameter], max_lr: float, steps: int
) -> tuple[torch.optim.Optimizer, torch.optim.lr_scheduler.OneCycleLR]:
    """AdamW (weight decay 1e-4) and its one-cycle schedule over `steps` batches, the
    rate rising for the first tenth: every network here learns so."""
    opt = torch.optim.AdamW(params, lr=max_lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(
        opt, max_lr=max_lr, total_steps=steps, pct_start=0.1
    )
    return opt, sched


def _flag_step(
    opt: torch.optim.Optimizer,
    sched: torch.optim.lr_scheduler.OneCycleLR,
    p: torch.Tensor,
    flags: list[float],
) -> float:
    """One batch of a yes/no network (probabilities `p`, the truth `flags`) learned: its
    loss (binary cross-entropy)."""
    loss = F.binary_cross_entropy(p.clamp(1e-5, 1 - 1e-5), torch.tensor(flags))
    opt.zero_grad()
    loss.backward()
    opt.step()
    sched.step()
    return float(loss.detach())


def _rendered_and_real(
    rng: np.random.Generator, n_rendered: int, n_pool: int, n_real: int
) -> tuple[list[tuple[str, int]], np.ndarray]:
    """An epoch's items of the cocked networks: every rendered cut ("s", k) and `n_real`
    real flat dice drawn from a pool of `n_pool` ("r", k), and the order to show them in."""
    items = [("s", k) for k in range(n_rendered)] + [
        ("r", int(k)) for k in rng.integers(0, n_pool, n_real)
    ]
    return items, rng.permutation(len(items))


def export_patch_net(
    net: nn.Module, name: str, output: str, size: int = PATCH, channels: int = 3
) -> Path:
    """A patch network (size x size patches of `channels` in, `output` out) as
    vision/models/NAME."""
    net.eval()
    out = paths.MODELS / name
    out.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(
        net,
        (torch.zeros(4, channels, size, size),),
        str(out),
        dynamo=False,
        input_names=["patches"],
        output_names=[output],
        opset_version=13,
        dynamic_axes={"patches": {0: "n"}, output: {0: "n"}},
    )
    return out
