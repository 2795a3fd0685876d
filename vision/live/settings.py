"""Every threshold of the live pipeline, in one place, with why it has its value.

Times are seconds of stream time (the frames' own timestamps), so the pipeline behaves
the same at 10 or 30 frames per second. Sizes in "dice" scale with the die size seen.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    # -- motion (on the cheap view, 160 px across) --
    motion_level: float = 10.0
    """Grey levels a pixel must change between frames to count as moving (plus 6x the
    camera's noise): well above sensor noise, well below a die's edge moving."""
    motion_share: float = 0.12
    """A frame moves when changed pixels cover this share of one die's area."""
    presence_level: float = 16.0
    """Grey levels a pixel must differ from the empty tray to count as something there."""
    hand_dice: float = 2.0
    """Something reaching in from the view's edge larger than this many dice is a hand."""
    blob_dice: float = 14.0
    """Anything larger than this many dice on the tray is a hand (or an arm) too."""
    texture_share: float = 0.1
    """A die found where less than this share of its box differs from the calibrated empty
    look is the table's own texture (wood grain, carpet, a tray's corner), not a die."""
    margin_dice: float = 1.0
    """How far around the tray (in dice) motion and hands still count."""

    # -- settling and reading --
    settle_time: float = 0.2
    """The dice must lie still this long before a throw counts (3 frames at 15 fps)."""
    reads: int = 2
    """Still frames read and combined for one throw (each read costs ~30 ms)."""
    max_reads: int = 4
    """Give up agreeing after this many reads of one still period: flag it as unstable."""
    tolerance_dice: float = 0.3
    """Two readings of a die agree on where it is within this share of a die's side."""
    kept_dice: float = 0.35
    """A die within this share of a die's side of where it lay, face up the same, was kept."""
    moved_dice: float = 1.5
    """With no hand seen since the dice lay still, nothing was picked up to be thrown: a
    die this many sides from where a known die lay is that die, moved by itself (a cocked
    die falling flat, a die nudged by another)."""

    # -- the view (bumps and light) --
    bump_px: float = 6.0
    """A camera moved by more than this many frame pixels (per 640 across) was bumped
    (well under the kept-die tolerance, well over the edge matching's error)."""
    light_ratio: float = 1.8
    """The tray this many times brighter or darker than its calibration: too much."""
    uneven_ratio: float = 1.45
    """Parts of the view changed brightness by this ratio against each other: too much."""
    adapt_rate: float = 0.2
    """How fast the empty tray's look follows slow light changes (per still period)."""

    # -- the stream --
    stall_seconds: float = 5.0
    """No new frame from a live source for this long: the stream stalled; reconnect."""
    frozen_seconds: float = 3.0
    """A live source sending the very same image this long is frozen; reconnect."""
    reconnect_seconds: float = 30.0
    """Keep trying to reopen a lost live source this long, then stop with a message."""


DEFAULT = Settings()
