"""Where a d4's vertices are seen (vision.d4_vertices): the cut round a find and back, the
maps the vertex network is taught to give and what is read from them."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import d4_vertices, paths
from vision.d4_vertices import CELLS, CROP
from vision.detect import Candidate
from vision.render.draw import render
from vision.render.scene import FATE_SAND, Camera, Die, Light, Scene, Tabletop
from vision.train.__main__ import main


def drawn_d4(yaw: float) -> tuple[np.ndarray, np.ndarray, Candidate]:
    table = Tabletop(kind="plain", color=(60, 120, 60), tray=None, outside=(60, 120, 60))
    scene = Scene(
        dice=(Die(0.5, -0.3, "fate_snake", FATE_SAND, yaw=yaw),),
        table=table,
        camera=Camera(height=20, fov=40),
        light=Light(),
    )
    frame, (d,) = render(scene)
    x0, _, x1, _ = d.box
    side = 0.6 * (x1 - x0)  # the finder's side is about 0.47-0.79 of an edge
    found = Candidate(d.center, side, 0.0, d.box, 1.0)
    return frame, np.array(d.corners), found


def test_the_cut_holds_the_whole_die_and_maps_back() -> None:
    frame, corners, found = drawn_d4(20)
    cut, m = d4_vertices.crop(frame, found)
    assert cut.shape == (CROP, CROP, 3)
    inside = d4_vertices.apply(m, corners)
    assert (inside > 2).all() and (inside < CROP - 2).all(), inside
    back = d4_vertices.apply(d4_vertices.invert(m), inside)
    assert np.allclose(back, corners, atol=1e-6)


def test_a_second_look_cuts_the_die_round_its_base_and_larger() -> None:
    """vision.d4_vertices.refined: the cut re-centred on the base's middle of the vertices
    first found, showing their edge REFINE_EDGE pixels (the finder's cut: 26-37)."""
    frame, corners, found = drawn_d4(20)
    corners = d4_vertices.clockwise(corners)
    _, first = d4_vertices.crop(frame, found)
    again = d4_vertices.refined(found, corners)
    _, m = d4_vertices.crop(frame, again)
    inside = d4_vertices.apply(m, corners)
    assert np.allclose(inside[1:].mean(axis=0), CROP / 2, atol=1e-6)
    assert d4_vertices.edge(inside) == pytest.approx(d4_vertices.REFINE_EDGE)
    assert d4_vertices.edge(inside) > d4_vertices.edge(d4_vertices.apply(first, corners))
    assert (inside > 2).all() and (inside < CROP - 2).all(), inside  # the whole die


def test_the_network_finds_a_drawn_die_s_vertices_to_a_pixel_or_two() -> None:
    for yaw in (0, 35, 80):
        frame, corners, found = drawn_d4(yaw)
        truth = d4_vertices.clockwise(corners)
        for refine in (False, True):
            (seen,) = d4_vertices.find(frame, [found], views=8, refine=refine)
            off = min(
                np.linalg.norm(np.vstack([seen[0], np.roll(seen[1:], k, 0)]) - truth, axis=1).max()
                for k in range(3)
            )
            assert off * 50 / d4_vertices.edge(truth) < 2.0, (yaw, refine, off)


def test_the_outer_corners_come_clockwise_round_the_top_whatever_their_order() -> None:
    _, corners, _ = drawn_d4(50)
    ordered = d4_vertices.clockwise(corners)
    shuffled = d4_vertices.clockwise(corners[[0, 3, 1, 2]])
    # the same three corners, in the same turn round the top (from some first one)
    assert any(np.allclose(np.roll(ordered[1:], k, 0), shuffled[1:]) for k in range(3))
    (a, b, c) = ordered[1:]
    mid = ordered[1:].mean(axis=0)
    # y down: clockwise round the base's middle, a positive cross product corner to corner
    for p, q in ((a, b), (b, c), (c, a)):
        assert (p[0] - mid[0]) * (q[1] - mid[1]) - (p[1] - mid[1]) * (q[0] - mid[0]) > 0
    assert d4_vertices.edge(ordered) > 10


def test_the_taught_maps_read_back_to_the_vertices_to_the_pixel_fraction() -> None:
    rng = np.random.default_rng(4)
    for yaw in (0, 35, 80):
        frame, corners, found = drawn_d4(yaw)
        _, m = d4_vertices.crop(frame, found)
        inside = d4_vertices.clockwise(d4_vertices.apply(m, corners))
        inside += rng.uniform(-0.3, 0.3, inside.shape)  # anywhere within a cell
        heat, offset, weight = d4_vertices.maps_of(inside)
        assert heat.shape == (2, CELLS, CELLS) and heat.max() == 1.0
        assert weight[0].sum() == 9 and weight[1].sum() == 27  # the cells round each vertex
        read = d4_vertices.decode(np.concatenate([heat, offset]))
        assert np.allclose(read, inside, atol=1e-5), (read, inside)


def test_a_cut_turned_and_mirrored_maps_its_points_with_it() -> None:
    """The cut's eight symmetries (read all ways round, vision.d4_vertices.find's views) move
    its pixels exactly where they move points."""
    cut = np.zeros((CROP, CROP, 3), np.uint8)
    cut[20, 10] = 255  # x 10, y 20
    for k in range(8):
        m = d4_vertices._dihedral(k)
        turned = cv2.warpAffine(cut, m, (CROP, CROP), flags=cv2.INTER_NEAREST)
        y, x = np.argwhere(turned[:, :, 0] == 255)[0]
        assert np.allclose(d4_vertices.apply(m, np.array([[10.0, 20.0]])), [[x, y]]), k
        back = d4_vertices.apply(d4_vertices.invert(m), np.array([[x, y]], float))
        assert np.allclose(back, [[10, 20]])


def test_the_ceiling_at_found_vertices_says_how_to_make_the_network_when_it_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(paths, "MODELS", tmp_path)
    assert main(["d4-ceiling", "--vertices", "found", "--frames", "1"]) == 2
    assert "python -m vision.train d4-vertex-data" in capsys.readouterr().out


def test_the_network_is_taught_each_die_as_both_looks_cut_it() -> None:
    """vision.train.d4_vertex_data: each found d4 cut round the find and again as the
    second look cuts it (round its base, its edge REFINE_EDGE pixels)."""
    from vision.train.d4_vertex_data import render_data

    data = render_data(5, 2)
    vertices, edges = data["vertices"].astype(np.float64), data["edges"]
    assert len(vertices) >= 4 and len(vertices) % 2 == 0
    assert np.array_equal(edges[0::2], edges[1::2])  # one die, two cuts
    for second in vertices[1::2]:
        assert np.allclose(second[1:].mean(axis=0), CROP / 2, atol=1e-3)
        assert d4_vertices.edge(second) == pytest.approx(d4_vertices.REFINE_EDGE, rel=1e-4)
    # the first cut's scale is the finder's: another edge
    assert not np.allclose([d4_vertices.edge(v) for v in vertices[0::2]], d4_vertices.REFINE_EDGE)
