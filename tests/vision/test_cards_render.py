"""The card renderer draws our own designs where a scene says, and labels them; the
composer cuts real cards out of their photos and lays seeded hands on table photos."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from tests.shared_data import shared
from vision import labels
from vision.cards import glyphs
from vision.cards.compose import card_outline, write_hands
from vision.cards.dataset import random_set
from vision.cards.design import BLACK, COLORS, VALUES, card_kinds, draw_card, random_design
from vision.cards.scene import CardScene, Placed, Table, random_scene, render
from vision.detect import iou


def test_every_card_kind_is_drawn_and_differs_from_the_others() -> None:
    design = random_design(np.random.default_rng(4))
    textures = {}
    for color, value in card_kinds():
        tex, alpha = draw_card(design, color, value, 80)
        assert tex.shape[:2] == alpha.shape and tex.dtype == np.uint8
        assert alpha[alpha.shape[0] // 2, alpha.shape[1] // 2] == pytest.approx(1.0)
        assert alpha[0, 0] < 0.5  # rounded corners
        textures[(color, value)] = tex.astype(int)
    assert len(textures) == 4 * 13 + 2
    kinds = list(textures)
    for i, a in enumerate(kinds):
        for b in kinds[i + 1 :]:
            assert np.abs(textures[a] - textures[b]).mean() > 1.0, (a, b)


def test_designs_of_the_two_splits_use_different_typefaces_and_symbols() -> None:
    train = set(glyphs.faces("train"))
    held = set(glyphs.faces("held-out"))
    assert train and held and not train & held
    for value in glyphs.SYMBOLS:
        assert not set(glyphs.variants(value, "train")) & set(glyphs.variants(value, "held-out"))
    rng = np.random.default_rng(1)
    for _ in range(20):
        d = random_design(rng, "held-out")
        assert (d.face.kind, d.face.name) in held
        assert all(v in glyphs.variants(k, "held-out") for k, v in d.variants)


def test_a_card_is_drawn_where_the_scene_puts_it_turned_as_it_says() -> None:
    design = random_design(np.random.default_rng(2))
    card = Placed(design, "red", "7", 320, 240, 200, 30)
    frame, drawn = render(CardScene(640, 480, (card,), Table("plain", (40, 40, 40)), noise=0))
    (d,) = drawn
    assert (d.color, d.value) == ("red", "7")
    assert d.visible == pytest.approx(1.0, abs=0.02) and d.middle == pytest.approx(1.0, abs=0.02)
    c = np.mean(d.corners, axis=0)
    assert math.dist(c, (320, 240)) < 1
    top = (np.array(d.corners[0]) + d.corners[1]) / 2 - c
    assert math.degrees(math.atan2(top[0], -top[1])) == pytest.approx(30, abs=0.5)
    assert frame[240, 320].astype(int).sum() > frame[5, 5].astype(int).sum() + 100


def test_a_card_laid_over_another_hides_part_of_it() -> None:
    design = random_design(np.random.default_rng(3))
    under = Placed(design, "blue", "2", 300, 240, 200, 0)
    over = Placed(design, "green", "skip", 360, 240, 200, 0)
    _, drawn = render(CardScene(640, 480, (under, over)))
    assert drawn[0].visible < 0.7 and drawn[1].visible > 0.98
    assert drawn[0].middle < 1.0


def test_random_scenes_and_sets_are_reproducible(tmp_path: Path) -> None:
    a, da = render(random_scene(np.random.default_rng(9)))
    b, db = render(random_scene(np.random.default_rng(9)))
    assert np.array_equal(a, b) and da == db
    one = random_set(tmp_path / "a", 3, 5, "held-out")
    two = random_set(tmp_path / "b", 3, 5, "held-out")
    assert [im.dice for im in one.images] == [im.dice for im in two.images]
    back = labels.load(tmp_path / "a")
    assert back.face_set == "cards" and len(back.images) == 3
    for saved, made in zip(back.images, one.images, strict=True):
        assert [(c.face, c.color) for c in saved.dice] == [(c.face, c.color) for c in made.dice]
        for c, m in zip(saved.dice, made.dice, strict=True):
            assert np.allclose(c.box, m.box, atol=0.06) and np.allclose(
                c.corners, m.corners, atol=0.06
            )
    for image in back.images:
        for card in image.dice:
            assert card.corners is not None and card.face in (*VALUES, "back")
            assert card.color in (*COLORS, BLACK)
            assert (card.color == BLACK) == (card.face in ("wild", "wild4", "back"))


def deck() -> labels.LabelSet:
    return shared("cards/deck-a")


def test_each_real_card_outline_agrees_with_its_labelled_box() -> None:
    """The cut-outs the composer uses: on every photo the fitted outline's box and the
    label's overlap by 0.95 or more (so the labels' boxes are right too)."""
    photos = deck()
    for image in photos.images:
        corners, _ = card_outline(photos.frame(image), image.dice[0].box)
        box = (*corners.min(axis=0), *corners.max(axis=0))
        assert iou(box, image.dice[0].box) >= 0.95, image.file


def test_composed_hands_are_seeded_and_lay_5_to_10_cards_on_the_table(tmp_path: Path) -> None:
    photos = deck()
    root = photos.root
    a = write_hands(tmp_path / "a", root, 2, 7)
    b = write_hands(tmp_path / "b", root, 2, 7)
    assert [im.dice for im in a.images] == [im.dice for im in b.images]
    kinds = {(im.dice[0].color, im.dice[0].face) for im in photos.images}
    for image in labels.load(tmp_path / "a").images:
        assert 5 <= len(image.dice) <= 10
        assert len({(c.color, c.face) for c in image.dice}) == len(image.dice)  # each once
        assert all((c.color, c.face) in kinds for c in image.dice)
