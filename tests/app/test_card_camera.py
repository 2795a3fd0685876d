"""The camera's cards into the table: the watcher's views settling (what is new on the
discard pile, a hand laid down), and the table checking them with KaTO's rules, as a
person confirms or fixes them. The reader here is scripted (a list of readings per frame:
what vision would say); vision's own reading of real photos is tests/vision/test_cards_*
and the whole path on recorded frames is tests/app/test_kato_end_to_end.py."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from host import recording
from host.app.board_seam import ButtonPress
from host.app.camera import CARDS, DiceWatcher, MisfitSeen, _snapshot
from host.app.card_camera import HAND_WAIT, CardsSeen, CardWatcher
from host.app.store import Store
from host.app.table import Table
from host.games import CardExpectation
from host.games.text import Text, as_text, localize, say
from tests.app.fakes import Clock, FakeBoard, commits_fail
from tests.games.test_said_in_every_language import unsaid
from vision.cards.compose import place_hand
from vision.cards.finder import rectangle
from vision.cards.pile import Pile
from vision.cards.reader import CardReading
from vision.cards.still import SETTLE
from vision.words import _ as vision_said

DISCARD = CardExpectation("cards", "discard", "Bob")
FPS = 15  # a camera's frames per second


def reading(color: str, value: str, at: tuple[float, float] = (320, 240), turn: float = 30.0,
            best: tuple[str, str] | None = None, size: tuple[float, float] = (150, 100),
            ) -> CardReading:  # fmt: skip
    corners = tuple((float(x), float(y)) for x, y in rectangle(at, *size, turn))
    known = best is None
    bc, bv = best or (color, value)
    return CardReading(
        corners=corners,  # type: ignore[arg-type]
        center=at,
        box=(at[0] - 80, at[1] - 80, at[0] + 80, at[1] + 80),
        angle=turn % 180,
        color=color if known else "unknown",
        value=value if known else "unknown",
        confidence=0.99 if known else 0.5,
        color_confidence=0.99,
        reason=""
        if known
        else vision_said("value unsure: {p:.2f} < {threshold:.2f}", p=0.5, threshold=0.9),
        best_color=bc,
        best_value=bv,
    )


class Scripted:
    """A reader that says, for frame k (its first pixel's value), the k-th list given."""

    def __init__(self, views: list[list[CardReading]]) -> None:
        self.views = views

    def read(self, frame: np.ndarray) -> list[CardReading]:
        return self.views[int(frame[0, 0, 0])]


def frames(*views: int) -> list[np.ndarray]:
    """SETTLE frames of each view index (a still camera)."""
    out = []
    for v in views:
        frame = np.zeros((48, 64, 3), np.uint8)
        frame[0, 0, 0] = v
        out += [frame] * SETTLE
    return out


def watch(views: list[list[CardReading]], shown: list[int], expected: CardExpectation) -> list[Any]:
    watcher = CardWatcher(_snapshot, load=lambda name: Scripted(views))
    watcher.expect(expected)
    return [e for i, f in enumerate(frames(*shown)) for e in watcher.feed(f, i / FPS)]


def test_a_card_laid_on_the_pile_is_seen_once_it_settles() -> None:
    red7 = reading("red", "7")
    events = watch([[], [red7]], [0, 1], DISCARD)
    assert len(events) == 1 and isinstance(events[0], CardsSeen)
    assert events[0].cards == [{"color": "red", "value": "7"}]
    assert events[0].dice[0]["value"] == "7" and events[0].snapshot.startswith(b"\xff\xd8")
    # a hand passing over it (a frame or two) is not a card laid
    watcher = CardWatcher(_snapshot, load=lambda name: Scripted([[], [red7]]))
    watcher.expect(DISCARD)
    flicker = frames(0)[:1] + frames(1)[: SETTLE - 1] + frames(0)[:1]
    assert [e for i, f in enumerate(flicker) for e in watcher.feed(f, i / FPS)] == []


def test_only_the_card_new_on_top_is_laid_and_a_hidden_one_seen_again_is_not() -> None:
    red7, blue7 = reading("red", "7"), reading("blue", "7", at=(335, 250), turn=80)
    red7_half = reading("", "", best=("red", "1"))  # the red 7 under it, unreadable now
    views = [[red7], [red7, blue7], [red7_half, blue7], [red7, blue7]]
    events = watch(views, [0, 1, 2, 3], DISCARD)
    assert [e.cards for e in events] == [
        [{"color": "red", "value": "7"}],
        [{"color": "blue", "value": "7"}],
    ]


def test_a_second_copy_laid_on_a_copy_is_a_new_card() -> None:
    first, second = reading("red", "7"), reading("red", "7", at=(330, 236), turn=75)
    events = watch([[first], [second]], [0, 1], DISCARD)
    assert [e.cards for e in events] == [[{"color": "red", "value": "7"}]] * 2


def test_a_card_of_another_colour_laid_alike_on_one_whose_value_was_not_read_is_new() -> None:
    """A card laid as it happens exactly as the one under it lies (the same place, the same
    turn) is still a new card when its colour, or its value, was read otherwise."""
    wild = replace(reading("", "", best=("black", "wild")), color="black")  # colour read
    green6 = reading("green", "6")  # where the wild lay, turned alike
    black2 = replace(reading("", "", best=("black", "2")), color="black", value="2")
    events = watch([[], [wild], [green6], [wild], [black2]], [0, 1, 2, 3, 4], DISCARD)
    assert isinstance(events[0], tuple)  # the wild: its value not read (a misfit)
    assert [e.cards for e in events[1:]] == [[{"color": "green", "value": "6"}]]
    # of the same colour, it may be the card whose value was not read, seen better now
    again = watch([[], [wild], [black2]], [0, 1, 2], DISCARD)
    assert len(again) == 1 and isinstance(again[0], tuple)


def test_a_new_card_that_cannot_be_read_is_said_in_the_players_words_its_figures_aside() -> None:
    """What the camera could not tell and what to do, for the players; the reader's figures
    ("value unsure: 0.50 < 0.90", which told a player nothing) for the console only."""
    unsure = reading("", "", best=("green", "8"))
    (event,) = watch([[], [unsure]], [0, 1], DISCARD)
    reason, cards, detail = event
    assert reason == (
        "the camera cannot read 1 card: value hard to make out (likeliest green 8); tap the "
        "right card on the page, or lay it flat in good light, without glare, for the camera "
        "to read it again"
    )
    assert cards[0]["best_value"] == "8"
    assert detail == "value unsure: 0.50 < 0.90 (likeliest green 8)"


def test_a_hand_is_read_once_all_its_cards_lie_there_every_one_read() -> None:
    hand = CardExpectation("cards", "hand", "Ann", count=2)
    a, b = reading("red", "3", at=(100, 100)), reading("black", "wild", at=(300, 100))
    unsure = reading("", "", at=(300, 100), best=("yellow", "3"))
    (event,) = watch([[a], [a, b]], [0, 1], hand)  # one card laid: not yet
    assert isinstance(event, CardsSeen) and event.expected == hand
    assert sorted(c["value"] for c in event.cards) == ["3", "wild"]
    (misfit,) = watch([[a, unsure]], [0], hand)
    assert "the camera cannot read 1 card" in misfit[0]


def still(watcher: CardWatcher | DiceWatcher, view: int, start: float, seconds: float) -> list[Any]:
    """The events of view `view` lying still for `seconds` from stream time `start`."""
    frame = frames(view)[0]
    times = [start + i / FPS for i in range(round(seconds * FPS))]
    return [e for t in times for e in watcher.feed(frame, t)]


def test_a_hand_of_more_cards_than_the_player_lays_down_is_said_at_once() -> None:
    hand = CardExpectation("cards", "hand", "Ann", count=2)
    a, b = reading("red", "3", at=(100, 100)), reading("black", "wild", at=(300, 100))
    c = reading("blue", "5", at=(500, 100))
    (misfit,) = watch([[a, b, c]], [0], hand)
    reason, cards, _ = misfit
    assert reason == (
        "3 cards seen where Ann lays down 2: take away the cards that are not Ann's, or "
        "enter the hand on the page"
    )
    assert len(cards) == 3 and unsaid(reason) == []


def test_a_hand_of_fewer_cards_lying_still_is_said_once_after_a_while() -> None:
    hand = CardExpectation("cards", "hand", "Ann", count=3)
    a, b = reading("red", "3", at=(100, 100)), reading("black", "wild", at=(300, 100))
    watcher = CardWatcher(_snapshot, load=lambda name: Scripted([[], [a], [a, b]]))
    watcher.expect(hand)
    assert still(watcher, 0, 0.0, HAND_WAIT + 1) == []  # nothing laid yet: nothing to say
    assert still(watcher, 1, 10.0, HAND_WAIT - 1) == []  # laying them: one card, a while
    (misfit,) = still(watcher, 2, 20.0, HAND_WAIT + 1)  # two, and no more coming
    assert misfit[0] == (
        "only 2 of Ann's 3 cards are seen: lay them all face up, apart, under the camera, "
        "or enter the hand on the page"
    )
    assert still(watcher, 2, 30.0, HAND_WAIT + 1) == []  # said once
    (misfit,) = still(watcher, 1, 40.0, HAND_WAIT + 1)  # one taken back: said again
    assert misfit[0].startswith("only 1 of Ann's 3 cards is seen")
    assert unsaid(misfit[0]) == []


def test_what_is_like_no_card_is_said_once_and_left_out_beside_a_card_read() -> None:
    red7 = reading("red", "7")
    die = CardReading(  # a die on the table, found, like no card of the set
        **{**reading("", "", at=(40, 300), best=("red", "draw2")).__dict__,
           "reason": vision_said("unlike: a card like none of {name}", name="cards")},
    )  # fmt: skip
    assert die.unlike and not red7.unlike
    (misfit, seen) = watch([[die], [die, red7]], [0, 1], DISCARD)
    assert "1 card: like none of the game's cards" in misfit[0]  # alone and new: said
    assert seen.cards == [{"color": "red", "value": "7"}]  # then remembered where it lies
    (seen,) = watch([[die, red7]], [0], DISCARD)  # new with a card read: not the card laid
    assert seen.cards == [{"color": "red", "value": "7"}]
    hand = CardExpectation("cards", "hand", "Ann", count=1)
    (seen,) = watch([[die, red7]], [0], hand)  # one card laid down, the die beside it
    assert isinstance(seen, CardsSeen) and seen.cards == [{"color": "red", "value": "7"}]


def test_a_find_of_no_card_s_size_is_left_out_beside_a_card_read() -> None:
    """A few red dice lying together, found as a card 0.6 of the cards' size each way and
    read as nothing sure (as on the table photo of tests/app/test_kato_end_to_end.py): beside
    a card read, in the same view or once the deck's size is known, it is not the card
    laid. Before any card is read its size says nothing; a card half hidden (one side a
    card's) is no die: both are still asked about."""
    red7, blue3 = reading("red", "7"), reading("blue", "3", at=(480, 240))
    dice = reading("", "", at=(60, 300), best=("red", "reverse"), size=(90, 58))
    half = reading("", "", at=(60, 300), best=("red", "reverse"), size=(150, 50))
    (seen,) = watch([[dice, red7]], [0], DISCARD)
    assert isinstance(seen, CardsSeen) and seen.cards == [{"color": "red", "value": "7"}]
    _, seen = watch([[red7], [red7, blue3, dice]], [0, 1], DISCARD)
    assert isinstance(seen, CardsSeen) and seen.cards == [{"color": "blue", "value": "3"}]
    (alone,) = watch([[dice]], [0], DISCARD)
    assert "the camera cannot read 1 card: value hard to make out" in alone[0]
    _, asked = watch([[red7], [red7, blue3, half]], [0, 1], DISCARD)
    assert "the camera cannot read 1 card: value hard to make out" in asked[0]
    hand = CardExpectation("cards", "hand", "Ann", count=1)
    (seen,) = watch([[dice, red7]], [0], hand)  # one card laid down, the dice beside it
    assert isinstance(seen, CardsSeen) and seen.cards == [{"color": "red", "value": "7"}]


def test_a_die_read_as_a_card_is_no_card_once_the_cards_size_is_known() -> None:
    """A red die read a sure red 9 (as the shipped set reads a die of the table photo of
    tests/app/test_kato_end_to_end.py, where a black card on the pile is not found): once
    a card was read, it is never the card laid; alone and new it is said, by its size."""
    red7 = reading("red", "7")
    die9 = reading("red", "9", at=(500, 80), size=(91, 55))
    _, (misfit, _cards, detail) = watch([[red7], [red7, die9]], [0, 1], DISCARD)
    assert misfit.startswith(
        "the camera cannot read 1 card: not the size of the other cards (likeliest red 9); "
    )
    assert detail == "the size of no card read lately (likeliest red 9)"
    assert unsaid(misfit) == []
    _, seen = watch([[red7], [reading("blue", "3", at=(480, 240)), die9]], [0, 1], DISCARD)
    assert isinstance(seen, CardsSeen) and seen.cards == [{"color": "blue", "value": "3"}]
    hand = CardExpectation("cards", "hand", "Ann", count=2)
    ann = [reading("green", "2", at=(100, 300)), reading("red", "5", at=(300, 300))]
    (seen,) = watch([[*ann, die9]], [0], hand)  # two cards laid down, the die beside them
    assert isinstance(seen, CardsSeen) and len(seen.cards) == 2


def test_cards_seen_bigger_after_the_camera_moved_are_read_again_soon() -> None:
    """The camera lowered mid-game: every card now looks 1.6 times bigger than the cards
    read so far. The first are said (of no card's size, never given to the rules); once a
    few such cards have been seen the deck's size is theirs, and they are read again."""
    # a pile: each view shows the card on top (those under it hidden), each turned anew
    before = [reading("red", str(n % 10), turn=7 * n) for n in range(30)]
    after = [reading("blue", str(n), turn=7 * n + 3, size=(240, 160)) for n in range(8)]
    events = watch([[c] for c in before + after], list(range(38)), DISCARD)
    assert all(isinstance(e, CardsSeen) for e in events[:30])
    later = events[30:]
    assert len(later) == 8 and isinstance(later[0], tuple)  # said, not given
    assert "not the size of the other cards" in later[0].reason
    assert later[0].detail.startswith("the size of no card read lately")
    assert all(isinstance(e, CardsSeen) for e in later[-3:]), later


def test_a_card_not_read_then_read_where_it_lies_is_not_laid_again() -> None:
    unsure = reading("", "", best=("green", "8"))
    green8 = reading("green", "8")  # the same card, read once the light is better
    (misfit,) = watch([[unsure], [green8]], [0, 1], DISCARD)
    assert "the camera cannot read 1 card" in misfit[0]


def test_face_down_cards_and_no_expectation_read_nothing() -> None:
    back = CardReading(**{**reading("", "", best=("black", "back")).__dict__, "facedown": True})
    assert watch([[back]], [0], DISCARD) == []
    watcher = CardWatcher(_snapshot, load=lambda name: pytest.fail("loaded for nothing"))
    assert [e for f in frames(0) for e in watcher.feed(f, 0.0)] == []  # no game expects cards


def test_a_card_set_that_cannot_be_loaded_is_said_once() -> None:
    watcher = DiceWatcher()
    watcher.expect(CardExpectation("no-such-set", "discard", "Bob"), "turn")
    said = watcher.feed(frames(0)[0], 0.0)
    assert len(said) == 1 and isinstance(said[0], MisfitSeen)
    assert "the card set 'no-such-set' cannot be loaded" in said[0].reason
    assert isinstance(said[0].reason, Text) and said[0].about == CARDS
    assert said[0].reason.say("fr").startswith("le jeu de cartes «\u00a0no-such-set\u00a0»")
    assert watcher.feed(frames(0)[0], 0.1) == []
    watcher.expect(CardExpectation("no-such-set", "discard", "Ann"), "turn 2")  # not again
    assert watcher.feed(frames(0)[0], 0.2) == []


def test_a_set_taught_on_the_table_is_read_with_the_shipped_one_of_its_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The camera reads a taught set with the shipped one for the values it was not taught
    (vision.cards.combined); back to the set as shipped, with that alone."""
    from host.app.card_camera import _load
    from vision.cards import cardset
    from vision.cards.combined import CombinedReader

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # the taught sets
    assert not isinstance(_load("cards"), CombinedReader)
    cardset.load("cards").save(cardset.user_path("cards"))
    assert isinstance(_load("cards"), CombinedReader)
    cardset.user_path("cards").unlink()
    assert not isinstance(_load("cards"), CombinedReader)


# ---- into the table -----------------------------------------------------------------------


def test_a_taught_card_set_that_does_not_read_is_set_aside_said_and_the_shipped_one_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, table: Table
) -> None:
    """Before, a damaged cards.npz among the table's taught sets (a cut write) stopped every
    card from being read ('is not a card set file (...)', numpy's words in English) until
    someone removed the file. Now it is set aside, said once on the page in its language
    with what to do, and the cards are read with the shipped set."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # the taught sets
    from vision.cards import cardset

    taught = cardset.user_path("cards")
    taught.parent.mkdir(parents=True)
    taught.write_bytes(b"PK\x03\x04 cut short")
    watcher = DiceWatcher()
    table.on_expect(watcher.expect)
    table.camera_opened(watcher)
    assert watcher.feed(frames(0)[0], 0.0) == []  # nothing of the set is a misfit
    reading = watcher.cards.reading_with("cards")  # the shipped set's
    assert np.array_equal(reading.weights, cardset.load(cardset.SHIPPED / "cards.npz").weights)
    (aside,) = [n.text for n in table.notices if "set aside" in n.text]
    (kept,) = taught.parent.glob("cards.npz.damaged-*")
    assert not taught.exists() and kept.name in aside
    assert aside.startswith("the card set cards this table was taught could not be read")
    assert "the cards are read with the set as shipped" in aside
    assert say(aside, "fr").startswith("le jeu de cartes «\u00a0cards\u00a0» appris par cette")
    assert "出荷時のセットで読みます" in say(aside, "ja") and unsaid(aside) == []
    assert watcher.feed(frames(0)[0], 0.1) == []
    assert len([n for n in table.notices if "set aside" in n.text]) == 1  # said once


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return _kato_table(tmp_path, lambda s: None)


def _kato_table(tmp_path: Path, announce: Callable[[str], None]) -> Table:
    """A table playing KaTO, Ann and Bob, its console `announce`."""
    clock = Clock()
    table = Table(
        Store(tmp_path / "games.db"), FakeBoard(), window=4, pin_seconds=5, clock=clock,
        announce=announce,
    )  # fmt: skip
    table.start(clock_thread=False)
    players = [{"name": n} for n in ("Ann", "Bob")]
    table.act({"do": "new_game", "game": "kato", "setup": {"players": players}})
    return table


def seen(table: Table, *cards: tuple[str, str]) -> str:
    assert table.game is not None and table.kind is not None
    expected = table.kind.cards.expected(table.game)  # type: ignore[attr-defined]
    laid = [{"color": c, "value": v} for c, v in cards]
    return table.camera_event(CardsSeen(expected, laid, [], b"", 0.0, 1))


def test_cards_the_camera_cannot_read_are_said_as_cards_in_every_language(tmp_path: Path) -> None:
    """In the players' words in every language: what the camera could not tell of each card
    and what to do; never the reader's figures ("valeur incertaine : 0,50 < 0,90"), which
    the console keeps."""
    console: list[str] = []
    table = _kato_table(tmp_path, console.append)
    unsure = reading("", "", best=("green", "8"))
    unlike = CardReading(
        **{**reading("", "", at=(40, 300), best=("red", "draw2")).__dict__,
           "reason": vision_said("unlike: a card like none of {name}", name="cards")},
    )  # fmt: skip
    watcher = DiceWatcher()
    watcher.cards = CardWatcher(_snapshot, load=lambda name: Scripted([[], [unsure, unlike]]))
    watcher.expect(CardExpectation("cards", "discard", "Bob"), "turn")
    (misfit,) = [e for f in frames(0, 1) for e in watcher.feed(f, 0.0)]
    assert isinstance(misfit, MisfitSeen) and misfit.about == CARDS
    assert table.camera_event(misfit) == "misfit"
    notice = table.notices[-1].text
    assert notice == (
        "the camera cannot read 2 cards: value hard to make out (likeliest green 8) and like "
        "none of the game's cards (likeliest red draw2); tap the right cards on the page, or "
        "lay them flat in good light, without glare, for the camera to read them again"
    )
    assert isinstance(notice, Text) and unsaid(notice) == []  # every part in fr and ja
    fr, ja = notice.say("fr"), notice.say("ja")
    assert fr == (
        "la caméra ne peut pas lire 2 cartes\u00a0: valeur difficile à distinguer (le plus "
        "probable\u00a0: green 8) et ne ressemble à aucune carte du jeu (le plus "
        "probable\u00a0: red draw2)\u00a0; touchez les bonnes cartes sur la page, ou "
        "posez-les bien à plat, sous une bonne lumière, sans reflet, pour que la caméra les "
        "relise"
    )
    assert ja.startswith("カメラが読めないカードが2枚あります：値が見分けにくい（いちばん近いのは")
    for said in (notice, fr, ja):  # no figure but the count and the cards' own
        assert not re.search(r"\d[.,]\d|<|unsure|incertain|unlike", said), said
    assert console[-1] == (
        f"[warning] {notice} [value unsure: 0.50 < 0.90 (likeliest green 8); unlike: a card "
        "like none of cards (likeliest red draw2)]"
    )
    assert table.throw is not None and table.throw["cards"] == []  # the page: cards, not dice


def test_a_card_not_read_is_said_by_its_likeliest_in_the_game_words(table: Table) -> None:
    """The game's expectation names its cards: the likeliest of a card not read is said in
    them ("le plus probable : +2 rouge", "赤の+2"; "red +2" in English), not by the card
    set's ids ("red draw2", English in every language); a wild card by its value alone."""
    unsure = reading("", "", best=("red", "draw2"))
    wild = reading("", "", at=(40, 300), best=("black", "wild4"))
    watcher = DiceWatcher()
    watcher.cards = CardWatcher(_snapshot, load=lambda name: Scripted([[], [unsure, wild]]))
    assert table.kind is not None and table.game is not None
    watcher.expect(table.kind.cards.expected(table.game), "turn")  # type: ignore[attr-defined]
    (misfit,) = [e for f in frames(0, 1) for e in watcher.feed(f, 0.0)]
    assert table.camera_event(misfit) == "misfit"
    notice = table.notices[-1].text
    assert "(likeliest red +2)" in notice and "(likeliest wild +4)" in notice
    assert "(le plus probable\u00a0: +2 rouge)" in notice.say("fr")
    assert "(le plus probable\u00a0: +4)" in notice.say("fr")
    assert "（いちばん近いのは赤の+2）" in notice.say("ja")
    assert "（いちばん近いのはワイルド +4）" in notice.say("ja")
    assert unsaid(notice) == []


def test_the_cards_laid_are_played_by_the_camera_and_checked_by_the_rules(table: Table) -> None:
    assert seen(table, ("red", "7")) == "read"  # Bob deals: the card turned up
    assert table.throw is not None and table.throw["input"]["type"] == "turn_up"
    assert seen(table, ("red", "3")) == "read"  # Ann plays on it
    state = table.game.to_json()  # type: ignore[union-attr]
    assert state["top"] == {"color": "red", "value": "3"} and state["turn"] == "Bob"
    assert [h["source"] for h in table.store.history(table.game_id)] == ["camera"] * 2  # type: ignore[arg-type]
    assert seen(table, ("blue", "8")) == "refused"  # not on a red 3: the page fixes it
    assert "blue 8 cannot be laid now" in table.throw["reason"]  # type: ignore[index]
    assert table.game.to_json()["inputs"] == 2  # type: ignore[union-attr]


def test_a_card_entered_on_the_page_then_seen_is_confirmed_not_played_twice(table: Table) -> None:
    seen(table, ("red", "7"))
    table.act({"do": "input", "input": {"type": "play", "player": "Ann",
               "card": {"color": "red", "value": "7"}}})  # fmt: skip
    assert seen(table, ("red", "7")) == "confirmed"  # the same card, now on the pile
    assert table.game.to_json()["inputs"] == 2  # type: ignore[union-attr]
    assert seen(table, ("red", "7")) == "refused"  # a third red 7: a misread, said so
    assert "fix the reading" in table.throw["reason"]  # type: ignore[index]
    assert seen(table, ("red", "5")) == "read"  # then Bob's play


def test_a_card_tapped_wrong_while_the_camera_reads_it_is_asked_not_played_as_the_next(
    table: Table,
) -> None:
    """Ann lays a red 5 on the red 7; before the camera has read it, a phone enters a red 3
    for her (a tap beside). Before, the camera's red 5, unlike the entry, was played as
    Bob's card. The camera's first cards since an entry it had not seen, that entry still
    the last input, could be the entry's own or the next play: neither is taken, the page
    asks, and each answer is one tap (the entry fixed, or the next play)."""
    play = {"type": "play", "player": "Ann", "card": {"color": "red", "value": "3"}}
    seen(table, ("red", "7"))  # the card turned up
    table.act({"do": "input", "input": play})  # tapped wrong while the camera reads hers
    assert seen(table, ("red", "5")) == "differs"
    assert table.game is not None and table.game.to_json()["inputs"] == 2
    asked = table.throw or {}
    assert asked["fixed"] == {**play, "card": {"color": "red", "value": "5"}}
    assert asked["next"] == {
        "type": "play",
        "player": "Bob",
        "card": {"color": "red", "value": "5"},
    }
    said = table.notices[-1].text
    assert said.startswith("the camera read other cards than those entered on the page for Ann")
    assert "次のプレイ" in say(said, "ja")
    table.act({"do": "replace", "input": asked["fixed"]})  # they were Ann's
    assert dict(table.game.log[-1]) == asked["fixed"] and table.game.to_json()["turn"] == "Bob"
    assert table.throw is not None and table.throw["status"] == "fixed"
    assert seen(table, ("red", "9")) == "read"  # then Bob's play, the camera's


def test_cards_unlike_an_entry_can_be_the_next_play(table: Table) -> None:
    seen(table, ("red", "7"))
    table.act({"do": "input", "input": {"type": "play", "player": "Ann",
               "card": {"color": "red", "value": "3"}}})  # fmt: skip
    assert seen(table, ("red", "5")) == "differs"  # (Ann's red 3 laid out of the camera's view)
    table.act({"do": "input", "input": table.throw["next"]})  # type: ignore[index]
    assert table.game is not None and [dict(i)["player"] for i in table.game.log] == [
        "Bob", "Ann", "Bob"
    ]  # fmt: skip
    assert table.throw is not None and "next" not in table.throw  # asked no more


def test_a_card_the_camera_could_not_read_entered_then_the_next_is_read(table: Table) -> None:
    """The camera saw Ann's card and could not read it; entered on the page, the camera's
    next card is Bob's play, not asked about: it saw hers already."""
    seen(table, ("red", "7"))
    misfit = MisfitSeen(as_text("a card cannot be read"), [], b"", 0.0, 2, about=CARDS)
    assert table.camera_event(misfit) == "misfit"
    table.act({"do": "input", "input": {"type": "play", "player": "Ann",
               "card": {"color": "red", "value": "3"}}})  # fmt: skip
    assert seen(table, ("red", "5")) == "read"
    assert table.game is not None and dict(table.game.log[-1])["player"] == "Bob"


def test_a_wild_card_waits_for_its_colour_on_the_page(table: Table) -> None:
    seen(table, ("red", "7"))
    assert seen(table, ("black", "wild")) == "noted"
    assert "name its colour on the page" in table.throw["reason"]  # type: ignore[index]
    assert table.game.to_json()["inputs"] == 1  # type: ignore[union-attr]


def to_bob_s_hand(table: Table, views: list[list[CardReading]]) -> DiceWatcher:
    """A round of two cards each played to its end (Bob turns up, Ann plays, Bob draws, Ann
    lays her last card): Bob's hand is awaited, and the camera shows `views` from now on."""
    watcher = DiceWatcher()
    watcher.cards = CardWatcher(_snapshot, load=lambda name: Scripted(views))
    table.on_expect(watcher.expect)
    table.camera_opened(watcher)
    players = [{"name": "Ann"}, {"name": "Bob"}]
    table.act({"do": "new_game", "game": "kato",
               "setup": {"players": players, "options": {"hand_size": 2}}})  # fmt: skip
    seen(table, ("red", "7"))
    seen(table, ("red", "3"))
    table.act({"do": "input", "input": {"type": "draw", "player": "Bob"}})
    assert seen(table, ("red", "9")) == "read"
    return watcher


def test_a_loser_s_hand_that_does_not_match_its_count_is_said_until_it_does(table: Table) -> None:
    """At a round's end, Bob lays his 3 cards under the camera: 2 of them lying still is
    said (in every language), a stray card beside them too, and his 3 cards are his hand."""
    a, b = reading("red", "1", at=(100, 100)), reading("blue", "4", at=(300, 100))
    c, stray = reading("green", "6", at=(500, 100)), reading("yellow", "2", at=(300, 300))
    watcher = to_bob_s_hand(table, [[a, b], [a, b, c, stray], [a, b, c]])
    events = still(watcher, 0, 0.0, HAND_WAIT + 1) + still(watcher, 1, 10.0, 1.0)
    assert [table.camera_event(e) for e in events] == ["misfit", "misfit"]
    notices = [n.text for n in table.notices][-2:]
    assert notices == [
        "only 2 of Bob's 3 cards are seen: lay them all face up, apart, under the camera, or "
        "enter the hand on the page",
        "4 cards seen where Bob lays down 3: take away the cards that are not Bob's, or "
        "enter the hand on the page",
    ]
    assert [unsaid(n) for n in notices] == [[], []]
    assert notices[0].say("fr").startswith("seules 2 des 3 cartes de Bob sont vues")
    assert table.throw is not None and table.throw["status"] == "misfit"
    assert "take away the cards" in table.throw["reason"]  # the page shows why, as cards
    (hand,) = still(watcher, 2, 20.0, 1.0)
    assert table.camera_event(hand) == "read"
    assert table.game.to_json()["rounds"][0]["hands"]["Bob"] == [  # type: ignore[union-attr]
        {"color": "red", "value": "1"}, {"color": "blue", "value": "4"},
        {"color": "green", "value": "6"},
    ]  # fmt: skip


def test_an_undo_of_a_hand_read_brings_it_back_with_its_cards_still_lying(table: Table) -> None:
    """The table tells the camera of an undo: Bob's hand read, then undone, is not read
    again as it lies (the undo stands), and once he turns a card it is read again with
    his cards still lying (not taken as cards lying before his hand: laid again)."""
    a, b = reading("red", "1", at=(100, 100)), reading("blue", "4", at=(300, 100))
    c = reading("green", "6", at=(500, 100))
    watcher = to_bob_s_hand(table, [[a, b, c], [a, b, replace(c, angle=60.0)]])
    (hand,) = still(watcher, 0, 0.0, 1.0)
    assert table.camera_event(hand) == "read"
    table.act({"do": "undo"})
    assert table.game is not None and table.game.to_json()["rounds"] == []  # his hand awaited
    assert still(watcher, 0, 10.0, HAND_WAIT + 1) == []
    (again,) = still(watcher, 1, 20.0, 1.0)
    assert table.camera_event(again) == "read"
    assert table.game.to_json()["rounds"][0]["hands"]["Bob"] == [  # type: ignore[union-attr]
        {"color": "red", "value": "1"}, {"color": "blue", "value": "4"},
        {"color": "green", "value": "6"},
    ]  # fmt: skip


# ---- the cards lying before a hand is laid down -------------------------------------------

BOB3 = CardExpectation("cards", "hand", "Bob", count=3)
CAT4 = CardExpectation("cards", "hand", "Cat", count=4)
BOB2 = CardExpectation("cards", "hand", "Bob", count=2)
CAT3 = CardExpectation("cards", "hand", "Cat", count=3)


def hands(views: list[list[CardReading]], *steps: tuple[CardExpectation, int]) -> list[Any]:
    """The events of each view shown (SETTLE frames, then lying still a second) while the
    hand given beside it is awaited: a round's end, hand after hand."""
    watcher = CardWatcher(_snapshot, load=lambda name: Scripted(views))
    out = []
    for i, (expected, view) in enumerate(steps):
        watcher.expect(expected)
        out.append(still(watcher, view, 10.0 * i, 1.0))
    return out


def test_the_hand_before_left_lying_is_not_counted_in_the_next_one() -> None:
    """Bob's 3 cards still lie there when Cat, who holds 4, lays 1: 4 cards are seen, but
    they are not Cat's hand (a confident wrong score); her 4 laid beside his are."""
    bob = [reading("red", "1", (100, 100)), reading("blue", "4", (300, 100)),
           reading("green", "6", (500, 100))]  # fmt: skip
    cat = [reading("yellow", "2", (100, 300)), reading("red", "8", (250, 300)),
           reading("blue", "skip", (400, 300)), reading("green", "1", (550, 300))]  # fmt: skip
    views = [bob, bob + cat[:1], bob + cat]
    read, one = hands(views, (BOB3, 0), (CAT4, 1))
    assert [e.cards for e in read] == [[_kind(c) for c in bob]]
    assert one == []  # one of Cat's 4: not her hand
    *_, cats = hands(views, (BOB3, 0), (CAT4, 1), (CAT4, 2))
    assert [e.cards for e in cats] == [[_kind(c) for c in cat]]


def test_the_hand_before_pushed_aside_is_not_counted_and_taken_away_is_gone() -> None:
    """Bob's cards pushed aside may be counted as Cat's (1 laid of her 4, and his 3 moved):
    said, never read; taken away, Cat's card of the kind of one of his is hers."""
    bob = [reading("red", "1", (100, 100)), reading("blue", "4", (300, 100)),
           reading("green", "6", (500, 100))]  # fmt: skip
    aside = [replace(c, center=(c.center[0], 420.0), angle=80.0) for c in bob]
    cat = [reading("red", "1", (100, 300)), reading("red", "8", (250, 300)),
           reading("blue", "skip", (400, 300)), reading("green", "1", (550, 300))]  # fmt: skip
    views = [bob, aside + cat[:1], [], cat]
    _, (moved,) = hands(views, (BOB3, 0), (CAT4, 1))
    assert moved[0] == (
        "the cards that lay here before were moved, and may be counted as Cat's: take them "
        "away, or enter the hand on the page"
    )
    assert unsaid(moved[0]) == []
    *_, cleared, cats = hands(views, (BOB3, 0), (CAT4, 1), (CAT4, 2), (CAT4, 3))
    assert cleared == [] and [e.cards for e in cats] == [[_kind(c) for c in cat]]
    # without the view cleared, Cat's red 1 may be Bob's moved: said, not read
    *_, (unsure,) = hands(views, (BOB3, 0), (CAT4, 3))
    assert unsure[0].startswith("the cards that lay here before were moved")


def test_the_discard_pile_left_lying_is_not_counted_in_the_first_hand() -> None:
    """The round won, the pile lies there: Bob lays 2 of his 3 cards beside it (3 cards
    seen, not his hand), then his third."""
    pile = [reading("red", "7", (320, 240)), reading("red", "3", (330, 250), turn=70)]
    bob = [reading("red", "1", (100, 100)), reading("blue", "4", (300, 60)),
           reading("green", "6", (540, 100))]  # fmt: skip
    views = [pile, pile[1:] + bob[:2], pile[1:] + bob]
    _, two, three = hands(views, (DISCARD, 0), (BOB3, 1), (BOB3, 2))
    assert two == [] and [e.cards for e in three] == [[_kind(c) for c in bob]]


def test_on_our_drawn_cards_the_hand_before_is_not_read_as_the_next_one() -> None:
    """The real reader on frames of our own cards (host.recording.own_cards): Bob's 2
    cards read, Cat (3 cards) lays 1 beside them: 3 cards seen, not her hand (it was read
    as red 1, blue 4, green 5); her 3 laid beside Bob's are read."""
    pile = Pile(recording.own_cards(), 1)
    length = pile.size[1] * 0.24
    quads = place_hand(pile.rng, 5, length, pile.aspect, *pile.size)
    kinds = [("red", "1"), ("blue", "4"), ("green", "5"), ("blue", "2"), ("yellow", "7")]
    laid = [(pile.deck.card(c, v, length), q) for (c, v), q in zip(kinds, quads, strict=True)]
    watcher = CardWatcher(_snapshot)
    out = []
    for expected, shown in ((BOB2, laid[:2]), (CAT3, laid[:3]), (CAT3, laid)):
        watcher.expect(expected)
        frame = pile.frame(shown)
        out.append([e for k in range(SETTLE + 1) for e in watcher.feed(frame, len(out) + k / FPS)])
    bob, one, cat = out
    assert [sorted(map(str, e.cards)) for e in bob] == [sorted(map(str, _kinds(kinds[:2])))]
    assert one == []
    assert [sorted(map(str, e.cards)) for e in cat] == [sorted(map(str, _kinds(kinds[2:])))]


def _kinds(kinds: list[tuple[str, str]]) -> list[dict[str, str]]:
    return [{"color": c, "value": v} for c, v in kinds]


def _kind(c: CardReading) -> dict[str, str]:
    return {"color": c.color, "value": c.value}


# ---- an undo that brings a hand back -------------------------------------------------------


class ReadOnce:
    """The real reader, each distinct frame read once (it reads a frame alike every time)."""

    def __init__(self, reader: Any) -> None:
        self.reader, self.seen = reader, dict[bytes, list[CardReading]]()

    def read(self, frame: np.ndarray) -> list[CardReading]:
        key = frame.tobytes()
        if key not in self.seen:
            self.seen[key] = self.reader.read(frame)
        return self.seen[key]


@pytest.fixture(scope="module")
def our_table() -> tuple[list[np.ndarray], ReadOnce, list[tuple[str, str]]]:
    """Our own cards (host.recording.own_cards) as a round's counting leaves them: the
    frames of the discard pile's last card; Bob's 2 laid beside it; Cat's 2 beside
    those; Bob's second card turned a little; Bob's taken away. The kinds laid, in order.
    (Seed 6 lays every card clear of the others: the reader reads each card of each view;
    with seed 1 Cat's yellow 7 hides Bob's blue 4.)"""
    from vision.cards.reader import CardReader

    pile = Pile(recording.own_cards(), 6)
    length = pile.size[1] * 0.24
    quads = place_hand(pile.rng, 5, length, pile.aspect, *pile.size)
    kinds = [("red", "1"), ("blue", "4"), ("green", "5"), ("blue", "2"), ("yellow", "7")]
    laid = [(pile.deck.card(c, v, length), q) for (c, v), q in zip(kinds, quads, strict=True)]
    card, quad = laid[2]
    centre = quad.mean(axis=0)
    turn = np.radians(20.0)
    spin = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    turned = (card, (quad - centre) @ spin.T + centre)
    views = [laid[:1], laid[:3], laid, [laid[0], laid[1], turned, *laid[3:]], laid[:1] + laid[3:]]
    return [pile.frame(v) for v in views], ReadOnce(CardReader.load("cards")), kinds


CAT2 = CardExpectation("cards", "hand", "Cat", count=2)
ANN = CardExpectation("cards", "discard", "Ann")  # the round's last card
NEXT = CardExpectation("cards", "discard", "Bob")  # the next round's first card


def counted(watcher: CardWatcher, frame: np.ndarray, start: float) -> list[Any]:
    """The events of a frame lying still (SETTLE frames and one more)."""
    return [e for k in range(SETTLE + 1) for e in watcher.feed(frame, start + k / FPS)]


def test_an_undo_back_to_a_hand_counts_its_cards_still_lying_and_never_the_others(
    our_table: tuple[list[np.ndarray], ReadOnce, list[tuple[str, str]]],
) -> None:
    """The real reader on our own cards: Bob's 2 and Cat's 2 read, the next round begun,
    then two undos bring Bob's hand back. His cards still lying are his: as they lay when
    undone they are not read again (that undoes the undo), once he turns one a little
    they are his hand (before, they were cards lying before: 'moved', he laid them again
    or entered them on the page); the pile's card and Cat's hand, still lying, are never
    counted as his, and with his taken away, Cat's 2 are not his 2."""
    (pile, bob, cat, turned, gone), reader, kinds = our_table
    hands = [sorted(map(str, _kinds(kinds[1:3]))), sorted(map(str, _kinds(kinds[3:])))]

    def undone_to_bob() -> CardWatcher:
        watcher = CardWatcher(_snapshot, load=lambda name: reader)
        read = []
        for i, (expected, frame) in enumerate(((ANN, pile), (BOB2, bob), (CAT2, cat), (NEXT, cat))):
            watcher.expect(expected)
            read.append([sorted(map(str, e.cards)) for e in counted(watcher, frame, i)])
        assert read[1:] == [[hands[0]], [hands[1]], []]
        for i, back in enumerate((CAT2, BOB2)):  # undo Cat's hand, then Bob's
            watcher.undone()
            watcher.expect(back)
            assert counted(watcher, cat, 10 + i) == []  # as undone: not read again
        return watcher

    watcher = undone_to_bob()
    (hand,) = counted(watcher, turned, 20)
    assert isinstance(hand, CardsSeen) and sorted(map(str, hand.cards)) == hands[0]
    watcher = undone_to_bob()
    assert counted(watcher, gone, 20) == []  # Cat's 2 lying: not Bob's hand


def test_a_pause_while_a_hand_is_laid_keeps_the_cards_laid_so_far() -> None:
    """Bob lays 2 of his 3 cards, the game is paused (nothing awaited), goes on, and he
    lays the third: his 3 cards are his hand (not 2 taken for cards lying before it)."""
    bob = [reading("red", "1", (100, 100)), reading("blue", "4", (300, 100)),
           reading("green", "6", (500, 100))]  # fmt: skip
    watcher = CardWatcher(_snapshot, load=lambda name: Scripted([[], bob[:2], bob]))
    watcher.expect(BOB3, "game 1")
    assert still(watcher, 0, 0.0, 1.0) + still(watcher, 1, 10.0, 1.0) == []
    watcher.expect(None, "game 1")  # paused
    assert still(watcher, 1, 20.0, HAND_WAIT + 1) == []  # (paused: nothing read)
    watcher.expect(BOB3, "game 1")
    (hand,) = still(watcher, 2, 30.0, 1.0)
    assert hand.cards == [_kind(c) for c in bob]


def test_a_pause_keeps_the_pile_and_a_new_game_starts_it_afresh() -> None:
    """The red 7 read on the pile, a pause, then a blue 7 laid beside it: only the blue 7
    is laid (the pile is not forgotten by a pause); the same red 7 at a new game's start
    is that game's first card."""
    red7, blue7 = reading("red", "7"), reading("blue", "7", at=(335, 250), turn=80)
    watcher = CardWatcher(_snapshot, load=lambda name: Scripted([[], [red7], [red7, blue7]]))
    watcher.expect(DISCARD, "game 1")
    (first,) = still(watcher, 0, 0.0, 1.0) + still(watcher, 1, 10.0, 1.0)
    watcher.expect(None, "game 1")
    watcher.expect(DISCARD, "game 1")
    (laid,) = still(watcher, 2, 20.0, 1.0)
    assert [first.cards, laid.cards] == [[_kind(red7)], [_kind(blue7)]]
    watcher.expect(None, None)  # the game left, another set up
    watcher.expect(DISCARD, "game 2")
    (again,) = still(watcher, 0, 30.0, 1.0) + still(watcher, 1, 40.0, 1.0)
    assert again.cards == [_kind(red7)]


def test_an_undo_back_into_the_round_keeps_the_pile_seen() -> None:
    """The red 7 ends the round, Bob lays his 3 cards, then an undo takes the round's end
    back (the 7 was played by mistake): Bob picks his cards up, and the blue 7 he lays
    beside the red one is the only card laid (the red 7 still lying is not laid again)."""
    red7, blue7 = reading("red", "7"), reading("blue", "7", at=(335, 250), turn=80)
    bob = [reading("red", "1", (100, 100)), reading("blue", "4", (300, 60)),
           reading("green", "6", (540, 100))]  # fmt: skip
    watcher = CardWatcher(
        _snapshot, load=lambda name: Scripted([[red7], [red7, *bob], [red7, blue7]])
    )
    watcher.expect(DISCARD, "game")
    (ended,) = still(watcher, 0, 0.0, 1.0)
    watcher.expect(BOB3, "game")
    (hand,) = still(watcher, 1, 10.0, 1.0)
    watcher.undone()
    watcher.expect(DISCARD, "game")
    assert still(watcher, 0, 20.0, 1.0) == []  # his cards picked up: nothing new
    (laid,) = still(watcher, 2, 30.0, 1.0)
    assert [ended.cards, hand.cards, laid.cards] == [
        [_kind(red7)],
        [_kind(c) for c in bob],
        [_kind(blue7)],
    ]


def demo_kato(n: int) -> tuple[Path, list[dict[str, Any]], dict[str, Any]]:
    """The demo's recorded KaTO session: its folder, its steps, and its game script with the
    inputs of its first `n` steps (each as entered on the page, else as the camera read it)."""
    from host.demo import demo_session_folder

    session = demo_session_folder("kato")
    recorded = json.loads((session / "session.json").read_text())
    steps = recorded["steps"]
    played = [s.get("entered") or s["input"] for s in steps[:n] if s.get("entered") or "input" in s]
    return session, steps, {**recorded["game"], "inputs": played}


def started_again(db: Path, script: dict[str, Any]) -> tuple[Table, DiceWatcher]:
    """A table that played `script` in the store `db`, closed, and a table started again
    on it (a crash, a power cut) with a fresh camera."""
    before = Table(Store(db), FakeBoard(), window=0, pin_seconds=0, clock=Clock(),
                   announce=lambda s: None)  # fmt: skip
    before.start(clock_thread=False)
    before.act({"do": "import", "script": script})
    before.close()
    table = Table(Store(db), FakeBoard(), window=0, pin_seconds=0, clock=Clock(),
                  announce=lambda s: None)  # fmt: skip
    table.start(clock_thread=False)
    watcher = DiceWatcher()
    table.on_expect(watcher.expect)
    table.camera_opened(watcher)
    return table, watcher


def test_a_host_started_again_mid_round_reads_no_card_from_the_pile_as_it_lies(
    tmp_path: Path,
) -> None:
    """Before: the host restarted mid-round (a crash, a power cut), its camera took the
    card on top of the pile for one laid now and committed it as the player awaited's play
    (here 'Ann plays green 6', a card Bob laid before the restart): an input nobody made.
    Now the first view of a game's pile takes its top card for the pile as it lies; the
    next card laid is read. The demo's recorded KaTO frames, a real store reopened."""
    from vision.images import read_image

    session, steps, script = demo_kato(5)
    assert script["inputs"][-2:] == [
        {"type": "play", "player": "Bob", "card": {"color": "green", "value": "6"}},
        {"type": "draw", "player": "Cat"},
    ]
    table, watcher = started_again(tmp_path / "games.db", script)
    assert table.game is not None and len(table.game.log) == 4
    pile = read_image(session / steps[3]["frames"][-1])  # green 6 on top, as it lies
    for i in range(3 * SETTLE):
        for event in watcher.feed(pile, i / 15):
            table.camera_event(event)
    assert len(table.game.log) == 4  # nothing laid, nothing read
    laid = read_image(session / steps[5]["frames"][-1])  # Ann lays her green draw two
    for i in range(3 * SETTLE):
        for event in watcher.feed(laid, 1 + i / 15):
            table.camera_event(event)
    assert [dict(i) for i in table.game.log[4:]] == [steps[5]["entered"]]


def test_a_host_started_again_while_a_hand_is_awaited_counts_only_the_hand_laid(
    tmp_path: Path,
) -> None:
    """Before: the host restarted while a hand was awaited (a crash, a power cut), its
    fresh camera counted the discard pile's top card with the hand laid beside it, and
    refused it as a miscount ('5 cards seen where Bob lays down 4'), so the players had
    to take the pile away or enter the hand on the page. Now the expectation says what
    lies face up (CardExpectation.lying) and the first view takes cards alike for those,
    as a camera that saw them laid does. The demo's KaTO game in a real store reopened;
    the pile's top and Bob's hand drawn as our cards, read by the real reader."""
    _session, steps, script = demo_kato(10)
    played = script["inputs"]
    hand = steps[10]["entered"]
    assert hand["type"] == "hand" and hand["player"] == "Bob"
    top = next(i["card"] for i in reversed(played) if i["type"] in ("play", "turn_up"))
    assert top == {"color": "black", "value": "wild4"}
    table, watcher = started_again(tmp_path / "games.db", script)
    assert table.game is not None and len(table.game.log) == len(played)
    pile = Pile(recording.own_cards(), 3)  # (seed 3: every card clear of the others, read)
    length = pile.size[1] * 0.24
    kinds = [(c["color"], c["value"]) for c in [top, *hand["cards"]]]
    quads = place_hand(pile.rng, len(kinds), length, pile.aspect, *pile.size)
    laid = pile.frame(
        [(pile.deck.card(c, v, length), q) for (c, v), q in zip(kinds, quads, strict=True)]
    )
    events = []
    for i in range(3 * SETTLE):
        for event in watcher.feed(laid, i / 15):
            events.append(event)
            table.camera_event(event)
    assert [e for e in events if isinstance(e, MisfitSeen)] == []
    (read,) = table.game.log[len(played) :]
    assert read["player"] == "Bob" and _sorted(read["cards"]) == _sorted(hand["cards"])


def _sorted(cards: list[dict[str, str]]) -> list[tuple[str, str]]:
    return sorted((c["color"], c["value"]) for c in cards)


def test_a_replace_fixes_only_the_camera_s_last_reading_and_keeps_it_if_refused(
    table: Table,
) -> None:
    from host.app.table import Refused

    assert seen(table, ("red", "7")) == "read"  # Bob turns up a red 7
    assert seen(table, ("red", "3")) == "read"  # Ann's card (really a red 5)
    fix = table.throw["fix"]  # type: ignore[index]
    assert {"color": "red", "value": "5"} in [c["input"]["card"] for c in fix["choices"]]
    assert {"color": "red", "value": "3"} not in [c["input"]["card"] for c in fix["choices"]]
    blue = {"type": "play", "player": "Ann", "card": {"color": "blue", "value": "8"}}
    with pytest.raises(Refused, match="blue 8 cannot be laid now"):
        table.act({"do": "replace", "input": blue})  # not on a red 7: nothing changes
    assert table.game.to_json()["top"] == {"color": "red", "value": "3"}  # type: ignore[union-attr]
    assert table.throw is not None and table.throw["status"] == "read"
    with pytest.raises(Refused, match="a fix gives Ann's cards again"):
        table.act({"do": "replace", "input": {"type": "draw", "player": "Bob"}})
    red5 = {"type": "play", "player": "Ann", "card": {"color": "red", "value": "5"}}
    table.act({"do": "replace", "input": red5})
    assert table.game.to_json()["top"] == {"color": "red", "value": "5"}  # type: ignore[union-attr]
    assert seen(table, ("red", "9")) == "read"  # Bob's
    assert "fix" in table.throw  # type: ignore[operator]
    table.act({"do": "input", "input": {"type": "draw", "player": "Ann"}})
    assert "fix" not in table.throw  # type: ignore[operator]  # (the page offers it no more)
    with pytest.raises(Refused, match="no cards read by the camera to fix now"):
        table.act({"do": "replace", "input": red5})  # the last input is no reading now


def test_a_press_the_store_cannot_commit_leaves_the_fix_of_the_camera_s_reading(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bob's button (his draw) pressed as the disk fills: the store does not commit it, so
    the camera's reading of Ann's card is still the game's last input, and its one-tap fix
    is still offered. Before, the press's draw took the offer off the page (tidy43) though
    the draw was never stored: Ann's misread card could only be undone and entered again."""
    assert seen(table, ("red", "7")) == "read"  # Bob turns up a red 7
    assert seen(table, ("red", "3")) == "read"  # Ann's card (really a red 5)
    read = dict(table.throw or {})
    assert "fix" in read
    commits_fail(table.store, monkeypatch)
    press = ButtonPress(1, "1A2B3C4D/01")
    table.board.pressed.append(press)  # type: ignore[attr-defined]  # Bob's button: draw
    table.clock.advance(2)  # type: ignore[attr-defined]  # (no race with the reading)
    table.tick()
    assert table.board.given_back == [press]  # type: ignore[attr-defined]
    assert table.notices[-1].level == "error"
    assert table.notices[-1].text == "button 2 is not stored: the disk is full"
    said = localize(table.view(), "fr")["notices"][-1]["text"]
    assert said.startswith("le bouton 2 n'est pas enregistré"), said  # (in words)
    assert [i["type"] for i in table.game.log] == ["turn_up", "play"]  # type: ignore[union-attr]
    assert table.throw == read  # the offer as it was
    monkeypatch.undo()
    red5 = {"type": "play", "player": "Ann", "card": {"color": "red", "value": "5"}}
    table.act({"do": "replace", "input": red5})  # the fix, in one tap
    assert table.game.to_json()["top"] == {"color": "red", "value": "5"}  # type: ignore[union-attr]


def test_a_fix_the_store_cannot_take_leaves_the_camera_s_reading_in_the_game(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann's card fixed in one tap as the disk fills: the reading's undo was written, the
    card said instead could not be, nor the reading again. Before, the reading stayed undone
    (the store and the game without Ann's card, the page still offering its fix, which then
    said there was no reading to fix); now the fix is one transaction: none of it is done,
    the page is told why (503), and the fix goes in once the store works."""
    from host.app.refusals import Refused
    from host.app.store import StoreError

    assert seen(table, ("red", "7")) == "read"  # Bob turns up a red 7
    assert seen(table, ("red", "3")) == "read"  # Ann's card (really a red 5)
    read = dict(table.throw or {})

    def full(*args: Any, **kwargs: Any) -> Any:
        raise StoreError("the disk is full")

    monkeypatch.setattr(table.store, "append", full)  # (the undo is written still)
    red5 = {"type": "play", "player": "Ann", "card": {"color": "red", "value": "5"}}
    with pytest.raises(Refused, match="the disk is full") as refused:
        table.act({"do": "replace", "input": red5})
    assert refused.value.status == 503
    red3 = {"type": "play", "player": "Ann", "card": {"color": "red", "value": "3"}}
    assert table.store.inputs(table.game_id or 0)[-1] == red3  # as it was
    assert table.game.log[-1] == red3  # type: ignore[union-attr]
    assert table.throw == read  # its fix offered still
    monkeypatch.undo()
    table.act({"do": "replace", "input": red5})
    assert table.store.inputs(table.game_id or 0)[-1] == red5


def test_a_hand_fixed_in_one_tap_tells_the_round_it_ends_as_a_restart_does(tmp_path: Path) -> None:
    """Before: the fix (`replace`) of the round's last hand was told in the page's feed
    against the state after the wrong reading, in which the round was won already: the
    feed lost 'Ann wins round 1: 61 points' (and the game's summary that turning point)
    until the host started again and told the game anew. Now the fix is told against the
    state before the hand, as the undo that takes the reading back leaves it. The demo's
    KaTO game in a real store: Cat's hand, read with a red 3 for her red 2, then fixed."""
    _session, steps, script = demo_kato(11)
    right = steps[11]["entered"]
    assert right["type"] == "hand" and right["player"] == "Cat"
    wrong = [dict(c) for c in right["cards"]]
    wrong[1] = {"color": "red", "value": "3"}  # (her red 2)
    table, _watcher = started_again(tmp_path / "games.db", script)
    assert seen(table, *[(c["color"], c["value"]) for c in wrong]) == "read"
    table.act({"do": "replace", "input": right})

    def feed(table: Table) -> list[list[str]]:
        log = table.view()["game"]["log"]
        return [[say(t, "en") for t in (e["said"], *e["did"], *e["key"])] for e in log]

    live = feed(table)
    assert "Ann wins round 1: 61 points" in live[-1]
    table.close()
    again = Table(Store(tmp_path / "games.db"), FakeBoard(), window=0, pin_seconds=0,
                  clock=Clock(), announce=lambda s: None)  # fmt: skip
    again.start(clock_thread=False)
    assert feed(again) == live


def test_a_host_started_again_mid_round_knows_every_card_it_saw_on_the_pile(
    tmp_path: Path,
) -> None:
    """Before: a camera started again mid-round (the host was: a crash, a power cut) knew
    only the pile's top card (CardExpectation.top), so a card laid before that still shows
    beside it (the pile is spread as people lay, not squared) was new to it: Ann's red 7,
    lying under Bob's red 3, became Ann's play of red 7 on it, an input nobody made. Now the
    watcher keeps the round's pile in the game store as it changes and the camera started
    again reads it back: nothing is laid until Ann lays her red 5. A real store, two tables
    on it in turn, each with its own camera."""
    red7 = reading("red", "7", at=(200, 240))
    red3 = reading("red", "3", at=(420, 240), turn=60.0)
    red5 = reading("red", "5", at=(300, 380), turn=10.0)
    views = [[red7], [red7, red3], [red7, red3, red5]]
    db = tmp_path / "games.db"

    def table_and_camera() -> tuple[Table, DiceWatcher]:
        table = Table(Store(db), FakeBoard(), window=0, pin_seconds=0, clock=Clock(),
                      announce=lambda s: None)  # fmt: skip
        table.start(clock_thread=False)
        watcher = DiceWatcher()
        watcher.cards = CardWatcher(_snapshot, load=lambda name: Scripted(views))
        table.on_expect(watcher.expect)
        table.camera_opened(watcher)
        return table, watcher

    def shown(table: Table, watcher: DiceWatcher, view: int, start: float) -> None:
        for event in still(watcher, view, start, 1.0):
            table.camera_event(event)

    before, camera = table_and_camera()
    players = [{"name": n} for n in ("Ann", "Bob")]
    before.act({"do": "new_game", "game": "kato", "setup": {"players": players, "seed": 1}})
    shown(before, camera, 0, 0.0)  # the card turned up
    shown(before, camera, 1, 10.0)  # Ann... (the turn: whoever the game says)
    assert before.game is not None and len(before.game.log) == 2
    played = [dict(i) for i in before.game.log]
    before.close()  # (as good as killed: every input and the pile are in the store)

    table, camera = table_and_camera()
    assert table.game is not None and [dict(i) for i in table.game.log] == played
    shown(table, camera, 1, 0.0)  # the pile as it lies: the red 7 shows under the red 3
    assert [dict(i) for i in table.game.log] == played, "a card of the pile was laid again"
    shown(table, camera, 2, 10.0)
    (laid,) = table.game.log[2:]
    assert laid["card"] == {"color": "red", "value": "5"}
