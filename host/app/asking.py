"""A throw the camera saw with dice it could not read: the page shows each such die cut out
large, people say what it shows (or throw again), and once every one is said the throw is
the camera's with those faces."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from host.app.camera import ThrowSeen
from host.app.refusals import Refused
from host.app.text import _
from host.games.text import OneOf

UNKNOWN = "unknown"  # vision's face of a die it could not read


def unread(dice: list[dict[str, Any]]) -> list[int]:
    """The dice (their numbers) the camera could not read."""
    return [i for i, d in enumerate(dice) if d.get("face") == UNKNOWN]


@dataclass
class Asking:
    """The throw asked about, and the faces people said of its dice not read so far."""

    event: ThrowSeen
    said: dict[int, str] = field(default_factory=dict)

    def say(self, die: Any, face: Any, faces: Collection[str]) -> int:
        """A person says die `die` shows `face` (one of the game's `faces`): the die; a
        `Refused` if it is no die not read, or no face."""
        dice = unread(self.event.dice)
        if not isinstance(die, int) or die not in dice:
            raise Refused(
                _("say the face of one of the dice not read: {dice}", dice=OneOf(dice)), 400
            )
        if face not in faces:
            raise Refused(_("a die shows one of {faces}", faces=OneOf(faces)), 400)
        self.said[die] = str(face)
        return die

    @property
    def done(self) -> bool:
        """Every die not read is said."""
        return len(self.said) >= len(unread(self.event.dice))

    def answered(self) -> ThrowSeen:
        """The throw with the faces people said (once `done`)."""
        said, event = self.said, self.event
        dice = [
            dict(d, face=said.get(i, d["face"]), reason="") if i in said else d
            for i, d in enumerate(event.dice)
        ]
        thrown = [d["face"] for d in dice if not d.get("kept")]
        kept = [d["face"] for d in dice if d.get("kept")]
        return dataclasses.replace(
            event, dice=dice, thrown=thrown, kept=kept, said=tuple(sorted(said.items()))
        )

    def view(self, snapshot: int) -> dict[str, Any]:
        """The dice not read, for people to say (each cut shown large, from the throw's
        `snapshot`)."""
        dice = self.event.dice
        return {
            "dice": [
                {
                    "die": i,
                    "guess": dice[i].get("best_guess"),
                    "confidence": dice[i].get("confidence"),
                    "cut": f"/api/cut/{snapshot}/{i}.png",
                    "said": self.said.get(i),
                }
                for i in unread(dice)
            ],
        }
