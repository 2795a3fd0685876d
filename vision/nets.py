"""Run the two shipped networks (vision/models/*.onnx) with OpenCV's dnn module.

Their training code is vision/train (PyTorch, an optional extra); running them needs only
OpenCV and numpy.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

import cv2
import numpy as np

from vision.errors import VisionError
from vision.paths import MODELS


class ModelError(VisionError):
    """A shipped model file is missing or broken (reinstall, or rebuild: vision/train)."""


# Every shipped model stays loaded once read (9 files, ~7 MB): `d6-pips` alone reads with 5
# in turn (its passes), and a cache of 4 reloaded a network at most reads of a frame.
MODELS_KEPT = 16


@functools.lru_cache(maxsize=MODELS_KEPT)
def net(name: str) -> cv2.dnn.Net:
    path = MODELS / name
    if not path.is_file():
        raise ModelError(
            f"{path} is missing; rebuild it with `python -m vision.train` (see docs/vision.md)"
        )
    try:
        return cv2.dnn.readNetFromONNX(str(path))
    except cv2.error as error:
        raise ModelError(f"{path} cannot be loaded by OpenCV ({error})") from None


@functools.lru_cache(maxsize=MODELS_KEPT)
def model_id(name: str) -> str:
    """A short fingerprint of a model file: face sets remember which embedding they fit."""
    path = MODELS / name
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12] if path.is_file() else "missing"


def sigmoid(x: np.ndarray) -> np.ndarray:
    return np.asarray(1.0 / (1.0 + np.exp(-x)))


def softmax(logits: np.ndarray) -> np.ndarray:
    """Probabilities along the last axis (the sets' linear models: faces, values, colours)."""
    e = np.exp(logits - logits.max(axis=-1, keepdims=True))
    return np.asarray(e / e.sum(axis=-1, keepdims=True))


def forward(model: str, inputs: np.ndarray) -> np.ndarray:
    """The network `model`'s outputs (n, -1) for inputs (n, ...) float32, BATCH at a time
    (OpenCV's dnn also crashes on batches of tens of thousands: teaching embeds many)."""
    network = net(model)
    out = []
    for i in range(0, len(inputs), BATCH):
        batch = np.ascontiguousarray(inputs[i : i + BATCH], np.float32)
        network.setInput(batch)
        out.append(np.asarray(network.forward(), np.float32).reshape(len(batch), -1))
    return np.concatenate(out) if out else np.zeros((0, 0), np.float32)


def embed(patches: np.ndarray, views: int = 1, model: str = "embedding.onnx") -> np.ndarray:
    """Embeddings (n, 1, 64) of face patches (n, 32, 32, 3) uint8, unit length.

    With views > 1 each patch is also embedded turned by quarter turns, and the views are
    averaged: steadier readings for `views` times the work.
    """
    if len(patches) == 0:
        return np.zeros((0, 1, 64), np.float32)
    turned = np.concatenate([np.rot90(patches, k, axes=(1, 2)) for k in range(views)])
    features = forward(model, turned.astype(np.float32).transpose(0, 3, 1, 2))
    out = features.reshape(views, len(patches), -1).mean(axis=0)
    out /= np.linalg.norm(out, axis=1, keepdims=True) + 1e-9
    return out[:, None, :]


# patches per forward pass when embedding many (teaching a set): small batches stay in the
# CPU's cache; 4,000 face patches on one core took 1.4x as long in batches of 2,048 as of
# 64 (10.3-10.9 s against 7.2-7.8 s, the same embeddings to the bit)
BATCH = 64


def cocked(context: np.ndarray) -> np.ndarray:
    """(n,) probability that each die leans on something (cocked.onnx), from its context
    patches (n, CONTEXT, CONTEXT, 3) uint8 (vision.patches)."""
    if len(context) == 0:
        return np.zeros(0, np.float32)
    return forward("cocked.onnx", context.astype(np.float32).transpose(0, 3, 1, 2)).reshape(-1)


PLACED = "cocked-place.onnx"  # the cocked network that sees a die's place (cocked_placed)


def cocked_placed(context: np.ndarray, places: np.ndarray, model: str = PLACED) -> np.ndarray:
    """(n,) probability that each die leans, from its context patches turned so that the
    frame's middle lies below it and its place in the frame (vision.patches.placed_cut:
    (n, CONTEXT, CONTEXT, 3) uint8 and (n, PLACE)), as constant planes after the colours."""
    if len(context) == 0:
        return np.zeros(0, np.float32)
    n, size = len(context), context.shape[1]
    where = places.astype(np.float32)[:, :, None, None]
    planes = np.broadcast_to(where, (n, places.shape[1], size, size))
    inputs = np.concatenate([context.astype(np.float32).transpose(0, 3, 1, 2), planes], axis=1)
    return forward(model, inputs).reshape(-1)
