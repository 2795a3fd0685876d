"""KaTO at the table: its GameKind is found by the registry (after the games the page
plays), starts, replays and saves games, and what it offers the page and the buttons is
what the engine takes."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from host.cli import main
from host.games.kato import KaTO, Options, Setup, Target
from host.games.kato.random_player import Table, play_game
from host.games.kato.script import script_json
from host.games.kato.table_kind import KIND
from host.games.kind import GameFileError, ReplayStopped
from host.games.registry import default_kind, kind_of_script, kinds
from tests.games.kato.helpers import ANN_WINS, card, game_of, play, simple, turn_up

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.json"))
SETUP: dict[str, Any] = {"players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cat"}]}


def test_found_by_the_registry_after_the_games_the_page_plays() -> None:
    assert kinds()["kato"] is KIND
    assert kind_of_script({"format": "kato-game/1"}) is KIND
    assert list(kinds()).index("kato") > 0 and default_kind() is not KIND


def test_new_setup_of_export_and_load_round_trip() -> None:
    game = KIND.new({**SETUP, "seed": 99, "target": {"rounds": 2}})  # the table adds a seed
    assert isinstance(game, KaTO) and KIND.roles(game) == {"Ann": "", "Bob": "", "Cat": ""}
    setup = KIND.setup_of({**SETUP, "seed": 99, "target": {"rounds": 2}, "description": "Fri"})
    assert setup["target"] == {"rounds": 2} and setup["description"] == "Fri"
    assert "seed" not in setup and setup["deck"]["colors"] == ["red", "yellow", "green", "blue"]
    start = KIND.new(setup)
    assert isinstance(start, KaTO)
    played, _ = play_game(start.setup, seed=3)
    again = KIND.load(KIND.export(setup, played.log))
    assert again.to_json() == played.to_json()
    assert KIND.winners(again) == [played.players[s] for s in played.winners]
    assert KIND.turn(again) == (played.players[played.turn], played.turns)


def test_bad_setups_and_scripts_are_one_line_game_file_errors() -> None:
    with pytest.raises(GameFileError, match="players: 2 to 10 players, not 1"):
        KIND.new({"players": [{"name": "Ann"}]})
    with pytest.raises(GameFileError, match="a game setup is a JSON object"):
        KIND.new([])  # type: ignore[arg-type]
    script = script_json(KaTO(Setup.simple("Ann", "Bob")))
    script["inputs"] = [{"type": "draw", "player": "Ann"}]
    with pytest.raises(ReplayStopped, match=r"inputs\[0\] \(draw by Ann\): no draw now; Bob") as e:
        KIND.load(script)
    assert e.value.game.to_json()["inputs"] == 0


@pytest.mark.parametrize("seed", range(8))
def test_every_answer_the_page_offers_is_an_input_the_engine_takes(seed: int) -> None:
    options = Options(hand_size=3, cone=("cancel", "plus10", None)[seed % 3], play_drawn=True)
    game = KaTO(Setup(("Ann", "Bob", "Cat"), Target("rounds", 1), options=options))
    table = Table(game, random.Random(seed))
    while not game.game_over and len(game.log) < 120:  # each undo refolds the whole log
        for waiting in game.waiting_for():
            offered = KIND.answers(game, waiting)
            assert offered["title"] and offered["player"] == waiting.player
            if waiting.kind == "hand":  # several cards: typed as an input for now
                assert offered["choices"] == [] and "lay down the" in offered["title"]
                continue
            assert offered["choices"]
            for c in offered["choices"]:
                game.apply(c["input"])  # taken, or this raises
                game.undo()
        inp = table.choose(game)
        game.apply(inp)
        table.follow(game, inp)


def test_a_wild_offers_each_colour_and_the_verdict_both_outcomes() -> None:
    from host.games.text import localize

    game = game_of(turn_up("Cat", card("red", 7)))
    (play_answer,) = [KIND.answers(game, w) for w in game.waiting_for() if w.kind == "play"]
    labels = [c["label"] for c in play_answer["choices"]]
    assert "red 3" in labels and "wild +4, blue" in labels and "blue 3" not in labels
    assert play_answer["title"] == "Ann: lay a card on red 7"
    game.apply(play("Ann", {"color": "black", "value": "wild4"}, "blue"))
    game.apply(simple("Bob", "challenge"))
    (verdict,) = [KIND.answers(game, w) for w in game.waiting_for()]
    assert [c["label"] for c in verdict["choices"]] == [
        "Yes, a bluff: Ann draws 4 cards",
        "No: Bob draws 6 cards",
    ]
    # "Oui, un bluff : Ann pioche 4" said no cards
    assert localize([c["label"] for c in verdict["choices"]], "fr") == [
        "Oui, un bluff\u00a0: Ann pioche 4 cartes",
        "Non\u00a0: Bob pioche 6 cartes",
    ]
    # the hand asked about, never its player: a player named Ann is no "il"
    title = "Bob\u00a0: la main d'Ann contenait-elle la couleur demandée\u00a0?"
    assert localize(verdict["title"], "fr") == title


def test_what_the_game_waits_for_names_its_player_then_what_to_do() -> None:
    """The page and the table say what the game waits for as its answers' titles, each
    'player: what to do' ('the game waits for Ann: lay a card on red 7'): the dealer's and
    the verdict's said a sentence of their own, 'the game waits for Cat (the dealer) turns
    up the first card', '... for Bob has seen Ann's hand: did it hold ...?'."""
    from host.app.text import _ as table_words
    from host.games.page import answers_json, awaiting
    from host.games.text import localize

    def waits(game: KaTO) -> str:
        return table_words("the game waits for {what}", what=awaiting(answers_json(KIND, game)))

    game = game_of()
    assert waits(game) == "the game waits for Cat (the dealer): turn up the first card"
    said = "la partie attend Cat (qui distribue)\u00a0: retournez la première carte"
    assert localize(waits(game), "fr") == said
    said = "ゲームは次を待っています。Cat（親）：最初のカードをめくる"
    assert localize(waits(game), "ja") == said
    game.apply(turn_up("Cat", card("red", 7)))
    game.apply(play("Ann", {"color": "black", "value": "wild4"}, "blue"))
    game.apply(simple("Bob", "challenge"))
    said = "the game waits for Bob: did Ann's hand hold the colour in force?"
    assert waits(game).startswith(said)
    said = "ゲームは次を待っています。Bob：Annの手札に指定の色のカードはあった？"
    assert localize(waits(game), "ja").startswith(said)


def test_a_draw_is_titled_as_a_sentence_and_its_button_as_a_button() -> None:
    """'Ann : piochez 1 carte' in the list of what the game waits for, as its other
    titles ('Ann : posez une carte...'), not 'Ann : Piocher 1 carte'; one card drawn is said
    by the plural text's one form (its own 'Piocher une carte' said the same)."""
    from host.games.text import localize

    game = game_of(turn_up("Cat", card("red", 7)))
    (draw,) = [KIND.answers(game, w) for w in game.waiting_for() if w.kind == "draw"]
    assert localize(draw["title"], "fr") == "Ann\u00a0: piochez 1 carte"
    assert localize(draw["choices"][0]["label"], "fr") == "Piocher 1 carte"
    assert localize(draw["title"], "ja") == "Ann：カードを1枚引く"
    game = game_of(turn_up("Cat", card("red", 7)), play("Ann", card("red", "draw2")))
    (draw,) = [KIND.answers(game, w) for w in game.waiting_for() if w.kind == "draw"]
    assert localize(draw["title"], "fr") == "Bob\u00a0: piochez 2 cartes"


