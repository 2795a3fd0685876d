"""Checks of an input's fields: each returns the value checked, or raises the error that
says what is wrong (and the game is unchanged).

Shape errors (not a die face, not a list, a field the input does not take, a card not in
the box) are `MalformedInput`; values the rules refuse (kept dice that are not in the
result) are `RuleViolation`.

>>> check_faces(["1", "claw"], "thrown")
['1', 'claw']
>>> check_face("skull", "to")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
host.games.kot.errors.MalformedInput: to: 'skull' is not a die face (faces: 1, 2, 3, ...)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from host.games import Input
from host.games.kot.cards import CARDS, UnknownCard, canonical
from host.games.kot.errors import MalformedInput, RuleViolation, UnknownCardInput
from host.games.kot.rules import FACE_SET, FACES
from host.games.kot.text import _, face_label
from host.games.text import Quoted, Text, message

if TYPE_CHECKING:
    from host.games.kot.state import Monster


def check_face(value: object, field: str, faces: frozenset[str] = FACE_SET) -> str:
    """A die face (of the black dice, or of `faces`: the game's dice)."""
    if not isinstance(value, str) or value not in faces:
        raise MalformedInput(not_a_face(field, value))
    return str(value)


def check_faces(value: object, field: str, faces: frozenset[str] = FACE_SET) -> list[str]:
    if type(value) is list:
        try:
            if faces.issuperset(value):
                return value[:]
        except TypeError:  # an unhashable element: reported below
            pass
    if not isinstance(value, (list, tuple)):
        raise MalformedInput(
            _('"{field}" is a list of die faces ({faces})', field=field, faces=list(FACES))
        )
    for face in value:
        if not isinstance(face, str) or face not in faces:
            raise MalformedInput(not_a_face(field, face))
    return list(value)


def not_a_face(field: str, value: object) -> Text:
    return _(
        "{field}: {value} is not a die face (faces: {faces})",
        field=field,
        value=Quoted(value),
        faces=list(FACES),
    )


def check_rethrow(dice: list[str], thrown: list[str], kept: list[str], n: int) -> None:
    """A throw after the first: `kept` comes from the result, and with `thrown` makes the
    `n` dice in play."""
    if not thrown:
        raise RuleViolation(_("a throw throws at least one die (to stop, resolve)"))
    if len(thrown) + len(kept) != n:
        raise RuleViolation(
            _(
                "{thrown} thrown + {kept} kept is not the {n} dice in play",
                thrown=len(thrown),
                kept=len(kept),
                n=n,
            )
        )
    for face in set(kept) if kept else ():
        if kept.count(face) > dice.count(face):
            raise RuleViolation(
                _(
                    "kept dice must come from the last result ({dice}): it has {n} × {face}, "
                    "not {kept}",
                    dice=[face_label(d) for d in sorted(dice)],
                    n=dice.count(face),
                    face=face_label(face),
                    kept=kept.count(face),
                )
            )


def only_fields(inp: Input, allowed: Iterable[str], card: str) -> None:
    """Refuse an input using `card` with fields besides type, player, card and `allowed`."""
    extra = inp.keys() - {"type", "player", "card", *allowed}
    if extra:
        raise MalformedInput(
            _("using {card} takes no {fields}", card=_.name(card), fields=sorted(extra))
        )


def card_named(name: object) -> str:
    """The card an input names (first-edition names too), or UnknownCardInput.

    >>> card_named("Alien Metabolism")
    'Alien Origin'
    """
    if type(name) is str and name in CARDS:
        return name
    try:
        return canonical(name)
    except UnknownCard as error:
        raise UnknownCardInput(message(error)) from None


def card_chosen(
    inp: Input, offered: list[Any], card: str, refused: Callable[[str, object], Text]
) -> tuple[str, str]:
    """The card of a monster an input using `card` chooses among those `offered` (each
    {"target": card, "owner": its monster's name}: Mimic's copies, Unstable DNA's swaps), as
    (card, owner); a RuleViolation saying `refused(card, owner)` for one not offered."""
    only_fields(inp, ("target", "owner"), card)
    target, owner = card_named(inp.get("target")), inp.get("owner")
    if {"target": target, "owner": owner} not in offered:
        raise RuleViolation(refused(target, owner))
    return target, str(owner)


def check_counts(value: object, field: str, most: Mapping[str, int]) -> dict[str, int]:
    """A decision's {name: count} field, each count within 0..most[name]."""
    if not isinstance(value, Mapping):
        raise MalformedInput(
            _(
                '"{field}" is an object of counts, e.g. {example}',
                field=field,
                example='{"poison": 1}',
            )
        )
    counts = {}
    for key, count in value.items():
        if key not in most:
            choices = list(most) or _("none")
            raise RuleViolation(
                _(
                    "{field}: {key} is not one of the choices ({choices})",
                    field=field,
                    key=Quoted(key),
                    choices=choices,
                )
            )
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= most[key]:
            at = f"{field}.{key}"
            raise RuleViolation(  # a range of 0 to 0 is said as its one number
                _("{at}: only 0", at=at)
                if most[key] == 0
                else _("{at}: a whole number from 0 to {most}", at=at, most=most[key])
            )
        counts[key] = count
    return counts


def check_energy(m: Monster, cost: int) -> None:
    """`m` has the energy to pay `cost` (a price offered, then energy spent meanwhile)."""
    if m.energy < cost:
        raise RuleViolation(
            _(
                "{player} has {energy} energy, not the {cost} to pay",
                player=m.name,
                energy=m.energy,
                cost=cost,
            )
        )
