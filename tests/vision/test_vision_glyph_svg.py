"""The page draws dice with vision's own glyphs as SVG (vision.glyphs.face_svg): every
shape the renderer paints on a die must be in the drawing, or the page shows a die that
is not the one the camera reads (a Kingdom Run boot, drawn as an outline, was empty)."""

from __future__ import annotations

import re

import pytest

from vision.glyphs import STYLES, face_svg

ELEMENT = re.compile(r"<(path|circle|ellipse|text)\b([^>]*)>")


@pytest.mark.parametrize("style", sorted(STYLES))
def test_every_shape_of_every_face_is_drawn(style: str) -> None:
    for face, shapes in STYLES[style].items():
        svg = face_svg(style, face)
        assert svg is not None and svg.startswith("<svg") and svg.endswith("</svg>")
        drawn = ELEMENT.findall(svg)
        assert len(drawn) == len(shapes), (style, face)
        for (_, attributes), shape in zip(drawn, shapes, strict=True):
            # a shape cut out of the ink (the skull's eyes) is painted by the page's
            # style sheet, by its class
            paint = shape[0] if shape[0] in ("body", "edge") else None
            assert (f'class="{paint}"' in attributes) == (paint is not None), (style, face)


def test_an_outline_is_a_closed_stroke_and_a_face_not_drawn_is_none() -> None:
    boots = face_svg("kingdom-run", "boots")
    assert boots is not None and ' Z"' in boots and 'fill="none"' in boots
    assert face_svg("kingdom-run", "claw") is None
    assert face_svg("no-such-style", "1") is None
