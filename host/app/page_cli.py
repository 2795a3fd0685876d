"""`dicetable page`: the web page for the people who look after it.

- `dicetable page translations`: every package's locale files checked against the words
  it uses (docs/translations.md): what is missing in a language, what is kept for nothing,
  a translation whose {fields} are not the English's, or whose count lacks the plural forms
  of its language (French one and other). Exit status 1 if anything is.
- `dicetable page screenshots OUT/`: a picture of each main screen of the page in each
  language (OUT/LANG/NN-screen.png), taken in real Chromium on a table of its own
  (host.app.screens), for a person to look at.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

from host.errors import UserError

SIZES = {"phone": (390, 844), "tablet": (1024, 768)}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="page_command", metavar="WHAT", required=True)
    sub.add_parser(
        "translations",
        help="check every locale file against the words used (missing, unused, wrong fields or "
        "plural forms)",
    )
    shots = sub.add_parser(
        "screenshots", help="a screenshot of each main screen in each language (real Chromium)"
    )
    shots.add_argument("out", type=Path, metavar="OUT", help="the folder to write them in")
    shots.add_argument(
        "--size", choices=sorted(SIZES), default="phone", help="the screen (default: phone)"
    )


def run(args: argparse.Namespace) -> int:
    if args.page_command == "screenshots":
        return _screenshots(args.out, SIZES[args.size])
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


def _screenshots(out: Path, size: tuple[int, int]) -> int:
    from playwright.sync_api import sync_playwright

    from host.app import screens
    from host.app.chromium import launch
    from host.games.text import LANGUAGES

    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UserError(f"cannot write the screenshots in {out}: {error.strerror}") from None
    if not _has_font("ja"):
        print(
            "dicetable page: no Japanese font on this machine: the ja screenshots show boxes "
            "for its letters (a phone has the fonts; here: apt-get install fonts-noto-cjk)",
            file=sys.stderr,
        )
    taken = 0
    shown = screens.names()
    with sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            for lang in LANGUAGES:
                folder = out / lang
                folder.mkdir(exist_ok=True)

                def shoot(name: str, page: object, folder: Path = folder) -> None:
                    nonlocal taken
                    n = shown.index(name) + 1
                    path = folder / f"{n:02d}-{name}.png"
                    page.screenshot(path=str(path), full_page=True)  # type: ignore[attr-defined]
                    print(path)
                    taken += 1

                viewport = {"width": size[0], "height": size[1]}
                screens.walk(browser, lang, shoot, viewport)
        finally:
            browser.close()
    print(f"{taken} screenshots ({len(shown)} screens × {len(LANGUAGES)} languages)")
    return 0


def _has_font(lang: str) -> bool:
    """Whether fontconfig knows a font for `lang` (True when it cannot tell)."""
    if shutil.which("fc-list") is None:
        return True
    found = subprocess.run(
        ["fc-list", f":lang={lang}"], capture_output=True, text=True, check=False
    ).stdout
    return bool(found.strip())
