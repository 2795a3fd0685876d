"""`dicetable replay SCRIPT.json [--trace]`: play a game script and print the state as JSON.

Without --trace: the state after the last input, as indented JSON. With --trace: one JSON
line for the setup's state and then one per input: {"index": i, "input": {...},
"state": {...}}. A script that stops at an illegal input or an unmet expectation prints the
state reached, then a one-line error naming the input's index, and exits with status 1.
"""

from __future__ import annotations

import argparse
import json
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
        print(json.dumps(line), flush=True)

    try:
        if args.trace:
            from host.games.kot.script import start

            trace(None, None, start(script))
            game = replay(script, trace)
        else:
            game = replay(script)
    except ScriptFailed as error:
        if not args.trace:
            print(json.dumps(error.game.to_json(), indent=2), flush=True)
        raise UserError(f"{args.script}: {error}") from None
    except ScriptError as error:
        raise UserError(f"{args.script}: {error}") from None
    if not args.trace:
        print(json.dumps(game.to_json(), indent=2))
    return 0
