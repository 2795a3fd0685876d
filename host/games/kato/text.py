"""KaTO's words for people: every player-facing string of the package goes through `_`
(host.games.text); its names (colours, card values, the cone's effects, the KaTO calls) are
declared here so every locale file is checked to have them
(host/games/kato/locales/LANG.json)."""

from collections.abc import Iterator, Mapping

from host.games.text import Text, Words

# a card's value as people say it (names: each is translated where it is shown)
VALUE_LABELS = {"skip": "skip", "reverse": "reverse", "draw2": "+2", "wild": "wild"}
VALUE_LABELS |= {"wild4": "wild +4", "cone": "traffic cone"}
CALLS = {"may_call": "may call KaTO", "called": "KaTO!", "forgot": "forgot to call KaTO"}


def _names() -> Iterator[str]:
    from host.games.kato.cards import BLACK, COLORS, NUMBERS
    from host.games.kato.setup import CONE_EFFECTS

    yield from (*COLORS, BLACK, *NUMBERS, *VALUE_LABELS.values(), *CONE_EFFECTS)
    yield from CALLS.values()


_ = Words(__package__ or "host.games.kato", names=_names)
_DECLARED: set[str] = set()  # the names above, once asked (`color_name`)


def color_name(color: str) -> Text | str:
    """A colour as people say it: the deck's usual ones in the language ("rouge", "赤"); one
    a setup gives its deck itself ("purple") as it was given, as a player's name (no
    translation has it).

    >>> color_name("red").say("fr"), color_name("purple")
    ('rouge', 'purple')
    """
    if not _DECLARED:
        _DECLARED.update(_names())
    return _.name(color) if color in _DECLARED else color


# what each input does, in words, for the page's feed (GameKind.inputs_said)
INPUTS_SAID = {
    "turn_up": _("turns up the first card"),
    "color": _("names the colour"),
    "play": _("lays a card"),
    "draw": _("draws"),
    "pass": _("passes"),
    "challenge": _("challenges the wild +4"),
    "verdict": _("says whether the wild +4 was a bluff"),
    "kato": _("calls KaTO"),
    "catch": _("catches a player who did not call KaTO"),
    "hand": _("lays down their hand"),
}


def a_card(card: Mapping[str, str]) -> Text:
    """One card laid or turned up, as a sentence says it: "a red 7", "an orange 8" (a
    colour a setup gives), fr "un 7 rouge", ja "赤の7".

    >>> wild = {"color": "black", "value": "wild"}
    >>> str(a_card({"color": "red", "value": "7"})), str(a_card({"color": "red", "value": "8"}))
    ('a red 7', 'a red 8')
    >>> str(a_card({"color": "orange", "value": "8"})), a_card(wild).say("fr")
    ('an orange 8', 'un changement de couleur')
    """
    name = card_name(card)
    if str(name)[:1].lower() in "aeiou8":  # English says "an eight", "an orange ..."
        return _("an {card}", card=name)
    return _("a {card}", card=name)


def card_name(card: Mapping[str, str]) -> Text:
    """A card ({"color", "value"}) as people say it: "red 7", "blue +2", "wild +4"."""
    value = _.name(VALUE_LABELS.get(card["value"], card["value"]))
    if card["color"] == "black":  # the wild kinds have no colour of their own
        return value
    return _("{color} {value}", color=color_name(card["color"]), value=value)
