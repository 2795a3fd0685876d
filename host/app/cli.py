"""`dicetable play`: run a game night: camera, rules engine, LED board and web page.

With no options it runs on any machine: the demo's recorded session stands in for the
camera and the people (its recorded presses and taps are replayed), and the board is the
virtual one (the real firmware under MicroPython), unless a Pico is plugged in. On a
Raspberry Pi with its camera (picamera2) it reads the real dice and resumes the game
that was on the table (after a crash or a power cut, exactly where it was).
"""

from __future__ import annotations

import argparse
import os
import shlex
import signal
import threading
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

from host.app.text import _
from host.errors import UserError
from host.games.text import Quoted, message
from host.text import said

if TYPE_CHECKING:
    from host.app.terminal import Terminal

DEFAULT_PORT = 8080


def data_folder() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "dicetable"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--camera",
        default="auto",
        metavar="SOURCE",
        help=said(
            _(
                "where the throws come from: 'picamera' (the Raspberry Pi camera), a device "
                "number, a video file or stream URL, a recorded session folder, 'demo' (the "
                "demo's recorded session), or 'none' (enter throws on the page). Default "
                "'auto': the Raspberry Pi camera if there is one, else 'demo'"
            )
        ),
    )
    parser.add_argument(
        "--board",
        default="auto",
        metavar="auto|virtual|none|PORT",
        help=said(
            _(
                "the LED board: 'auto' (a Pico found by its USB id, else the virtual board), "
                "'virtual', 'none', or a serial port such as /dev/ttyACM0"
            )
        ),
    )
    parser.add_argument(
        "--db",
        type=Path,
        help=said(
            _(
                "the game store (SQLite). Default: games.db in ~/.local/share/dicetable, or "
                "recorded.db there for recorded sessions (so rehearsals stay out of your "
                "statistics)"
            )
        ),
    )
    parser.add_argument(
        "--data",
        type=Path,
        metavar="DIR",
        help=said(
            _(
                "the folder the table learns in: its learning store (examples.db: the dice and "
                "cards taught, the teachings under way) and the dice sets' versions. Default: "
                "~/.local/share/dicetable/teaching ($XDG_DATA_HOME/dicetable/teaching)"
            )
        ),
    )
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=said(_("the web page's port"))
    )
    parser.add_argument(
        "--serve-network",
        action="store_true",
        help=said(
            _(
                "serve the page to the phones at the table: listen on every IPv4 address of "
                "this machine (not only localhost) and print the addresses to open"
            )
        ),
    )
    parser.add_argument(
        "--host-name",
        action="append",
        default=[],
        metavar="NAME",
        help=said(
            _(
                "another name the page is opened by (e.g. one your router's DNS gives this "
                "machine); it answers only to this machine's own names and addresses otherwise, so "
                "that no web page elsewhere can read the table through a player's browser"
            )
        ),
    )
    parser.add_argument(
        "--pin",
        help=said(_("a fixed table PIN, kept for every game (default: a new one per game)")),
    )
    parser.add_argument(
        "--pin-length",
        type=int,
        default=4,
        metavar="DIGITS",
        help=said(
            _(
                "digits of the PIN drawn for each game, 4 to 8 (default 4; 6 or more if people "
                "you do not know share the network: wrong PINs are limited, but 4 digits are few)"
            )
        ),
    )
    parser.add_argument(
        "--window",
        type=float,
        default=4.0,
        metavar="SECONDS",
        help=said(
            _("how long a result is shown for corrections before it is resolved (default 4)")
        ),
    )
    recorded = parser.add_argument_group(said(_("recorded sessions")))
    recorded.add_argument(
        "--game",
        type=Path,
        help=said(
            _(
                "the game script whose setup the recorded session was played from (default: "
                "the one the session names)"
            )
        ),
    )
    recorded.add_argument(
        "--speed",
        type=float,
        default=1.0,
        help=said(_("frames at this many times real time (0: flat out)")),
    )
    recorded.add_argument(
        "--manual",
        action="store_true",
        help=said(
            _("replay only the camera's frames; press the buttons and answer on the page yourself")
        ),
    )
    recorded.add_argument(
        "--exit-at-end", action="store_true", help=said(_("stop once the session is played"))
    )
    recorded.add_argument(
        "--learn",
        action="store_true",
        help=said(
            _(
                "let the session's throws teach the table's dice sets (a live camera's always "
                "do; a rehearsal's do not, unless told)"
            )
        ),
    )
    parser.add_argument(
        "--quiet",
        action="store_true",
        help=said(_("do not draw the virtual board in the terminal")),
    )


