"""Colour by look and the set's own dice read by a softmax of their own (vision.looks)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import build_shipped, faceset, labels, looks, patches
from vision.build_shipped import LOOK_TIGHT_CUTS, hard_light, tight_cuts
from vision.reader import COLOR_FEATURES
from vision.teach import fit_softmax


def _xor(rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Two looks per role, placed so that no line tells the roles apart."""
    x = rng.normal(0, 0.3, (n, COLOR_FEATURES)).astype(np.float32)
    corner = rng.integers(0, 4, n)
    x[:, 0] += np.where(corner % 2, 2.0, -2.0)
    x[:, 1] += np.where(corner // 2, 2.0, -2.0)
    role = (corner % 2) ^ (corner // 2)
    return x, role


def test_the_look_network_tells_roles_apart_that_one_softmax_cannot() -> None:
    rng = np.random.default_rng(1)
    x, role = _xor(rng, 800)
    test_x, test_role = _xor(rng, 400)
    w, b = fit_softmax(x, role, 2, 1e-4, 600)
    linear = np.mean((test_x @ w + b).argmax(axis=1) == test_role)
    net = looks.fit_look_net(x, role, 2, steps=400)
    w1, b1, w2, b2 = net
    read = (np.maximum(test_x @ w1 + b1, 0) @ w2 + b2).argmax(axis=1)
    assert linear < 0.8
    assert np.mean(read == test_role) > 0.98


def test_averaged_look_networks_read_as_their_fits_logits_averaged() -> None:
    rng = np.random.default_rng(3)
    x, role = _xor(rng, 800)
    test_x, test_role = _xor(rng, 400)
    w1, b1, w2, b2 = looks.fit_averaged(x, role, 2, fits=3, steps=400)
    assert w1.shape == (COLOR_FEATURES, 3 * looks.LOOK_HIDDEN) and w2.shape[0] == len(b1)
    logits = [
        np.maximum(test_x @ n[0] + n[1], 0) @ n[2] + n[3]
        for n in (looks.fit_look_net(x, role, 2, steps=400, seed=s) for s in range(3))
    ]
    averaged = np.maximum(test_x @ w1 + b1, 0) @ w2 + b2
    assert np.allclose(averaged, np.mean(logits, axis=0), atol=1e-4)
    assert not np.allclose(logits[0], logits[1], atol=1e-2)  # the fits differ
    assert np.mean(averaged.argmax(axis=1) == test_role) > 0.98


def test_tight_cuts_show_a_die_as_the_reader_cuts_one_found_by_its_glyph(tmp_path: Path) -> None:
    # a white die on a grey table: a tight cut shows the die alone, a jittered cut (the
    # build's other cuts) shows it with the table round it
    frame = np.full((200, 300, 3), 90, np.uint8)
    frame[60:140, 100:180] = 250
    cv2.imwrite(str(tmp_path / "a.png"), frame)
    dice = (
        labels.LabelledDie((100, 60, 180, 140), "heart", "black"),
        labels.LabelledDie((10, 10, 40, 40), "1", "green", cocked=True),
    )
    label_set = labels.LabelSet("kot", [labels.LabelledImage("a.png", 300, 200, dice)], tmp_path)
    cut, colors = tight_cuts(label_set, seed=0)
    assert len(cut) == LOOK_TIGHT_CUTS and colors == ["black"] * LOOK_TIGHT_CUTS  # no cocked
    more, _ = tight_cuts(labels.LabelSet("kot", label_set.images * 50, tmp_path), seed=1)
    rng = np.random.default_rng(2)
    jittered = np.stack([patches.jittered_cut(frame, dice[0].box, rng) for _ in range(len(more))])
    assert np.mean(more > 200) > 0.99  # 0.998: the table only where a cut falls off-centre
    assert np.mean(jittered > 200) < 0.95  # 0.90


def test_hard_light_lights_blurs_or_tints_each_die(monkeypatch: pytest.MonkeyPatch) -> None:
    # a dark green die with a white glyph: a highlight only lightens its body (by much
    # somewhere), blur softens the glyph's edge, coloured light tints the body as a whole
    patch = np.full((patches.PATCH, patches.PATCH, 3), (40, 120, 40), np.uint8)
    patch[12:20, 12:20] = 250
    cut = np.stack([patch] * 40)
    edge = np.abs(np.diff(cut[:, 16, :, 1].astype(int), axis=1)).max(axis=1)
    lit = {}
    for kind, shares in [("light", (1, 0, 0)), ("blur", (0, 1, 0)), ("tint", (0, 0, 1))]:
        monkeypatch.setattr(build_shipped, "LOOK_HARD_LIGHT", shares)
        lit[kind] = hard_light(cut, np.random.default_rng(0)).astype(int)
        assert lit[kind].shape == cut.shape
    darker = (lit["light"] < cut)[cut < 200]  # towards a near white: the glyph may darken
    assert not darker.any() and ((lit["light"] - cut).max(axis=(1, 2, 3)) > 40).all()
    assert (np.abs(np.diff(lit["blur"][:, 16, :, 1], axis=1)).max(axis=1) < edge * 0.8).all()
    body = lit["tint"][:, 2:6, 2:6].reshape(len(cut), -1, 3)
    assert (body.std(axis=1) < 1).all()  # one light over the whole die
    ratio = body[:, 0, 1] / np.maximum(body[:, 0, 0], 1)  # green over blue: 3 unlit
    assert np.std(ratio) > 0.3


def test_look_classes_keep_a_sets_own_dice_apart_by_role() -> None:
    roles, home = np.array([0, 1, 0, 1]), np.array([True, True, False, False])
    classes = looks.look_classes(roles, home, 2)
    look_roles, look_home = looks.class_roles(2)
    assert classes.tolist() == [0, 1, 2, 3]
    assert look_roles[classes].tolist() == roles.tolist()
    assert look_home[classes].tolist() == home.tolist()


def _homed(kot: faceset.FaceSet) -> faceset.FaceSet:
    """`kot` with a look network that takes dice with a bright first colour feature for its
    own green ones, and a home softmax that is surer of faces than the set's own."""
    k, hidden = COLOR_FEATURES, 4
    w1 = np.zeros((k, hidden), np.float32)
    w1[0, 0] = 10.0
    b1 = np.zeros(hidden, np.float32)
    w2 = np.zeros((hidden, 4), np.float32)
    w2[0, 1] = 10.0  # own green
    b2 = np.array([0, -2, 0, 0], np.float32)  # else: other editions' black
    roles, home = looks.class_roles(2)
    return dataclasses.replace(
        kot,
        look_net=(w1, b1, w2, b2),
        look_roles=roles,
        look_home=home,
        home_weights=kot.weights * 3,
        home_bias=kot.bias * 3,
        home_threshold=0.5,
        home_from=0.5,
    )


def test_a_sets_own_dice_are_read_by_its_home_softmax_and_colour_by_look(
    tmp_path: Path,
) -> None:
    kot = dataclasses.replace(faceset.load("kot"), look_net=(), home_from=faceset.NEVER)
    homed = faceset.load(_homed(kot).save(tmp_path / "homed.npz"))  # kept in its file
    assert homed.has_home and homed.look_roles.dtype == np.int64
    bright, dull = np.zeros(COLOR_FEATURES, np.float32), np.zeros(COLOR_FEATURES, np.float32)
    bright[0] = 1.0
    assert homed.color_of(bright)[0] == "green"
    assert homed.color_of(dull)[0] == "black"
    rng = np.random.default_rng(2)
    features = rng.normal(0, 1, (6, 1, kot.weights.shape[0])).astype(np.float32)
    features /= np.linalg.norm(features, axis=2, keepdims=True)
    colours = np.stack([bright, bright, bright, dull, dull, dull])
    probs, thresholds = homed.read_faces(features, colours)
    plain = kot.probabilities(features)
    home = faceset.softmax((features @ homed.home_weights + homed.home_bias).max(axis=1))
    same = home.argmax(axis=1) == plain[:, : len(kot.faces)].argmax(axis=1)
    own = np.arange(6) < 3
    assert np.allclose(probs, np.where((own & same)[:, None], home, plain))
    assert np.allclose(thresholds, np.where(own & same, 0.5, kot.threshold))
    assert (own & same).any()
    # without colour features (or without a home softmax) a set reads as before
    assert np.allclose(homed.read_faces(features, None)[0], plain)
    assert np.allclose(kot.read_faces(features, colours)[0], plain)
