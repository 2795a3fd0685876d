"""Curses on the page and the board: the curse in play and its three effects in words, the
Golden Scarab's holder, the die of fate's face, every curse decision answered with the
page's own choices, the die of fate entered by hand with the other dice (one tap a die),
in English, French and Japanese; the board's seats as docs/kot-expansions.md says."""

from __future__ import annotations

from pathlib import Path

import pytest

from host.games import IllegalInput
from host.games.kot import KingOfTokyo, MonsterPosition, Options, Position, Setup
from host.games.kot.page import view
from host.games.kot.rules import FACES
from host.games.kot.script import load_script
from host.games.kot.table_kind import KIND
from host.games.text import localize

SCRIPTS = Path(__file__).parent / "expansions"


def game_at(script: str, inputs: int) -> KingOfTokyo:
    """The game of an expansions script after its first `inputs` inputs."""
    loaded = load_script(SCRIPTS / f"{script}.json")
    game = KingOfTokyo(loaded.setup)
    for inp in loaded.inputs[:inputs]:
        game.apply(inp)
    return game


def curse_list(game: KingOfTokyo, lang: str = "en") -> dict[str, object]:
    shown = localize(view(game), lang)
    return next(x for x in shown["lists"] if x["name"] == "curse")


def test_the_curse_in_play_is_shown_with_its_three_effects_in_every_language() -> None:
    game = game_at("curse.bow_before_ra.snake", 0)
    en, fr, ja = (curse_list(game, lang) for lang in ("en", "fr", "ja"))
    assert en["label"] == "Curse: Bow Before Ra"
    assert en["items"][:3] == ["Always: Max HP 2 lower.", "Ankh: +2 HP.", "Snake: -2 HP."]
    assert "Golden Scarab: Bob" in en["items"]
    assert fr["label"] == "Malédiction\u00a0: Prosternez-vous devant Râ"
    assert fr["items"][1] == "Ânkh\u00a0: +2 points de vie."
    assert ja["label"] == "呪い：ラーの前にひれ伏せ"
    assert "黄金のスカラベ：Bob" in ja["items"]


def test_the_die_of_fate_s_face_is_shown_once_it_has_resolved() -> None:
    game = game_at("fate.snake", 1)
    assert not any("die of fate" in i for i in curse_list(game)["items"])
    game.apply({"type": "resolve", "player": "Ann"})
    assert "The die of fate shows snake" in curse_list(game)["items"]
    assert "運命のダイス：スネーク" in curse_list(game, "ja")["items"]


def test_the_scarab_s_holder_has_a_tag_and_nobody_has_it_once_its_monster_is_out() -> None:
    game = game_at("policy46_an_eliminated_holder_keeps_the_scarab", 0)
    tags = {s["player"]: s["tags"] for s in view(game)["seats"]}
    assert "🪲 Golden Scarab" in tags["Bob"] and not tags["Ann"]
    game = game_at("policy46_an_eliminated_holder_keeps_the_scarab", 2)
    assert "Golden Scarab: nobody (Bob is out)" in curse_list(game)["items"]
    tags = {s["player"]: s["tags"] for s in view(game)["seats"]}
    assert not any("Golden Scarab" in str(t) for t in tags["Bob"])  # nor on his seat


# a script, and how many of its inputs reach the decision
DECISIONS = {
    "gift": ("curse.pharaonic_skin.snake", 2),
    "scarab": ("curse.khepri_s_rebellion.ankh", 2),
    "discard_card": ("curse.inadequate_offering.snake", 2),
    "add_die": ("curse.raging_flood.ankh", 2),
    "remove_die": ("curse.raging_flood.snake", 2),
    "reroll": ("curse.false_blessing.snake", 2),
    "bless": ("curse.false_blessing.ankh", 2),
    "curse": ("fate.table_deck_asks_the_curse", 2),
    "throw": ("curse.confused_senses.permanent", 4),
}


@pytest.mark.parametrize("kind", sorted(DECISIONS))
def test_every_curse_decision_is_answered_by_the_page_s_choices(kind: str) -> None:
    """Each choice the page offers for it is taken by the rules; a forced rethrow is
    entered one tap a die, as any throw."""
    script, inputs = DECISIONS[kind]
    game = game_at(script, inputs)
    (waiting,) = [w for w in game.waiting_for() if w.kind == kind]
    answers = KIND.answers(game, waiting)
    assert answers["title"]
    for lang in ("fr", "ja"):
        assert localize(answers, lang)["title"] != answers["title"]  # said in that language
    if kind == "throw":
        form = answers["form"]
        assert form["count"] == len(waiting.options["forced"]) and form["current"] == []
        game.apply(KIND.dice.entered_throw(game, ["heart"] * form["count"]))
        assert game.dice.count("heart") == 2  # the heart kept, and the one thrown again
        return
    assert answers["choices"]
    for c in answers["choices"]:
        game.apply(c["input"])  # taken by the rules...
        game.undo()  # ...and the next one tried from the same moment