def run(args: argparse.Namespace) -> int:
    from host.app.terminal import Terminal

    play(args, Terminal(boards=not args.quiet))
    return 0


def options(**values: Any) -> argparse.Namespace:
    """`dicetable play`'s options as the command line would give them: these values, the
    others their defaults (a preset of play, such as `dicetable demo`)."""
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = parser.parse_args([])
    for name, value in values.items():
        if not hasattr(args, name):
            raise TypeError(f"dicetable play has no option {name!r}")
        setattr(args, name, value)
    return args


def play(args: argparse.Namespace, terminal: Terminal, page: bool = True) -> None:
    """The table with its camera or recorded session, its board and (with `page`) its web
    page, until stopped (or, with --exit-at-end, the recorded session is played); what is
    said in the terminal is `terminal`'s."""
    from host.app.board_seam import LinkNews, open_board
    from host.app.store import Store
    from host.app.table import Table
    from host.app.web import WebServer

    camera = _camera_choice(args.camera)
    _check_options(args)
    recorded = camera in ("demo",) or Path(camera).joinpath("session.json").exists()
    if not recorded:  # the recorded sessions' options, given for a camera: said, not ignored
        flags = (("--game", args.game is not None), ("--manual", args.manual))
        given = [flag for flag, on in flags if on]
        if given:
            raise UserError(
                _(
                    "{options}: for a recorded session (--camera demo or a session folder), "
                    "not --camera {camera}: set up or pick up the game on the page",
                    options=given,
                    camera=camera,
                )
            )
    # the recorded session and its game read and checked before anything starts (the
    # store, the board, the page): a game file typed wrong is said at once, in one line
    folder = None if camera == "demo" else camera
    session = _session(args, folder) if recorded else None
    live = None
    if not recorded and camera != "none":
        from host.app.camera import open_camera

        # first: a camera that cannot be opened stops us before the page is announced
        # (under systemd: a failed start, not a service that seems up and then dies)
        live = open_camera(camera)
    db = args.db or data_folder() / ("recorded.db" if recorded else "games.db")
    try:
        store = Store(db)
    except BaseException:
        if live is not None:
            live[0].close()
        raise
    stop = threading.Event()
    _stop_on_sigterm(stop)
    board = open_board(args.board)
    table = Table(
        store, board, window=args.window, pin_length=args.pin_length, announce=terminal.announce
    )
    terminal.attach(table, board)
    web: WebServer | None = None
    worker: threading.Thread | None = None
    # what the table learns of its dice: taught from the page, learnt from a live camera's
    # throws (a rehearsal's only with --learn)
    learning = _learning(table, not recorded or args.learn, args.data) if page else None
    try:
        table.start(pin=args.pin)
        if page:
            web = WebServer(
                table,
                host="0.0.0.0" if args.serve_network else "127.0.0.1",
                port=args.port,
                names=args.host_name,
            )
            web.start()
            terminal.page(web.urls, db, network=args.serve_network)
        board_said = board.status(sync=False)
        terminal.board_news(board_said)
        virtual = getattr(board, "virtual", None) is not None
        link_news = LinkNews(virtual)  # the page is told when the board goes and comes back
        link_news.said(board.link_state())
        player = None
        if session is not None:
            player = _recorded(table, args, folder, terminal, session)
            worker = threading.Thread(target=player.run, args=(stop,), name="recorded", daemon=True)
        elif live is not None:
            from host.app.camera import run_camera

            worker = threading.Thread(
                target=run_camera, args=(camera, live, table, stop), name="camera", daemon=True
            )
        terminal.playing()
        if worker is not None:
            worker.start()
        while not stop.wait(0.05 if player is not None else 0.2):
            # the board connects after start, and may be unplugged and plugged back in
            now = board.status(sync=False)
            changed, board_said = now != board_said, now
            if changed:
                terminal.board_news(now)
            # (a board that failed and reset within a moment: its status is the same)
            for news in link_news.said(board.link_state()):
                table.notice(*news, console=not changed)  # (else the console said it)
            if args.exit_at_end and (player is None or player.finished.is_set()):
                break
        if player is not None and player.error:
            raise UserError(_("the recorded session stopped: {why}", why=player.error))
        terminal.ended(args.exit_at_end)
    finally:
        stop.set()
        if live is not None and worker is None:  # else the camera thread closes it
            live[0].close()
        if web is not None:
            web.close()
        if learning is not None:
            learning.close()
        table.close()
        board.close()
        store.close()


