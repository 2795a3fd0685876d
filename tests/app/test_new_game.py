"""A setup or pick-up refused on the page names the field by its label as the form shows
it, for every game's every field (host.app.new_game.as_the_form_says): "position.scores.
Ann: ..." read "Points d'Ann : ..."; a field of a player's row with the player."""

from __future__ import annotations

from typing import Any

import pytest

from host.app.new_game import as_the_form_says, form_name
from host.games.registry import kinds
from host.games.text import LANGUAGES, Text, Words, say

_ = Words("tests")  # (no translations: the refusal's own words stay English)
SETUP = {"players": [{"name": "Ann"}, {"name": "Bob"}]}


def _fields() -> list[tuple[str, str, dict[str, Any], bool]]:
    """Every field of every game's setup and pick-up forms: (game, form, field, in a row)."""
    found = []
    for name, kind in sorted(kinds().items()):
        catalog = kind.catalog()
        for form in ("setup", "pickup"):
            spec = catalog.get(form)
            for key in ("seat", "fields"):
                for f in (spec or {}).get(key, []):
                    found.append((name, form, f, key == "seat"))
    return found


FIELDS = _fields()


def _path(name: str) -> str:
    """The script's path of a field for the second row (Bob's), as a refusal writes it
    ("players[1].monster", "position.scores.Bob")."""
    parts = [p.replace("{player}", "Bob").replace("{i}", "[1]") for p in name.split(".")]
    return ".".join(parts).replace(".[", "[")


def _shown(label: object, lang: str) -> str:
    said = say(label, lang)
    return said[:1].upper() + said[1:]


def test_every_game_has_fields_in_its_forms() -> None:
    games = {game for game, *_ in FIELDS}
    assert {"kato", "king-of-tokyo", "kingdom-run"} <= games
    assert any(form == "pickup" for _game, form, _f, _seat in FIELDS)


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize(
    ("game", "form", "field", "seat"),
    FIELDS,
    ids=[f"{game}-{form}-{f['name']}" for game, form, f, _seat in FIELDS],
)
def test_each_field_of_each_form_is_said_by_its_label(
    game: str, form: str, field: dict[str, Any], seat: bool, lang: str
) -> None:
    kind = kinds()[game]
    path = _path(field["name"])
    shown = _shown(field["label"], lang)
    for refusal in (  # a refusal naming it in its `at`, or with the path written first
        _("{at}: not this", at=path),
        _(f"{path}: not this"),
        _("{at}: not this", at=f"{path}.deeper"),  # (a part of the field's value)
    ):
        setup = {**SETUP, "position": {}} if form == "pickup" else SETUP
        said = say(as_the_form_says(refusal, setup, kind), lang)
        assert path not in said  # no script path left
        if seat:  # the player's row: the label and the player, "Points d'Ann"
            whose = say(
                Text("host.app", "{field} of {player}", {"field": shown, "player": "Bob"}), lang
            )
            assert said == f"{whose}: not this"
        else:
            assert said == f"{shown}: not this"


def test_a_kato_score_in_french_and_japanese() -> None:
    kato = kinds()["kato"]
    refusal = _("{at}: too many", at="position.scores.Ann")
    assert say(as_the_form_says(refusal, SETUP, kato), "fr") == "Points d'Ann: too many"
    assert say(as_the_form_says(refusal, SETUP, kato), "ja") == "Annの得点: too many"
    # a path written into the game's template, translated: the label in its place
    from host.games.kato.text import _ as kato_words

    refused = kato_words("position.round: 1 or more, not {n}", n=0)
    assert say(as_the_form_says(refused, SETUP, kato), "fr").startswith(
        "Manche qui commence\u00a0:"
    )


def test_a_player_s_part_or_name_is_the_player_and_other_paths_stay() -> None:
    kot = kinds()["king-of-tokyo"]
    assert form_name("position.monsters.Ann", SETUP, kot) == "Ann"
    assert form_name("players[1].name", SETUP, kot) == "Bob"
    assert form_name("players[2].name", SETUP, kot) == "player 3"  # no name entered
    assert form_name("deck.colors", SETUP, kinds()["kato"]) is None
    unknown = _("{at}: unknown", at="deck.colors")
    assert as_the_form_says(unknown, SETUP, kinds()["kato"]) is unknown
