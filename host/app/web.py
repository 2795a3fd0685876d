"""The web page's server: Starlette's requests and responses on uvicorn (pure Python, h11),
run by an asyncio loop in a thread of its own, the state pushed to every page by
server-sent events. Nothing is fetched from the internet: the page's own JS and CSS are
served here.

    GET  /                         the page (host/app/static/)
    GET  /api/state                the table's state (as each page gets it live)
    GET  /api/events               server-sent events: "state" with the state at every change
                                   (its id: the server's time, as /api/state's X-Table-Time)
    GET  /api/catalog              the games and what their setup forms offer
    GET  /api/join                 where phones open the page: its addresses, a QR code (SVG)
    GET  /api/games                the list of games;  /api/games/N/script: one as a script
    GET  /api/stats                wins per role, game lengths
    GET  /api/snapshot/N.jpg       the camera's snapshot of the current throw
    GET  /api/locale               the page's own words in the language asked for
    GET  /api/cut/N/D.png          die D of that throw, cut out (a die not read is shown large)
    GET  /api/teach/cut/N.png      die N of the teaching going on, cut out
    GET  /api/teach-cards/cut/N.png  card N of the deck's teaching going on, cut out
    GET  /api/sets                 the table's dice sets, their versions and figures
    POST /api/login                {"pin": "1234"}: is this the table PIN?
    POST /api/action               {"do": ..., "version": N, ...} with the header X-Table-PIN:
                                   N is the state's version the action was made against;
                                   if the game changed since, it is refused (409, "stale")

Every answer is in the language asked for: the `lang` query parameter ("fr"), else the
request's Accept-Language, else English (host.games.text.LANGUAGES). The state is built
once per change and said in each language its pages read; the data stays machine-readable
(inputs, kinds, options and names in inputs are never translated, and an error says its
English template as "key").

The page answers only to this machine's names and addresses (the Host header: no web
page elsewhere can read the table through a player's browser by DNS rebinding,
host/app/network.py).

Who may do what: reading needs nothing; every change needs the table PIN (shown on the
board's displays and the host's console at game start). Wrong PINs are counted per client
address and for the whole table, with a back-off (host/app/pins.py). Errors are JSON
{"error": "..."} with a 4xx status, never a traceback; a browser opening an address outside
/api/ where there is no page is shown a page in its reader's language with the way to the
table's.

The table is threaded (one lock, a Condition for its changes) and the server is one
asyncio loop: whatever takes the table's lock or touches the store runs in the loop's
thread pool, and one thread of our own waits for the table's changes and hands each new
state to the loop, where every page's stream picks it up. The loop itself never waits
for the table.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import math
import socket
import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import uvicorn
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.types import Receive, Scope, Send

from host.app.connections import Guard, Limits
from host.app.network import HostCheck, network_addresses
from host.app.new_game import NAME_LENGTH
from host.app.pins import PinCheck
from host.app.qr import qr_svg
from host.app.refusals import Malformed, Refused, Stale
from host.app.table import UNVERSIONED, Table
from host.app.text import _
from host.errors import UserError
from host.games.kind import role_name
from host.games.page import catalog_of
from host.games.registry import kinds
from host.games.text import (
    ENGLISH,
    LANGUAGES,
    SENTENCE_JOINS,
    Text,
    accepted,
    language,
    localize,
    message,
    translation,
)
from host.games.text import say as said_in
from vision.glyphs import face_svg
from wording import joins_of

STATIC = Path(__file__).parent / "static"
PAGES = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/app.css": ("app.css", "text/css; charset=utf-8"),
    "/teach.js": ("teach.js", "text/javascript; charset=utf-8"),
    "/teach.css": ("teach.css", "text/css; charset=utf-8"),
}
MAX_BODY = 2 * 1024 * 1024  # an imported game script fits many times over
BODY_SECONDS = 30.0  # a request's body must have arrived by then
HEARTBEAT = 15.0  # seconds between beats on the event stream (app.js's QUIET_MS counts on it)
BACKLOG = 1024  # connections the kernel queues for us (a burst of reconnecting phones)
MAX_DIGITS = 15  # numbers the page's JavaScript holds exactly (below 2**53)
MAX_DEPTH = 32  # nesting of a request's JSON (a game script needs 5)
PIN_HEADER = "X-Table-PIN"
MISDIRECTED = (
    "this table's page is not served under that name (a page elsewhere may be trying to "
    "read it): open the address dicetable play printed"
)
VERSIONLESS = 'an action carries "version": the state version it was made against (/api/state)'
CSP = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'"
HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": CSP,
}


class WebServer:
    """Serves the page for `table` on host:port (port 0: any free port) in a thread."""

    def __init__(
        self,
        table: Table,
        host: str = "127.0.0.1",
        port: int = 8080,
        limits: Limits | None = None,
        names: list[str] | None = None,
    ) -> None:
        """`names`: more names than this machine's own that the page may be opened by."""
        limits = limits or Limits()
        self.table = table
        self.hosts = HostCheck(host, names)
        self.guard = Guard(limits)
        self.pins = PinCheck(table.announce)
        self.socket = _listen(host, port)
        config = uvicorn.Config(
            self._asgi,
            interface="asgi3",
            http=self.guard.protocol(),  # uvicorn's h11 (pure Python), counted and timed
            proxy_headers=False,  # the client's address is the socket's, never a header's
            ws="none",
            lifespan="off",
            log_config=None,
            log_level="error",  # the console is for the table's PIN and notices
            access_log=False,
            timeout_keep_alive=max(1, int(limits.idle)),
            timeout_graceful_shutdown=2,
            backlog=BACKLOG,
            server_header=False,
            date_header=False,
        )
        self.server = uvicorn.Server(config)
        self.loop = asyncio.new_event_loop()
        self.push = _StatePush(table, self.loop)
        self._threads: list[threading.Thread] = []

    @property
    def address(self) -> tuple[str, int]:
        host, port = self.socket.getsockname()[:2]
        return str(host), int(port)

    @property
    def url(self) -> str:
        return self.urls[0]

    @property
    def urls(self) -> list[str]:
        """Where a browser can open the page: on this machine only, or on each of its
        network addresses (none yet: this machine only, for now)."""
        host, port = self.address
        if self.hosts.network:
            found = network_addresses()
            if found:
                return [f"http://{address}:{port}/" for address in found]
        shown = "localhost" if host in ("127.0.0.1", "::1", "0.0.0.0", "::") else host
        return [f"http://{shown}:{port}/"]

    def start(self) -> None:
        async def serve() -> None:
            sweeper = asyncio.ensure_future(self.guard.sweep())
            try:
                await self.server.serve(sockets=[self.socket])
            finally:
                sweeper.cancel()

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            self.loop.run_until_complete(serve())

        self._threads = [
            threading.Thread(target=run, name="web", daemon=True),
            threading.Thread(target=self.push.run, name="web-push", daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    def close(self) -> None:
        self.push.stop()  # the pages' streams end, so their connections can close
        self.server.should_exit = True
        for thread in self._threads:
            thread.join(timeout=5)
        self.socket.close()
        if not self.loop.is_running():
            self.loop.close()

    # ---- requests -----------------------------------------------------------------------

    async def _asgi(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        request = Request(scope, receive)
        response = await self._respond(request)
        await response(scope, receive, send)

    async def _respond(self, request: Request) -> Response:
        path = request.scope["path"]
        if not self.hosts.allows(request.headers.get("host")):
            return _json(421, {"error": MISDIRECTED}, close=True)
        lang = _language(request)
        try:
            if request.method == "GET":
                if _lost(request, path):
                    return _nothing_here(lang)
                if path == "/api/events":
                    return await self._events(lang)
                return await run_in_threadpool(self._get, path, lang)
            if request.method == "POST":
                body = await _body(request)
                client = request.client.host if request.client else ""
                pin = request.headers.get(PIN_HEADER)
                return await run_in_threadpool(self._post, path, body, client, pin)
            raise Malformed("use GET to read and POST to /api/action to act", 405)
        except Refused as refusal:
            said = _error(refusal, lang)
            if isinstance(refusal, Stale):  # the page shows the table as it is now
                said.update(stale=True, version=refusal.version)
            return _json(refusal.status, said, refusal.status in (411, 413))
        except Exception as error:  # a bug: say it on the console, go on
            return self._internal(request.method, path, error, to_pages=False)

    def _get(self, path: str, lang: str = ENGLISH) -> Response:
        table = self.table
        try:
            if path in PAGES:
                name, ctype = PAGES[path]
                return _send(200, (STATIC / name).read_bytes(), ctype)
            if path == "/api/state":
                clock = {"X-Table-Time": f"{time.time():.3f}"}  # as the stream's clock id
                return _send(200, table.view_json(lang)[1].encode(), "application/json", clock)
            if path == "/api/locale":
                return _json(200, _locale(lang))
            if path == "/api/catalog":
                games = [_with_glyphs(catalog_of(k), k) for k in kinds().values()]
                said = {
                    "games": games,
                    "name_length": NAME_LENGTH,
                    "board_seats": table.board.seats,
                }
                return _json(200, localize(said, lang))
            if path == "/api/join":  # where phones open the page, and its QR code
                urls = self.urls
                return _json(
                    200, {"urls": urls, "network": self.hosts.network, "qr": qr_svg(urls[0])}
                )
            if path == "/api/games":
                rows = [_game_row(g.to_json(), lang) for g in table.store.games()]
                return _json(200, {"games": rows})
            if path == "/api/stats":
                return _json(200, _stats(table.store.stats(), lang))
            if path.startswith("/api/games/") and path.endswith("/script"):
                game_id = _number(path.removeprefix("/api/games/").removesuffix("/script"))
                script = table.store.export(game_id)
                body = (json.dumps(script, indent=1) + "\n").encode()
                name = f"dicetable-game-{game_id}.json"
                disposition = {"Content-Disposition": f'attachment; filename="{name}"'}
                return _send(200, body, "application/json", disposition)
            if path == "/api/sets":
                learning = table.learning
                likely = table.likely_dice_sets()  # (the teaching's picker starts on them)
                sets = learning.sets_view(lang, likely) if learning is not None else []
                return _json(200, localize({"sets": sets}, lang))
            if path.startswith("/api/teach/cut/") and path.endswith(".png"):
                if table.learning is None:
                    raise Malformed("this table does not learn", 404)
                number = _number(path.removeprefix("/api/teach/cut/").removesuffix(".png"))
                return _send(200, table.learning.cut(number), "image/png")
            if path.startswith("/api/teach-cards/cut/") and path.endswith(".png"):
                number = _number(path.removeprefix("/api/teach-cards/cut/").removesuffix(".png"))
                return _send(200, table.card_teaching.cut(number), "image/png")
            if path.startswith("/api/cut/") and path.endswith(".png"):
                throw, _, die = path.removeprefix("/api/cut/").removesuffix(".png").partition("/")
                cuts = table.cuts.get(_number(throw), ())
                index = _number(die)
                if index >= len(cuts):
                    raise Malformed("that die is gone: the camera has seen a newer throw", 404)
                return _send(200, cuts[index], "image/png")
            if path.startswith("/api/snapshot/") and path.endswith(".jpg"):
                key = _number(path.removeprefix("/api/snapshot/").removesuffix(".jpg"))
                jpeg = table.snapshots.get(key)
                if jpeg is None:
                    raise Malformed("that snapshot is gone: the camera has seen a newer throw", 404)
                return _send(200, jpeg, "image/jpeg")
            raise Malformed(f"nothing at {path}", 404)
        except Refused:
            raise
        except UserError as error:  # e.g. an unknown game number
            raise Refused(message(error), 404) from None

    def _post(self, path: str, raw: bytes, client: str, pin: str | None) -> Response:
        body = _parse(raw)
        try:
            if path == "/api/login":
                given = body.get("pin")
                problem = self.pins.problem(
                    client, given if isinstance(given, str) else "", self.table.store.pin
                )
                if problem is not None:
                    status, why = problem
                    raise Refused(why, status)
                return _json(200, {"ok": True, "pin_tag": self.table.pin_tag()})
            if path == "/api/action":
                problem = self.pins.problem(client, pin, self.table.store.pin)
                if problem is not None:
                    status, why = problem
                    raise Refused(why, status)
                do = body.get("do")
                if "version" not in body and not (isinstance(do, str) and do in UNVERSIONED):
                    # (so a double tap or two phones at once are refused)
                    raise Malformed(VERSIONLESS, 400)
                try:
                    return _json(200, self.table.act(body, "page", client))
                except UserError:
                    raise
                except Exception as error:  # a bug in a change: every page should know
                    return self._internal("POST", path, error, to_pages=True)
            raise Malformed(f"nothing to post at {path}", 404)
        except Refused:
            raise
        except UserError as error:
            raise Refused(message(error), 400) from None

    def _internal(self, method: str, path: str, error: Exception, to_pages: bool) -> Response:
        """A fault of the app: a 500 and the console; the pages' notices only for a change
        made with the PIN (nothing a request without it does reaches other pages)."""
        text = _(
            "internal error on {method} {path}: {error}",
            method=method,
            path=path[:80],
            error=repr(error),
        )
        if to_pages:
            self.table.notice("error", text)
        else:
            self.table.announce(_("[error] {text}", text=text))
        return _json(500, {"error": text})

    # ---- the event stream -----------------------------------------------------------------

    async def _events(self, lang: str) -> Response:
        """Server-sent events: the state now, then at every change, until the page goes,
        in the page's language."""
        headers = {
            "Content-Type": "text/event-stream",
            "Cache-Control": "no-store",
            "X-Accel-Buffering": "no",
        }
        return StreamingResponse(self.push.stream(lang), headers=headers)


class _StatePush:
    """One thread follows the table's changes (its Condition) and hands each new state to
    the loop, said in every language some page reads; in the loop, every page's stream
    sends the newest state it has not sent, in its language."""

    def __init__(self, table: Table, loop: asyncio.AbstractEventLoop) -> None:
        self.table = table
        self.loop = loop
        self.version, self.latest = table.view_jsons([ENGLISH])
        self.changed = asyncio.Event()  # replaced at every change (read in the loop only)
        self.ended = False
        self._stop = threading.Event()
        self._readers: dict[str, int] = {}  # language -> pages reading the stream in it
        self._readers_lock = threading.Lock()

    def listen(self, lang: str) -> None:
        with self._readers_lock:
            self._readers[lang] = self._readers.get(lang, 0) + 1

    def _languages(self) -> list[str]:
        with self._readers_lock:
            return [*self._readers] or [ENGLISH]

    def leave(self, lang: str) -> None:
        with self._readers_lock:
            self._readers[lang] -= 1
            if not self._readers[lang]:
                del self._readers[lang]

    def run(self) -> None:
        version = self.version
        while not self._stop.is_set() and not self.table.closed:
            new = self.table.wait_change(version, 0.5, self._languages)
            if new[0] != version:
                version = new[0]
                self._in_loop(self._publish, new)
        self._in_loop(self._end)

    def stop(self) -> None:
        """The streams end, each once it has sent the table's last state (the end of a
        game played to its end just before: its pages must see it)."""
        self._stop.set()
        if not self.table.closed:
            self._in_loop(self._publish, self.table.view_jsons(self._languages()))
        self._in_loop(self._end)

    def _in_loop(self, call: Any, *args: Any) -> None:
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody is listening
            self.loop.call_soon_threadsafe(call, *args)

    def _publish(self, new: tuple[int, dict[str, str]]) -> None:
        if new[0] >= self.version:  # (the last state, published by stop, may come first)
            self.version, self.latest = new
        self._wake()

    def _end(self) -> None:
        self.ended = True
        self._wake()

    def _wake(self) -> None:
        changed, self.changed = self.changed, asyncio.Event()
        changed.set()

    async def stream(self, lang: str) -> AsyncIterator[bytes]:
        self.listen(lang)  # first: a change from now on is said in it too
        try:
            version, text = await run_in_threadpool(self.table.view_json, lang)
            yield f"retry: 1000\n{_clock()}event: state\ndata: {text}\n\n".encode()
            while True:
                if self.version > version and lang in self.latest:
                    version, text = self.version, self.latest[lang]
                    yield f"{_clock()}event: state\ndata: {text}\n\n".encode()
                    continue
                if self.ended:  # (after the last state: a change just before the end is sent)
                    break
                try:
                    await asyncio.wait_for(self.changed.wait(), HEARTBEAT)
                except TimeoutError:  # (an event: the page sees it, and knows it is live)
                    yield b"event: beat\ndata:\n\n"
        finally:
            self.leave(lang)


def _with_glyphs(entry: dict[str, Any], kind: Any) -> dict[str, Any]:
    """A game's catalog entry with its dice faces drawn as the vision renderer draws them
    (the dice's `glyphs` style), for the page to show dice as dice."""
    style = getattr(kind.dice, "glyphs", None) if kind.dice is not None else None
    if style is not None and entry.get("dice"):
        for face in entry["dice"]["faces"]:
            svg = face_svg(style, face["face"])
            if svg is not None:
                face["svg"] = svg
    return entry


def _clock() -> str:
    """The server's time as each state's event id: pages count down to the server's
    deadlines whatever their own clocks say (an id, not an event of its own, so a reader
    of the stream's data lines sees only states)."""
    return f"id: {time.time():.3f}\n"


# ---- helpers --------------------------------------------------------------------------------


def _language(request: Request) -> str:
    """The language a request asks for: `lang=` in its query, else its Accept-Language."""
    asked = request.query_params.get("lang")  # e.g. "fr", or the browser's "fr-CA,en"
    if asked:
        return language(asked.split(","))
    return language(accepted(request.headers.get("accept-language")))


def _lost(request: Request, path: str) -> bool:
    """A browser opening a page where the table serves none (an address typed wrong, an
    old bookmark): not a tool's request (the API's answers stay JSON)."""
    browsing = "text/html" in request.headers.get("accept", "")
    return browsing and path not in PAGES and not path.startswith("/api/")


def _nothing_here(lang: str) -> Response:
    """What a browser is shown at an address the table serves nothing at, in its reader's
    language: the way to the table's page (a bare {"error": ...} in English was shown)."""
    said = html.escape(said_in(_("There is nothing at this address."), lang), quote=False)
    link = html.escape(said_in(_("Open the table's page"), lang), quote=False)
    page = (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="color-scheme" content="dark light"><title>dicetable</title>'
        '<link rel="stylesheet" href="/app.css"></head><body><header><h1>dicetable</h1>'
        f'</header><p data-test="lost">{said}</p><p><a class="link" href="/" '
        f'data-test="to-the-page">{link}</a></p></body></html>'
    )
    return _send(404, page.encode(), "text/html; charset=utf-8")


def _error(refusal: Exception, lang: str) -> dict[str, Any]:
    """An error for the page, in its language; "key": its English template, for tools."""
    said = message(refusal)
    out: dict[str, Any] = {"error": said_in(said, lang)}
    if isinstance(said, Text):
        out["key"] = said.template
    return out


def _locale(lang: str) -> dict[str, Any]:
    """The page's own words in `lang` (English text -> `lang`'s; English: none needed), and
    how it joins a list's items (between them, before the last: as the server's texts) and
    sentences said one after another."""
    joins = joins_of([], lang)  # (a list's: its "and")
    return {
        "lang": lang,
        "languages": LANGUAGES,
        "texts": translation("host.app", lang),
        "list_joins": list(joins),
        "sentence_join": SENTENCE_JOINS.get(lang, SENTENCE_JOINS[ENGLISH]),
    }


def _game_row(row: dict[str, Any], lang: str) -> dict[str, Any]:
    """A game of the list with its players' roles (characters, colours...) named in `lang`."""
    kind = kinds().get(str(row.get("kind")))
    for player in row["players"]:
        player["role"] = said_in(role_name(kind, player["role"]), lang)
    return row


def _stats(stats: dict[str, Any], lang: str) -> dict[str, Any]:
    """The statistics with each role named in `lang` by the game it is a role of."""
    for entry in stats["roles"]:
        entry["role"] = said_in(role_name(kinds().get(entry["kind"]), entry["role"]), lang)
    return stats


def _listen(host: str, port: int) -> socket.socket:
    """The listening socket, opened now: a port in use is said at once, in one line. Made
    with its protocol named: asyncio turns Nagle's algorithm off (TCP_NODELAY) only on
    connections of a socket whose protocol is IPPROTO_TCP, and without it a response's body,
    written after its headers, waited for the phone's delayed ACK: 40 ms more for every
    answer on a kept-alive connection and for every pushed state."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(BACKLOG)
    except OSError as error:
        sock.close()
        raise UserError(
            _(
                "cannot listen on {address} ({why}): is another dicetable running? Choose "
                "another port with --port",
                address=f"{host}:{port}",
                why=error.strerror or str(error),
            )
        ) from None
    sock.setblocking(False)
    return sock


async def _body(request: Request) -> bytes:
    length = request.headers.get("Content-Length")
    if length is None:
        raise Malformed("the request needs a Content-Length and a JSON body", 411)
    if int(length) > MAX_BODY:  # the server checked it is a number
        # (a Refused, said in the page's language: a game file imported on the page may be)
        too_big = _(
            "the request is too big ({n} bytes; at most {most}): a game file is far smaller",
            n=int(length),
            most=MAX_BODY,
        )
        raise Refused(too_big, 413)
    try:
        return await asyncio.wait_for(request.body(), BODY_SECONDS)
    except TimeoutError:
        late = _("the request's body did not arrive within {n} s", n=round(BODY_SECONDS))
        raise Refused(late, 408) from None  # a slow network: a player may read this one


def _parse(raw: bytes) -> dict[str, Any]:
    """A request's JSON body, its numbers exact for the page (at most 15 digits) and its
    nesting shallow: anything else is refused here, before it reaches the table."""
    try:
        data = json.loads(
            raw.decode("utf-8"), parse_int=_int, parse_float=_float, parse_constant=_constant
        )
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise Malformed(f"the request body is not JSON: {error}", 400) from None
    except RecursionError:
        raise Refused(_nested(), 400) from None
    if not isinstance(data, dict):
        raise Malformed("the request body must be a JSON object", 400)
    if _depth(data) > MAX_DEPTH:
        raise Refused(_nested(), 400)
    return data


def _nested() -> Text:
    """(A Refused's: a game file imported on the page may be nested so: said to it.)"""
    return _("the request body is nested deeper than {n} levels: it is no game file", n=MAX_DEPTH)


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        digits = _(
            "a number of more than {n} digits in the request body: the table takes none so long",
            n=MAX_DIGITS,
        )
        raise Refused(digits, 400)  # (a game file imported on the page may hold one)
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise Malformed(f"the number {text[:20]} in the request body is too big", 400)
    return value


def _constant(text: str) -> Any:
    raise Malformed(f"{text} is not a number the table takes", 400)


def _depth(data: Any) -> int:
    deepest, stack = 0, [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            if depth > MAX_DEPTH:
                break
            stack.extend(
                (kid, depth + 1) for kid in (item.values() if isinstance(item, dict) else item)
            )
    return deepest


def _json(status: int, data: Any, close: bool = False) -> Response:
    extra = {"Connection": "close"} if close else None
    return _send(status, json.dumps(data).encode(), "application/json", extra)


def _send(status: int, body: bytes, ctype: str, headers: dict[str, str] | None = None) -> Response:
    return Response(body, status, {**HEADERS, **(headers or {})}, media_type=ctype)


def _number(text: str) -> int:
    """A number in a path: a game's, a snapshot's."""
    if not (text.isascii() and text.isdigit()):
        raise Malformed(f"{text[:40]!r} is not a number", 404)
    if len(text) > MAX_DIGITS:
        raise Malformed(f"nothing has the number {text[:20]}…", 404)
    return int(text)