def _learning(table: Any, learn: bool, data: Path | None = None) -> Any:
    """The table's learning (host.app.teaching): teaching from the page, and (`learn`)
    from the throws of the game; the teaching of its cards is kept in its store too
    (host.app.card_teaching), in `data` (--data; default: vision's data_dir()). A store
    that cannot be used is said; the game goes on."""
    from host.app.teaching import Learning
    from vision.errors import VisionError
    from vision.learning.store import LearningStore

    try:
        store = LearningStore(None if data is None else data / "examples.db")
    except VisionError as error:
        table.notice(
            "warning", _("the table does not learn its dice this time: {why}", why=message(error))
        )
        return None
    table.learning = Learning(store, table.touch, table.notice, play=learn)
    table.card_teaching.keep_in(store)  # (a teaching of the cards under way resumes)
    return table.learning


def _camera_choice(camera: str) -> str:
    if camera != "auto":
        return camera
    try:
        import picamera2  # type: ignore[import-not-found]  # noqa: F401

        return "picamera"
    except ImportError:
        return "demo"


def _check_options(args: argparse.Namespace) -> None:
    if args.pin is not None and not (args.pin.isdigit() and 4 <= len(args.pin) <= 8):
        raise UserError(_("--pin: 4 to 8 digits, not {pin}", pin=Quoted(args.pin)))
    if not 4 <= args.pin_length <= 8:
        raise UserError(_("--pin-length: 4 to 8 digits, not {n}", n=args.pin_length))
    if not 0 <= args.port <= 65535:
        raise UserError(_("--port: 0 to 65535, not {port}", port=args.port))
    if not 0 <= args.window <= 120:
        raise UserError(_("--window: 0 to 120 seconds, not {seconds}", seconds=args.window))
    if args.speed < 0:
        raise UserError(_("--speed: 0 (flat out) or more, not {speed}", speed=args.speed))
    if args.db is not None:
        _check_db(args.db)
    if args.data is not None and not args.data.is_dir():
        raise UserError(
            _(
                "--data {folder}: there is no folder {folder}: check the path, or create the "
                "folder first ({command})",
                folder=str(args.data),
                command=f"mkdir -p {shlex.quote(str(args.data))}",
            )
        )


def _check_db(db: Path) -> None:
    """A store given with --db goes in a folder that is there: a path typed wrong
    ('--db ~/dicetabel/games.db') is said, not made into new folders where nobody looks.
    The default data folder is the app's own, made when missing."""
    folder = db.parent
    if folder.is_dir() or os.path.abspath(folder) == os.path.abspath(data_folder()):
        return
    if folder.exists():
        raise UserError(
            _(
                "--db {db}: {folder} is a file, not a folder: check the path",
                db=str(db),
                folder=str(folder),
            )
        )
    raise UserError(
        _(
            "--db {db}: there is no folder {folder}: check the path, or create the folder "
            "first ({command})",
            db=str(db),
            folder=str(folder),
            command=f"mkdir -p {shlex.quote(str(folder))}",
        )
    )


