"""Group cuts of dice by look, so a person names a whole group with one tap.

Faces: average-linkage clustering of the cuts' embeddings (cosine similarity), merging
while two groups are on average at least SIMILAR alike. Colours: k-means (k-means++
start, a few restarts) of their colour features into as many groups as the set has
colours.

    >>> import numpy as np
    >>> a, b = np.eye(4)[0], np.eye(4)[1]
    >>> faces = np.stack([a, a * 0.9 + b * 0.1, b, b * 0.95 + a * 0.05])
    >>> by_look(faces / np.linalg.norm(faces, axis=1, keepdims=True))
    [[0, 1], [2, 3]]
"""

from __future__ import annotations

import cv2
import numpy as np

# From which average similarity two groups of cuts are the same face. Measured with the
# shipped embedding of issue 16 on the teaching frames of kot-frames/origins: 0.65 to 0.85
# make 7 groups, each of one face (or of none), across both dice colours (9 taps); 0.6
# puts 8 cuts in wrong groups, 0.5 and below 22 or more; 0.9 splits faces in 10 groups.
# Higher only splits a face in more groups (one more tap each), lower mixes faces.
SIMILAR = 0.75
RESTARTS = 8  # k-means restarts for colours (the tightest is kept)


def by_look(features: np.ndarray, similar: float = SIMILAR) -> list[list[int]]:
    """Groups of row indices of `features` (n, d), unit rows; biggest group first."""
    n = len(features)
    if n == 0:
        return []
    sums = (features @ features.T).astype(np.float64)  # similarity summed over group pairs
    sizes = np.ones(n)
    members: list[list[int]] = [[i] for i in range(n)]
    alive = np.ones(n, bool)
    while alive.sum() > 1:
        link = sums / np.outer(sizes, sizes)
        link[~alive, :] = -np.inf
        link[:, ~alive] = -np.inf
        np.fill_diagonal(link, -np.inf)
        i, j = np.unravel_index(int(np.argmax(link)), link.shape)
        if link[i, j] < similar:
            break
        sums[i, :] += sums[j, :]
        sums[:, i] += sums[:, j]
        sizes[i] += sizes[j]
        members[i] += members[j]
        alive[j] = False
    groups = [sorted(members[i]) for i in np.flatnonzero(alive)]
    return sorted(groups, key=lambda g: (-len(g), g[0]))


def body_colours(face_cuts: np.ndarray) -> np.ndarray:
    """(n, 3) the median Lab colour of each face patch (n, PATCH, PATCH, 3) inside its
    border: the die's body, which covers most of its face, whatever the glyph. Told
    apart better than by the reader's colour features (which weigh the glyph's colours
    too): on the origins teaching frames held before the camera, 0 of 73 dice in the
    wrong colour group against 1 to 2."""
    m = face_cuts.shape[1] // 8
    inner = np.ascontiguousarray(face_cuts[:, m:-m, m:-m])
    n = len(inner)
    lab = cv2.cvtColor(inner.reshape(-1, inner.shape[2], 3), cv2.COLOR_BGR2LAB)
    return np.median(lab.reshape(n, -1, 3).astype(np.float32), axis=1)


def by_colour(features: np.ndarray, k: int, seed: int = 0) -> np.ndarray:
    """Which of k colour groups each row of `features` (n, d) falls in (k-means)."""
    n = len(features)
    if k <= 1 or n <= k:
        return np.arange(n) % max(k, 1) if k > 1 else np.zeros(n, np.int64)
    x = features.astype(np.float64)
    rng = np.random.default_rng(seed)
    best, best_cost = np.zeros(n, np.int64), np.inf
    for _ in range(RESTARTS):
        centres = [x[rng.integers(n)]]
        for _ in range(k - 1):  # k-means++: far from the centres chosen so far
            d = np.min([((x - c) ** 2).sum(axis=1) for c in centres], axis=0)
            centres.append(x[rng.choice(n, p=d / d.sum())] if d.sum() > 0 else x[rng.integers(n)])
        c = np.stack(centres)
        for _ in range(50):
            which = ((x[:, None, :] - c[None]) ** 2).sum(axis=2).argmin(axis=1)
            moved = np.stack(
                [x[which == j].mean(axis=0) if (which == j).any() else c[j] for j in range(k)]
            )
            if np.allclose(moved, c):
                break
            c = moved
        cost = float(((x - c[which]) ** 2).sum())
        if cost < best_cost:
            best, best_cost = which, cost
    return best