def test_a_throw_entered_on_the_page_holds_the_die_of_fate() -> None:
    """The dice form counts the die of fate among the dice and offers its faces; a throw
    entered by hand, one tap a die, is a throw of the die of fate with the others."""
    setup = Setup.simple("Ann", "Bob", first_player="Ann", options=Options(curses=True))
    game = KingOfTokyo(setup)
    (waiting,) = [w for w in game.waiting_for() if w.kind == "throw"]
    form = KIND.answers(game, waiting)["form"]
    assert form["count"] == 7
    assert {"fate_eye", "fate_river", "fate_snake", "fate_ankh"} <= set(form["faces"])
    # which of the 7 dice is which, said: a French player counted 6 dice and a seventh "?"
    assert localize(form, "fr")["dice"] == ["6 dés", "le dé du destin"]
    assert localize(form, "ja")["dice"] == ["ダイス6個", "運命のダイス"]
    # a die is entered among its own kind's faces: the die of fate's four, the others' six
    fate = ["fate_eye", "fate_river", "fate_snake", "fate_ankh"]
    assert sorted(map(sorted, form["groups"])) == sorted(map(sorted, [list(FACES), fate]))
    assert KIND.dice.expected(game).counts == {"black": 6, "green": 0, "fate": 1}
    game.apply(KIND.dice.entered_throw(game, ["1", "1", "2", "3", "heart", "claw", "fate_snake"]))
    # thrown again: only the die of fate changes, and it alone is thrown
    again = KIND.dice.entered_throw(game, ["1", "1", "2", "3", "heart", "claw", "fate_ankh"])
    assert again["thrown"] == ["fate_ankh"]
    game.apply(again)
    (fix,) = [w for w in game.waiting_for() if w.kind == "correct"]
    assert len(KIND.answers(game, fix)["form"]["groups"]) == 2  # a misread die fixed so too
    with pytest.raises(IllegalInput, match="not the 7 dice in play"):  # the die of fate missing
        game.apply(KIND.dice.entered_throw(game, ["1", "1", "2", "3", "heart", "claw"]))
    assert KIND.dice.faces["fate_eye"] == "eye of Horus"


def test_the_dice_form_offers_the_berserk_die_s_faces_only_while_it_is_thrown() -> None:
    """With the berserk option on, a monster not berserk throws no berserk die: its faces
    are not offered to tap (the rules refuse them); once berserk, they are."""
    fate = ["fate_ankh", "fate_eye", "fate_river", "fate_snake"]
    for berserk in (False, True):
        position = Position({"Ann": MonsterPosition(berserk=berserk)}, "Ann")
        options = Options(curses=True, berserk=True)
        game = KingOfTokyo(Setup.simple("Ann", "Bob", options=options, position=position))
        (waiting,) = [w for w in game.waiting_for() if w.kind == "throw"]
        form = KIND.answers(game, waiting)["form"]
        bers = sorted(set(game.die_faces["berserk"])) if berserk else []  # its claw once
        assert form["faces"] == list(FACES) + bers + fate
        assert form["count"] == 6 + 1 + berserk
        # a die's column to fix or throw again holds each face of its kind once
        assert all(len(set(group)) == len(group) for group in form["groups"])


def test_the_board_shows_hp_and_vp_as_ever_and_blinks_for_a_curse_s_decision() -> None:
    """Curses change nothing on a seat's display (Bow Before Ra's HP are the HP); the
    seat asked a curse's decision out of turn (Khepri's gift) blinks."""
    position = Position({"Ann": MonsterPosition(vp=3)}, "Ann", curse="Bow Before Ra")
    game = KingOfTokyo(Setup.simple("Ann", "Bob", options=Options(curses=True), position=position))
    assert [s.text for s in game.display().seats] == [" 8.03", " 8.00"]
    game = game_at("curse.khepri_s_rebellion.permanent", 0)
    assert [s.blink for s in game.display().seats] == [False, True, False]  # Bob gives


@pytest.mark.parametrize(
    ("script", "at", "player", "thrown"),
    [
        ("curse.confused_senses.permanent", 4, "Ann", ["1"]),  # a curse's forced rethrow
        ("policy41_psychic_probe_never_throws_the_die_of_fate", 2, "Bob", ["1"]),  # a card's
    ],
)
def test_a_rethrow_of_some_dice_expects_every_die_lying_with_its_face_set(
    script: str, at: int, player: str, thrown: list[str]
) -> None:
    """The camera sees all the result's dice while some are thrown again, the die of fate
    among them: it expects them all, each kind read with its own set, and the dice as it
    sees them (the ones thrown again changed, the others kept) are the rethrow's input."""
    game = game_at(script, at)
    expected = KIND.dice.expected(game)
    assert expected is not None and expected.player == player
    assert sum(expected.counts.values()) == len(game.dice) == 7
    assert expected.face_sets == {"fate": "fate"}
    kept = list(game.dice)
    for face in thrown:
        kept.remove(face)
    game.apply(KIND.dice.throw_input(game, ["claw"] * len(thrown), kept))
    assert "claw" in game.dice


