"""The one base of every error vision raises for bad input, so callers catch one thing."""

from __future__ import annotations


class VisionError(ValueError):
    """Input vision cannot use: a frame that is no image, a broken labels folder, an
    unknown face set, too few photos to teach from. The message says what to do."""


class SetAside(VisionError):
    """A set the table was taught (found by its name) that could not be read: its file was
    moved aside (`NAME.npz.damaged-TIME`, vision.setfile.set_aside), so the set of that name
    reads from the next file found (the shipped one) if it is loaded again. The message says
    where the file went and what to do."""
