"""Kingdom Run at the table: its GameKind is found by the registry (after the games the
page plays), starts, replays and saves races, and what it offers the page and the buttons
is what the engine takes."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from host.cli import main
from host.games.kind import GameFileError, ReplayStopped
from host.games.kingdom_run import KingdomRun, Setup
from host.games.kingdom_run.random_player import play_game, random_input
from host.games.kingdom_run.script import script_json
from host.games.kingdom_run.table_kind import KIND
from host.games.registry import default_kind, kind_of_script, kinds

SCENARIO = Path(__file__).parent / "scenarios" / "rule05_hook_past_the_finish_line.json"
SETUP: dict[str, Any] = {"players": [{"name": "Ann"}, {"name": "Bob", "colour": "green"}]}


def test_found_by_the_registry_after_the_games_the_page_plays() -> None:
    assert kinds()["kingdom-run"] is KIND
    assert kind_of_script({"format": "kr-game/1"}) is KIND
    assert list(kinds()).index("kingdom-run") > 0 and default_kind() is not KIND


def test_new_setup_of_export_and_load_round_trip() -> None:
    game = KIND.new({**SETUP, "seed": 1234})  # the table adds a seed to every new game
    assert isinstance(game, KingdomRun) and KIND.roles(game) == {"Ann": "red", "Bob": "green"}
    setup = KIND.setup_of({**SETUP, "seed": 1234, "description": "Friday"})
    assert setup["course"]["parts"] and setup["description"] == "Friday" and "seed" not in setup
    played = play_game(KIND.new(setup).setup, random.Random(3))  # type: ignore[attr-defined]
    again = KIND.load(KIND.export(setup, played.log))
    assert again.to_json() == played.to_json()
    assert KIND.winners(again) == played.winners and KIND.turn(again) == (
        played.active,
        played.turn.number,
    )


def test_bad_setups_and_scripts_are_one_line_game_file_errors() -> None:
    with pytest.raises(GameFileError, match="players: 1 player; Kingdom Run is for 2 to 4"):
        KIND.new({"players": [{"name": "Ann"}]})
    with pytest.raises(GameFileError, match="a game setup is a JSON object"):
        KIND.new([])  # type: ignore[arg-type]
    script = script_json(KingdomRun(Setup.simple("Ann", "Bob")))
    script["inputs"] = [{"type": "end_turn", "player": "Ann"}]
    with pytest.raises(
        ReplayStopped, match=r"inputs\[0\] \(end_turn by Ann\): Ann throws the dice first"
    ) as stopped:
        KIND.load(script)
    assert stopped.value.game.to_json()["inputs"] == 0


@pytest.mark.parametrize("seed", range(4))
def test_every_answer_the_page_offers_is_an_input_the_engine_takes(seed: int) -> None:
    rng = random.Random(seed)
    game = KingdomRun(Setup.simple("Ann", "Bob", "Cat"))
    while not game.game_over:
        for waiting in game.waiting_for():
            offered = KIND.answers(game, waiting)
            assert offered["title"] and offered["player"] == waiting.player
            if waiting.kind in ("throw", "correct"):
                assert offered["form"]["type"] == ("dice" if waiting.kind == "throw" else "correct")
                continue
            assert offered["choices"]
            for c in offered["choices"]:
                game.apply(c["input"])  # taken, or this raises
                game.undo()
        game.apply(random_input(game, rng, corrections=True))


def test_the_button_ends_the_turn_once_the_dice_are_thrown() -> None:
    game = KingdomRun(Setup.simple("Ann", "Bob"))
    assert KIND.button_inputs(game, "Ann") == []  # the camera reads the throw
    game.apply(game.throw_input(["boots", "hook", "drop", "purse"]))
    assert KIND.button_inputs(game, "Bob") == []
    assert KIND.button_inputs(game, "Ann") == [{"type": "end_turn", "player": "Ann"}]


def test_a_fix_is_titled_as_a_sentence_naming_the_player() -> None:
    """'Ann : corrigez un dé mal lu' in what the game waits for, as its other titles, not
    a heading's 'Corriger un dé mal lu' glued to the name ('Ann : Corriger...')."""
    from host.games.page import awaiting
    from host.games.text import localize

    game = KingdomRun(Setup.simple("Ann", "Bob"))
    game.apply(game.throw_input(["boots", "hook", "drop", "purse"]))
    (fix,) = [KIND.answers(game, w) for w in game.waiting_for() if w.kind == "correct"]
    assert localize(fix["title"], "fr") == "Ann\u00a0: corrigez un dé mal lu"
    assert localize(awaiting([fix]), "en") == "Ann: fix a misread die"


