"""What every game's script reader shares: the file, shape checks, `expect`, the replay loop.

A game script is a JSON object with a "format", a setup, the inputs in order and optional
`expect` checks (King of Tokyo: docs/game-script.md; Kingdom Run:
docs/kingdom-run-script.md). Each game parses its own setup; the rest is here, so every
game names a problem the same way: one line, with its place in the file (`players[2].name`,
`inputs[7]`, `expect[1]`).

>>> mismatches({"players": [{"name": "Ann", "hp": 5}]}, {"players": {"Ann": {"hp": 3}}})
['players.Ann.hp is 5, expected 3']
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Generic, TypeVar

from host.games import Game, IllegalInput, Input, refusals
from host.games.files import JsonFileError, read_json
from host.games.kind import GameFileError, ReplayStopped, Trace
from host.games.text import Quoted, Text, _, message

G = TypeVar("G", bound=Game)
S = TypeVar("S")  # a game's setup


class ScriptError(GameFileError):
    """A script that cannot be read or played; the message is one line. (A game file the
    table cannot open, to the app: a game's kind lets it through as it is.)"""


class ScriptFailed(ScriptError, ReplayStopped):
    """The script stopped at an illegal input or an unmet expectation; `game` is the state
    reached (before the failing input)."""


@dataclass(frozen=True)
class Expect:
    """A partial state the game must match once `after` inputs are applied; with `refuse`,
    also an input the game must refuse then (its message containing `error`), unchanged."""

    after: int
    state: Mapping[str, Any]
    refuse: Input | None = None
    error: str = ""


@dataclass(frozen=True)
class Script(Generic[S]):
    """A script read: the game's setup (each game parses its own), the inputs in order, the
    expectations and the description."""

    setup: S
    inputs: Sequence[Input] = ()
    expect: Sequence[Expect] = ()
    description: str = ""


def script_of(setup: S, obj: Mapping[str, Any]) -> Script[S]:
    """The script of a setup with the "inputs", "expect" and "description" of `obj`."""
    inputs, expects = inputs_and_expects(obj)
    return Script(setup, inputs, expects, as_str(obj.get("description", ""), "description"))


def started(new: Callable[[S], G], script: Script[S], refused: type[Exception]) -> G:
    """The game `new` makes at the script's setup, before any input; a setup it refuses
    (its `refused` error, a Text said in the page's language) is a ScriptError."""
    try:
        return new(script.setup)
    except refused as error:
        raise ScriptError(message(error)) from None


def read_script_file(path: str | Path) -> object:
    """A script file's JSON; every problem is a one-line ScriptError (the JSON is read as
    every game file is: host.games.files)."""
    try:
        return read_json(Path(path).read_bytes(), str(path))
    except OSError as error:
        raise ScriptError(refusals.cannot_read(path, error)) from None
    except JsonFileError as error:
        raise ScriptError(message(error)) from None


def script_text(script: Mapping[str, Any]) -> str:
    """A script as JSON a person can read (a shipped demo game): a line per field, and
    per input and player."""
    lines = []
    for key, value in script.items():
        if isinstance(value, list) and key in ("inputs", "players"):
            items = ",\n".join(f"  {json.dumps(v)}" for v in value)
            lines.append(f" {json.dumps(key)}: [\n{items}\n ]")
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def check_format(obj: Mapping[str, Any], fmt: str) -> None:
    """ScriptError unless the script says it is in format `fmt`."""
    found = obj.get("format")
    if found != fmt:
        if found is None:
            raise ScriptError(
                _('no "format": a game script starts with "format": "{format}"', format=fmt)
            )
        raise ScriptError(refusals.unknown_format(found, fmt))


def inputs_and_expects(obj: Mapping[str, Any]) -> tuple[list[Input], tuple[Expect, ...]]:
    """A script's "inputs" (each an object; the rules check them on replay) and "expect"."""
    inputs = as_list(obj.get("inputs", []), "inputs")
    for i, inp in enumerate(inputs):
        as_object(inp, f"inputs[{i}]")
    expects = []
    for i, e in enumerate(as_list(obj.get("expect", []), "expect")):
        eo = dict(as_object(e, f"expect[{i}]"))
        after = as_int(eo.pop("after", len(inputs)), f"expect[{i}].after")
        if not 0 <= after <= len(inputs):
            raise ScriptError(
                _(
                    "{at}: {n} is not between 0 and {most}",
                    at=f"expect[{i}].after",
                    n=after,
                    most=len(inputs),
                )
            )
        refuse = eo.pop("refuse", None)
        error = as_str(eo.pop("error", ""), f"expect[{i}].error")
        if refuse is not None:
            refuse = as_object(refuse, f"expect[{i}].refuse")
        elif error:
            raise ScriptError(
                _('{at}: the message of which "refuse" input?', at=f"expect[{i}].error")
            )
        expects.append(Expect(after, eo, refuse, error))
    return inputs, tuple(expects)


def play_inputs(
    game: G,
    inputs: Sequence[Input],
    expects: Sequence[Expect],
    each: Callable[[int, Input, G], None] | None = None,
) -> G:
    """Apply `inputs` to `game`, checking `expects` (after 0 inputs too); call `each` after
    every input. Raises ScriptFailed (with the game reached) at an illegal input or an
    unmet expectation."""
    check_expects(expects, game, 0)
    for i, inp in enumerate(inputs):
        try:
            game.apply(inp)
        except IllegalInput as error:
            raise ScriptFailed(
                _(
                    "{at} ({input}): {why}",
                    at=f"inputs[{i}]",
                    input=describe(inp),
                    why=message(error),
                ),
                game,
            ) from None
        if each is not None:
            each(i, inp, game)
        check_expects(expects, game, i + 1)
    return game


def describe(inp: Input) -> Text:
    """A few words naming an input, for messages: 'throw by Ann' (its type as the game
    script writes it)."""
    kind = inp.get("type")
    if kind is None:
        return _("input without a type")
    if "player" in inp:
        return _("{type} by {player}", type=_as_said(kind), player=_as_said(inp["player"]))
    return _("{type}", type=_as_said(kind))


def _as_said(value: object) -> object:
    """A type or player as the script gives it, or a value that is no string quoted (said
    as words: a list, an object)."""
    return value if isinstance(value, str) else Quoted(value)


def check_expects(expects: Sequence[Expect], game: Game, applied: int) -> None:
    for i, expect in enumerate(expects):
        if expect.after == applied:
            at = _(
                "{at} (after {n, plural, one {# input} other {# inputs}})",
                at=f"expect[{i}]",
                n=applied,
            )
            state = game.to_json()
            problems = mismatches(state, expect.state)
            if problems:  # each says where in the state (paths and JSON values: no words)
                said = _("{at}: {problem}", at=at, problem=problems[0])
                if len(problems) > 1:
                    said = _("{said} (and {n} more)", said=said, n=len(problems) - 1)
                raise ScriptFailed(said, game)
            if expect.refuse is not None:
                _check_refused(game, expect, at, state)


def _check_refused(game: Game, expect: Expect, at: Text, before: Mapping[str, Any]) -> None:
    """The `refuse` input of `expect` is refused, with its `error` in the message, and the
    game's state is as it was."""
    assert expect.refuse is not None
    refuse = describe(expect.refuse)
    try:
        game.apply(expect.refuse)
    except IllegalInput as error:
        if expect.error not in str(error):
            said = _(
                "{at}: {input} was refused with {error}, expected {expected}",
                at=at,
                input=refuse,
                error=Quoted(str(error)),
                expected=Quoted(expect.error),
            )
            raise ScriptFailed(said, game) from None
        if game.to_json() != before:
            said = _("{at}: refusing {input} changed the state", at=at, input=refuse)
            raise ScriptFailed(said, game) from None
        return
    game.undo()
    raise ScriptFailed(_("{at}: {input} was taken, expected it refused", at=at, input=refuse), game)


# lists of the state that an `expect` may also give as an object, keyed by this field
KEYED = {"players": "name", "waiting_for": "kind"}


def mismatches(actual: object, expected: object, path: str = "") -> list[str]:
    """How `actual` differs from the partial `expected`: dicts match on the keys given,
    lists element by element; the lists of `KEYED` may also be matched as an object keyed
    by that field, where null means "none such".

    >>> waits = {"waiting_for": [{"kind": "throw", "options": {"throw": 2}}]}
    >>> mismatches(waits, {"waiting_for": {"throw": {"options": {"throw": 1}}, "hook": None}})
    ['waiting_for.throw.options.throw is 2, expected 1']
    >>> mismatches(waits, {"waiting_for": {"throw": None}})
    ['waiting_for.throw is there, expected none']
    """
    where = path or "the state"
    if isinstance(expected, Mapping):
        key_field = KEYED.get(path)
        keyed = key_field is not None and isinstance(actual, list)
        if keyed and isinstance(actual, list):
            actual = {item.get(key_field): item for item in actual if isinstance(item, Mapping)}
        if not isinstance(actual, Mapping):
            return [f"{where} is {json.dumps(actual)}, expected an object"]
        found = []
        for key, value in expected.items():
            sub = f"{path}.{key}" if path else str(key)
            if keyed and value is None:
                if key in actual:
                    found.append(f"{sub} is there, expected none")
            elif key not in actual:
                found.append(f"{sub} is missing")
            else:
                found += mismatches(actual[key], value, sub)
        return found
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{where} is {json.dumps(actual)}, expected {json.dumps(expected)}"]
        found = []
        for i, (a, e) in enumerate(zip(actual, expected, strict=True)):
            found += mismatches(a, e, f"{path}[{i}]")
        return found
    if actual != expected or type(actual) is not type(expected):
        return [f"{where} is {json.dumps(actual)}, expected {json.dumps(expected)}"]
    return []


class ScriptedKind:
    """The part of a game's `GameKind` that every game with a script format writes alike:
    `new`, `load`, `setup_of` and `export`, from its script module's `parse_script`,
    `start` (the game at the setup), `replay` and `script_json` (the save format). A
    game's kind derives from this and names that module in `script`."""

    script_format: str
    script: ModuleType
    # fields of a script that are no setup: the table adds a seed to every new game, which
    # a game without randomness has no use for
    not_setup: tuple[str, ...] = ("inputs", "expect", "seed")

    def new(self, setup: Mapping[str, Any]) -> Game:
        if not isinstance(setup, Mapping):
            raise GameFileError(refusals.not_a_setup())
        return self.load({**self._setup_fields(setup), "inputs": []})

    def load(self, script: Mapping[str, Any], trace: Trace | None = None) -> Game:
        parsed = self.script.parse_script(script)
        if trace is not None:
            trace(None, None, self.script.start(parsed))
        game: Game = self.script.replay(parsed, trace)
        return game

    def setup_of(self, script: Mapping[str, Any]) -> dict[str, Any]:
        # normalised through the engine's own writer, so a stored setup reads back the same
        parsed = self.script.parse_script({**self._setup_fields(script), "inputs": []})
        setup: dict[str, Any] = self.script.script_json(self.script.start(parsed))
        del setup["format"], setup["inputs"]
        if "description" in script:
            setup["description"] = str(script["description"])
        return setup

    def export(self, setup: Mapping[str, Any], inputs: Sequence[Input]) -> dict[str, Any]:
        return {"format": self.script_format, **setup, "inputs": [dict(i) for i in inputs]}

    def _setup_fields(self, script: Mapping[str, Any]) -> dict[str, Any]:
        fields = {k: v for k, v in script.items() if k not in self.not_setup}
        return {**fields, "format": self.script_format}


# ---- shape checks, each naming the place in the file ---------------------------------------


def as_object(value: object, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ScriptError(
            _("{at}: expected a JSON object, not {value}", at=where, value=kind_of(value))
        )
    return value


def as_list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise ScriptError(
            _("{at}: expected a JSON list, not {value}", at=where, value=kind_of(value))
        )
    return value


def as_str(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise ScriptError(_("{at}: expected a string, not {value}", at=where, value=kind_of(value)))
    return value


def as_strings(value: object, where: str) -> tuple[str, ...]:
    return tuple(as_str(v, f"{where}[{i}]") for i, v in enumerate(as_list(value, where)))


def as_int(value: object, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScriptError(
            _("{at}: expected a whole number, not {value}", at=where, value=kind_of(value))
        )
    return value


def as_bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise ScriptError(
            _("{at}: expected true or false, not {value}", at=where, value=kind_of(value))
        )
    return value


def known_fields(obj: Mapping[str, Any], keys: set[str], where: str) -> None:
    """ScriptError naming the first field of `obj` not among `keys` (a typo is an error)."""
    unknown = sorted(set(obj) - keys)
    if unknown:
        raise ScriptError(
            _(
                "{at}: unknown field {name} (fields: {fields})",
                at=where,
                name=Quoted(unknown[0]),
                fields=sorted(keys),
            )
        )


def kind_of(value: object) -> str:
    return "null" if value is None else json.dumps(value)[:40]
