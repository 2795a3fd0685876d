"""Our own designs of each face (vision.designs): every edition draws every face of its set,
the same seed draws the same edition, and the seeds models learn from, calibrate on and are
compared on never overlap."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.designs import CHECK, DESIGNS, HELD_OUT, TRAINED, edition, edition_looks
from vision.glyphs import draw_face, faces_of
from vision.patches import cut
from vision.reader import color_features
from vision.render.draw import render
from vision.render.random_scenes import random_scene

LIGHTER = 36  # color_features' column: how much lighter the glyph is than the body


@pytest.mark.parametrize("face_set", sorted(DESIGNS))
def test_every_edition_draws_every_face_visibly_and_alike_for_a_seed(face_set: str) -> None:
    for seed in (0, 1, 2, 10_001, 20_002):
        style = edition(face_set, seed)
        assert style == f"{face_set}~{seed}" and edition(face_set, seed) == style
        for face in faces_of(face_set):
            tex = draw_face(style, face, 64, (30, 30, 30), (230, 230, 230))
            inked = float((tex[..., 1] > 128).mean())
            assert 0.01 < inked < 0.6, (style, face, inked)  # a glyph, not a blank or a blot


def test_editions_differ_from_seed_to_seed() -> None:
    hearts = [
        draw_face(edition("kot", s), "heart", 32, (0, 0, 0), (255, 255, 255)) for s in range(8)
    ]
    assert len({h.tobytes() for h in hearts}) == 8


def test_trained_held_out_and_check_designs_never_overlap() -> None:
    assert not set(TRAINED) & set(HELD_OUT) and not set(TRAINED) & set(CHECK)
    assert not set(HELD_OUT) & set(CHECK)


def test_an_editions_extra_dice_are_its_main_dice_the_other_way_round() -> None:
    """King of Tokyo's main dice (role black) have glyphs lighter than their body, the extra
    dice (role green) darker, by a clear step of Lab lightness, whatever the colours."""
    for seed in [*TRAINED[:300], *HELD_OUT[:100]]:
        main, extra = edition_looks("kot", seed)
        assert (main.color, extra.color) == ("black", "green")
        assert lightness(main.ink) - lightness(main.body) >= 35, seed
        assert lightness(extra.body) - lightness(extra.ink) >= 35, seed


def test_a_face_set_whose_dice_play_one_role_gets_one_look_of_that_role() -> None:
    looks = [edition_looks("pips", seed)[0] for seed in range(40)]
    assert {look.color for look in looks} == {"any"}
    light_glyphs = sum(lightness(look.ink) > lightness(look.body) for look in looks)
    assert 5 < light_glyphs < 35  # light on dark and dark on light, both


def lightness(c: tuple[int, int, int]) -> float:
    return float(cv2.cvtColor(np.array([[c]], np.uint8), cv2.COLOR_BGR2LAB)[0, 0, 0])


def test_the_colour_features_tell_which_is_lighter_glyph_or_body() -> None:
    """What the face sets' colour models read a role from (vision.reader.color_features):
    on rendered dice of a dozen editions, the glyph-lighter-than-body feature says main
    (black) or extra (green) for nearly every die (a glyph covering most of its face can
    turn it round; the colour model weighs the other features too)."""
    rng = np.random.default_rng(4)
    told = []
    for seed in range(12):
        main, extra = edition_looks("kot", seed)
        frame, drawn = render(random_scene(rng, "kot", n_dice=6, looks=[main, extra], clean=True))
        for die in drawn:
            patch = cut(frame, die.center, (die.box[2] - die.box[0]) * 0.8, die.angle)
            told.append((color_features(patch[None])[0, LIGHTER] > 0) == (die.color == "black"))
    assert len(told) > 60 and np.mean(told) >= 0.9, np.mean(told)
