"""The expansions' scripts (docs/kot-expansions.md), run through the Python API and through
`dicetable replay`; and each policy of the expansions reference (section 7) that the
expansions built so far touch has its script.

Script names: `<expansion>.<rule>.<what>.json` for the rules of its section, and
`policyNN_<what>.json` for the policies.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest

from host.cli import main
from host.games import IllegalInput
from host.games.kot import KingOfTokyo, MonsterPosition, Options, Position, Setup, SetupError
from host.games.kot.cards import BOX, BOXES, CARDS, DECKS
from host.games.kot.effects import EFFECTS, FLUX_EFFECTS, NOT_IN_TOKYO, CardEffect
from host.games.kot.expansion import all_on
from host.games.kot.expansions.berserk import FACES as BERSERK_FACES
from host.games.kot.expansions.curse_cards import CURSES, FATE_FACES, Curse
from host.games.kot.expansions.wickedness import PAIRS, TILES, Tile
from host.games.kot.page import view
from host.games.kot.random_player import play_game, random_input
from host.games.kot.script import (
    ScriptFailed,
    load_script,
    parse_script,
    replay,
    script_json,
    start,
)
from host.games.kot.story import story
from host.games.text import localize

HERE = Path(__file__).parent
LANGS = ("en", "fr", "ja")
SCRIPTS = sorted((HERE / "expansions").glob("*.json"))

# the policies of king-of-tokyo-expansions.md section 7 about the expansions built
POLICIES = {
    "general": {1, 2, 3},
    "wickedness": {5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21},
    "dark_deck": {7, 22, 23},
    "tokyo_tower": {24, 25, 26, 27, 28, 29},
    "cultists": {30, 31, 32, 33, 34},
    "berserk": {35, 36, 37, 38, 39},
    "curses": set(range(40, 53)),
    "transformation": {57, 58},
}


def policies_shown(path: Path) -> set[int]:
    """The policies a script shows: its name's (policyNN_...) and those its description
    cites ("(policy 13)", "(policies 1, 24)")."""
    shown = {int(path.stem[6:8])} if path.stem.startswith("policy") else set()
    description = json.loads(path.read_text()).get("description", "")
    for cited in re.findall(r"\(polic(?:y|ies) ([\d, ]+)", description):
        shown |= {int(n) for n in re.findall(r"\d+", cited)}
    return shown


def test_each_policy_of_the_expansions_built_has_a_script() -> None:
    covered = set().union(*map(policies_shown, SCRIPTS))
    for expansion, policies in POLICIES.items():
        assert policies <= covered, (expansion, sorted(policies - covered))


def tile_scripts(name: str) -> list[Path]:
    slug = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
    return [p for p in SCRIPTS if p.stem == f"tile.{slug}" or p.stem.startswith(f"tile.{slug}.")]


def test_every_tile_of_both_sides_has_a_script() -> None:
    assert len(TILES) == 20 and {t for pair in PAIRS for t in pair} == set(TILES)
    for name in TILES:
        assert tile_scripts(name), name


@pytest.mark.parametrize("name", sorted(TILES))
def test_each_tiles_scripts_need_its_effect(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With a tile that does nothing in its place, its scripts fail: they test the tile."""
    blank = Tile()
    blank.name, blank.level = name, TILES[name].level
    monkeypatch.setitem(TILES, name, blank)
    failed = 0
    for path in tile_scripts(name):
        try:
            replay(load_script(path))
        except ScriptFailed:
            failed += 1
    assert failed, f"{name}'s scripts pass without its effect"


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def curse_scripts(name: str) -> list[Path]:
    return [p for p in SCRIPTS if p.stem.startswith(f"curse.{slug(name)}.")]


def test_every_curse_has_a_script_for_each_of_its_three_effects() -> None:
    assert len(CURSES) == 24 and [c.number for c in CURSES.values()] == list(range(1, 25))
    for name in CURSES:
        effects = {p.stem.split(".")[2] for p in curse_scripts(name)}
        assert effects == {"permanent", "ankh", "snake"}, name