def test_every_title_asks_its_player_in_the_imperative_in_french() -> None:
    """Each request on the page, and in what the game waits for, in one mood: "En attente
    de Léa : posez une carte sur 7 rouge ; Léa : piocher 1 carte ; Léa : dire KaTO" mixed
    the imperative with infinitives (and "prendre en faute", "défier le +4 ?")."""
    from host.games.text import localize

    game = game_of(turn_up("Cat", card("red", 7)), play("Ann", card("red", 3)))
    game.apply(play("Bob", {"color": "black", "value": "wild4"}, "blue"))
    titles = {w.kind: localize(KIND.answers(game, w)["title"], "fr") for w in game.waiting_for()}
    assert titles["draw"] == "Cat\u00a0: piochez 4 cartes"
    assert titles["challenge"] == "Cat\u00a0: défiez-vous le +4 de Bob\u00a0?"
    # the cards owed counted as Japanese counts them ("（引く枚数4）" had no counter)
    (play_title,) = [KIND.answers(game, w)["title"] for w in game.waiting_for() if w.kind == "play"]
    assert localize(play_title, "ja") == "Cat：ワイルド +4にカードを出す（引く枚数は4枚）"
    # a wild turned up: "choisissez la couleur du changement de couleur retourné" said the
    # card's name for its colour; the colour is announced, as the feed says ("Léa annonce")
    game = game_of(turn_up("Cat", {"color": "black", "value": "wild"}))
    (color,) = [KIND.answers(game, w)["title"] for w in game.waiting_for()]
    assert localize(color, "fr") == (
        "Ann\u00a0: annoncez la couleur à jouer sur le changement de couleur retourné"
    )
    game = game_of(*ANN_WINS[:2], options=Options(hand_size=2))
    titles = {w.kind: localize(KIND.answers(game, w)["title"], "fr") for w in game.waiting_for()}
    assert titles["kato"] == "Ann\u00a0: dites KaTO"
    game.apply(simple("Bob", "draw"))  # Ann forgot: Bob and Cat may catch her
    said = [localize(KIND.answers(game, w)["title"], "fr") for w in game.waiting_for()]
    assert "Bob\u00a0: prenez en faute qui n'a pas dit KaTO" in said


