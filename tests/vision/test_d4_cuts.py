"""vision.d4_cuts: a d4's glyphs cut flat from its four vertices as seen, and its result
weighed from all of them over the die's rotations (the renderer says where the vertices
are: DrawnDie.corners)."""

from __future__ import annotations

import cv2
import numpy as np

from vision import d4_cuts
from vision.glyphs import draw_face, faces_of
from vision.render import tetra
from vision.render.draw import DrawnDie, render
from vision.render.scene import FATE_SAND, Camera, Die, Light, Scene, Tabletop

FACES = faces_of("fate")


def top_down(die: Die, x: float = 0.0) -> tuple[np.ndarray, list[DrawnDie]]:
    table = Tabletop(kind="plain", color=(60, 120, 60), tray=None, outside=(60, 120, 60))
    camera = Camera(width=640, height_px=480, height=25, fov=40)
    scene = Scene(
        dice=(Die(x, 0, die.face, FATE_SAND, yaw=die.yaw),),
        table=table,
        camera=camera,
        light=Light(),
    )
    return render(scene)


def test_the_renderer_says_where_a_d4s_vertices_are_seen() -> None:
    _frame, (drawn,) = top_down(Die(0, 0, "fate_snake", yaw=33))
    assert len(drawn.corners) == 4 and drawn.corner_faces[0] == "fate_snake"
    assert sorted(drawn.corner_faces) == sorted(FACES)
    assert np.allclose(drawn.corners[0], drawn.center, atol=0.1)  # the top vertex
    base = np.array(drawn.corners[1:])
    x0, y0, x1, y1 = drawn.box
    assert np.all((base >= (x0 - 0.1, y0 - 0.1)) & (base <= (x1 + 0.1, y1 + 0.1)))
    # clockwise as seen (image y down), round the base's middle
    turns = [d4_cuts._turn(base.mean(0), base[k], base[(k + 1) % 3]) for k in range(3)]
    assert all(t > 0 for t in turns)


def test_straight_below_three_faces_show_a_third_of_their_height() -> None:
    frame, (drawn,) = top_down(Die(0, 0, "fate_eye", yaw=10))
    cuts = d4_cuts.glyph_cuts(frame, drawn.corners[0], drawn.corners[1:])
    assert len(cuts) == 9
    assert sorted({c.face for c in cuts}) == [0, 1, 2]
    assert all(abs(c.squash - 1 / 3) < 0.05 for c in cuts)
    assert [c.corner for c in cuts].count(d4_cuts.TOP) == 3


def flat_drawing(face: str) -> np.ndarray:
    """The glyph as drawn on a flat face, framed as a glyph cut frames it."""
    big = 160
    side = round(tetra.GLYPH / d4_cuts.SPAN * big)
    out = np.full((big, big, 3), FATE_SAND.body, np.uint8)
    at = (big - side) // 2
    out[at : at + side, at : at + side] = draw_face(
        "fate", face, side, FATE_SAND.body, FATE_SAND.ink, inset=0.0
    )
    return np.asarray(cv2.resize(out, (d4_cuts.CUT, d4_cuts.CUT), interpolation=cv2.INTER_AREA))


def test_every_glyph_is_cut_flat_and_upright() -> None:
    drawings = d4_cuts.pixel_features(np.stack([flat_drawing(f) for f in FACES]))
    for yaw in (0, 47, 100):
        for face in FACES:
            frame, (drawn,) = top_down(Die(0, 0, face, yaw=yaw))
            cuts = d4_cuts.glyph_cuts(frame, drawn.corners[0], drawn.corners[1:])
            nearest = d4_cuts.pixel_features(np.stack([c.patch for c in cuts])) @ drawings.T
            for cut, best in zip(cuts, nearest.argmax(axis=1), strict=True):
                at = 0 if cut.corner == d4_cuts.TOP else 1 + cut.corner
                assert FACES[best] == drawn.corner_faces[at], (yaw, face, cut.corner)


def test_off_to_one_side_a_face_turns_away() -> None:
    apex = np.array([0.0, -12.0])  # seen beyond the base edge between corners 0 and 1
    base = np.array([[-10.0, -6.0], [10.0, -6.0], [0.0, 11.0]])
    seen = d4_cuts.faces_seen(apex, base)
    assert sorted(k for k, *_ in seen) == [0, 1]  # the face opposite corner 2 does not show
    assert d4_cuts.faces_seen(np.array([0.0, 0.0]), base)[0][3] > 0


CHIRALITY = {0: (1, 3, 2), 1: (0, 2, 3), 2: (0, 3, 1), 3: (0, 1, 2)}


def reads(
    result: int, around: tuple[int, int, int], right: float = 0.9
) -> tuple[np.ndarray, list[int]]:
    corners = [d4_cuts.TOP] * 3 + [0, 0, 1, 1, 2, 2]
    probs = np.full((9, 4), (1 - right) / 3)
    for i, c in enumerate(corners):
        probs[i, result if c == d4_cuts.TOP else around[c]] = right
    return probs, corners


def test_a_die_is_read_from_all_of_its_glyphs_over_its_rotations() -> None:
    assert len(d4_cuts.rotations(CHIRALITY)) == 12
    probs, corners = reads(2, (3, 1, 0))
    p = d4_cuts.result_probabilities(probs, corners, CHIRALITY)
    assert p.argmax() == 2 and p.max() > 0.999
    # the three tops misread as the eye, but the outer corners show the eye: not the eye
    probs[:3] = [0.8, 0.05, 0.1, 0.05]
    p = d4_cuts.result_probabilities(probs, corners, CHIRALITY)
    assert p.argmax() != 0
    # glyphs that no rotation of the die shows together leave it unsure
    probs, corners = reads(2, (1, 3, 0))  # (1, 3, 0) is the eye's order round the top, not 2's
    probs[:3] = 0.25
    p = d4_cuts.result_probabilities(probs, corners, CHIRALITY)
    assert p.max() < 0.9


def test_d4s_whose_vertices_are_known_are_read_from_their_glyphs() -> None:
    """python -m vision.train d4-ceiling, small: taught on 4 renders, reading 4 others."""
    from vision.train.d4_ceiling import ceiling

    figures = ceiling(seed=7373, frames=4)
    assert figures["dice"] >= 20, figures
    assert figures["best_guess_right"] >= 0.95, figures
    assert figures["silent_at_0.99"] <= 0.05, figures
