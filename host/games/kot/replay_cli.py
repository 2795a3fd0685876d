"""`dicetable replay SCRIPT.json [--trace]`: play a game script and print the state as JSON.

Without --trace: the state after the last input, as indented JSON. With --trace: one JSON
line for the setup's state and then one per input: {"index": i, "input": {...},
"state": {...}}. A script that stops at an illegal input or an unmet expectation prints the
state reached, then a one-line error naming the input's index, and exits with status 1.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from host.errors import UserError
from host.games import Input
from host.games.kot.engine import KingOfTokyo
from host.games.kot.script import ScriptError, ScriptFailed, load_script, replay


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("script", help="a King of Tokyo game script (docs/game-script.md)")
    parser.add_argument(
        "--trace", action="store_true", help="print the state after every input (JSON lines)"
    )


def run(args: argparse.Namespace) -> int:
    try:
        script = load_script(args.script)
    except ScriptError as error:
        raise UserError(f"{error} (see docs/game-script.md)") from None

    def trace(index: int | None, inp: Input | None, game: KingOfTokyo) -> None:
        line: dict[str, Any] = {"index": index, "input": inp, "state": game.to_json()}
        _print(json.dumps(line))

    try:
        if args.trace:
            from host.games.kot.script import start

            trace(None, None, start(script))
            game = replay(script, trace)
        else:
            game = replay(script)
    except ScriptFailed as error:
        if not args.trace:
            _print(json.dumps(error.game.to_json(), indent=2))
        raise UserError(f"{args.script}: {error}") from None
    except ScriptError as error:
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
