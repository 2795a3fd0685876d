"""`dicetable demo`: a recorded game played end to end, as `dicetable play` plays it.

The demo is a preset of `dicetable play` (host.app.cli.play): the same table, camera seam,
board and recorded session player. It chooses the demo game's recorded session (its
camera frames drawn once by our own renderer from the game's script, its button presses
and page taps as recorded) played flat out, the virtual board (the real firmware under
MicroPython) drawn in the terminal after every turn, a game store of its own thrown away
at the end, no web page unless asked (--page: then in real time, as at a table), and it
ends with the final scores.

The demo game is the one shipped by the first game (in the catalog's order) that ships
one (its kind's `demo`), or by the game named with `--game` (e.g. `dicetable demo --game
kingdom-run`). A card game's session is drawn with our own cards (host.recording); a card
the camera does not read is entered as the recording says a person did on the page, and
the story says so ("on the page, not taken from the camera (why): ...").

It speaks the terminal's language (host.text): each input is told as the page's feed tells
it (the game's story: "Ann cède Tokyo", and what it did, "Cat : +1 ★ et entre dans Tokyo
City"), with whether the camera read it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from host.app.cli import DEFAULT_PORT
from host.app.terminal import Terminal, say
from host.errors import UserError
from host.games import Input
from host.games.text import OneOf, Quoted
from host.text import _, said

if TYPE_CHECKING:
    from host.games.kind import GameKind


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from host.games.kind import demo_of
    from host.games.registry import kinds

    shipped = [name for name, kind in kinds().items() if demo_of(kind) is not None]
    parser.add_argument(
        "--game",
        metavar="NAME",
        help=said(_("play this game's demo ({games}; default: the first)", games=OneOf(shipped))),
    )
    parser.add_argument(
        "--session",
        type=Path,
        help=said(
            _(
                "a recorded session folder to replay (default: the demo game, rendered once "
                "into the cache folder)"
            )
        ),
    )
    parser.add_argument(
        "--quiet",
        action="store_true",
        help=said(_("print only the final scores, not the board")),
    )
    parser.add_argument(
        "--page",
        type=int,
        nargs="?",
        const=DEFAULT_PORT,
        metavar="PORT",
        help=said(
            _(
                "also serve the table's page on localhost (port {port} unless given) and play "
                "in real time, to watch it there",
                port=DEFAULT_PORT,
            )
        ),
    )


def run(args: argparse.Namespace) -> int:
    session = args.session or demo_session_folder(args.game)
    result = play_demo(session, out=None if args.quiet else say, page=args.page)
    print(said(_("Final scores:")))
    for line in result.standings:
        print("  " + said(line))
    if args.page is None:  # (what a newcomer does next: `make demo` is where they begin)
        typed, game = _typed(), f" --game {args.game}" if args.game else ""
        print(
            said(
                _(
                    "Next: this game on the web page, in real time: {demo} (then open {url}); "
                    "a game night with your camera and board: {play}; every command: {help}",
                    demo=f"{typed} demo{game} --page",
                    url=f"http://localhost:{DEFAULT_PORT}/",
                    play=f"{typed} play",
                    help=f"{typed} --help",
                )
            )
        )
    return 0


def _typed() -> str:
    """The command as it is typed here: `dicetable` where it is on the PATH, else the path
    it was run by (a fresh checkout's `.venv/bin/dicetable`, as `make demo` runs it)."""
    ran = Path(sys.argv[0])
    if shutil.which("dicetable") or ran.name != "dicetable" or not ran.is_file():
        return "dicetable"
    return str(ran)


@dataclass(frozen=True)
class DemoResult:
    state: dict[str, Any]  # the game's final state (to_json)
    standings: list[str]  # the final scores, as the game tells them
    throws_read: int  # throws the camera read from the frames
    cards_read: int = 0  # a card game's inputs the camera read from the frames (cards laid, hands)
    cards_entered: int = 0  # ... and those it did not read, entered as recorded


def play_demo(
    session_folder: Path | None, out: Callable[[str], None] | None, page: int | None = None
) -> DemoResult:
    """Play the session (default: the demo game's) through `dicetable play`'s table; `out`
    gets the story (what the camera read, what was pressed) and the board after every
    turn (None: nothing); `page`: the port to serve the page on, in real time."""
    from host import recording
    from host.app import cli as play

    folder = session_folder or demo_session_folder()
    recording.load_session(folder)  # no session: says so before anything starts
    terminal = DemoTerminal(out, page is not None)
    with tempfile.TemporaryDirectory(prefix="dicetable-demo-") as scratch:
        preset: dict[str, Any] = {
            "camera": str(folder),
            "board": "virtual",
            "db": Path(scratch) / "demo.db",
            "exit_at_end": True,
        }
        if page is None:  # flat out, each result resolved at once (nobody to correct it)
            preset |= {"speed": 0.0, "window": 0.0}
        else:
            preset |= {"port": page}
        play.play(play.options(**preset), terminal, page=page is not None)
    if terminal.result is None:
        raise UserError(_("the demo's game did not start"))
    return terminal.result


class DemoTerminal(Terminal):
    """The demo's terminal: the board's seats, every input as the table takes it (the
    camera's throws with what it read), the board after every turn, and the result."""

    def __init__(self, out: Callable[[str], None] | None, page: bool) -> None:
        super().__init__(boards=out is not None, out=out or (lambda _line: None))
        self.serving = page
        self.throws = 0
        self.cards_read = 0
        self.cards_entered = 0
        self._unread: tuple[Input, str] | None = None  # cards not read, to be entered
        self.result: DemoResult | None = None

    def announce(self, text: str) -> None:
        if self.serving:  # the PIN and the notices are for whoever uses the page
            say(said(text))

    def page(self, urls: Sequence[str], db: Path, network: bool) -> None:
        say(said(_("dicetable demo: the table's page is at {url}", url=urls[0])))

    def board_news(self, status: str) -> None:
        pass

    def playing(self) -> None:
        super().playing()
        table = self.table
        assert table is not None and table.game is not None and table.kind is not None
        from host.games.kind import role_name

        kind = table.kind
        roles = kind.roles(table.game)
        seats = [
            _(
                "seat {n}: {player} ({role})",
                n=i + 1,
                player=name,
                role=role_name(kind, roles[name]),
            )
            if roles.get(name)
            else _("seat {n}: {player}", n=i + 1, player=name)
            for i, name in enumerate(table.game.players)
        ]
        self.out(_("The board's seats: {seats}", seats=seats))

    def taken(self, inp: Input, source: str, told: dict[str, Any]) -> None:
        from host.games.kind import THROW

        unread, self._unread = self._unread, None
        what = told["said"]  # the input as the page's feed says it
        if source == "camera":
            self.throws += inp.get("type") == THROW
            self.cards_read += inp.get("type") != THROW
            line: object = _("camera: {what}", what=what)
        elif unread is not None and dict(unread[0]) == dict(inp):
            self.cards_entered += 1
            line = _(
                "on the page, not taken from the camera ({why}): {what}",
                what=what,
                why=unread[1],
            )
        else:
            line = what
        self.out("  " + said(line))
        for change in told["did"]:  # what it did, as the page's feed says
            self.out("      " + said(change))
        super().taken(inp, source, told)

    def entered(self, inp: Input, why: str) -> None:
        self._unread = (inp, why)  # said when the table takes it

    def ended(self, exit_at_end: bool) -> None:
        table = self.table
        if table is not None and table.game is not None and table.kind is not None:
            from host.games.kind import standings

            told = standings(table.kind, table.game)
            self.result = DemoResult(
                table.game.to_json(), told, self.throws, self.cards_read, self.cards_entered
            )


def demo_kind(game: str | None = None) -> GameKind:
    """The game whose demo `dicetable demo` plays: `game` (a game's name), or the first
    that ships one."""
    from host.games.kind import demo_of
    from host.games.registry import kinds

    found = kinds()
    if game is not None:
        if game not in found:
            raise UserError(
                _(
                    "no game {game} here: choose among {games}",
                    game=Quoted(game),
                    games=OneOf(found),
                )
            )
        if demo_of(found[game]) is None:
            with_demo = [name for name, kind in found.items() if demo_of(kind) is not None]
            raise UserError(
                _("{game} ships no demo game: try {games}", game=game, games=OneOf(with_demo))
            )
        return found[game]
    for kind in found.values():
        if demo_of(kind) is not None:
            return kind
    raise UserError(_("no game here ships a demo game (a kind's `demo` script)"))


def demo_script(game: str | None = None) -> Path:
    """The demo game's script (of `game`, or of the first game that ships one)."""
    from host.games.kind import demo_of

    script = demo_of(demo_kind(game))
    assert script is not None
    return script


def cache_folder() -> Path:
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "dicetable"


def demo_session_folder(game: str | None = None) -> Path:
    """The demo session (of `game`'s demo, or the first game's), rendered from the demo
    game's script the first time it is needed (`rendered_session`)."""
    return rendered_session(demo_script(game), "demo-session")


def rendered_session(script: Path, prefix: str = "session") -> Path:
    """The recorded session of a game script (host.recording.render_session), rendered the
    first time it is needed and kept in the cache: the folder's name carries a hash of the
    script, the renderer's and the tray simulator's sources, so a change to any renders it
    again."""
    from host import recording
    from vision.live import sequences

    digest = hashlib.sha256(script.read_bytes())
    vision = Path(__file__).parents[1] / "vision"
    for source in [vision / "glyphs.py", *sorted((vision / "render").glob("*.py"))]:
        digest.update(source.read_bytes())
    digest.update(Path(sequences.__file__).read_bytes())
    for source in sorted((vision / "cards").glob("*.py")):  # a card game's: our own cards
        digest.update(source.read_bytes())
    digest.update(Path(recording.__file__).read_bytes())
    folder = cache_folder() / f"{prefix}-{digest.hexdigest()[:12]}"
    if not (folder / "session.json").exists():
        _render_session(script, folder)
    return folder


def _render_session(script: Path, folder: Path) -> None:
    from host import recording

    print(
        said(
            _(
                "Rendering the camera frames of {script} into {folder} (once) ...",
                script=script.name,
                folder=str(folder),
            )
        ),
        file=sys.stderr,
    )
    folder.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f"{folder.name}.", dir=folder.parent))
    try:
        recording.render_session(json.loads(script.read_text(encoding="utf-8")), scratch)
        scratch.rename(folder)
    except OSError:
        if not (folder / "session.json").exists():
            raise
        # another dicetable rendered it meanwhile: theirs is the same
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
