"""A teaching's answers (Teach your dice, Teach your cards) checked before they are taken.

Two phones may answer the same dice or card at once, and a page may answer dice that
were numbered anew since it showed them. An answer is refused, and nothing done, when:

- another answer about the same dice or card, made since the state this one was made
  against (the page's version), said otherwise (`Answers.crossed`, `Answers.check`): the
  earlier stands, as a game's stale action is refused;
- the dice it names are not those its page showed (`regrouped`): it names another teaching
  (its "teaching", the flow's) or a group whose dice are not its "dice".
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import TYPE_CHECKING, Any

from host.app.refusals import Refused
from host.app.text import _

if TYPE_CHECKING:
    from vision.learning.flow import TeachFlow

# what an answer is about ("dice" or "card", then which), and what it says
Answer = tuple[tuple[Hashable, ...], str]


def dice_answer(action: Mapping[str, Any]) -> Answer | None:
    """What a teaching step about dice answers for (a group or a die, its face or colour),
    and what it says; None for a step that answers nothing (start, sort, fit...)."""
    step = action.get("step")
    if step not in ("name", "move", "colour", "recolor"):
        return None
    which = action.get("cut" if step in ("move", "recolor") else "group")
    of = "colour" if step in ("colour", "recolor") else "face"
    said = action.get("color" if of == "colour" else "face")
    return (("dice", "cut" if step in ("move", "recolor") else "group", which, of), str(said))


def card_answer(action: Mapping[str, Any]) -> Answer | None:
    """What a teaching step about cards answers for (a card) and what it says."""
    step = action.get("step")
    if step not in ("confirm", "leave_out"):
        return None
    said = f"{action.get('color')} {action.get('value')}" if step == "confirm" else ""
    return (("card", action.get("card")), said)


class Answers:
    """The answers of the teachings going on: for each dice or card answered, the table's
    version its answer made and what it said."""

    def __init__(self) -> None:
        self._made: dict[Hashable, tuple[int, str]] = {}

    def crossed(self, action: Mapping[str, Any], answer: Answer | None) -> bool:
        """A teaching's answer about dice or a card that another answer, made since the
        state this one was made against (the page's version), said otherwise: the later
        is refused, the earlier stands (as a game's stale action is; another teaching's
        answer since is no reason to refuse it, nor the same answer again)."""
        seen = action.get("version")
        if answer is None or not isinstance(seen, int):
            return False
        earlier = self._made.get(answer[0])
        return earlier is not None and earlier[0] > seen and earlier[1] != answer[1]

    def check(self, action: Mapping[str, Any], answer: Answer | None) -> None:
        """`Refused` if the answer `crossed` another (the dice's or the card's words)."""
        if answer is None or not self.crossed(action, answer):
            return
        if answer[0][0] == "card":
            raise Refused(
                _(
                    "this card was answered meanwhile (on another page, or by a tap before this "
                    "one): that answer shows now and stands; nothing was done: tap again if it "
                    "is wrong"
                )
            )
        raise Refused(
            _(
                "these dice were answered meanwhile (on another page, or by a tap before "
                "this one): that answer shows now and stands; nothing was done: tap again "
                "if it is wrong"
            )
        )

    def answered(self, action: Mapping[str, Any], answer: Answer | None, version: int) -> None:
        """A teaching's step was taken, the table now at `version` (a start forgets the
        answers before it)."""
        if action.get("step") == "start":
            self._made.clear()
        if answer is not None:
            self._made[answer[0]] = (version, answer[1])


def regrouped(flow: TeachFlow, step: str, which: int, action: Mapping[str, Any]) -> bool:
    """An answer about dice whose numbers no longer name the dice the page showed: a group
    (or die) is a number of the teaching the page saw (its "teaching", the flow's), and a
    group is the dice the page showed in it (its "dice"). Another teaching (a cancel and a
    start on another phone), or one resumed with a die lost (its dice numbered anew), gives
    the same numbers to other dice; an answer keyed by a number alone then named them.
    An answer that says neither (the command line, a script) is taken as it is."""
    seen = action.get("teaching")
    if seen is not None and seen != flow.teaching:
        return True
    dice = action.get("dice")
    if step not in ("name", "colour") or not isinstance(dice, list):
        return False
    among = flow.groups if step == "name" else flow.colour_groups
    return not 0 <= which < len(among) or sorted(among[which].cuts) != sorted(dice)
