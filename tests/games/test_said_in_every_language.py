"""Every refusal a player can meet, and what the feed and the page's answers say in play,
is said in French and Japanese: driven, not listed.

tests/test_messages.py reads the sources: every refusal is built from a template of the
translations. This drives the games themselves: over random play of every shipped game,
each input the game waits for is sent wrong in every way a page, a button or a hand-made
file could (another player, an unknown one, none, a field too many or of the wrong kind,
another type, an input of every type from everyone, after the game is over), every setup
field is given a wrong value, and game files are given broken; each refusal must be a
`Text` whose template, and every template in its fields, has a French and a Japanese
translation. (A refusal that is no `Text`, or a template a language lacks, fails here.)
The same holds of what random play shows: each input's entry in the feed (the game's story,
else its `inputs_said`), and each answer the page offers (its title and choices).
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from host.games import Game, IllegalInput, Input
from host.games.kind import GameFileError, GameKind, story_of
from host.games.page import PLAYERS, answers_json
from host.games.registry import kind_of_script, kinds, parse_game_file
from host.games.text import ENGLISH, LANGUAGES, Text, localize, message, translation
from tests.games.forms import filled, put
from tests.games.test_every_game import random_input

SHIPPED = [k for k in kinds().values() if type(k).__module__.startswith("host.games.")]
WRONG_VALUES: tuple[Any, ...] = (None, "nonsense", -1, 10**6, 2.5, True, [], {}, ["x"], {"x": 1})
STEPS = 40  # inputs of random play per game, each sent wrong in every way below
OTHER_LANGUAGES = [lang for lang in LANGUAGES if lang != ENGLISH]
# a list or an object of strings as Python writes it (['x'], {'x': 1}): said as
# words instead (host.games.text.Quoted: "a list of 'x'"); null, true, false as Python
# writes them (None, True: a JSON input's values, said as the player wrote them)
PYTHON_WRITTEN = re.compile(r"[\[{]'|\b(None|True|False)\b")


def unsaid(said: object) -> list[str]:
    """What of a message has no translation: itself if it is no `Text`, else each template
    (its own, its fields') missing in a language."""
    if not isinstance(said, Text):
        return [f"not said through the translations: {said!r}"]
    found = [
        f"{said.domain} {lang}: {said.template!r}"
        for lang in OTHER_LANGUAGES
        if said.template not in translation(said.domain, lang)
    ]
    for value in said.fields.values():
        for item in value if isinstance(value, list | tuple) else [value]:
            found += unsaid(item) if isinstance(item, Text) else []
    return found


class Refusals:
    """The refusals met, and what of them is not said in every language."""

    def __init__(self) -> None:
        self.met = 0
        self.unsaid: dict[str, str] = {}  # what is missing -> the message it was found in

    def check(self, error: BaseException) -> None:
        self.met += 1
        said = message(error)
        for missing in unsaid(said):
            self.unsaid.setdefault(missing, str(said))
        for lang in LANGUAGES if isinstance(said, Text) else ():
            text = said.say(lang)
            if PYTHON_WRITTEN.search(text):  # a value given, as Python writes it
                self.unsaid.setdefault(f"written as Python in {lang}: {said.template!r}", text)

    def refused(self, game: Game, inp: object) -> None:
        """Send `inp`: its refusal checked, or (a legal input after all) undone."""
        try:
            game.apply(inp)  # type: ignore[arg-type]
        except IllegalInput as error:
            self.check(error)
        else:
            game.undo()


def wrong_ways(inp: Input, players: list[str], types: set[str]) -> Iterator[object]:
    """`inp` sent wrong: by another player, an unknown one, none; with a field too many, of
    another type, each field's value wrong; not an object; and every type from everyone."""
    for player in players:
        if player != inp.get("player"):
            yield {**inp, "player": player}
    yield {**inp, "player": "Nobody"}
    yield {k: v for k, v in inp.items() if k != "player"}
    yield {**inp, "bogus": 1}
    yield {**inp, "type": "bogus"}
    yield [dict(inp)]
    yield "throw"
    for field in inp:
        if field not in ("type", "player"):
            for value in WRONG_VALUES:
                yield {**inp, field: value}
    for kind in sorted(types):
        for player in players:
            yield {"type": kind, "player": player}


def legal_inputs(kind: GameKind, game: Game) -> list[Input]:
    """The page's one-tap inputs now (each a legal input to send wrong)."""
    return [c["input"] for a in answers_json(kind, game) for c in a["choices"]]


@pytest.fixture(params=SHIPPED, ids=[k.name for k in SHIPPED])
def kind(request: pytest.FixtureRequest) -> GameKind:
    return request.param  # type: ignore[no-any-return]


def test_every_refusal_in_play_is_said_in_every_language(kind: GameKind) -> None:
    refusals = Refusals()
    rng = random.Random(11)
    game = kind.new({**filled(kind.catalog()["setup"]), "seed": 11})
    try:
        game.undo()
    except IllegalInput as error:  # nothing to undo yet
        refusals.check(error)
    types: set[str] = set()
    for _ in range(STEPS):
        if game.game_over:
            break
        types |= {w.kind for w in game.waiting_for()}
        sent = [*legal_inputs(kind, game)[:6], random_input(kind, game, rng)]
        for inp in sent:
            for wrong in wrong_ways(inp, list(game.players), types):
                refusals.refused(game, wrong)
        game.apply(sent[-1])
    while not game.game_over:  # on to the end, to be refused there too
        game.apply(random_input(kind, game, rng))
    refusals.refused(game, dict(game.log[-1]))
    assert refusals.met > 500, refusals.met  # the drive met refusals of every kind
    assert refusals.unsaid == {}


def test_every_refusal_of_a_setup_is_said_in_every_language(kind: GameKind) -> None:
    refusals = Refusals()
    good = {**filled(kind.catalog()["setup"]), "seed": 3}
    for setup in wrong_setups(good):
        try:
            kind.new(setup)
        except GameFileError as error:
            refusals.check(error)
    pickup = kind.catalog().get("pickup")
    if pickup is not None:  # a game in progress: its position's fields too
        for setup in wrong_setups({**filled(pickup), "seed": 3}):
            try:
                kind.new(setup)
            except GameFileError as error:
                refusals.check(error)
    assert refusals.met > 20, refusals.met
    assert refusals.unsaid == {}


def wrong_setups(good: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    """`good` with each of its fields (at any depth) given every wrong value, or left out;
    and with too few, too many and twice the same players."""
    for path in paths(good):
        for value in (*WRONG_VALUES, REMOVE):
            yield changed(good, path, value)
    players = good.get("players")
    if isinstance(players, list) and players:
        for n in (0, 1, 9):
            yield {**good, "players": [dict(players[0], name=f"P{i}") for i in range(n)]}
        yield {**good, "players": [players[0], players[0]]}
        yield {**good, "first_player": "Nobody"}


REMOVE = object()  # a field left out


def paths(value: object, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(value, Mapping):
        for key, inner in value.items():
            yield (*at, key)
            yield from paths(inner, (*at, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield (*at, i)
            yield from paths(inner, (*at, i))


def changed(good: Mapping[str, Any], path: tuple[Any, ...], value: object) -> dict[str, Any]:
    out = copy.deepcopy(dict(good))
    parent: Any = out
    for step in path[:-1]:
        parent = parent[step]
    if value is REMOVE:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return out


def test_every_refusal_of_a_broken_game_file_is_said_in_every_language(kind: GameKind) -> None:
    refusals = Refusals()
    rng = random.Random(5)
    setup = {**filled(kind.catalog()["setup"]), "seed": 5}
    game = kind.new(setup)
    for _ in range(12):
        if not game.game_over:
            game.apply(random_input(kind, game, rng))
    script = json.loads(json.dumps(kind.export(kind.setup_of(setup), game.log)))
    broken: list[Callable[[], object]] = [
        lambda: parse_game_file(b'{"format": '),
        lambda: parse_game_file(b"\xff\xfe"),
        lambda: parse_game_file(b"[" * 100_000),
        lambda: parse_game_file(b"9" * 5000),
        lambda: kind_of_script([]),
        lambda: kind_of_script({"inputs": []}),
        lambda: kind_of_script({**script, "format": "no-such-game/1"}),
        lambda: kind_of_script({**script, "format": script["format"].split("/")[0] + "/99"}),
        lambda: kind_of_script({**script, "format": script["format"].split("/")[0] + "/x"}),
    ]
    scripts = [changed(script, p, v) for p in paths(script) for v in (*WRONG_VALUES, REMOVE)]
    # an input the rules refuse, in the middle
    scripts += [changed(script, ("inputs", i), {"type": "x"}) for i in range(len(script["inputs"]))]
    for make in [*broken, *(lambda s=s: kind.load(s) for s in scripts)]:
        try:
            make()
        except GameFileError as error:
            refusals.check(error)
    assert refusals.met > 50, refusals.met
    assert refusals.unsaid == {}


def test_the_check_finds_what_is_not_said() -> None:
    from host.games.text import Words

    words = Words("host.games")
    assert unsaid(words("there is nothing to undo")) == []
    assert unsaid("plain English") == ["not said through the translations: 'plain English'"]
    nested = words("{at}: {why}", at="x", why=words("no such template anywhere"))
    assert unsaid(nested) == [
        f"host.games {lang}: 'no such template anywhere'" for lang in OTHER_LANGUAGES
    ]


def test_the_feed_and_the_answers_of_play_are_said_in_every_language(kind: GameKind) -> None:
    rng = random.Random(2)
    game = kind.new({**filled(kind.catalog()["setup"]), "seed": 2})
    before, missing = game.to_json(), {}
    for _ in range(300):
        if game.game_over:
            break
        shown = [a["title"] for a in answers_json(kind, game)]
        shown += [c["label"] for a in answers_json(kind, game) for c in a["choices"]]
        inp = random_input(kind, game, rng)
        if getattr(kind, "story", None) is None:  # the feed tells it with the game's words
            assert inp["type"] in getattr(kind, "inputs_said", {}), inp["type"]
        game.apply(inp)
        after = game.to_json()
        told = story_of(kind, before, after, inp)
        shown += [told["said"], *told.get("did", []), *told.get("key", [])]
        for said in shown:
            if not str(said).isdigit():  # a number is its own word
                missing |= dict.fromkeys(unsaid(said), str(said))
        before = after
    assert missing == {}


# ---- one clause, one colon: nested messages ------------------------------------------------

# a clause ends at a sentence's or a bracket's mark; within it, a colon said twice is one
# message's colon nested after another's ("ne peut pas révéler maintenant : la partie
# attend : révéler (P1)", "ゲームは次を待っています：P1：ダイスを振る")
CLAUSE_ENDS = re.compile(r"[;.()?!。；（）？！]")
COLONS = {"en": re.compile(r":(?=\s|$)"), "fr": re.compile("\u00a0:"), "ja": re.compile("：")}
# what a text says in JSON's words, whose colons are JSON's: '{"color": ..., "value": ...}',
# '"named": one of red, ...'
JSON_SAID = re.compile(r'\{[^{}]*\}|"[^"]*"(\s*:)?')
DOUBLED_MARKS = ("((", "))", "（（", "））", "。。")
# a bracket closed, then another opened right after it: a bracket of one message after
# another's ("今はAnnの番です（Bobではありません）（Annがダイスを振ります）", "unknown player
# a list ('x') (players: ...)")
BRACKETS_MET = re.compile(r"[)）]\s*[(（]")
# random play to a round's end (KaTO's "P2 won the round: P1 lays ..."), each input sent
# wrong in every way for STEPS, then of every type from everyone
NESTED_STEPS = 300


# a sentence after a question said lower-case: KaTO's "is a card missing or read twice? the
# game waits for P2" (its join a space since 150f15a: host.games.text.SENTENCE_ENDS; a card's
# name may end with "!": "It Has a Child! is turned over")
LOWER_AFTER_A_QUESTION = re.compile(r"\? ([a-zà-ÿ]\w*)")


def doubled(text: str, lang: str) -> list[str]:
    """The marks of `text` said twice where one message nests in another: a bracket or a
    full stop twice, a bracket right after a bracket, or two colons in one clause; and in
    English or French a sentence begun lower-case after a question."""
    found = [mark for mark in DOUBLED_MARKS if mark in text]
    if lang != "ja":
        found += [m.group(0) for m in LOWER_AFTER_A_QUESTION.finditer(JSON_SAID.sub("…", text))]
    found += [m.group(0) for m in BRACKETS_MET.finditer(text)]
    colon = COLONS[lang]
    clauses = CLAUSE_ENDS.split(JSON_SAID.sub("…", text))
    return found + [c.strip() for c in clauses if len(colon.findall(c)) > 1]


def test_the_mark_check_finds_a_mark_said_twice() -> None:
    said = "P2 ne peut pas révéler maintenant\u00a0: la partie attend\u00a0: révéler (P1)"
    assert doubled(said, "fr") == [said.removesuffix(" (P1)")]
    assert doubled("P2 ne peut pas révéler maintenant\u00a0; la partie attend\u00a0: x", "fr") == []
    assert doubled("ゲームは次を待っています。P1：振る（残り2回）。P2：終える", "ja") == []
    assert doubled("ゲームは次を待っています：P1：振る", "ja") == [
        "ゲームは次を待っています：P1：振る"
    ]
    assert doubled("ゲームは次を待っています（P1：振る（残り2回））", "ja") == ["））"]
    assert doubled("P3：指定の色のカードはあった？P1：指摘する", "ja") == []  # ？ ends it
    assert doubled("今はAnnの番です（Bobではありません）（Annが振ります）", "ja") == ["）（"]
    assert doubled("unknown player a list ('x') (players: P1)", "en") == [") ("]
    said = "no challenge now: P1 won the round: P2, lay down your cards"
    assert doubled(said, "en") == [said]
    assert doubled('card: a card is {"color": ..., "value": ...}, not 2', "en") == []
    assert doubled('a wild names the colour: "named": one of red or blue', "en") == []
    assert doubled("Turn 3: P1 at 12:30", "en") == []
    assert doubled("P1: use Metamorph? the game waits for P2", "en") == ["? the"]
    assert doubled("P1\u00a0: utiliser Métamorphe\u00a0? à P2", "fr") == ["? à"]
    assert doubled("P1: use Metamorph? The game waits for P2: end the turn", "en") == []
    assert names_then_does("Cat (the dealer): turn up the first card", "Cat")
    assert names_then_does("Reveal", "Cat") and names_then_does("Cat: end the turn", "Cat")
    assert not names_then_does("Cat (the dealer) turns up the first card", "Cat")


# a count that does not agree with its noun, in English: "1 cards", "2 card"; the nouns
# are those English counts in a plural text ("{n, plural, one {# card} other {# cards}}")
PLURAL_FORMS = re.compile(r"one \{# ([a-z]+)[^{}]*\} other \{# ([a-z]+)")


def counted_nouns() -> dict[str, str]:
    """Each noun a plural text of the translations counts: its one form -> its other."""
    found: dict[str, str] = {}
    for path in sorted(Path(__file__).resolve().parents[2].glob("*/**/locales/fr.json")):
        for template in json.loads(path.read_text())["ours"]:
            for one, other in PLURAL_FORMS.findall(template):
                if one != other and other.startswith(one.rstrip("e")):  # (not "# is", "# are")
                    found[one] = other
    return found


COUNTED = counted_nouns()
_ONE = re.compile(rf"(?<![\d.,])\b1 ({'|'.join(COUNTED.values())})\b")
_MANY = re.compile(rf"(?<![\d.,])\b(?:0|[2-9]|[1-9]\d+) ({'|'.join(COUNTED)})\b(?!['’])")


# an article that does not agree with the sound after it: "a 8", "a end_turn input", "an 7"
# (a word of "o" aside: "a one", "a once")
_ARTICLES = re.compile(r"\b(?:a (?:8|1[18]\b|[aei]|o(?!n[ec]))|an (?:[0-79]|1[02-79])\b)", re.I)


# a sentence that stops short: "Ann: give the Golden Scarab to" (before "; " or its end)
_SHORT = re.compile(r"\b(?:to|of|for|with|from|on|at|by|and|or|the|a|an)(?=;|$)")


def miscounted(text: str) -> list[str]:
    """The counts of an English `text` whose noun does not agree: '1 cards', '2 card'; its
    articles that do not: 'a 8', 'a end_turn input'; a sentence of it that stops short."""
    found = (*_ONE.finditer(text), *_MANY.finditer(text), *_ARTICLES.finditer(text))
    return [m.group(0) for m in found] + [m.group(0) for m in _SHORT.finditer(text)]


def test_the_count_check_finds_a_noun_that_does_not_agree() -> None:
    assert {"card": "cards", "die": "dice", "player": "players"}.items() <= COUNTED.items()
    assert miscounted("P1 holds 1 cards, P2 has 2 card and 3 die") == ["1 cards", "2 card", "3 die"]
    said = "P1 holds 1 card, P2 11 cards, 0 cards left; 1.5 cards; space 1 wakes up; 2 VP"
    assert miscounted(said) == []
    assert miscounted("a red card, a 8 or a wild card; a end_turn input") == ["a 8", "a e"]
    assert miscounted("an 8, an 11, a 7, an input, a one-eyed monster, a user") == []
    assert miscounted("the game waits for Ann: give the Golden Scarab to; Bob: pass") == ["to"]
    assert miscounted("Ann: give the Golden Scarab to whom?") == []


def names_then_does(title: str, player: str) -> bool:
    """Whether an answer's title says what the game waits for as every other one does:
    "player: what to do", or what to do alone (`awaiting` puts its player before it), so
    that "the game waits for {what}" reads; KaTO's dealer said "the game waits for Cat
    (the dealer) turns up the first card"."""
    return not title.startswith(player) or bool(
        re.match(rf"{re.escape(player)}( \([^()]*\))?:", title)
    )


def nested_as_said(kind: GameKind, game: Game, error: IllegalInput) -> list[Text]:
    """A refusal as the table says it (host.app.table: the engine's reason, then what the
    game waits for unless it says so itself), and what the table and the page say the game
    waits for (`Table.awaited`, app.js's "Waiting for {what}")."""
    from host.app.text import _ as table_words
    from host.games.page import awaiting

    what = awaiting(answers_json(kind, game))
    waits = table_words("the game waits for {what}", what=what)
    why = message(error)
    assert isinstance(why, Text)
    said = why if error.says_awaited else table_words("{why}; {waits}", why=why, waits=waits)
    return [said, waits, table_words("Waiting for {what}", what=what)]


def every_option(kind: GameKind) -> dict[str, Any]:
    """A setup with as many of the game's options on at once as it takes (each box ticked,
    each list at its last choice, one after another, kept if the game starts with it), and
    three players or more."""
    spec = kind.catalog()["setup"]
    setup = filled(spec, max(spec["players"]["start"], 3))
    for f in spec["fields"]:
        if f.get("check"):
            value: Any = True
        elif f.get("choices") not in (None, PLAYERS) and not (f.get("multiple") or f.get("count")):
            value = f["choices"][-1]["value"]
        else:
            continue
        tried = copy.deepcopy(setup)
        put(tried, f["name"].split("."), value)
        try:
            kind.new({**tried, "seed": 1})
        except GameFileError:
            continue
        setup = tried
    return setup


PLAYED = [(k, False) for k in SHIPPED] + [(k, True) for k in SHIPPED]


@pytest.mark.parametrize(
    ("played", "options"), PLAYED, ids=[k.name + ("-every-option" * o) for k, o in PLAYED]
)
def test_nothing_said_in_play_says_a_mark_twice_or_miscounts(
    played: GameKind, options: bool
) -> None:
    """Every refusal of random play, as the table nests it, what the game waits for, the
    answers the page offers and the feed's story, in every language: no colon said twice in
    a clause, no bracket or full stop twice, no bracket right after a bracket; in English,
    no count whose noun does not agree, no 'a' before a vowel, no sentence cut short. King
    of Tokyo's 'cannot do this now' said 'P2 ne peut pas révéler maintenant : la partie
    attend : révéler (P1)' (its colon, then the waiting's), and every Japanese refusal
    'ゲームは次を待っています：P1：ダイスを振る'; Kingdom Run's Japanese
    '今はAnnの番です（Bobではありません）（Annがダイスを振ります）'."""
    kind = played
    rng = random.Random(11)
    setup = every_option(kind) if options else filled(kind.catalog()["setup"])
    game = kind.new({**setup, "seed": 11})
    found: dict[tuple[str, str], str] = {}

    checked: set[tuple[str, str]] = set()

    def check(said: object) -> None:
        if not isinstance(said, Text) or (said.template, said) in checked:
            return  # (the same words said again: checked once)
        checked.add((said.template, said))
        for lang in LANGUAGES:
            text = said.say(lang)
            if doubled(text, lang) or (lang == ENGLISH and miscounted(text)):
                found.setdefault((lang, said.template), text)

    types: set[str] = set()
    before = game.to_json()
    for step in range(NESTED_STEPS):
        if game.game_over:
            break
        types |= {w.kind for w in game.waiting_for()}
        answers = answers_json(kind, game)
        for answer in answers:
            for said in [answer["title"], *(c["label"] for c in answer["choices"])]:
                check(said)
            if not names_then_does(answer["title"], str(answer["player"])):
                found.setdefault(("en", answer["title"].template), str(answer["title"]))
        sent = [*legal_inputs(kind, game)[:6], random_input(kind, game, rng)]
        wrongs = (
            [w for i in sent for w in wrong_ways(i, list(game.players), types)]
            if step < STEPS
            else [{"type": t, "player": p} for t in sorted(types) for p in game.players]
        )
        for wrong in wrongs:
            try:
                game.apply(wrong)  # type: ignore[arg-type]
            except IllegalInput as error:
                for said in nested_as_said(kind, game, error):
                    check(said)
            else:
                game.undo()
        game.apply(sent[-1])
        after = game.to_json()
        told = story_of(kind, before, after, sent[-1])
        for said in [told["said"], *told.get("did", []), *told.get("key", [])]:
            check(said)
        before = after
    assert found == {}, "\n".join(
        f"{lang} {template!r}: {text}" for (lang, template), text in found.items()
    )


# ---- what the game waits for, each answer's title nested in it --------------------------

# after a player's name a title says what the player is to do, after the language's colon
# (a role in brackets may come between: "Zoé (the dealer): turn up the first card")
ADDRESSED = {
    "en": re.compile(r"^( \([^)]*\))?:"),
    "fr": re.compile(r"^( \([^)]*\))?\u00a0:"),
    "ja": re.compile(r"^(（[^）]*）)?："),
}


def titles_not_addressed(kind: GameKind, game: Game) -> list[str]:
    """The titles of the answers offered now that name their player first but do not then
    say, after a colon, what that player is to do: nested in "Waiting for {what}" they read
    "En attente de Zoé (qui distribue) retourne la première carte"."""
    found = []
    for a in answers_json(kind, game):
        for lang in ADDRESSED:
            title, player = localize(a["title"], lang), str(a["player"])
            if title.startswith(player) and not ADDRESSED[lang].match(title[len(player) :]):
                found.append(f"{lang}: {title}")
    return found


def test_each_title_naming_its_player_says_what_to_do_after_a_colon(kind: GameKind) -> None:
    """What the game waits for is each answer's title, named after its player
    (host.games.page.awaiting): a title that begins with the player is a request to them.
    KaTO's dealer's and challenger's read "En attente de Zoé (qui distribue) retourne la
    première carte", "En attente de Zoé a vu la main de Hugo : ...", in English too."""
    rng = random.Random(5)
    found: set[str] = set()
    for seed in range(3):
        game = kind.new({**filled(kind.catalog()["setup"]), "seed": seed})
        for _ in range(NESTED_STEPS):
            if game.game_over:
                break
            found |= set(titles_not_addressed(kind, game))
            game.apply(random_input(kind, game, rng))
    assert sorted(found) == []


# a French request's first word, unless the title asks a question: an imperative
# ("lancez", "gardez", "posez"), never the infinitive a button says ("Garder ce résultat")
FRENCH_REQUEST = re.compile(r"\u00a0: (\w+)")
INFINITIVE = re.compile(r"\w(er|ir|re|oir)$")


def french_infinitives(kind: GameKind, game: Game) -> list[str]:
    found = []
    for a in answers_json(kind, game):
        title, player = localize(a["title"], "fr"), str(a["player"])
        first = FRENCH_REQUEST.match(title[len(player) :]) if title.startswith(player) else None
        if first and "?" not in title and INFINITIVE.search(first.group(1)):
            found.append(title)
    return found


@pytest.mark.parametrize(
    ("played", "options"), PLAYED, ids=[k.name + ("-every-option" * o) for k, o in PLAYED]
)
def test_each_french_request_is_in_the_imperative(played: GameKind, options: bool) -> None:
    """What the game waits for in French, each request said alike: King of Tokyo's read
    'En attente d'Aiko : lancez les dés ; Aiko : garder ce résultat ; Aiko : corriger un
    dé mal lu' (an imperative, then the buttons' infinitives), Kingdom Run's 'Ann :
    traquer avec le grappin'; KaTO's were made imperative by audit42 ('posez', 'piochez')."""
    rng = random.Random(7)
    found: set[str] = set()
    for seed in range(3):
        setup = every_option(played) if options else filled(played.catalog()["setup"])
        game = played.new({**setup, "seed": seed})
        for _ in range(NESTED_STEPS):
            if game.game_over:
                break
            found |= set(french_infinitives(played, game))
            game.apply(random_input(played, game, rng))
    assert sorted(found) == []


# ---- what the game waits for names each player once ---------------------------------------


def named_twice(kind: GameKind, game: Game) -> list[str]:
    """What the game waits for now, in each language, where it names a player twice before
    a colon: 'En attente de Léa : relancez ; Léa : égrenez ; Léa : finissez le tour'."""
    from host.games.page import awaiting

    found = []
    said = awaiting(answers_json(kind, game))
    for lang, colon in {"en": ": ", "fr": "\u00a0: ", "ja": "："}.items():
        text = localize(said, lang)
        if any(text.count(f"{p}{colon}") > 1 for p in game.players):
            found.append(f"{lang}: {text}")
    return found


@pytest.mark.parametrize(
    ("played", "options"), PLAYED, ids=[k.name + ("-every-option" * o) for k, o in PLAYED]
)
def test_what_the_game_waits_for_names_each_player_once(played: GameKind, options: bool) -> None:
    """Several requests to one player are said as a choice after their name ("Léa :
    relancez, corrigez un dé mal lu ou finissez le tour"), a question after them as a
    sentence of its own: it said 'Léa : relancez ; Léa : corrigez un dé mal lu ; Léa :
    finissez le tour' (host.games.page.awaiting)."""
    rng = random.Random(3)
    found: set[str] = set()
    for seed in range(2):
        setup = every_option(played) if options else filled(played.catalog()["setup"])
        game = played.new({**setup, "seed": seed})
        for _ in range(NESTED_STEPS):
            if game.game_over:
                break
            found |= set(named_twice(played, game))
            game.apply(random_input(played, game, rng))
    assert sorted(found)[:5] == []


# ---- a rethrow told as one ------------------------------------------------------------------

RETHROW = {"en": " rethrows ", "fr": " relance ", "ja": "を振り直した"}


@pytest.mark.parametrize(
    ("played", "options"), PLAYED, ids=[k.name + ("-every-option" * o) for k, o in PLAYED]
)
def test_a_second_throw_is_told_as_a_rethrow(played: GameKind, options: bool) -> None:
    """The feed tells a turn's second or later throw as a rethrow ("Léa relance ... (garde
    ...)", "Ann rethrows ...", "…を振り直した"), its first as a throw: it read "Léa lance
    égal (garde ...)" for every throw of the turn."""
    rng = random.Random(4)
    found: set[str] = set()
    for seed in range(2):
        setup = every_option(played) if options else filled(played.catalog()["setup"])
        game = played.new({**setup, "seed": seed})
        before = game.to_json()
        for _ in range(NESTED_STEPS):
            if game.game_over:
                break
            inp = random_input(played, game, rng)
            game.apply(inp)
            after = game.to_json()
            if inp["type"] == "throw" and before.get("phase") != "rolloff":  # (its claws)
                again = bool(before.get("throws")) or bool(inp.get("kept"))
                told = story_of(played, before, after, inp)["said"]
                for lang, word in RETHROW.items():
                    if (word in localize(told, lang)) != again:
                        found.add(f"{lang} (throw {before.get('throws')}): {localize(told, lang)}")
            before = after
    assert sorted(found)[:6] == []
