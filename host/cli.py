"""The `dicetable` command: one entry point, a subcommand per job.

Each subcommand lives in its own module, which provides:
  add_arguments(parser)  -- declare its options (may add nested subcommands)
  run(args) -> int       -- do the job; return the exit status
Only the module of the command being run is imported (to declare its options); the
others are listed by their help line alone. So `dicetable --help` imports no command, and
`dicetable replay` none of OpenCV, numpy or serial (tests/test_cli.py checks it); a module
keeps what only some of its paths need inside run().
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence

from host.errors import UserError

# name -> (module, one-line help). The order is the order of `dicetable --help`.
COMMANDS: dict[str, tuple[str, str]] = {
    "demo": ("host.demo", "replay a recorded 3-player game: camera frames -> rules -> LED dials"),
    "play": ("host.app.cli", "run a game night: camera, rules engine, board and web page"),
    "replay": ("host.games.replay_cli", "replay a game script (JSON) and print the state"),
    "vision": ("vision.cli", "read dice in images, evaluate, teach new dice, watch a camera"),
    "calibrate": ("vision.live.calibrate_cli", "learn the tray area and look from the camera"),
    "board": ("host.board.cli", "the LED board: find it, flash its firmware, test it"),
    "bench": (
        "host.bench",
        "benchmarks that print figures: engine, replay, vision, live, board, play, learning",
    ),
    "page": ("host.app.page_cli", "the web page: its translations checked, its screenshots"),
}


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser for `argv` (default: this process's arguments): every command listed,
    the options declared of the command `argv` names."""
    wanted = _command_named(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(
        prog="dicetable",
        description="A table that scores itself: the camera reads the dice, the host keeps "
        "the rules, the LED board shows every player's dials.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_line) in COMMANDS.items():
        command = sub.add_parser(name, help=help_line, description=help_line)
        if name != wanted:
            continue
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name is None or not module_name.startswith(error.name):
                raise
            # a part not built yet: the other commands still work
            command.set_defaults(_run=_not_built(name, module_name))
            continue
        module.add_arguments(command)
        command.set_defaults(_run=module.run)
    return parser


def _command_named(argv: Sequence[str]) -> str | None:
    """The command in `argv`: its first word that is no option (the only option before
    a command is --help)."""
    return next((arg for arg in argv if not arg.startswith("-")), None)


def _not_built(name: str, module_name: str) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        raise UserError(f"the {name} command is not built yet ({module_name})")

    return run


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    if not getattr(args, "_run", None):
        parser.print_help()
        return 2
    try:
        return int(args._run(args))
    except UserError as error:
        print(f"dicetable {args.command}: {error}", file=sys.stderr)
        return error.exit_status
    except KeyboardInterrupt:
        print(f"dicetable {args.command}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
