"""A die lying among the cards is no card: the finder grows a region shorter than a card
to the frame's card length (a card partly under another), but not a square showing a
die's pips (branch cards40: cards37's network read such a die a sure wild four)."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from vision.cards import finder
from vision.cards.design import random_design
from vision.cards.scene import CardScene, Placed, Table, render


def _cards(*cards: tuple[str, str, float, float, float]) -> np.ndarray:
    design = random_design(np.random.default_rng(3), "train")
    placed = tuple(Placed(design, c, v, x, y, 190, a) for c, v, x, y, a in cards)
    frame, _ = render(CardScene(640, 480, placed, Table("felt", (60, 90, 50), seed=1), noise=2))
    return np.ascontiguousarray(frame)


def _die(frame: np.ndarray, centre: tuple[int, int], side: int, turn: float) -> None:
    """A white die showing five black pips, turned by `turn` degrees."""
    face = np.full((side, side, 3), 235, np.uint8)
    for u, v in ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)):
        cv2.circle(face, (int(u * side), int(v * side)), side // 10, (25, 25, 25), -1)
    mask = np.zeros((side, side), np.uint8)
    cv2.rectangle(mask, (0, 0), (side - 1, side - 1), 255, -1)
    m = cv2.getRotationMatrix2D((side / 2, side / 2), turn, 1.0)
    m[:, 2] += (centre[0] - side / 2, centre[1] - side / 2)
    h, w = frame.shape[:2]
    warped = cv2.warpAffine(face, m, (w, h))
    inside = cv2.warpAffine(mask, m, (w, h)) > 127
    frame[inside] = warped[inside]


def _at(found: list[finder.Found], x: float, y: float) -> list[finder.Found]:
    return [f for f in found if math.dist(f.center, (x, y)) < 40]


def test_a_die_among_the_cards_is_not_found_as_a_card(monkeypatch: pytest.MonkeyPatch) -> None:
    frame = _cards(
        ("red", "7", 110, 130, 10), ("blue", "5", 300, 130, 0), ("green", "2", 490, 130, 170)
    )
    _die(frame, (320, 360), 110, 20)  # (a die as wide as 0.85 of a card: a close-up)
    assert len(finder.find(frame)) == 3
    assert len(_at(finder.find(frame), 320, 360)) == 0
    # without the pips' check the die's square is grown to a card's length: found as a card
    monkeypatch.setattr(finder, "PIPS", math.inf)
    grown = _at(finder.find(frame), 320, 360)
    assert len(grown) == 1 and grown[0].long / grown[0].short > finder.ASPECTS[0]


def test_the_pips_check_costs_no_card_of_rendered_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """Frames of our renderer (cards overlapping, in piles and fans, every motif: the end of
    a card under another shows as square): every card found without the check is found
    with it."""
    from vision.cards.scene import random_scene
    from vision.evaluate import match
    from vision.labels import LabelledDie

    rng = np.random.default_rng(4100)
    for _ in range(12):
        scene = random_scene(rng, "train", layout=str(rng.choice(["pile", "fan", "row"])))
        frame, drawn = render(scene)
        cards = [LabelledDie(d.box, d.value) for d in drawn if d.visible >= 0.5]
        with monkeypatch.context() as m:
            m.setattr(finder, "PIPS", math.inf)
            before = {i for i, _ in match(cards, finder.find(frame))}
        after = {i for i, _ in match(cards, finder.find(frame))}
        assert before <= after
