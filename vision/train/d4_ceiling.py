"""How well a d4 is read from its glyphs cut flat (vision.d4_cuts) when its four vertices
are known: `python -m vision.train d4-ceiling --seed S --frames N [--noise PX]`.

The renderer says where each d4's vertices are seen (DrawnDie.corners): this cuts every
glyph of the faces that show there (shifted by `noise` pixels per 50 pixels of die edge,
the error of a vertex finder), fits a softmax over them (on `frames` renders of seed
`seed`), and reads the d4s of as many renders of seed `seed + 1`, each die from all of its
glyph reads (vision.d4_cuts.result_probabilities). Its figures bound what a reader that
finds the vertices that well can reach; with `features="embedding"`, the cuts read by the
shared embedding instead of their pixels.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from vision import d4_cuts, d4_vertices, detect, nets
from vision.glyphs import faces_of
from vision.render.draw import render
from vision.render.random_scenes import random_scene
from vision.teach import fit_softmax

STYLE = "fate"
MIN_VISIBLE = 0.6  # as dice-labels' renders: dice more hidden than this have no label
THRESHOLDS = (0.9, 0.99, 0.999, 0.9999)


@dataclass
class Cuts:
    """Glyph cuts of rendered d4s: per cut its die, corner, glyph (face index) and patch;
    per die its result and the order of the other glyphs clockwise round the top."""

    die: list[int]
    corner: list[int]
    glyph: list[int]
    squash: list[float]
    patches: list[np.ndarray]
    result: list[int]
    around: list[tuple[int, int, int]]
    # per die read at found vertices: how far off its top vertex and its worst outer
    # corner are, px per 50 px of edge
    error: list[tuple[float, float]] = field(default_factory=list)


def render_cuts(
    seed: int, frames: int, noise: float, size: int, found: bool = False, views: int = 1
) -> Cuts:
    """Glyph cuts of the d4s of `frames` renders of `seed`, at their vertices moved by
    `noise` pixels per 50 px of edge; with `found`, at the vertices the vertex network
    (vision.d4_vertices) finds from the finder's find (dice the finder misses left out)."""
    faces = faces_of(STYLE)
    rng = np.random.default_rng(seed)
    shift = np.random.default_rng(seed + 1_000_003)
    out = Cuts([], [], [], [], [], [], [])
    for _ in range(frames):
        frame, drawn = render(random_scene(rng, STYLE, n_dice=8))
        finds = detect.find(frame) if found else []
        for d in drawn:
            if d.visible < MIN_VISIBLE or d.cocked or not d.corners:
                continue
            corners = np.array(d.corners)
            edge = float(np.mean(np.linalg.norm(corners[1:] - np.roll(corners[1:], 1, 0), axis=1)))
            corners += shift.normal(0, noise * edge / 50, corners.shape)
            glyphs = [faces.index(f) for f in d.corner_faces]
            if found:
                near = [c for c in finds if detect.iou(c.box, d.box) >= 0.5]
                if not near:
                    continue
                seen = d4_vertices.find(frame, near[:1], views=views)[0]
                truth = d4_vertices.clockwise(np.array(d.corners))
                off = min(
                    (
                        np.linalg.norm(
                            seen - np.vstack([truth[0], np.roll(truth[1:], k, 0)]), axis=1
                        )
                        for k in range(3)
                    ),
                    key=lambda e: float(e.max()),
                ) * (50 / edge)
                out.error.append((float(off[0]), float(off[1:].max())))
                # name the found corners as the renderer's nearest (for the glyph labels)
                base = [int(np.argmin(np.linalg.norm(corners[1:] - p, axis=1))) for p in seen[1:]]
                glyphs = [glyphs[0], *(glyphs[1 + k] for k in base)]
                corners = seen
            k = len(out.result)
            out.result.append(glyphs[0])
            out.around.append((glyphs[1], glyphs[2], glyphs[3]))
            for cut in d4_cuts.glyph_cuts(frame, corners[0], corners[1:], size=size):
                out.die.append(k)
                out.corner.append(cut.corner)
                out.glyph.append(glyphs[0] if cut.corner == d4_cuts.TOP else glyphs[1 + cut.corner])
                out.squash.append(cut.squash)
                out.patches.append(cut.patch)
    return out


def chirality_of(cuts: Cuts) -> d4_cuts.Chirality:
    """Each result's order of the other glyphs round the top (as the teaching dice show
    it, up to where it starts): the commonest."""
    seen: dict[int, Counter[tuple[int, int, int]]] = {}
    for result, around in zip(cuts.result, cuts.around, strict=True):
        a, b, c = around
        first = {a: (a, b, c), b: (b, c, a), c: (c, a, b)}[min(around)]
        seen.setdefault(result, Counter())[first] += 1
    return {r: c.most_common(1)[0][0] for r, c in sorted(seen.items())}


def features(cuts: Cuts, kind: str) -> np.ndarray:
    patches = np.stack(cuts.patches)
    if kind == "embedding":
        return nets.embed(patches)[:, 0]
    return d4_cuts.pixel_features(patches)


def ceiling(
    seed: int,
    frames: int,
    noise: float = 0.0,
    kind: str = "pixels",
    found: bool = False,
    views: int = 1,
) -> dict[str, float]:
    """Teach on `frames` renders of `seed`, read those of `seed + 1`: the figures. With
    `found`, the read dice's vertices are the vertex network's (render_cuts; `views`: the
    cut read in that many of its turns and mirrors, vision.d4_vertices.find)."""
    size = 32 if kind == "embedding" else d4_cuts.CUT
    taught = render_cuts(seed, frames, noise, size)
    read = render_cuts(seed + 1, frames, 0.0 if found else noise, size, found, views)
    return figures(taught, read, kind)


def figures(taught: Cuts, read: Cuts, kind: str = "pixels") -> dict[str, float]:
    """A softmax over the glyph cuts of `taught`, reading the dice of `read`."""
    faces = len(faces_of(STYLE))
    w, b = fit_softmax(features(taught, kind), np.array(taught.glyph), faces, 1e-4, steps=600)
    probs = nets.softmax(features(read, kind) @ w + b)
    right_read = probs.argmax(axis=1) == np.array(read.glyph)
    chirality = chirality_of(taught)
    die = np.array(read.die)
    best, right = [], []
    for k, result in enumerate(read.result):
        mine = np.flatnonzero(die == k)
        if not len(mine):
            best.append(0.0)
            right.append(False)
            continue
        p = d4_cuts.result_probabilities(probs[mine], [read.corner[i] for i in mine], chirality)
        best.append(float(p.max()))
        right.append(int(p.argmax()) == result)
    sure, ok = np.array(best), np.array(right)
    out = {
        "dice": float(len(ok)),
        "glyph_reads": float(len(right_read)),
        "glyph_read_right": float(right_read.mean()),
        "best_guess_right": float(ok.mean()),
    }
    if read.error:
        err = np.array(read.error)
        for q in (0.5, 0.8, 0.95):
            out[f"top_off_q{q}"] = float(np.quantile(err[:, 0], q))
            out[f"base_off_q{q}"] = float(np.quantile(err[:, 1], q))
    for t in THRESHOLDS:
        out[f"read_at_{t}"] = float(np.mean(ok & (sure >= t)))
        out[f"silent_at_{t}"] = float(np.mean(~ok & (sure >= t)))
    return out
