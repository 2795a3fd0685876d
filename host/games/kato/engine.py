"""KaTO: the rules engine, following a round of a physical deck from what is played.

The engine never sees a hand. It follows the round from the cards laid on the discard
pile (each read by the camera or entered on the page), the cards drawn (how many), the
KaTO calls, catches and challenges, and the hands laid down at the round's end; from
those it knows whose turn it is, the direction, the colour in force, how many cards the
player must draw, each hand's size, and the score. The rules and the policies where the
seed is silent are in docs/kato-script.md ("Policies"); the input types there too.

`KaTO(setup)` starts a game; `apply(input)` checks an input completely and only then
changes the state, so an illegal input raises an `IllegalInput` subclass and changes
nothing; `undo()` refolds the log without its last input. No randomness: the deck is
shuffled at the table.

>>> from host.games.kato.setup import Setup
>>> game = KaTO(Setup.simple("Ann", "Bob", "Cat"))
>>> game.apply({"type": "turn_up", "player": "Cat", "card": {"color": "red", "value": "7"}})
>>> game.apply({"type": "play", "player": "Ann", "card": {"color": "red", "value": "skip"}})
>>> game.players[game.turn], game.hand_sizes()   # Bob is skipped
('Cat', {'Ann': 6, 'Bob': 7, 'Cat': 7})
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from host.games import BoardDisplay, IllegalInput, Input, Waiting, refusals
from host.games.kato import waits
from host.games.kato.cards import (
    CONE,
    DRAW2,
    NUMBERS,
    REVERSE,
    SKIP,
    WILD4,
    Card,
    card_of,
    points,
)
from host.games.kato.errors import (
    GameOver,
    MalformedInput,
    NotNow,
    NotPlayable,
    NotYourTurn,
    UnknownPlayer,
    WrongCount,
)
from host.games.kato.phases import COLOR, COUNT, DRAWN, OVER, PLAY, TURN_UP, VERDICT
from host.games.kato.piles import Piles
from host.games.kato.setup import POINTS, Setup, check_setup
from host.games.kato.text import _, card_name, color_name
from host.games.logged import LoggedGame
from host.games.text import OneOf, Quoted, Text

CATCH_PENALTY = 2  # cards drawn by a player caught without calling KaTO
CHALLENGE_PENALTY = 2  # more cards drawn by a challenger whose +4 was honest (4 -> 6)
DRAWS = {DRAW2: 2, WILD4: 4}  # cards the next player draws
CONE_DRAWS = 10  # the cone played as "+10"

# input type -> the fields it may carry (besides "type" and "player")
INPUT_FIELDS: dict[str, frozenset[str]] = {
    "turn_up": frozenset({"card"}),
    "color": frozenset({"color"}),
    "play": frozenset({"card", "cards", "named"}),
    "draw": frozenset(),
    "pass": frozenset(),
    "challenge": frozenset(),
    "verdict": frozenset({"guilty"}),
    "kato": frozenset(),
    "catch": frozenset({"target"}),
    "hand": frozenset({"cards"}),
}


class KaTO(LoggedGame):
    """A game of KaTO: implements `host.games.Game`."""

    NotNow = NotNow

    def __init__(self, setup: Setup) -> None:
        check_setup(setup)
        self.setup = setup
        self.deck = setup.cards()
        self.values = setup.card_values()
        self.colors = setup.deck.colors
        self.options = setup.options
        self.seats = {name: i for i, name in enumerate(setup.players)}
        self._kinds: dict[tuple[Any, ...], list[Card]] = {}  # see playable_kinds
        self._reset()

    # ---- the Game protocol -------------------------------------------------------------

    @property
    def players(self) -> Sequence[str]:
        return self.setup.players

    @property
    def game_over(self) -> bool:
        return self.phase == OVER

    def _compute_waiting(self) -> Sequence[Waiting]:
        return waits.waiting(self)

    def apply(self, inp: Input) -> None:
        if self.phase == OVER:
            raise GameOver(refusals.game_over())
        try:
            step = _STEPS[inp["type"]]
            known = INPUT_FIELDS[inp["type"]].issuperset(inp.keys() - {"type", "player"})
            seat = self.seats[inp["player"]]
        except (KeyError, TypeError, AttributeError):
            known = False
        if not known:
            raise self._malformed(inp)
        self._commit(inp, step, self, seat, inp)

    def display(self) -> BoardDisplay:
        from host.games.kato.view import table_display

        return table_display(self)

    def to_json(self) -> dict[str, Any]:
        from host.games.kato.view import state_json

        return state_json(self)

    # ---- queries -----------------------------------------------------------------------

    def hand_sizes(self) -> dict[str, int]:
        return dict(zip(self.players, self.hands, strict=True))

    def step(self, seat: int, steps: int = 1) -> int:
        """The seat `steps` turns after `seat` in the current direction."""
        return (seat + steps * self.direction) % len(self.hands)

    @property
    def top(self) -> Card | None:
        discard = self.piles.discard
        return discard[-1] if discard else None

    def playable(self, card: Card) -> bool:
        """Whether `card` may be laid now by the player whose turn it is (the wild draw
        four's "only without a card of the colour" cannot be seen: a challenge checks it)."""
        if self.owed:  # only a card that draws more, or the cone that cancels, answers a draw
            return card.value == WILD4 or (card.value == CONE and self.options.cone != "reverse")
        if card.wild:
            return True
        top = self.top
        return card.color == self.color or (top is not None and card.value == top.value)

    def playable_kinds(self) -> list[Card]:
        """The deck's kinds of card that may be laid now (held or not), in the deck's order;
        they depend only on the colour, the top card's value and whether a draw is owed."""
        top = self.top
        key = (self.color, None if top is None else top.value, self.owed > 0)
        kinds = self._kinds.get(key)
        if kinds is None:
            kinds = self._kinds[key] = [card for card in self.deck if self.playable(card)]
        return kinds

    def may_call_early(self, seat: int) -> bool:
        """KaTO may also be called by the player about to lay their second-to-last card, so
        the call and the card read by the camera may come in either order."""
        return (
            self.phase in (PLAY, DRAWN)
            and seat == self.turn
            and self.hands[seat] == 2
            and self.armed != seat
        )

    # ---- state from the setup, and refolding --------------------------------------------

    def _reset(self) -> None:
        setup = self.setup
        position = setup.position
        self.scores = [0] * len(setup.players)
        self.round = 1
        if position is not None:
            self.round = position.round
            for name, score in position.scores.items():
                self.scores[self.seats[name]] = score
        self.first = self.seats[setup.first]  # who plays first in this round
        self.history: list[dict[str, Any]] = []  # the rounds played: winner, points, hands
        self.winners: list[int] = []
        self.turns = 0  # turns played in the game (ended by a card laid, a draw, a pass...)
        self._log: list[Input] = []
        self._waiting = None
        self._start_round()

    def _start_round(self) -> None:
        n = len(self.players)
        hand = self.options.hand_size
        self.piles = Piles(self.deck)
        self.piles.deal(n * hand)
        self.hands = [hand] * n
        self.dealer = (self.first - 1) % n  # turns up the first card, on the first's right
        self.turn = self.dealer  # whose input the round waits for
        self.direction = 1  # 1: clockwise (the next player is on the left)
        self.color: str | None = None  # the colour in force
        self.owed = 0  # cards the player whose turn it is must draw (+2, +4, stacked)
        self.bluff: int | None = None  # who laid the +4 the player owing may challenge
        self.window: int | None = None  # down to one card, may still call KaTO
        self.armed: int | None = None  # called KaTO before laying the second-to-last card
        self.called: set[int] = set()  # down to one card, called in time
        self.forgot: set[int] = set()  # down to one card without a call: may be caught
        self.winner: int | None = None
        self.laid: dict[int, list[Card]] = {}  # the losers' hands laid down, when won
        self.returned = 0  # wild draw fours (or cones) turned up and shuffled back in
        self.phase = TURN_UP

    def _refold(self, log: Sequence[Input]) -> None:
        self._reset()
        for inp in log:
            self.apply(inp)

    def _malformed(self, inp: object) -> IllegalInput:
        return refusals.malformed(inp, INPUT_FIELDS, self.players, MalformedInput, UnknownPlayer)

    # ---- checks shared by the steps ------------------------------------------------------

    def _expect(self, seat: int, kind: Text, phases: tuple[str, ...]) -> None:
        """NotNow unless the phase is one of `phases`, NotYourTurn unless it is `seat`'s
        (`kind`: the input, in words)."""
        if self.phase not in phases:
            raise waits.refusal(NotNow, _("no {input} now", input=kind), self)
        if seat != self.turn:
            said = _("no {input} from {player} now", input=kind, player=self.players[seat])
            raise waits.refusal(NotYourTurn, said, self)

    def _cards(self, data: Any, where: str) -> list[Card]:
        if not isinstance(data, list):
            raise MalformedInput(
                _("{at}: a list of cards, not {value}", at=where, value=Quoted(data))
            )
        return [card_of(c, self.deck, f"{where}[{i}]") for i, c in enumerate(data)]

    def _begin(self, seat: int) -> None:
        """`seat` begins a turn: a player down to one card before it can no longer call."""
        if self.window is not None:
            self.forgot.add(self.window)
            self.window = None

    def _hand_changes(self, seat: int, cards: int) -> None:
        self.hands[seat] += cards
        self.forgot.discard(seat)
        self.called.discard(seat)
        if self.armed == seat:
            self.armed = None

    def _next_turn(self, seat: int) -> None:
        """`seat`'s turn ends without a card laid: the next player's begins."""
        self.turns += 1
        self.turn = self.step(seat)

    def _draw(self, seat: int, cards: int) -> None:
        self._hand_changes(seat, self.piles.take(cards))

    # ---- the steps, one per input type: each checks everything, then changes the state ---

    def _turn_up(self, seat: int, inp: Input) -> None:
        self._expect(seat, _("card turned up"), (TURN_UP,))
        card = card_of(inp.get("card"), self.deck)
        self.piles.check_left([card])
        self.piles.turn_up(card)
        if card.value in (WILD4, CONE) and self.returned < self.piles.draw:
            self.piles.put_back()  # policy: shuffled back in, and another is turned up
            self.returned += 1
        elif card.wild:  # the first player names the colour, then plays (policy: a +4 or
            # cone stays, as a plain wild, once every other card of the pile came up)
            self.turn = self.step(self.dealer)
            self.phase = COLOR
        else:  # as if the dealer had played it
            self._effect(self.dealer, card, None, start=True)

    def _color(self, seat: int, inp: Input) -> None:
        self._expect(seat, _("colour named"), (COLOR,))
        color = inp.get("color")
        if color not in self.colors:
            raise MalformedInput(self._not_a_colour("color", color))
        self.color = color
        self.phase = PLAY

    def _play(self, seat: int, inp: Input) -> None:
        self._expect(seat, _("card played"), (PLAY, DRAWN))
        cards = self._played(seat, inp)
        last = cards[-1]
        named = inp.get("named")
        empties = len(cards) == self.hands[seat]
        if last.wild and named is None and not empties:
            raise MalformedInput(
                _(
                    'a {card} names the colour that follows: "named": one of {colours}',
                    card=card_name(last.json()),
                    colours=OneOf(self.colors),
                )
            )
        if named is not None and (not last.wild or named not in self.colors):
            if not last.wild:
                raise MalformedInput(
                    _(
                        "a {card} names no colour (only a wild card does)",
                        card=card_name(last.json()),
                    )
                )
            raise MalformedInput(self._not_a_colour("named", named))
        self._begin(seat)
        armed = self.armed == seat
        self._hand_changes(seat, -len(cards))
        self.piles.lay(cards)
        if not self.hands[seat]:  # the round is won: the others lay down their hands
            self.turns += 1
            self.winner = seat
            self.color = named if last.wild else last.color
            self.owed, self.bluff, self.forgot, self.called = 0, None, set(), set()
            self.phase = COUNT
            return
        if self.hands[seat] == 1:
            if armed:
                self.called.add(seat)
            else:
                self.window = seat
        self._effect(seat, last, named)

    def _played(self, seat: int, inp: Input) -> list[Card]:
        """The cards of a play, checked: known, left in the deck, held, playable."""
        if ("card" in inp) == ("cards" in inp):
            raise MalformedInput(_('a play names its "card" (or, several at once, its "cards")'))
        if "card" in inp:
            cards = [card_of(inp["card"], self.deck)]
        else:
            if not self.options.several:
                raise NotPlayable(
                    _("one card at a time (the house rule of several at once is off)")
                )
            cards = self._cards(inp["cards"], "cards")
            if not cards:
                raise MalformedInput(_("cards: the cards laid, at least one"))
            value = cards[0].value
            if any(c.value != value or c.value not in NUMBERS for c in cards):
                raise NotPlayable(_("several cards at once are numbers of one value (e.g. two 7s)"))
        self.piles.check_left(cards)
        name = self.players[seat]
        if len(cards) > self.hands[seat]:
            raise WrongCount(
                _(
                    "{player} holds {n, plural, one {# card} other {# cards}}, not {laid}",
                    player=name,
                    n=self.hands[seat],
                    laid=len(cards),
                )
            )
        if not self.playable(cards[0]):
            raise NotPlayable(
                _(
                    "{card} cannot be laid now: {rule}",
                    card=card_name(cards[0].json()),
                    rule=waits.play_rule(self),
                )
            )
        return cards

    def _effect(self, seat: int, card: Card, named: str | None, start: bool = False) -> None:
        """What `card`, laid by `seat`, does: the colour in force, the direction, the next
        turn and the cards it owes. `start`: the first card turned up, as if the dealer
        had laid it (a reverse then gives the turn to the dealer's right, with 2 players
        too: the seed says so)."""
        self.color = named if card.wild else card.color
        self.phase = PLAY
        if not start:  # the turn-up is no one's turn
            self.turns += 1
        value = card.value
        cone = self.options.cone if value == CONE else None
        if value == SKIP:
            self.turn = self.step(seat, 2)
        elif value == REVERSE or cone == "reverse":
            self.direction = -self.direction
            two = len(self.hands) == 2 and not start  # policy: with 2 players, also a skip
            self.turn = seat if two else self.step(seat)
        else:
            self.turn = self.step(seat)
            if value in DRAWS or cone == "plus10":
                self.owed += DRAWS.get(value, CONE_DRAWS)
                self.bluff = seat if value == WILD4 else None
            elif cone == "cancel":
                self.owed, self.bluff = 0, None

    def _draw_step(self, seat: int, inp: Input) -> None:
        self._expect(seat, _("draw"), (PLAY,))
        self._begin(seat)
        owed = self.owed
        self._draw(seat, owed or 1)
        if self.options.play_drawn and not owed:
            self.phase = DRAWN
        else:  # the turn passes (after the cards owed: no play this turn)
            self.owed, self.bluff = 0, None
            self._next_turn(seat)

    def _pass(self, seat: int, inp: Input) -> None:
        self._expect(seat, _("pass"), (DRAWN,))
        self.phase = PLAY
        self._next_turn(seat)

    def _challenge(self, seat: int, inp: Input) -> None:
        self._expect(seat, _("challenge"), (PLAY,))
        if self.bluff is None:
            raise waits.refusal(NotNow, _("no wild draw four to challenge now"), self)
        self._begin(seat)
        self.phase = VERDICT

    def _verdict(self, seat: int, inp: Input) -> None:
        self._expect(seat, _("verdict"), (VERDICT,))
        guilty = inp.get("guilty")
        if not isinstance(guilty, bool):
            raise MalformedInput(
                _("guilty: true (the +4 was a bluff: its player held the colour) or false")
            )
        assert self.bluff is not None
        if guilty:  # the bluffer draws what was owed; the challenger plays
            self._draw(self.bluff, self.owed)
        else:  # the challenger draws what was owed and 2 more, and does not play
            self._draw(seat, self.owed + CHALLENGE_PENALTY)
            self._next_turn(seat)
        self.owed, self.bluff = 0, None
        self.phase = PLAY

    def _not_a_colour(self, field: str, value: object) -> Text:
        return _(
            "{field}: one of {colours}, not {value}",
            field=field,
            colours=OneOf(color_name(colour) for colour in self.colors),
            value=Quoted(value),
        )

    def _kato(self, seat: int, inp: Input) -> None:
        if self.window == seat:
            self.window = None
            self.called.add(seat)
        elif self.may_call_early(seat):
            self.armed = seat
        else:
            raise NotNow(waits.why_no_call(self, seat))

    def _catch(self, seat: int, inp: Input) -> None:
        target = inp.get("target")
        caught = self.seats.get(target) if isinstance(target, str) else None
        if caught is None:
            raise UnknownPlayer(refusals.unknown_player(target, self.players, "target"))
        if caught == seat or caught not in self.forgot:
            raise NotNow(waits.why_no_catch(self, seat, caught))
        self._draw(caught, CATCH_PENALTY)

    def _hand(self, seat: int, inp: Input) -> None:
        name = self.players[seat]
        if self.phase != COUNT:
            raise waits.refusal(NotNow, _("no hand is laid down now"), self)
        if seat == self.winner or seat in self.laid:
            if seat == self.winner:
                # (not "Ann won the round", said again by what the game waits for:
                # "Ann won the round; Ann won the round: Bob, lay down your cards")
                done = _("the round's winner lays down no cards")
            else:
                done = _("{player} laid down their hand already", player=name)
            raise waits.refusal(NotYourTurn, done, self)
        cards = self._cards(inp.get("cards"), "cards")
        if len(cards) != self.hands[seat]:
            raise WrongCount(
                _(
                    "{player} holds {n, plural, one {# card} other {# cards}}, "
                    "not {laid}: is a card missing or read twice?",
                    player=name,
                    n=self.hands[seat],
                    laid=len(cards),
                )
            )
        self.piles.check_left(cards)
        self.piles.lay_down(cards)
        self.laid[seat] = cards
        if len(self.laid) == len(self.hands) - 1:
            self._score()

    def _score(self) -> None:
        winner = self.winner
        assert winner is not None
        won = sum(points(cards, self.values) for cards in self.laid.values())
        self.scores[winner] += won
        self.history.append(
            {
                "round": self.round,
                "winner": self.players[winner],
                "points": won,
                "hands": {
                    self.players[s]: [c.json() for c in cards]
                    for s, cards in sorted(self.laid.items())
                },
            }
        )
        target = self.setup.target
        if target.kind == POINTS:
            if self.scores[winner] >= target.amount:
                self.winners = [winner]
        elif self.round >= target.amount:
            best = max(self.scores)
            leaders = [s for s, score in enumerate(self.scores) if score == best]
            if len(leaders) == 1:  # policy: tied at the top, another round is played
                self.winners = leaders
        if self.winners:
            self.phase = OVER
            return
        self.round += 1
        self.first = (self.first + 1) % len(self.hands)  # policy: the next seat starts
        self._start_round()


Step = Callable[[KaTO, int, Input], None]
_STEPS: dict[str, Step] = {
    "turn_up": KaTO._turn_up,
    "color": KaTO._color,
    "play": KaTO._play,
    "draw": KaTO._draw_step,
    "pass": KaTO._pass,
    "challenge": KaTO._challenge,
    "verdict": KaTO._verdict,
    "kato": KaTO._kato,
    "catch": KaTO._catch,
    "hand": KaTO._hand,
}
assert set(_STEPS) == set(INPUT_FIELDS)