def test_the_page_says_its_lists_of_runners_and_points_as_each_language_lists() -> None:
    """The runners the boots drop and the finish places' points are lists: "Ann、Bob" and
    "10、8、…、2と1" in Japanese, not ASCII commas in a Japanese sentence."""
    from host.games.kingdom_run.page import view
    from host.games.text import localize

    game = KingdomRun(Setup.simple("Ann", "Bob"))
    game.apply(game.throw_input(["boots", "hook", "drop", "purse"]))
    (boots,) = [KIND.answers(game, w) for w in game.waiting_for() if w.kind == "boots"]
    labels = [localize(c["label"], "ja") for c in boots["choices"]]
    assert "ブーツ：マス0の走者2人全員（AnnとBob）" in labels
    assert "Boots: all 2 runners on space 0 (Ann and Bob)" in [c["label"] for c in boots["choices"]]
    (finish,) = [x for x in localize(view(game), "ja")["lists"] if x["name"] == "finish"]
    assert "（10、8、6、5、4、3、2と1）" in finish["note"]


def test_a_move_past_the_finish_line_is_said_as_one_phrase() -> None:
    """ "Ann's runner on space 38 past the finish line", never "to past the finish line"
    (French "vers au-delà de la ligne d'arrivée")."""
    from host.games.kingdom_run import Position
    from host.games.text import localize

    position = Position("Ann", runners={"Ann": (38, 37, 36, 35)})  # first-race: 39 spaces
    game = KingdomRun(Setup.simple("Ann", "Bob", position=position))
    game.apply(game.throw_input(["boots", "hook", "drop", "purse"]))
    (boots,) = [KIND.answers(game, w) for w in game.waiting_for() if w.kind == "boots"]
    labels = {
        lang: [localize(c["label"], lang) for c in boots["choices"]] for lang in ("en", "fr", "ja")
    }
    assert "Boots: Ann's runner on space 38 past the finish line" in labels["en"]
    assert "Boots: Ann's runner on space 37 to space 38" in labels["en"]
    assert (
        "Bottes\u00a0: le coureur d'Ann de la case 38 au-delà de la ligne d'arrivée" in labels["fr"]
    )
    assert "Bottes\u00a0: le coureur d'Ann de la case 37 vers la case 38" in labels["fr"]
    assert "ブーツ：マス38のAnnの走者をゴールの先へ" in labels["ja"]
    assert not any("vers au-delà" in label for label in labels["fr"])


def test_dice_entered_by_hand_and_read_by_the_camera() -> None:
    game = KingdomRun(Setup.simple("Ann", "Bob"))
    dice = KIND.dice
    assert dice.expected(game) == game.expected_dice()
    assert dice.faces["hook"] == "grappling hook: chase"
    assert KIND.dice.entered_throw(game, ["boots"] * 4)["thrown"] == ["boots"] * 4
    game.apply(dice.entered_throw(game, ["boots", "boots", "hook", "equal"]))
    again = dice.entered_throw(game, ["boots", "boots", "hook", "equal"])  # landed as they were
    assert sorted(again["kept"] + again["thrown"]) == ["boots", "boots", "equal", "hook"]
    assert len(again["thrown"]) == 1
    game.apply(again)
    assert dice.expected(game) is None
    assert dice.throw_input(game, ["hook"], ["boots"] * 3)["player"] == "Ann"


