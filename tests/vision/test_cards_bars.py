"""Issue 20's bars for reading cards, on real photos the shipped card set never learned
from (the full figures and how to lift them: docs/vision.md, "Card figures"):

- cards/deck-a, one real card a photo, all 47 photos;
- hands of 5 to 10 of those cards laid on held-out table photos (a small fixed sample of
  `dicetable vision compose-cards`, seed HAND_SEED);
- and frames of our renderer drawn with the held-out designs (never trained on), seed
  RENDER_SEED, used by this test only.

Issue 20's bars: colour accuracy at least 0.99, value accuracy at least 0.95, silent errors
at most 0.01; every card found (none dropped in silence).

MET today on the real cards: finding them, their colours, no silent error, none dropped;
and the values of the composed hands (0.97-1.0 since branch cards40: 57 of 57 of seed 20's
8 hands). NOT MET today: the values of deck-a (44 of 47, the rest `unknown` with a reason,
never wrong), and on the rendered held-out designs the silent errors (none of these 31
cards; 2 to 4 % on more frames). These tests
hold the figures REACHED (VALUE_REACHED_*, SILENT_REACHED_RENDERED), not the bars, so
that nothing slips back; tighten them as the reader improves, and make them the bars once
they are met.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.shared_data import shared
from vision import labels
from vision.cards.compose import write_hands
from vision.cards.dataset import random_set
from vision.cards.evaluate import evaluate
from vision.cards.reader import CardReader

HAND_SEED, HANDS = 20, 8
RENDER_SEED, RENDERED = 2020, 12
VALUE_BAR = 0.95  # issue 20's: NOT MET
# deck-a: 0.936 (44 of 47: the wild, the wild four and a red 1 unknown) since cards40's
# symbol network (0.915, 43 of 47, since cards18; 0.872 at the shape cues, 0.787 before)
VALUE_REACHED_DECK = 0.93
# composed hands: 1.0 (57 of 57) since cards40 (0.930 since cards17, 0.912, 0.825 before):
# the bar is met on the hands (0.97-0.98 on 40-hand samples: docs/vision.md)
VALUE_REACHED_HANDS = VALUE_BAR
# held-out designs: 0.58 (18 of 31) since cards40's symbol network, one fewer than the
# network before (19 of 31: on 492 fresh rendered held-out cards it reads 266 against
# 260, scripts/cards40/judge.out), its colours 31 of 31 (30 before); the shape cues' set
# read 0.63, 19 of 30, and dropped one card; the set before them 0.73, one silently wrong
VALUE_REACHED_RENDERED = 0.58
DROPPED_REACHED_RENDERED = 0  # none of these frames' cards dropped (one before cards18)
SILENT_BAR = 0.01  # issue 20's: met on the real cards
# held-out designs: none of these 30 cards (the set before: one; NOT the bar: 0.025 on
# build_shipped's 203 cards of seed 3003, 0.037 on 107 of seed 4040)
SILENT_REACHED_RENDERED = 0.0


@pytest.fixture(scope="module")
def reader() -> CardReader:
    return CardReader.load("cards")


@pytest.fixture(scope="module")
def deck() -> labels.LabelSet:
    return shared("cards/deck-a")


def meets_the_bars_but_values(figures: dict[str, object], value_reached: float) -> None:
    assert figures["color_accuracy"] >= 0.99, figures  # type: ignore[operator]
    assert figures["silent_error_rate"] <= SILENT_BAR, figures  # type: ignore[operator]
    assert figures["cards_dropped"] == 0, figures
    # no sure card where none lies (seed 20's hands: a die read a red 0 before
    # vision.cards.size)
    assert figures["cards_invented_read"] == 0, figures
    # the value bar (VALUE_BAR) is met on the hands, not on deck-a: this holds the figure
    # reached
    assert figures["value_accuracy"] >= value_reached, figures  # type: ignore[operator]


def test_the_real_deck_is_found_and_coloured_and_never_misread(
    deck: labels.LabelSet, reader: CardReader
) -> None:
    figures = evaluate(deck, reader).figures()
    assert figures["cards_read"] == 47
    assert figures["detection_recall"] == 1.0 and figures["detection_precision"] == 1.0, figures
    meets_the_bars_but_values(figures, VALUE_REACHED_DECK)


def test_hands_of_the_real_cards_on_real_tables_are_found_and_never_misread(
    deck: labels.LabelSet, reader: CardReader, tmp_path: Path
) -> None:
    hands = write_hands(tmp_path, deck.root, HANDS, HAND_SEED)
    figures = evaluate(hands, reader).figures()
    assert figures["cards_labelled"] >= 40
    # 57 of 59 found, 2 finds that are no card (a card mostly under others, a dark patch)
    assert figures["detection_recall"] >= 0.95 and figures["detection_precision"] >= 0.95, figures
    meets_the_bars_but_values(figures, VALUE_REACHED_HANDS)


def test_rendered_decks_of_designs_never_trained_on_are_seldom_misread(
    reader: CardReader, tmp_path: Path
) -> None:
    rendered = random_set(tmp_path, RENDERED, RENDER_SEED, "held-out")
    figures = evaluate(rendered, reader).figures()
    assert figures["cards_read"] >= 25
    # the bar (SILENT_BAR) is not shown on these 28 cards: this holds the figure reached
    assert figures["silent_error_rate"] <= SILENT_REACHED_RENDERED, figures
    assert figures["color_accuracy"] >= 0.95, figures  # 1.0 (0.97 before cards40)
    assert figures["value_accuracy"] >= VALUE_REACHED_RENDERED, figures
    assert figures["cards_dropped"] <= DROPPED_REACHED_RENDERED, figures
