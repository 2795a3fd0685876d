"""Kingdom Run's words for people: every player-facing string of the package goes through
`_` (host.games.text); its names (colours, courses) are declared here so every locale file
is checked to have them (host/games/kingdom_run/locales/LANG.json)."""

from collections.abc import Iterator

from host.games.text import Text, Words

# each face's name, as the rules' refusals say it ("the boots")
FACE_NAMES = {
    "boots": "boots",
    "hook": "grappling hook",
    "drop": "drop",
    "purse": "purse",
    "flask": "flask",
    "equal": "equal",
}


def _names() -> Iterator[str]:
    from host.games.kingdom_run.course import PRESETS
    from host.games.kingdom_run.setup import COLOURS

    yield from COLOURS
    yield from PRESETS
    yield from FACE_NAMES.values()


_ = Words(__package__ or "host.games.kingdom_run", names=_names)


def face_name(face: str) -> Text:
    return _.name(FACE_NAMES.get(face, face))


# what each input does, in words, for the page's feed (GameKind.inputs_said)
INPUTS_SAID = {
    "throw": _("throws the dice"),
    "correct": _("fixes a misread die"),
    "end_turn": _("ends the turn"),
    "boots": _("scatters runners with the boots"),
    "hook": _("chases with the grappling hook"),
    "drop": _("swims with the drop"),
    "purse": _("steals a victory token"),
    "flask": _("uses the flask"),
}