def test_the_hands_are_asked_for_from_the_winner_s_left_as_the_camera_reads_them() -> None:
    """Bob wins; the camera reads Cat's hand first (the seat on his left), then Ann's: the
    page and what the game waits for ask in that order. They asked Ann first (the first
    seat): Ann laid down first, as the page said, and her cards were counted as Cat's."""
    from host.games.kato.seen import CARDS
    from host.games.page import answers_json, awaiting
    from host.games.text import localize

    game = game_of(
        turn_up("Cat", card("red", 7)), simple("Ann", "draw"), play("Bob", card("red", 3)),
        options=Options(hand_size=1),
    )  # fmt: skip
    assert [w.player for w in game.waiting_for()] == ["Cat", "Ann"]
    assert CARDS.expected(game).player == "Cat"  # type: ignore[union-attr]
    assert localize(awaiting(answers_json(KIND, game)), "fr").startswith("Cat\u00a0: posez")


def test_the_page_shows_who_plays_next_the_direction_and_the_cards_to_draw() -> None:
    """As the board does (the next seat's dim LED, "P  2" on the seat that draws), the page
    says who plays next, which way play goes, and the cards its player must draw: it said
    only whose turn it was, so after a reverse nobody could tell the direction on a phone."""
    from host.games.text import localize

    game = game_of(turn_up("Cat", card("red", 7)), play("Ann", card("red", "draw2")))
    shown = localize(KIND.view(game), "fr")
    tags = {s["player"]: s["tags"] for s in shown["seats"]}
    assert tags == {"Ann": [], "Bob": ["2 cartes à piocher"], "Cat": ["joue ensuite"]}
    (discard,) = shown["lists"]
    assert discard["note"].startswith("sens du jeu\u00a0: horaire (vers la gauche)\u00a0; ")
    game.apply(play("Bob", {"color": "black", "value": "wild4"}, "blue"))
    game.apply(simple("Cat", "draw"))
    game.apply(play("Ann", card("blue", "reverse")))  # back to Cat, then Bob
    shown = localize(KIND.view(game), "ja")
    tags = {s["player"]: s["tags"] for s in shown["seats"]}
    assert tags == {"Ann": [], "Bob": ["次の番"], "Cat": []}
    assert shown["lists"][0]["note"].startswith("順番：反時計回り（右隣へ）。")


def test_the_feed_names_the_cards_laid_the_draws_and_the_round_won() -> None:
    """The page's feed ("What happened") says which card was laid, the colour named, the
    hand laid down, who drew how many and the round's points: it said "Léa pose une
    carte", "Hugo pioche", never which card nor how many."""
    from host.games.kind import story_of
    from host.games.text import localize

    game = game_of(turn_up("Cat", card("red", 7)))
    told = []
    for inp in (
        play("Ann", card("red", "draw2")),
        play("Bob", {"color": "black", "value": "wild4"}, "blue"),
        simple("Cat", "challenge"),
        {"type": "verdict", "player": "Cat", "guilty": True},
    ):
        before = game.to_json()
        game.apply(inp)
        told.append(story_of(KIND, before, game.to_json(), inp))
    said = [localize(t["said"], "fr") for t in told]
    assert said == [
        "Ann pose un +2 rouge",
        "Bob pose un +4 et annonce bleu",
        "Cat défie le +4",
        "Cat\u00a0: le +4 de Bob était un bluff",
    ]
    assert localize(told[3]["did"], "fr") == ["Bob pioche 6 cartes"]
    assert localize(told[1]["said"], "ja") == "Bobがワイルド +4を出して青を宣言した"
    assert localize(told[3]["did"], "ja") == ["Bobがカードを6枚引いた"]
    # said as the feed's other lines ("Bobが..."): it was "Cat：ワイルド +4 にチャレンジする"
    assert localize(told[2]["said"], "ja") == "Catがワイルド +4 にチャレンジした"
    # a draw says its count once ("Cat pioche 1 carte", not "Cat pioche", then that)
    before = game.to_json()
    game.apply(simple("Cat", "draw"))
    told_draw = story_of(KIND, before, game.to_json(), simple("Cat", "draw"))
    assert localize(told_draw["said"], "fr") == "Cat pioche 1 carte" and told_draw["did"] == []


