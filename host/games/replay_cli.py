"""`dicetable replay SCRIPT.json [--trace]`: play a game script and print the state as JSON.

Any registered game (host.games.registry): the script's "format" names it. Without
--trace: the state after the last input, as indented JSON. With --trace: one JSON line for
the setup's state and then one per input: {"index": i, "input": {...}, "state": {...}}. A
script that stops at an illegal input or an unmet expectation prints the state reached,
then a one-line error naming the input's index, and exits with status 1.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from host.errors import UserError
from host.games import Game, Input


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "script", help='a game script (JSON; its "format" names its game: docs/games.md, Scripts)'
    )
    parser.add_argument(
        "--trace", action="store_true", help="print the state after every input (JSON lines)"
    )


def run(args: argparse.Namespace) -> int:
    from host.games.kind import GameFileError, ReplayStopped
    from host.games.registry import read_game_file

    def trace(index: int | None, inp: Input | None, game: Game) -> None:
        line: dict[str, Any] = {"index": index, "input": inp, "state": game.to_json()}
        _print(json.dumps(line))

    try:
        kind, script = read_game_file(args.script)
    except GameFileError as error:
        raise UserError(str(error)) from None
    try:
        game = kind.load(script, trace if args.trace else None)
    except ReplayStopped as error:
        if not args.trace:
            _print(json.dumps(error.game.to_json(), indent=2))
        raise UserError(f"{args.script}: {error}") from None
    except GameFileError as error:
        raise UserError(f"{args.script}: {error}") from None
    if not args.trace:
        _print(json.dumps(game.to_json(), indent=2))
    return 0


def _print(text: str) -> None:
    """Print to stdout; a reader that stops early (`| head`) is no error: the rest of the
    output goes nowhere, and an error message still goes to stderr."""
    try:
        print(text, flush=True)
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
