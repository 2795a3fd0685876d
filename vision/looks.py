"""A set's own dice kept apart from the other editions' it learned (FaceSet.look_net,
FaceSet.home_weights), fitted with numpy alone (vision.build_shipped's `kot`).

The shipped `kot` set learns dice of a thousand editions of our own designs and the
renderer's own dice (black with lime glyphs, green with black glyphs). One linear
softmax over every edition's colours learns the role (main dice: glyph lighter than body)
and calls some of the renderer's bright green dice `black` (a highlight, a large glyph);
and one face softmax over every edition reads the renderer's own hearts less surely than
they deserve. Here the looks are classes of their own: the colour network tells each look,
and its role; the set's own dice get a face softmax of their own.
"""

from __future__ import annotations

import numpy as np

from vision.nets import softmax

LOOK_HIDDEN = 32  # hidden units of the look network
LOOK_STEPS = 2000  # full-batch Adam steps
LOOK_DECAY = 1e-4
# Fits averaged (fit_averaged): two fits of one network on the same material disagree on
# 4-11 of 3,183 own tuning dice, as much as a change of features or material moves.
LOOK_FITS = 4


def fit_look_net(
    x: np.ndarray,
    y: np.ndarray,
    classes: int,
    hidden: int = LOOK_HIDDEN,
    steps: int = LOOK_STEPS,
    decay: float = LOOK_DECAY,
    seed: int = 0,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A one-hidden-layer network (ReLU, softmax over `classes`) fitted to colour features
    `x` (n, k) and classes `y` by full-batch Adam; the features are standardised inside
    the fit and the first layer folded back to take them as they are: (W1, b1, W2, b2)."""
    rng = np.random.default_rng(seed)
    x = np.asarray(x, np.float64)
    mu, sd = x.mean(axis=0), x.std(axis=0) + 1e-6
    xs = (x - mu) / sd
    n, d = xs.shape
    params = [
        rng.normal(0, 1 / np.sqrt(d), (d, hidden)),
        np.zeros(hidden),
        rng.normal(0, 1 / np.sqrt(hidden), (hidden, classes)),
        np.zeros(classes),
    ]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    onehot = np.eye(classes)[y]
    lr, beta1, beta2 = 0.01, 0.9, 0.999
    for t in range(1, steps + 1):
        h = np.maximum(xs @ params[0] + params[1], 0)
        g = (softmax(h @ params[2] + params[3]) - onehot) / n
        gh = (g @ params[2].T) * (h > 0)
        grads = [
            xs.T @ gh + decay * params[0],
            gh.sum(axis=0),
            h.T @ g + decay * params[2],
            g.sum(axis=0),
        ]
        for i, grad in enumerate(grads):
            m[i] = beta1 * m[i] + (1 - beta1) * grad
            v[i] = beta2 * v[i] + (1 - beta2) * grad**2
            params[i] -= lr * (m[i] / (1 - beta1**t)) / (np.sqrt(v[i] / (1 - beta2**t)) + 1e-8)
    w1 = params[0] / sd[:, None]
    b1 = params[1] - (mu / sd) @ params[0]
    return (
        w1.astype(np.float32),
        b1.astype(np.float32),
        params[2].astype(np.float32),
        params[3].astype(np.float32),
    )


def fit_averaged(
    x: np.ndarray, y: np.ndarray, classes: int, fits: int = LOOK_FITS, steps: int = LOOK_STEPS
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """`fits` look networks (fit_look_net, seeds 0, 1, ...) whose logits are averaged, as
    one network of `fits` x LOOK_HIDDEN hidden units (what FaceSet.look_net holds)."""
    nets = [fit_look_net(x, y, classes, steps=steps, seed=seed) for seed in range(fits)]
    return (
        np.concatenate([n[0] for n in nets], axis=1),
        np.concatenate([n[1] for n in nets]),
        np.concatenate([n[2] for n in nets], axis=0) / fits,
        np.mean([n[3] for n in nets], axis=0).astype(np.float32),
    )


def look_classes(roles: np.ndarray, home: np.ndarray, colors: int) -> np.ndarray:
    """The look class of each example from its role (index in the colours) and whether it
    is one of the set's own dice: own dice of each role, then others of each role."""
    return np.where(home, roles, colors + roles)


def class_roles(colors: int) -> tuple[np.ndarray, np.ndarray]:
    """FaceSet.look_roles and look_home of the classes `look_classes` gives."""
    roles = np.concatenate([np.arange(colors), np.arange(colors)])
    home = np.concatenate([np.ones(colors, bool), np.zeros(colors, bool)])
    return roles, home