def test_the_feed_says_the_round_won_and_its_points() -> None:
    from host.games.kind import story_of
    from host.games.text import localize

    setup = {"players": [{"name": "Ann"}, {"name": "Bob"}], "options": {"hand_size": 1}}
    game = KIND.new(setup)
    game.apply(turn_up("Bob", card("red", 7)))
    game.apply(play("Ann", card("red", 3)))
    before = game.to_json()
    hand = {"type": "hand", "player": "Bob", "cards": [card("yellow", 5)]}
    game.apply(hand)
    told = story_of(KIND, before, game.to_json(), hand)
    assert localize(told["said"], "fr") == "Bob pose sa main\u00a0: 5 jaune"
    assert localize(told["key"], "fr") == ["Ann gagne la manche 1\u00a0: 5 points"]
    assert localize(told["key"], "ja") == ["Annがラウンド1に勝利：5点"]


def test_the_round_s_winner_and_a_tie_at_the_target_are_said() -> None:
    """Once a round is won the headline says by whom (it said "Manche 1 : on compte les
    points"); tied at the top after the rounds agreed, the feed and the headline say that
    another round breaks the tie (a third round of a game of 2 came unexplained)."""
    from host.games.kind import story_of
    from host.games.text import localize

    setup = {"players": [{"name": "Ann"}, {"name": "Bob"}], "options": {"hand_size": 1}}
    game = KIND.new({**setup, "target": {"rounds": 2}})
    game.apply(turn_up("Bob", card("red", 7)))
    game.apply(play("Ann", card("red", 3)))
    assert localize(KIND.view(game)["headline"], "fr") == (
        "Manche 1 gagnée par Ann\u00a0: on compte les points"
    )
    game.apply({"type": "hand", "player": "Bob", "cards": [card("yellow", 5)]})
    game.apply(turn_up("Ann", card("blue", 7)))
    game.apply(play("Bob", card("blue", 3)))
    before = game.to_json()
    hand = {"type": "hand", "player": "Ann", "cards": [card("green", 5)]}
    game.apply(hand)
    told = story_of(KIND, before, game.to_json(), hand)
    assert localize(told["key"], "fr")[1] == (
        "Ann et Bob sont à égalité en tête avec 5 points\u00a0: une manche de plus pour départager"
    )
    assert (
        localize(told["key"], "ja")[1] == "AnnとBobが5点で同点首位：もう1ラウンドで決着をつけます"
    )
    assert localize(KIND.view(game)["headline"], "fr") == (
        "Manche 3, pour départager\u00a0: au tour de Bob"
    )


def test_the_button_calls_kato_then_catches_then_draws() -> None:
    two = Options(hand_size=2)
    four = ("Ann", "Bob", "Cat", "Dan")
    game = game_of(turn_up("Dan", card("red", 7)), options=two, players=four)
    assert KIND.button_inputs(game, "Ann") == [simple("Ann", "kato")]  # 2 cards: never a draw
    assert KIND.button_inputs(game, "Bob") == []  # not Bob's turn
    game.apply(play("Ann", card("red", 3)))
    assert KIND.button_inputs(game, "Ann") == [simple("Ann", "kato")]  # may still call
    game.apply(play("Bob", card("red", 4)))  # Bob began: Ann forgot; Bob may call
    assert KIND.button_inputs(game, "Bob") == [simple("Bob", "kato")]
    assert KIND.button_inputs(game, "Cat") == [simple("Cat", "kato")]  # her own call first
    assert KIND.button_inputs(game, "Dan") == [simple("Dan", "catch", target="Ann")]
    for inp in KIND.button_inputs(game, "Dan"):
        game.apply(inp)
    assert game.hand_sizes()["Ann"] == 3
    assert KIND.button_inputs(game, "Ann") == []  # nobody to catch, not Ann's turn
    game = game_of(turn_up("Cat", card("red", 7)), options=Options(play_drawn=True))
    assert KIND.button_inputs(game, "Ann") == [simple("Ann", "draw")]
    game.apply(simple("Ann", "draw"))
    assert KIND.button_inputs(game, "Ann") == [simple("Ann", "pass")]
    game = game_of(turn_up("Cat", card("red", 7)), play("Ann", card("red", "draw2")))
    assert KIND.button_inputs(game, "Bob") == [simple("Bob", "draw")]  # the 2 owed
    game = game_of(*ANN_WINS, options=two)
    assert all(KIND.button_inputs(game, p) == [] for p in game.players)  # the cards are read


