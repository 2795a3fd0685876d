"""The one base of every error vision raises for bad input, so callers catch one thing."""

from __future__ import annotations


class VisionError(ValueError):
    """Input vision cannot use: a frame that is no image, a broken labels folder, an
    unknown face set, too few photos to teach from. The message says what to do."""