def test_the_catalog_says_the_place_values_are_configuration() -> None:
    catalog = KIND.catalog()
    setup = catalog["setup"]
    assert setup["players"]["min"] == 2 and setup["players"]["max"] == 4
    colour = setup["seat"][0]
    assert [c["value"] for c in colour["choices"]][:4] == ["red", "blue", "yellow", "green"]
    fields = {f["name"]: f for f in setup["fields"]}
    assert {c["value"] for c in fields["course.preset"]["choices"]} == {
        "first-race",
        "lakeland",
        "sprint",
    }
    places = fields["course.finish_places"]
    assert places["default"] == [10, 8, 6, 5, 4, 3, 2, 1] and places["count"] == 8
    assert "printed on your board" in places["note"]
    json.dumps(catalog)  # JSON-ready


def test_french_says_place_only_for_the_finish_places() -> None:
    """The setup form's first player is picked by name, the first row's at first: no
    blank choice for the first seat ("le joueur 1", then "la première place", which a
    race's form, its "places d'arrivée" just below, reads as the first finish place, was
    offered beside that player's name)."""
    from host.games.text import localize

    fields = {f["name"]: f for f in localize(KIND.catalog(), "fr")["setup"]["fields"]}
    assert "blank" not in fields["first_player"]
    assert "place" in fields["course.finish_places"]["label"]


def test_the_feed_says_the_faces_thrown_and_what_each_action_did() -> None:
    """'What happened' tells a race's steps: the faces thrown, each runner moved (past the
    line too) and the place it took, the tokens stolen, a runner put to sleep; it said only
    'Ann scatters runners with the boots', whichever runners and wherever."""
    from host.games.kind import story_of
    from host.games.kingdom_run import Position
    from host.games.text import localize

    position = Position("Ann", runners={"Ann": (38, 10, 11, 12), "Bob": (20, 21, 22, 23)})
    game = KingdomRun(Setup.simple("Ann", "Bob", position=position))

    def told(inp: dict[str, Any], lang: str = "en") -> list[str]:
        before = game.to_json()
        game.apply(inp)
        entry = story_of(KIND, before, game.to_json(), inp)
        return [localize(entry["said"], lang), *(localize(d, lang) for d in entry["did"])]

    thrown = told(game.throw_input(["boots", "purse", "flask", "hook"]), "fr")
    assert thrown == ["Ann lance bottes, bourse, flacon et grappin"]
    boots = told({"type": "boots", "player": "Ann", "space": 38, "runners": ["Ann"]}, "ja")
    assert boots[1:] == ["Annの走者：マス38→ゴールの先", "Annが10点のゴール順位を取った"]
    assert told({"type": "purse", "player": "Ann", "from": "Bob"})[1:] == [
        "Ann gains 1 victory token",
        "Bob loses 1 victory token",
    ]
    flask = {"type": "flask", "player": "Ann", "space": 20, "runner": "Bob", "wake": False}
    assert told(flask, "fr")[1:] == ["Le coureur de Bob sur la case 20 s'endort"]
    hook = {"type": "hook", "player": "Ann", "space": 10, "runner": "Ann"}
    assert told(hook)[1:] == ["Ann's runner: space 10 → 11"]


def test_dicetable_replay_reads_a_race(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(SCENARIO)]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["game"] == "kingdom-run" and state["finish"][1] == {"player": "Ann", "points": 8}
    assert main(["replay", str(SCENARIO), "--trace"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["index"] for line in lines] == [None, 0, 1]


def test_the_flask_used_is_told_as_the_other_faces_are() -> None:
    # the feed's line of a flask used read 'Chloé réveille un coureur ou en endort un'
    # (which?), above the line saying which; the other faces say the die used ('Hugo nage
    # avec la goutte')
    from host.games.kind import story_of
    from host.games.text import localize

    said = story_of(KIND, {}, {}, {"type": "flask", "player": "Chloé"})["said"]
    assert localize(said, "en") == "Chloé uses the flask"
    assert localize(said, "fr") == "Chloé utilise le flacon"
    assert localize(said, "ja") == "Chloéがフラスコを使った"
