"""`dicetable page`: the web page for the people who look after it.

- `dicetable page translations`: every package's locale files checked against the words
  it uses (docs/translations.md): what is missing in a language, what is kept for nothing,
  a translation whose {fields} are not the English's. Exit status 1 if anything is.
"""

from __future__ import annotations

import argparse

from host.errors import UserError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="page_command", metavar="WHAT", required=True)
    sub.add_parser(
        "translations",
        help="check every locale file against the words used (missing, unused, wrong fields)",
    )


def run(args: argparse.Namespace) -> int:
    return _translations()


def _translations() -> int:
    from host.locales import report

    ok, lines = report()
    for line in lines:
        print(line)
    if not ok:
        raise UserError(f"the translations are not complete: {len(lines)} problems above")
    print("every locale file has every key used, and no other")
    return 0
