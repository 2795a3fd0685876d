"""The `dicetable` command: one entry point, a subcommand per job.

Each subcommand lives in its own module, which provides:
  add_arguments(parser)  -- declare its options (may add nested subcommands)
  run(args) -> int       -- do the job; return the exit status
Only the module of the command being run is imported (to declare its options); the
others are listed by their help line alone. So `dicetable --help` imports no command, and
`dicetable replay` none of OpenCV, numpy or serial (tests/test_cli.py checks it); a module
keeps what only some of its paths need inside run().

The terminal speaks the language of its environment (LC_ALL, LC_MESSAGES, LANG), or the one
`--lang` names (host.text): the commands' lines here, the errors, argparse's own words.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence

from host.errors import UserError
from host.games.text import LANGUAGES, OneOf, Text, message
from host.text import Parser, _, choose, said, speak_on_terminal

# name -> (module, one-line help). The order is the order of `dicetable --help`.
COMMANDS: dict[str, tuple[str, Text]] = {
    "demo": (
        "host.demo",
        _("replay a recorded 3-player game: camera frames -> rules -> LED dials"),
    ),
    "play": ("host.app.cli", _("run a game night: camera, rules engine, board and web page")),
    "replay": ("host.games.replay_cli", _("replay a game script (JSON) and print the state")),
    "vision": ("vision.cli", _("read dice in images, evaluate, teach new dice, watch a camera")),
    "calibrate": ("vision.live.calibrate_cli", _("learn the tray area and look from the camera")),
    "board": ("host.board.cli", _("the LED board: find it, flash its firmware, test it")),
    "bench": (
        "host.bench",
        _("benchmarks that print figures, one part at a time (dicetable bench --help lists them)"),
    ),
    "page": ("host.app.page_cli", _("the web page: its translations checked, its screenshots")),
}
LANG = "--lang"  # the option that chooses the terminal's language (before the command)


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser for `argv` (default: this process's arguments): every command listed,
    the options declared of the command `argv` names."""
    wanted = _command_named(sys.argv[1:] if argv is None else argv)
    parser = Parser(
        prog="dicetable",
        description=said(
            _(
                "A table that scores itself: the camera reads the dice, the host keeps "
                "the rules, the LED board shows every player's dials."
            )
        ),
    )
    parser.add_argument(
        LANG,
        choices=list(LANGUAGES),
        help=said(
            _(
                "the language the terminal speaks: {languages} (default: the environment's, "
                "from LC_ALL, LC_MESSAGES or LANG, else English)",
                languages=OneOf(LANGUAGES),
            )
        ),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_line) in COMMANDS.items():
        command = sub.add_parser(name, help=said(help_line), description=said(help_line))
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
    """The command in `argv`: its first word that is no option nor the language --lang
    names (the only options before a command are --help and --lang).

    >>> _command_named(["--lang", "fr", "play", "--port", "80"]), _command_named(["-h"])
    ('play', None)
    """
    words = list(argv)
    for k, arg in enumerate(words):
        if arg.startswith("-"):
            continue
        if k > 0 and words[k - 1] == LANG:
            continue
        return arg
    return None


def _language_given(argv: Sequence[str]) -> str | None:
    """The language `--lang` names in `argv` (before the command), if the table speaks it
    (else argparse says so, in the environment's language).

    >>> _language_given(["--lang", "ja", "demo"]), _language_given(["--lang=fr"])
    ('ja', 'fr')
    >>> _language_given(["play", "--lang", "fr"]) is None  # (an option of play's, if any)
    True
    """
    words = list(argv)
    command = _command_named(words)
    before = words[: words.index(command)] if command is not None else words
    for k, arg in enumerate(before):
        value = arg.partition("=")[2] if arg.startswith(LANG + "=") else None
        if arg == LANG and k + 1 < len(before):
            value = before[k + 1]
        if value in LANGUAGES:
            return value
    return None


def _not_built(name: str, module_name: str) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        raise UserError(
            _("the {name} command is not built yet ({module})", name=name, module=module_name)
        )

    return run


def main(argv: Sequence[str] | None = None) -> int:
    given = sys.argv[1:] if argv is None else argv
    choose(_language_given(given))
    speak_on_terminal()
    parser = build_parser(given)
    args = parser.parse_args(given)
    if not getattr(args, "_run", None):
        parser.print_help()
        return 2
    try:
        return int(args._run(args))
    except UserError as error:
        print(said(_("dicetable {command}: {error}", command=args.command, error=message(error))),
              file=sys.stderr)  # fmt: skip
        return error.exit_status
    except KeyboardInterrupt:
        print(said(_("dicetable {command}: interrupted", command=args.command)), file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