@pytest.mark.parametrize("name", sorted(CURSES))
def test_each_curses_scripts_need_its_effects(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With a curse that does nothing in its place, each of its three scripts fails."""
    blank = Curse()
    blank.name, blank.number = name, CURSES[name].number
    monkeypatch.setitem(CURSES, name, blank)
    for path in curse_scripts(name):
        with pytest.raises(ScriptFailed):
            replay(load_script(path))


def test_every_face_of_the_die_of_fate_has_a_script() -> None:
    for face in FATE_FACES:
        assert (HERE / "expansions" / f"fate.{face.removeprefix('fate_')}.json").exists(), face


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_script_through_the_api(path: Path) -> None:
    script = load_script(path)
    assert script.expect, "a script states what it expects"
    game = replay(script)
    assert len(game.log) == len(script.inputs)


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_script_through_replay(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert json.loads(out) == replay(load_script(path)).to_json()


def random_logs(games: int, **options: object) -> list[list[dict[str, object]]]:
    opts = all_on(**options)
    logs = []
    for i in range(games):
        setup = Setup.simple("A", "B", "C", "D", seed=i, first_player="A", options=opts)
        logs.append([dict(inp) for inp in play_game(setup, random.Random(i)).log])
    return logs


def test_the_random_player_spends_cultists_every_way() -> None:
    # (without the transformation card: a beast's extra throw competes with the cultist's
    # for the random player's roll-step action, and a throw is rare already: 4 of 224
    # cultists spent in these 100 games without it, none with it)
    logs = random_logs(100, transformation=False)
    spent = Counter(inp["spend"] for log in logs for inp in log if inp["type"] == "cultist")
    assert set(spent) == {"hp", "energy", "throw"}, spent


def test_cultists_in_a_position_need_the_option() -> None:
    position = Position({"A": MonsterPosition(cultists=2)}, "A")
    with pytest.raises(
        SetupError, match=r"position.monsters.A.cultists: only with the option .cultists."
    ):
        KingOfTokyo(Setup.simple("A", "B", position=position))
    game = KingOfTokyo(Setup.simple("A", "B", position=position, options=Options(cultists=True)))
    assert game.to_json()["players"][0]["cultists"] == 2


def test_a_game_without_expansions_shows_none_of_their_state() -> None:
    state = KingOfTokyo(Setup.simple("A", "B", first_player="A")).to_json()
    assert "cultists" not in state["players"][0]


def test_the_random_player_throws_every_berserk_face_only_while_berserk() -> None:
    seen: Counter[str] = Counter()
    for i in range(60):
        setup = Setup.simple("A", "B", "C", "D", seed=i, options=Options(berserk=True))
        game = KingOfTokyo(setup)
        rng = random.Random(i)
        while not game.game_over:
            inp = random_input(game, rng, corrections=True)
            faces = [f for f in (*inp.get("thrown", ()), inp.get("to")) if f in BERSERK_FACES]
            assert not faces or game.monster(inp["player"]).berserk
            seen.update(faces)
            game.apply(inp)
    assert set(seen) == set(BERSERK_FACES), seen


def test_berserk_in_a_position_needs_the_option_and_shows_in_the_saved_position() -> None:
    position = Position({"A": MonsterPosition(berserk=True)}, "A")
    with pytest.raises(
        SetupError, match=r"position.monsters.A.berserk: only with the option .berserk."
    ):
        KingOfTokyo(Setup.simple("A", "B", position=position))
    game = KingOfTokyo(Setup.simple("A", "B", position=position, options=Options(berserk=True)))
    assert game.to_json()["players"][0]["berserk"] is True
    assert game.to_json()["dice_in_play"] == {"black": 6, "green": 0, "berserk": 1}


def test_a_misread_berserk_die_is_fixed_to_a_berserk_face_only() -> None:
    position = Position({"A": MonsterPosition(berserk=True)}, "A")
    game = KingOfTokyo(Setup.simple("A", "B", position=position, options=Options(berserk=True)))
    game.apply(game.throw_input(["1", "2", "3", "1", "2", "3", "berserk_claw"]))
    with pytest.raises(IllegalInput, match="faces of different dice"):
        game.apply({"type": "correct", "player": "A", "from": "berserk_claw", "to": "claw"})
    game.apply({"type": "correct", "player": "A", "from": "berserk_claw", "to": "berserk_skull"})
    assert "berserk_skull" in game.to_json()["dice"]


def test_the_random_player_takes_every_tile() -> None:
    """From gauges near the thresholds, over both sides, every tile is taken at times."""
    taken: Counter[str] = Counter()
    for i in range(80):
        side = ("front", "green")[i % 2]
        gauges = {
            name: MonsterPosition(wickedness=(i + 3 * k) % 10) for k, name in enumerate("ABCD")
        }
        setup = Setup.simple(
            "A",
            "B",
            "C",
            "D",
            seed=i,
            options=Options(wickedness=side),
            position=Position(gauges, "A"),
        )
        taken.update(
            inp["tile"] for inp in play_game(setup, random.Random(i)).log if inp["type"] == "tile"
        )
    assert set(taken) == set(TILES), set(TILES) - set(taken)


def test_the_random_player_copies_cards_with_fluxling() -> None:
    logs = random_logs(150, wickedness="green")
    assert any(inp["type"] == "fluxling" for log in logs for inp in log)


CURSE_KINDS = {"gift", "scarab", "discard_card", "add_die", "remove_die", "reroll", "bless"}


def test_a_fluxling_copy_s_counters_show_on_its_tile_in_every_language() -> None:
    """A Fluxling copy of its owner's own Battery Monster has its own 6 energy, on the
    tile: the page says them beside the copy (the card's own are among the tokens)."""
    loaded = load_script(
        HERE / "expansions" / "tile.fluxling.own_battery_monster_counters_apart.json"
    )
    game = KingOfTokyo(loaded.setup)
    game.apply(loaded.inputs[0])
    said = {lang: json.dumps(localize(view(game), lang), ensure_ascii=False) for lang in LANGS}
    assert '"Fluxling copies Battery Monster of Ann, ×6 on the tile"' in said["en"]
    assert '"Fluxling copie Monstre à piles d\'Ann, ×6 sur la tuile"' in said["fr"]
    assert '"フラックスリング：Annの電池モンスターをコピー中（タイルに×6）"' in said["ja"]


def test_the_random_player_meets_every_curse_face_and_decision() -> None:
    """In random games with every option on (half at a table deck), each curse resolves
    with each face of the die of fate, and every curse decision is answered (the curse
    turned over at the table's too)."""
    kinds: Counter[str] = Counter()
    met: set[tuple[str, str]] = set()
    for i in range(80):
        options = all_on(table_deck=i % 2 == 0)
        game = KingOfTokyo(Setup.simple("A", "B", "C", "D", seed=i, options=options))
        rng = random.Random(i)
        while not game.game_over:
            inp = random_input(game, rng)
            if inp["type"] == "resolve" and game.phase == "roll":
                face = next((f for f in game.dice if f in FATE_FACES), None)
                if face is not None:  # (Builders' Uprising's extra turn has no die of fate)
                    met.add((game.curse.name, face))
            game.apply(inp)
            kinds[inp["type"]] += 1
    assert met == {(c, f) for c in CURSES for f in FATE_FACES}
    assert CURSE_KINDS | {"curse"} <= set(kinds), CURSE_KINDS - set(kinds)


def curses_position(**fields: object) -> Setup:
    position = Position({"A": MonsterPosition(hp=7)}, "A", **fields)  # type: ignore[arg-type]
    return Setup.simple("A", "B", "C", options=Options(curses=True), position=position)


def eye(game: KingOfTokyo) -> None:
    game.apply(game.throw_input(["1", "2", "3", "1", "2", "3", "fate_eye"]))
    game.apply({"type": "resolve", "player": "A"})


def test_a_game_picked_up_with_its_curse_deck_in_a_known_order() -> None:
    game = KingOfTokyo(
        curses_position(
            curse="Set's Storm",
            curse_deck=("Bow Before Ra", "Hotep's Peace"),
            curse_discard=("Raging Flood",),
            scarab="C",
        )
    )
    state = game.to_json()
    assert (state["curse"], state["scarab"], state["curse_deck_size"]) == ("Set's Storm", "C", 2)
    assert state["curse_discard"] == ["Raging Flood"]
    assert state["players"][0]["hp"] == 6  # Set's Storm: A's turn started
    eye(game)  # the deck's top card, as the position gave it
    assert game.to_json()["curse"] == "Bow Before Ra"
    assert game.to_json()["curse_discard"] == ["Raging Flood", "Set's Storm"]


def test_a_game_picked_up_with_its_curse_deck_in_an_unknown_order() -> None:
    """The deck holds every curse not in play or discarded, in the seed's order; at a
    table deck the next one is asked among them."""
    discard = ("Raging Flood", "Hotep's Peace")
    game = KingOfTokyo(curses_position(curse="Set's Storm", curse_discard=discard))
    assert game.to_json()["curse_deck_size"] == 21
    assert game.to_json()["scarab"] == "C"  # the last in turn order from A
    eye(game)
    assert game.to_json()["curse"] not in {"Set's Storm", *discard}
    face_up = ("Heal", "Tank", "Frenzy")
    position = Position({}, "A", face_up=face_up, curse="Set's Storm", curse_discard=discard)
    options = Options(curses=True, table_deck=True)
    table = KingOfTokyo(Setup.simple("A", "B", options=options, position=position))
    eye(table)
    (wait,) = [w for w in table.waiting_for() if w.kind == "curse"]
    assert wait.options["curses"] == sorted(set(CURSES) - {"Set's Storm", *discard})


def test_a_picked_up_game_is_saved_and_read_back_with_its_curses() -> None:
    setup = curses_position(
        curse="Pharaonic Skin", curse_deck=("Set's Storm",), curse_discard=(), scarab="B"
    )
    game = KingOfTokyo(setup)
    eye(game)
    again = replay(parse_script(script_json(game)))
    assert again.to_json() == game.to_json()
    assert script_json(game)["position"]["curse_deck"] == ["Set's Storm"]


@pytest.mark.parametrize(
    ("fields", "options", "error"),
    [
        ({"curse": "Set's Strom"}, Options(curses=True), "position.curse: unknown curse"),
        ({"curse": "Set's Storm"}, Options(), "position.curse: only with the option 'curses'"),
        ({"scarab": "B"}, Options(), "position.scarab: only with the option 'curses'"),
        ({"scarab": "Zed"}, Options(curses=True), "unknown player 'Zed'"),
        (
            {"curse": "Set's Storm", "curse_discard": ("Set's Storm",)},
            Options(curses=True),
            "Set's Storm is in position.curse already",
        ),
        ({"curse_deck": ()}, Options(curses=True), "no curse in play and none left"),
    ],
)
def test_a_picked_up_curse_state_that_cannot_be_is_refused(
    fields: dict[str, object], options: Options, error: str
) -> None:
    position = Position({}, "A", **fields)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match=re.escape(error)):
        KingOfTokyo(Setup.simple("A", "B", options=options, position=position))


# ---- the Dark Edition's deck (section 1, "Other Dark Edition changes"; policies 22, 23) ----

DARK_NEW = sorted(set(DECKS["dark"]) - set(CARDS))  # its own cards, Lunar Powered among them


def dark_scripts(name: str) -> list[Path]:
    return [
        p
        for p in SCRIPTS
        if p.stem == f"dark.{slug(name)}" or p.stem.startswith(f"dark.{slug(name)}.")
    ]


def test_the_dark_edition_s_deck_is_the_reference_s() -> None:
    dark, standard = DECKS["dark"], CARDS
    assert len(BOXES["dark"]) == len(BOX) == 66
    out = sorted(set(standard) - set(dark))
    assert out == [
        "Battery Monster", "Heal", "Healing Ray", "Mimic", "National Guard", "Poison Spit",
        "Rooting for the Underdog", "Solar Powered",
    ]  # fmt: skip
    assert dark["Extra Head"].copies == 1 and dark["Evacuation Orders"].copies == 2
    costs = {c: dark[c].cost for c in DARK_NEW}
    assert costs == {
        "Hibernation": 4, "Lunar Powered": 3, "Monster Pets": 0, "Nanobots": 3,
        "Natural Selection": 2, "Reflective Hide": 6, "Super Jump": 4, "Unstable DNA": 3,
        "Zombify": 4,
    }  # fmt: skip
    assert [dark[c].cost for c in ("Freeze Time", "Gourmet", "Herd Culler")] == [6, 6, 5]
    assert [c for c in DARK_NEW if not dark[c].keep] == ["Monster Pets"]
    for name, card in standard.items():  # the others as in the standard box
        if name in dark and name not in ("Freeze Time", "Gourmet", "Herd Culler", "Extra Head"):
            assert dark[name] == card, name


def test_a_dark_game_deals_its_own_deck_and_refuses_the_other_s_cards() -> None:
    game = KingOfTokyo(Setup.simple("A", "B", seed=3, options=Options(deck="dark")))
    cards = [*game.deck, *(c for c in game.face_up if c)]
    assert sorted(cards) == sorted(BOXES["dark"])
    position = Position({"A": MonsterPosition(cards=("Mimic",))}, "A")
    with pytest.raises(SetupError, match="Mimic is placed 1 times; the box has 0"):
        KingOfTokyo(Setup.simple("A", "B", options=Options(deck="dark"), position=position))
    position = Position({"A": MonsterPosition(cards=("Zombify",))}, "A")
    with pytest.raises(SetupError, match="Zombify is placed 1 times; the box has 0"):
        KingOfTokyo(Setup.simple("A", "B", position=position))
    with pytest.raises(SetupError, match=r"options.deck: .* not 'light'"):
        KingOfTokyo(Setup.simple("A", "B", options=Options(deck="light")))


def test_every_card_of_the_dark_edition_has_a_script() -> None:
    for name in [*DARK_NEW, "It Has a Child!"]:
        assert dark_scripts(name), name


@pytest.mark.parametrize("name", [*DARK_NEW, "It Has a Child!"])
def test_each_dark_card_s_scripts_need_its_effect(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a card that does nothing in its place, each of its scripts fails, but those
    that show where it does not apply (`.unused_...`: Nanobots at 3 HP...)."""
    blank, twin = CardEffect(), CardEffect()
    blank.name = twin.name = name
    twin.copy = "fluxling"
    monkeypatch.setitem(EFFECTS, name, blank)
    monkeypatch.setitem(FLUX_EFFECTS, name, twin)  # the Fluxling tile's copy of it too
    kept_out = name in NOT_IN_TOKYO  # its effect's rule on buying (Hibernation's) goes too
    NOT_IN_TOKYO.discard(name)
    try:
        for path in dark_scripts(name):
            if ".unused_" in path.stem:
                continue
            with pytest.raises(ScriptFailed):
                replay(load_script(path))
    finally:
        if kept_out:
            NOT_IN_TOKYO.add(name)


def test_natural_selection_s_die_is_a_spare_die_the_camera_expects() -> None:
    """The camera is told the extra die (a green one: any spare die, policy 22)."""
    position = Position({"A": MonsterPosition(cards=("Natural Selection",))}, "A")
    setup = Setup.simple("A", "B", options=Options(deck="dark", dice="dark"), position=position)
    expected = KingOfTokyo(setup).expected_dice()
    assert expected is not None
    assert (expected.face_set, dict(expected.counts)) == ("kot-dark", {"black": 6, "green": 1})


def test_a_zombie_is_saved_and_read_back() -> None:
    position = Position({"A": MonsterPosition(hp=11, zombie=True)}, "A")
    game = KingOfTokyo(Setup.simple("A", "B", options=Options(deck="dark"), position=position))
    assert game.to_json()["players"][0]["zombie"] is True
    assert game.to_json()["players"][0]["max_hp"] == 12
    saved = script_json(game)
    assert saved["position"]["monsters"]["A"]["zombie"] is True
    assert replay(parse_script(saved)).to_json() == game.to_json()
    with pytest.raises(SetupError, match="only with the Dark Edition's deck"):
        KingOfTokyo(Setup.simple("A", "B", position=position))
    assert (
        "zombie"
        not in KingOfTokyo(Setup.simple("A", "B", first_player="A")).to_json()["players"][0]
    )


def test_the_random_player_plays_the_dark_cards_out_of_turn_decisions() -> None:
    """In random games with the Dark Edition's deck, Super Jump, Unstable DNA's swap and
    Hibernation's discard are each used at times (and every game ends)."""
    used: Counter[str] = Counter()
    for i in range(150):
        setup = Setup.simple("A", "B", "C", "D", seed=i, options=Options(deck="dark"))
        game = play_game(setup, random.Random(i))
        assert game.game_over
        used.update(inp["card"] for inp in game.log if inp["type"] == "use")
    assert {"Super Jump", "Unstable DNA", "Hibernation"} <= set(used), used


def test_instant_win_now_ends_random_games_on_the_spot() -> None:
    """From A in Tokyo City holding two levels of the tower and B with Final Roar at 16 VP,
    many random games end on the spot: over in the middle of a turn (its last input no
    end_turn), an instant winner among the winners."""
    on_the_spot = 0
    options = Options(tokyo_tower=True, wickedness="green", instant_win_now=True, deck="dark")
    monsters = {
        "A": MonsterPosition(location="city"),
        "B": MonsterPosition(vp=16, tiles=("Final Roar",), wickedness=3),
    }
    position = Position(monsters, "A", tower={"1": "A", "2": "A"})
    for i in range(100):
        setup = Setup.simple("A", "B", "C", seed=i, options=options, position=position)
        game = play_game(setup, random.Random(i))
        assert game.game_over
        if game.instant and game.log[-1]["type"] != "end_turn":
            assert set(game.instant) <= set(game.winners)
            on_the_spot += 1
    assert on_the_spot >= 3, on_the_spot


def test_the_feed_names_the_dark_cards_and_a_zombie_in_every_language() -> None:
    """The feed says Zombify's card discarded and the monster back as a zombie, in the
    page's language."""
    script = load_script(HERE / "expansions" / "dark.zombify.back_at_12.json")
    game = start(script)
    before = game.to_json()
    for inp in script.inputs:
        before = game.to_json()
        game.apply(inp)
    told = {lang: localize(story(before, game.to_json(), inp), lang) for lang in ("fr", "ja")}
    assert "Ann revient en zombie" in told["fr"]["key"]
    assert any("défausse Zombification" in line for line in told["fr"]["did"])
    assert "Annがゾンビとして復活" in told["ja"]["key"]
    assert any("ゾンビ化を破棄" in line for line in told["ja"]["did"])


def test_every_wickedness_tile_says_what_it_does_when_it_is_offered() -> None:
    """'Prendre Sournois / Éternel / Rôdeur / Infatigable': a tile chosen by its name
    alone. Each of the 20 tiles (both sides) has its effect in a line, said with it."""
    from host.games.kot.expansions.tile_words import EFFECTS as TILE_EFFECTS
    from host.games.kot.setup import TILE_PAIRS
    from host.games.text import localize

    assert set(TILE_EFFECTS) == {t for pair in TILE_PAIRS for t in pair}
    for lang in ("en", "fr", "ja"):
        said = [localize(e, lang) for e in TILE_EFFECTS.values()]
        assert len(set(said)) == len(said)  # none said as another
        # said after the tile's own colon ("Take Final Roar: ..."): a colon of its own
        # made two in one clause ("Eliminated with 16 VP or more: you win instead.")
        assert [e for e in said if re.search("[:：]", e)] == []


def test_the_golden_scarab_is_asked_as_a_question() -> None:
    """'Ann: give the Golden Scarab to whom?': the title stopped short ('... to'), and the
    game waits for it so ('the game waits for Ann: give the Golden Scarab to')."""
    from host.games import Waiting
    from host.games.kot.decision_kinds import KINDS

    waiting = Waiting("Ann", "scarab", {"monsters": ["Bob", "Cat"]})
    title = KINDS["scarab"].page(None, waiting, {})["title"]  # type: ignore[arg-type]
    said = [localize(title, lang) for lang in LANGS]
    assert said == [
        "Ann: give the Golden Scarab to whom?",
        "Ann\u00a0: à qui donner le Scarabée d'or\u00a0?",
        "Ann：黄金のスカラベを誰に渡す？",
    ]


# ---- the transformation card (Mutant Evolutions variant, section 6.3) -----------------------


def test_a_beast_in_a_position_needs_the_option_and_is_saved_and_read_back() -> None:
    position = Position({"A": MonsterPosition(form="beast")}, "A")
    with pytest.raises(
        SetupError, match=r"position.monsters.A.form: only with the option .transformation."
    ):
        KingOfTokyo(Setup.simple("A", "B", position=position))
    wrong = Position({"A": MonsterPosition(form="dragon")}, "A")
    with pytest.raises(SetupError, match=r"position.monsters.A.form: .robot. or .beast., not"):
        KingOfTokyo(Setup.simple("A", "B", position=wrong, options=Options(transformation=True)))
    options = Options(transformation=True)
    game = KingOfTokyo(Setup.simple("A", "B", position=position, options=options))
    assert [p["form"] for p in game.to_json()["players"]] == ["beast", "robot"]
    saved = script_json(game)
    assert saved["options"]["transformation"] is True
    assert saved["position"]["monsters"]["A"]["form"] == "beast"
    assert "form" not in saved["position"]["monsters"].get("B", {})
    again = replay(parse_script(saved))
    assert [p["form"] for p in again.to_json()["players"]] == ["beast", "robot"]
    assert "form" not in KingOfTokyo(Setup.simple("A", "B")).to_json()["players"][0]


def test_the_random_player_flips_both_ways_and_throws_the_beast_s_die() -> None:
    """Random games with the option flip robot to beast and back, decline the flip, throw
    a beast's die once more; a beast never reaches a buy step."""
    seen: Counter[str] = Counter()
    for i in range(30):
        setup = Setup.simple("A", "B", "C", seed=i, options=Options(transformation=True))
        game = KingOfTokyo(setup)
        rng = random.Random(i)
        while not game.game_over:
            inp = random_input(game, rng)
            kind = inp["type"]
            if kind == "transform":
                seen["to " + game.pending[0].options["form"]] += 1
            elif kind == "pass" and game.pending[0].kind == "transform":
                seen["kept"] += 1
            elif kind == "beast_reroll":
                seen[kind] += 1
            game.apply(inp)
            assert game.phase != "buy" or game.active.form == "robot"
    assert {"to beast", "to robot", "kept", "beast_reroll"} <= set(seen), seen


def test_the_feed_says_the_flip_and_the_beast_s_throw_in_every_language() -> None:
    path = HERE / "expansions" / "transformation.beast.one_die_thrown_once_more.json"
    script = load_script(path)
    game = start(script)
    before = game.to_json()
    game.apply(script.inputs[0])
    inp = script.inputs[1]
    before = game.to_json()
    game.apply(inp)
    told = {lang: localize(story(before, game.to_json(), inp), lang) for lang in LANGS}
    assert told["en"]["said"] == "Ann throws the die showing 2 once more (beast form)"
    assert told["fr"]["said"] == "Ann relance une fois de plus le dé qui montre 2 (forme bête)"
    assert told["ja"]["said"] == "Annが2のダイスをもう一度振った（ビースト）"
    game = start(load_script(HERE / "expansions" / "transformation.flip.robot_to_beast.json"))
    for inp in load_script(HERE / "expansions" / "transformation.flip.robot_to_beast.json").inputs:
        before = game.to_json()
        game.apply(inp)
    told = {lang: localize(story(before, game.to_json(), inp), lang) for lang in LANGS}
    assert told["en"]["said"] == "Ann flips the transformation card"
    assert told["en"]["did"][0] == "Ann: −1 energy and flips to the beast form"
    assert "Ann : −1 énergie et passe en forme bête" in told["fr"]["did"][0].replace("\u00a0", " ")
    assert "ビーストに変身" in told["ja"]["did"][0]
    shown = view(game)["seats"][0]["tags"]
    assert [localize(t, "ja") for t in shown] == ["ビースト"]


def test_the_setup_form_offers_the_transformation_card_with_its_line() -> None:
    from host.games.kot.page import catalog

    shown = catalog()
    field = next(f for f in shown["setup"]["fields"] if f["name"] == "options.transformation")
    assert field["check"] is True and field["default"] is False
    said = {lang: localize(field, lang) for lang in LANGS}
    assert said["ja"]["label"] == "変身カード（ミュータント・エボリューション・バリアント）"
    assert "ビースト" in said["ja"]["note"] and "bête" in said["fr"]["note"]
    side = next(f for f in shown["pickup"]["seat"] if f["name"].endswith(".form"))
    assert side["choices"] == [{"value": "beast", "label": "beast side up"}]
    assert side["blank"] == "robot side up"  # left out: the robot side, the default