def _stop_on_sigterm(stop: threading.Event) -> None:
    """systemd stops the service with SIGTERM: close cleanly (every input is committed
    already; this only closes the port and the store)."""

    def handler(signum: int, frame: FrameType | None) -> None:
        stop.set()

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, handler)


@dataclass
class _Session:
    """A recorded session to play, and the game it plays (None: a teaching session)."""

    recorded: Any  # host.recording's session
    kind: Any = None
    setup: dict[str, Any] | None = None


def _session(args: argparse.Namespace, folder: str | None) -> _Session:
    """The recorded session in `folder` (None: the demo's) and the game it was played from
    (--game, else the one the session names), read and checked: the game file first,
    before the demo's frames are rendered."""
    from host import recording
    from host.app.recorded import session_folder
    from host.games.kind import GameFileError
    from host.games.registry import kind_of_script, read_game_file

    try:
        given = None if args.game is None else read_game_file(args.game)
    except GameFileError as error:
        raise UserError(message(error)) from None
    setup = None if given is None else _setup_checked(*given)
    session = recording.load_session(session_folder(folder))
    if session.teach:  # dice thrown to teach the table: no game (open Teach your dice)
        return _Session(session)
    if given is None:  # the game it was played from: the one the session names
        if session.game is None:
            raise UserError(
                _(
                    "{folder} does not say which game it was played from: give --game SCRIPT "
                    "(the game script whose setup it was played from)",
                    folder=str(session.folder),
                )
            )
        try:
            given = kind_of_script(session.game), dict(session.game)
        except GameFileError as error:
            raise UserError(message(error)) from None
        setup = _setup_checked(*given)
    return _Session(session, given[0], setup)


def _setup_checked(kind: Any, script: dict[str, Any]) -> dict[str, Any]:
    """The setup of a game script, checked as a new game's is (before a game in progress
    is compared with it)."""
    from host.games.kind import GameFileError

    setup = {k: v for k, v in script.items() if k not in ("format", "inputs", "expect")}
    try:
        kind.setup_of(setup)
    except GameFileError as error:
        raise UserError(_("cannot start this game: {why}", why=message(error))) from None
    return setup


def _recorded(
    table: Any,
    args: argparse.Namespace,
    folder: str | None,
    terminal: Terminal | None = None,
    session: _Session | None = None,
) -> Any:
    """A new game with the setup of the session in `folder` (None: the demo's; `session`:
    read already), and the session playing into it (`terminal` told of the cards it
    enters, as recorded, where the camera did not read them)."""
    from host.app.camera import DiceWatcher
    from host.app.recorded import SessionPlayer
    from host.app.table import RECORDING

    session = session or _session(args, folder)

    if session.kind is None or session.setup is None:  # a teaching session
        table.notice("info", _("a teaching session: open Teach your dice on the page to play it"))
        return SessionPlayer(table, session.recorded, DiceWatcher(), speed=args.speed, inputs=False)
    kind, setup = session.kind, session.setup
    done = _resumable(table, kind, setup)
    if done is None:
        table.act({"do": "new_game", "game": kind.name, "setup": setup}, RECORDING)
        done = 0
    else:
        table.notice(
            "info",
            _(
                "The recorded game in progress goes on "
                "({n, plural, one {# input} other {# inputs}} played)",
                n=done,
            ),
        )
    return SessionPlayer(
        table,
        session.recorded,
        DiceWatcher(),
        speed=args.speed,
        inputs=not args.manual,
        played=done,
        on_entered=None if terminal is None else terminal.entered,
        on_wait=None if terminal is None or not args.manual else terminal.waiting,
    )


def _resumable(table: Any, kind: Any, setup: dict[str, Any]) -> int | None:
    """How many inputs the game on the table has played, if it is this session's game in
    progress (a restart goes on with it), else None (a new game)."""
    game = table.game
    if game is None or game.game_over or table.kind is None or table.kind.name != kind.name:
        return None
    mine = {k: v for k, v in kind.setup_of(setup).items() if k not in ("seed", "description")}
    stored = table.store.setup(table.game_id)
    if {k: v for k, v in stored.items() if k not in ("seed", "description")} != mine:
        return None
    return len(game.log)
