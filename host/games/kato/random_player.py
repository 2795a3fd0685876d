"""Random play, for property tests and the bench.

`Table` is a physical table played at random: a real deck shuffled by a seeded
`random.Random`, real hands, a draw pile and a discard pile of real cards. Its players
play only cards they hold (a wild draw four sometimes as a bluff), call KaTO or forget
to, catch, challenge and tell the truth at a verdict, and lay their real hands down at
the end of a round. It gives the engine only what the table would (the cards laid, the
inputs), then follows what the engine says was drawn: so every test can check that the
engine's counts (hands, draw pile, discard pile) are those of the real table.

`random_input` knows no hands: it picks any input the engine's `waiting_for()` offers,
with its options. It tries the engine's bookkeeping on plays no real deck would give.

>>> from host.games.kato.setup import Setup, Target
>>> game, table = play_game(Setup.simple("A", "B", "C", target=Target("rounds", 2)), seed=1)
>>> game.game_over, [r["winner"] for r in game.to_json()["rounds"]], game.scores
(True, ['B', 'C'], [0, 30, 106])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from host.games import Input, NeverEnds
from host.games.kato.cards import NUMBERS, WILD4, Card
from host.games.kato.engine import KaTO
from host.games.kato.phases import COLOR, COUNT, DRAWN, PLAY, TURN_UP, VERDICT
from host.games.kato.setup import Setup

MAX_INPUTS = 50_000  # a game longer than this is a bug (the game must always end)
CALL_CHANCE = 0.8  # a player down to one card calls KaTO (else forgets)
EARLY_CALL_CHANCE = 0.3  # ...and calls before laying the second-to-last card
CATCH_CHANCE = 0.6  # someone notices a player who forgot
PLAY_CHANCE = 0.9  # a player with a playable card plays (else draws)
BLUFF_CHANCE = 0.2  # a player holding the colour in force lays a +4 anyway
CHALLENGE_CHANCE = 0.4
SEVERAL_CHANCE = 0.6  # with several cards at once: lay the others of the same number too


class Table:
    """A physical table following one game: its deck, hands and piles, played at random."""

    def __init__(self, game: KaTO, rng: random.Random) -> None:
        self.rng = rng
        self.cards = [card for card, n in game.deck.items() for _ in range(n)]
        self.round = 0
        self.held_colour = False  # the last +4's player held the colour in force
        self._deal(game)

    def hand_sizes(self) -> dict[str, int]:
        return {name: len(hand) for name, hand in zip(self.names, self.hands, strict=True)}

    def _deal(self, game: KaTO) -> None:
        self.names = list(game.players)
        self.round = game.round
        self.pile = list(self.cards)  # face down; the top card is the last
        self.rng.shuffle(self.pile)
        size = game.options.hand_size
        self.hands: list[list[Card]] = [[self.pile.pop() for _ in range(size)] for _ in self.names]
        self.discard: list[Card] = []

    def choose(self, game: KaTO) -> Input:
        """The next input, chosen at random from what the players hold and may do."""
        rng, names = self.rng, self.names
        if game.window is not None and rng.random() < CALL_CHANCE:
            return {"type": "kato", "player": names[game.window]}
        if game.forgot and rng.random() < CATCH_CHANCE:
            target = rng.choice(sorted(game.forgot))
            catcher = rng.choice([s for s in range(len(names)) if s != target])
            return {"type": "catch", "player": names[catcher], "target": names[target]}
        seat = game.turn
        player = names[seat]
        phase = game.phase
        if phase == TURN_UP:
            return {"type": "turn_up", "player": player, "card": self.pile[-1].json()}
        if phase == COLOR:
            return {"type": "color", "player": player, "color": self._colour(seat, game)}
        if phase == VERDICT:
            return {"type": "verdict", "player": player, "guilty": self.held_colour}
        if phase == COUNT:
            seat = rng.choice(
                [s for s in range(len(names)) if s != game.winner and s not in game.laid]
            )
            return {
                "type": "hand",
                "player": names[seat],
                "cards": [c.json() for c in self.hands[seat]],
            }
        if (
            game.may_call_early(seat)
            and rng.random() < EARLY_CALL_CHANCE
            and self._playable(game, seat)
        ):
            return {"type": "kato", "player": player}
        if phase == PLAY and game.bluff is not None and rng.random() < CHALLENGE_CHANCE:
            return {"type": "challenge", "player": player}
        playable = self._playable(game, seat)
        if playable and (game.owed or rng.random() < PLAY_CHANCE):
            return self._play(game, seat, rng.choice(playable))
        if phase == DRAWN:
            return {"type": "pass", "player": player}
        return {"type": "draw", "player": player}

    def follow(self, game: KaTO, inp: Input) -> None:
        """Do at the table what the input says, then draw what the engine says was drawn."""
        if game.round != self.round:  # the last hand laid down: a new round is dealt
            self._deal(game)
            return
        kind = inp["type"]
        if kind == "turn_up":
            card = self.pile.pop()
            if game.piles.discard:
                self.discard.append(card)
            else:  # put back and shuffled in
                self.pile.append(card)
                self.rng.shuffle(self.pile)
        elif kind == "play":
            seat = game.seats[inp["player"]]
            cards = [Card(**c) for c in inp.get("cards", [inp.get("card")])]
            for card in cards:
                self.hands[seat].remove(card)
            self.discard += cards
        elif kind == "hand":
            self.hands[game.seats[inp["player"]]] = []
        for seat, size in enumerate(game.hands):
            self._draw(seat, size - len(self.hands[seat]) if kind != "hand" else 0)

    def _draw(self, seat: int, cards: int) -> None:
        for _ in range(cards):
            if not self.pile:  # the discard pile but its top is turned over and shuffled
                self.pile, self.discard = self.discard[:-1], self.discard[-1:]
                self.rng.shuffle(self.pile)
            self.hands[seat].append(self.pile.pop())

    def _playable(self, game: KaTO, seat: int) -> list[Card]:
        hand = self.hands[seat]
        if game.phase == DRAWN:
            hand = hand[-1:]  # only the card just drawn
        cards = [c for c in hand if game.playable(c)]
        colour = game.color
        if any(c.color == colour for c in self.hands[seat]) and self.rng.random() >= BLUFF_CHANCE:
            cards = [c for c in cards if c.value != WILD4]  # an honest player
        return cards

    def _play(self, game: KaTO, seat: int, card: Card) -> Input:
        hand = self.hands[seat]
        if card.value == WILD4:
            self.held_colour = any(c.color == game.color for c in hand)
        inp: dict[str, Any] = {"type": "play", "player": self.names[seat], "card": card.json()}
        if game.options.several and card.value in NUMBERS and self.rng.random() < SEVERAL_CHANCE:
            same = [c for c in hand if c.value == card.value]
            same.remove(card)
            if same:
                del inp["card"]
                inp["cards"] = [c.json() for c in [card, *same]]
        if card.wild and len(hand) > 1:
            inp["named"] = self._colour(seat, game)
        return inp

    def _colour(self, seat: int, game: KaTO) -> str:
        """The colour a player names: one they hold most of (any, if none)."""
        held = [c.color for c in self.hands[seat] if c.color in game.colors]
        return max(game.colors, key=held.count) if held else self.rng.choice(game.colors)


def play_game(setup: Setup, seed: int = 0) -> tuple[KaTO, Table]:
    """A whole game played at a random physical table."""
    game = KaTO(setup)
    table = Table(game, random.Random(seed))
    while not game.game_over:
        if len(game.log) >= MAX_INPUTS:
            raise NeverEnds(f"no end after {MAX_INPUTS} inputs")
        inp = table.choose(game)
        game.apply(inp)
        table.follow(game, inp)
    return game, table


def random_input(game: KaTO, rng: random.Random) -> Input:
    """Any input `waiting_for()` offers, with random options (no hands behind it); a play
    chosen as a table's players choose it (PLAY_CHANCE) over a draw or the rest: drawn as
    often as played, the hands grew a round long and a game of 10 rounds went on past
    20,000 inputs (the chaos soak's)."""
    waitings = game.waiting_for()
    weights = [PLAY_CHANCE / (1 - PLAY_CHANCE) if w.kind == "play" else 1.0 for w in waitings]
    waiting = rng.choices(waitings, weights)[0]
    inp: dict[str, Any] = {"type": waiting.kind, "player": waiting.player}
    options = waiting.options
    if waiting.kind in ("turn_up", "play"):
        inp["card"] = rng.choice(options["cards"])
        if "named" in options and inp["card"]["color"] == "black":
            inp["named"] = rng.choice(options["named"])
    elif waiting.kind == "color":
        inp["color"] = rng.choice(options["colors"])
    elif waiting.kind == "verdict":
        inp["guilty"] = rng.random() < 0.5
    elif waiting.kind == "catch":
        inp["target"] = rng.choice(options["targets"])
    elif waiting.kind == "hand":
        inp["cards"] = _some(options["cards"], options["count"], rng)
    return inp


def _some(kinds: Sequence[dict[str, Any]], count: int, rng: random.Random) -> list[dict[str, str]]:
    """`count` cards drawn from the kinds left, no kind more often than it is left."""
    cards = [{"color": k["color"], "value": k["value"]} for k in kinds for _ in range(k["left"])]
    return rng.sample(cards, count)