def test_a_forced_rethrow_of_the_berserk_die_offers_its_faces_and_takes_only_them() -> None:
    """Confused Senses may pick the berserk die (policy 50): the page's form asks for one
    die among the berserk die's faces, the camera expects every die lying (the berserk die
    read with its own set), and a black face for it is refused."""
    game = game_at("policy50_confused_senses_may_pick_the_berserk_die", 4)
    (waiting,) = [w for w in game.waiting_for() if w.kind == "throw"]
    form = KIND.answers(game, waiting)["form"]
    assert form["count"] == 1 and form["current"] == []
    assert set(game.die_faces["berserk"]) <= set(form["faces"])
    expected = KIND.dice.expected(game)
    assert expected is not None and expected.counts["berserk"] == 1
    assert expected.face_sets == {"berserk": "berserk", "fate": "fate"}
    with pytest.raises(IllegalInput, match="thrown again"):
        game.apply(KIND.dice.entered_throw(game, ["claw"]))
    game.apply(KIND.dice.entered_throw(game, ["berserk_claw_2"]))
    assert "berserk_claw_2" in game.dice and "berserk_claw" not in game.dice


def test_false_blessing_offers_the_berserk_die_to_throw_again_never_to_remove() -> None:
    game = game_at("policy39_false_blessing_throws_the_berserk_die_again_never_removes_it", 2)
    (waiting,) = [w for w in game.waiting_for() if w.kind == "bless"]
    choices = KIND.answers(game, waiting)["choices"]
    offered = [(c["input"]["face"], c["input"]["do"]) for c in choices]
    assert ("berserk_skull", "rethrow") in offered and ("heart", "remove") in offered
    assert ("berserk_skull", "remove") not in offered


def test_the_feed_says_an_expansion_s_input_as_what_happened() -> None:
    """'Ann: take a tile (Eternal)' (841de1c named the tile) read as an order in the feed,
    'Élodie : prendre une tuile (Éternel)'; and False Blessing's ankh said '(3)', not
    whether the die was removed or thrown again. Each is said as what happened."""
    from host.games.kot.story import said

    tile = {"type": "tile", "player": "Ann", "tile": "Eternal"}
    assert localize(said(tile, {}), "en") == "Ann takes the tile Eternal"
    assert localize(said(tile, {}), "fr") == "Ann prend la tuile Éternel"
    curse = {"type": "curse", "player": "アイコ", "curse": "Bow Before Ra"}
    assert localize(said(curse, {}), "ja") == "めくられた呪い：ラーの前にひれ伏せ"
    assert (
        localize(said(curse, {}), "fr") == "Malédiction retournée\u00a0: Prosternez-vous devant Râ"
    )
    spend = {"type": "cultist", "player": "Ann", "spend": "hp"}  # its HP said by what it did
    assert localize(said(spend, {}), "fr") == "Ann dépense un cultiste"
    removed = {"type": "bless", "player": "Bruno", "face": "3", "do": "remove"}
    assert localize(said(removed, {}), "fr") == "Bruno retire le dé qui montre 3"
    again = {"type": "bless", "player": "Bruno", "face": "claw", "do": "rethrow"}
    assert localize(said(again, {}), "fr") == "Bruno choisit de relancer le dé qui montre Baffe"
    copied = {"type": "fluxling", "player": "Élodie", "target": "Jets", "owner": "Hugo"}
    assert localize(said(copied, {}), "fr") == "Élodie\u00a0: Fluxling copie Réacteurs de Hugo"
    other = {"type": "reroll", "player": "Élodie", "face": "claw"}
    assert localize(said(other, {}), "ja") == "Élodieが攻撃のダイスを振り直させた"


