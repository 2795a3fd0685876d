"""detect.suppress keeps what the rule says, box by box: the surest of boxes that overlap
or share a place. Checked against that rule written pair by pair (its first form)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from vision import detect
from vision.detect import Candidate, iou


def pair_by_pair(
    found: list[Candidate], overlap: float = 0.5, near: float = 0.6, ordered: bool = False
) -> list[Candidate]:
    def same_place(a: Candidate, b: Candidate) -> bool:
        side = min(a.box[2] - a.box[0], a.box[3] - a.box[1], b.box[2] - b.box[0])
        side = min(side, b.box[3] - b.box[1])
        return math.dist(a.center, b.center) < near * side

    kept: list[Candidate] = []
    for c in found if ordered else sorted(found, key=lambda c: -c.score):
        if all(iou(c.box, k.box) <= overlap and not same_place(c, k) for k in kept):
            kept.append(c)
    return kept


def candidates(rng: np.random.Generator, n: int, spread: float) -> list[Candidate]:
    out = []
    for _ in range(n):
        x, y = rng.uniform(0, spread, 2)
        w, h = rng.uniform(2, 40, 2)
        if rng.random() < 0.05:
            w = 0.0  # a box of no area: its IoU is 0 with everything
        box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
        score = float(rng.choice([0.5, 0.9])) if rng.random() < 0.3 else float(rng.random())
        out.append(Candidate((x, y), (w + h) / 2, 0.0, box, score))
    return out


@pytest.mark.parametrize("seed", range(40))
def test_the_same_boxes_as_the_rule_pair_by_pair(seed: int) -> None:
    rng = np.random.default_rng(seed)
    found = candidates(rng, int(rng.integers(0, 120)), spread=float(rng.uniform(20, 400)))
    ordered = bool(seed % 2)
    assert detect.suppress(found, ordered=ordered) == pair_by_pair(found, ordered=ordered)
    assert detect.suppress(found, 0.3, 0.9) == pair_by_pair(found, 0.3, 0.9)


def test_a_frame_of_noise_gives_the_same_finds_as_pair_by_pair() -> None:
    from vision.teach import FINDER, noise_frames

    frame = noise_frames(np.random.default_rng(0))[1]  # the finder's hundreds of boxes
    found = detect._find_once(frame, detect.DIE_THRESHOLD, detect.FINDER_WIDTH, FINDER)
    assert len(found) > 100
    assert detect.suppress(found) == pair_by_pair(found)
