"""vision.d4_read: a d4's glyph softmax and its chirality learned from the dice's results
alone (what a table's labels say), and its result read from all its glyphs. The vertices
here are the renderer's (DrawnDie.corners): the vertex network is measured elsewhere."""

from __future__ import annotations

import numpy as np
import pytest

from vision import d4_cuts, d4_read, d4_vertices
from vision.glyphs import faces_of
from vision.render.draw import render
from vision.render.random_scenes import random_scene
from vision.teach import threshold_for

FACES = faces_of("fate")


def rendered_dice(seed: int, frames: int) -> list[tuple[d4_read.Cuts, int, tuple[int, ...]]]:
    """Each rendered flat d4's glyph cuts at its vertices as drawn, its result and the
    glyphs at its outer corners clockwise as seen."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(frames):
        frame, drawn = render(random_scene(rng, "fate", n_dice=8))
        for d in drawn:
            if d.cocked or d.visible < 0.9 or not d.corners:
                continue
            corners = np.array(d.corners)
            names = [FACES.index(f) for f in d.corner_faces]
            seen = d4_vertices.clockwise(corners)
            # the outer corners' glyphs in the clockwise order the cuts name them by
            around = tuple(
                names[1 + int(np.argmin(np.linalg.norm(corners[1:] - p, axis=1)))] for p in seen[1:]
            )
            cuts = d4_cuts.glyph_cuts(frame, seen[0], seen[1:])
            out.append((cuts, names[0], around))
    return out


@pytest.fixture(scope="module")
def dice() -> list[tuple[d4_read.Cuts, int, tuple[int, ...]]]:
    return rendered_dice(5, 24)


def test_the_chirality_is_learned_from_the_results_alone(dice: list) -> None:  # type: ignore[type-arg]
    taught = dice[: len(dice) // 2]
    _w, _b, chirality = d4_read.learn([(c, r) for c, r, _ in taught], len(FACES))
    for _cuts, result, around in dice:
        order = tuple(int(v) for v in chirality[result])
        # the die's own order round its result, from whichever corner
        assert around in {order, order[1:] + order[:1], order[2:] + order[:2]}, (result, around)


def test_the_result_is_read_from_every_glyph_and_sure_when_they_agree(dice: list) -> None:  # type: ignore[type-arg]
    half = len(dice) // 2
    w, b, chirality = d4_read.learn([(c, r) for c, r, _ in dice[:half]], len(FACES))
    others = dice[half:]
    probs = d4_read.results([c for c, _, _ in others], w, b, chirality)
    assert probs.shape == (len(others), len(FACES))
    assert np.allclose(probs.sum(axis=1), 1)
    right = probs.argmax(axis=1) == np.array([r for _, r, _ in others])
    assert right.mean() >= 0.97, right.mean()
    assert np.median(probs.max(axis=1)) > 0.99
    # a die none of whose faces is seen (vertices not found) is not read at all
    assert np.allclose(d4_read.results([[]], w, b, chirality), 0.25)


def test_a_d4_set_needs_four_faces_each_seen_on_top(dice: list) -> None:  # type: ignore[type-arg]
    with pytest.raises(ValueError, match="four faces"):
        d4_read.learn([(c, r) for c, r, _ in dice], 6)
    eyes = [(c, r) for c, r, _ in dice if r == 0]
    with pytest.raises(ValueError, match="every face"):
        d4_read.learn(eyes, len(FACES))


def test_the_glyph_threshold_is_the_lowest_that_keeps_silent_errors_under_the_target() -> None:
    sure = np.array([0.6, 0.97, 0.999, 0.9999, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0])
    wrong = np.array([True, True, True, False, False, False, False, False, False, False])
    assert threshold_for(sure, wrong, target=0.0, finer=d4_read.FINER) == 0.9995
    assert threshold_for(sure, wrong, target=0.1, finer=d4_read.FINER) == 0.98
    assert threshold_for(sure, wrong, target=0.2, finer=d4_read.FINER) == 0.61