def test_no_dice_and_no_role() -> None:
    assert KIND.dice is None
    assert set(KIND.roles(game_of()).values()) == {""}  # every player, no role


def test_the_catalog_says_the_values_and_the_deck_are_configuration() -> None:
    setup = KIND.catalog()["setup"]
    assert setup["players"]["min"] == 2 and setup["players"]["max"] == 10
    fields = {f["name"]: f for f in setup["fields"]}
    assert fields["target"]["default"] == {"points": 500}
    # the target is the table's own: a number of points or of rounds, from 1 to a most
    # (a list of 100 to 1000 points and 1 to 10 rounds left out 150 points, 4 rounds)
    units = {u["value"]: u for u in fields["target"]["units"]}
    assert list(units) == ["points", "rounds"] and fields["target"]["min"] == 1
    two = [{"name": "A"}, {"name": "B"}]
    for unit, u in units.items():
        for n in (1, 4, 150, u["default"], u["max"]):
            if n <= u["max"]:
                game = KIND.new({"players": two, "target": {unit: n}})
                assert game.to_json()["target"] == {unit: n}
    from host.games.kind import GameFileError
    from host.games.text import localize, message

    refused = {
        (0, "points"): "target.points\u00a0: au moins 1, pas 0",
        (100000, "points"): "target.points\u00a0: au plus 99999, pas 100000",
        (100, "rounds"): "target.rounds\u00a0: au plus 99, pas 100",
    }
    for (n, unit), said in refused.items():
        with pytest.raises(GameFileError) as error:
            KIND.new({"players": two, "target": {unit: n}})
        assert said in localize(message(error.value), "fr")
    # its label reads with points and with rounds alike ("la partie se termine à 2 manches"
    # did not): "la partie se joue en 500 points", "en 2 manches"
    assert localize(fields["target"]["label"], "fr") == "la partie se joue en"
    assert localize(fields["target"]["label"], "ja") == "終了条件"
    # its note says both ways whole: "après les manches, le meilleur score" stopped short
    assert localize(fields["target"]["note"], "fr") == (
        "en points, le premier à les atteindre gagne\u00a0; en manches, le meilleur score à la fin"
    )
    assert "The rules give no points for the cards" in fields["values.skip"]["note"]
    assert "wild +4 50" in fields["values.skip"]["note"]
    values = {name.split(".")[1]: f["default"] for name, f in fields.items() if "values." in name}
    assert values == {"skip": 20, "reverse": 20, "draw2": 20, "wild": 50, "wild4": 50, "cone": 50}
    priced = KIND.new({"players": [{"name": "A"}, {"name": "B"}], "values": {**values, "skip": 25}})
    assert priced.to_json()["values"]["skip"] == 25  # the form's values are the game's
    options = {name.split(".")[1] for name in fields if name.startswith("options.")}
    assert options == set(Options.__dataclass_fields__)
    # who plays first is picked by name, the first row's at first: a blank for the first
    # seat ("le joueur 1") was offered beside that player's name, the same person twice
    for form in (setup, KIND.catalog()["pickup"]):
        assert "blank" not in next(f for f in form["fields"] if f["name"] == "first_player")
    json.dumps(KIND.catalog())  # JSON-ready


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_dicetable_replay_reads_every_scenario(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(path)]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["game"] == "kato"
    assert state["inputs"] == len(json.loads(path.read_text())["inputs"])


def test_dicetable_replay_traces_and_stops_at_a_refused_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = SCENARIOS[0]
    assert main(["replay", str(path), "--trace"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["index"] for line in lines] == [None, *range(len(lines) - 1)]
    script = {**SETUP, "format": "kato-game/1", "inputs": [turn_up("Cat", card("red", 7))]}
    script["inputs"].append(play("Ann", card("blue", 8)))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(script))
    assert main(["replay", str(bad)]) == 1
    out, err = capsys.readouterr()
    assert json.loads(out)["inputs"] == 1
    assert "inputs[1] (play by Ann): blue 8 cannot be laid now" in err and err[-1] == "\n"