def test_the_feed_says_cultists_wickedness_berserk_and_the_scarab_gained() -> None:
    """A result's cultist, wickedness, berserk and the Golden Scarab changed the seats'
    dials and nothing in the feed said so (Inès went berserk unsaid)."""
    from host.games.kot.story import changes

    before = {
        "scarab": "Bob",
        "players": [
            {"name": "Inès", "hp": 8, "vp": 0, "energy": 0, "location": None, "cards": [],
             "alive": True, "cultists": 0, "wickedness": 1, "berserk": False},
            {"name": "Bob", "hp": 8, "vp": 0, "energy": 0, "location": None, "cards": [],
             "alive": True, "cultists": 2, "wickedness": 0, "berserk": True},
        ],
    }  # fmt: skip
    after = {
        "scarab": "Inès",
        "players": [
            {**before["players"][0], "cultists": 1, "wickedness": 3, "berserk": True},
            {**before["players"][1], "hp": 9, "cultists": 1, "berserk": False},
        ],
    }
    did, _key = changes(before, after)
    assert localize(did, "fr") == [
        "Inès\u00a0: +1 cultiste, +2 méchanceté, devient berserk et obtient le Scarabée d'or",
        "Bob\u00a0: +1 ♥, −1 cultiste et n'est plus berserk",
    ]
    assert localize(did, "ja")[0] == "Inès：狂信者+1、悪名+2、バーサーク化と黄金のスカラベを獲得"


def test_a_second_die_picked_one_at_a_time_is_asked_as_the_second() -> None:
    """Confused Senses' holder picked one die and was asked the same again ('choisir un
    dé de Hugo à relancer'), and 'passer' did not say it throws the first alone."""
    game = game_at("curse.confused_senses.permanent", 3)
    titles = {w.kind: KIND.answers(game, w)["title"] for w in game.waiting_for()}
    assert localize(titles["reroll"], "fr") == (
        "Bob\u00a0: choisissez un second dé d'Ann à relancer (Sens troublés\u00a0; "
        "déjà choisi\u00a0: le dé qui montre 1)"
    )
    assert localize(titles["pass"], "fr") == "Bob\u00a0: pas de second dé\u00a0?"
    game = game_at("curse.confused_senses.permanent", 2)
    titles = {w.kind: KIND.answers(game, w)["title"] for w in game.waiting_for()}
    assert localize(titles["pass"], "en") == "Bob: no die?"
    game = game_at("curse.false_blessing.ankh", 3)  # one die removed: a second asked
    titles = {w.kind: KIND.answers(game, w)["title"] for w in game.waiting_for()}
    assert localize(titles["bless"], "fr") == (
        "Ann\u00a0: relancer ou retirer un second dé\u00a0? (Fausse bénédiction)"
    )


def test_a_die_thrown_again_by_a_curse_is_said_as_one_die() -> None:
    """Confused Senses' holder picked one die: the throw asked for says that die, in the
    singular ("les dés qui montrent 1 relancés" was said of one die)."""
    game = game_at("curse.confused_senses.permanent", 4)
    (waiting,) = [w for w in game.waiting_for() if w.kind == "throw"]
    form = KIND.answers(game, waiting)["form"]
    assert "dice" not in form  # (a throw of some dice only: its note says them)
    assert localize(form, "en")["note"] == "the die that showed 1, thrown again"
    assert localize(form, "fr")["note"] == "le dé qui montrait 1, relancé"
    assert localize(form, "ja")["note"] == "1の出ていたダイス1個を振り直し"


def test_a_gift_says_what_is_given() -> None:
    """Pharaonic Skin's snake: 'Ann : donner 2 à Bob', two of what? The title says it is
    HP, energy or VP, in all."""
    game = game_at("curse.pharaonic_skin.snake", 2)
    (waiting,) = [w for w in game.waiting_for() if w.kind == "gift"]
    title = KIND.answers(game, waiting)["title"]
    assert localize(title, "fr") == (
        "Ann\u00a0: donnez à Bob 2 au total, en ♥, ⚡ ou ★ (Peau pharaonique)"
    )
    assert localize(title, "ja") == "Ann：Bobに♥・⚡・★を合わせて2与える（ファラオの肌）"


def test_passing_a_tile_or_a_copy_says_what_is_declined() -> None:
    """'Élodie : passer', under 'prendre une tuile de méchanceté (niveau 3) ?': the pass
    of a tile (and of Fluxling's copy) says what it declines."""
    game = game_at("policy08_two_thresholds_lower_first_optional", 2)
    titles = {w.kind: KIND.answers(game, w)["title"] for w in game.waiting_for()}
    assert "tile" in titles
    assert localize(titles["pass"], "fr") == "Ann\u00a0: ne prendre aucune tuile\u00a0?"


@pytest.mark.parametrize(
    ("kind", "said"),
    [
        ("add_die", "Ann\u00a0: ajouter un dé (Crue furieuse)\u00a0: quelle face\u00a0?"),
        ("remove_die", "Ann\u00a0: retirez un dé (Crue furieuse)"),
    ],
)
def test_a_die_added_or_removed_names_its_curse(kind: str, said: str) -> None:
    """'Ann : retirer un dé', 'Ann : ajouter un dé qui montre': why, said nowhere; every
    other curse's decision names its curse."""
    script, inputs = DECISIONS[kind]
    game = game_at(script, inputs)
    (waiting,) = [w for w in game.waiting_for() if w.kind == kind]
    assert localize(KIND.answers(game, waiting)["title"], "fr") == said
