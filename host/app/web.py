"""The web page's server: the standard library's threading HTTP server, with the state
pushed to every page by server-sent events. (Enough for a table's 20 viewers; no
dependency, nothing fetched from the internet: the page's own JS and CSS are served here.)

    GET  /                         the page (host/app/static/)
    GET  /api/state                the table's state (as each page gets it live)
    GET  /api/events               server-sent events: "state" with the state at every change
    GET  /api/catalog              the games and what their setup forms offer
    GET  /api/games                the list of games;  /api/games/N/script: one as a script
    GET  /api/stats                wins per monster, game lengths
    GET  /api/snapshot/N.jpg       the camera's snapshot of the current throw
    POST /api/login                {"pin": "1234"}: is this the table PIN?
    POST /api/action               {"do": ..., ...} with the header X-Table-PIN

Who may do what: reading needs nothing; every change needs the table PIN (shown on the
board's displays and the host's console at game start). Wrong PINs are counted per client
address: after 5 in a minute, that address waits out the minute. Errors are JSON
{"error": "..."} with a 4xx status, never a traceback.
"""

from __future__ import annotations

import contextlib
import hmac
import json
import threading
import time
from collections import deque
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from host.app.table import NAME_LENGTH, Refused, Table
from host.errors import UserError
from host.games.registry import kinds

STATIC = Path(__file__).parent / "static"
PAGES = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/app.css": ("app.css", "text/css; charset=utf-8"),
}
MAX_BODY = 2 * 1024 * 1024  # an imported game script fits many times over
HEARTBEAT = 15.0  # seconds between keep-alive comments on the event stream
WRONG_PINS = 5  # per client address and minute
PIN_HEADER = "X-Table-PIN"
CSP = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'"


class WebServer:
    """Serves the page for `table` on host:port (port 0: any free port) in a thread."""

    def __init__(self, table: Table, host: str = "127.0.0.1", port: int = 8080) -> None:
        self.table = table
        self.wrong_pins: dict[str, deque[float]] = {}
        self.wrong_lock = threading.Lock()
        handler = type("Handler", (_Handler,), {"web": self})
        try:
            self.httpd = ThreadingHTTPServer((host, port), handler)
        except OSError as error:
            raise UserError(
                f"cannot listen on {host}:{port} ({error.strerror or error}): is another "
                "dicetable running? Choose another port with --port"
            ) from None
        self.httpd.daemon_threads = True
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        shown = "localhost" if host in ("127.0.0.1", "::1") else str(host)
        return f"http://{shown}:{port}/"

    def start(self) -> None:
        self._thread = threading.Thread(target=self.httpd.serve_forever, name="web", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def pin_problem(self, client: str, pin: str | None) -> tuple[int, str] | None:
        """Why this request may not change anything (None: it may)."""
        now = time.monotonic()
        with self.wrong_lock:
            wrong = self.wrong_pins.setdefault(client, deque())
            while wrong and wrong[0] < now - 60:
                wrong.popleft()
            if len(wrong) >= WRONG_PINS:
                return 429, "too many wrong PINs from this device: wait a minute"
            expected = self.table.store.pin
            if pin is None or pin == "":
                return 403, "read-only: enter the table PIN (shown on the board) to make changes"
            if expected is None or not hmac.compare_digest(pin.encode(), expected.encode()):
                wrong.append(now)
                return 403, "wrong PIN: the table PIN is shown on the board's displays"
        return None


class _Handler(BaseHTTPRequestHandler):
    web: WebServer
    protocol_version = "HTTP/1.1"
    server_version = "dicetable"
    disable_nagle_algorithm = True  # headers and body leave at once: no 40 ms stalls

    def log_message(self, format: str, *args: Any) -> None:
        pass  # the console is for the table's PIN and notices

    def handle(self) -> None:
        with contextlib.suppress(ConnectionError):  # a phone dropped it between requests
            super().handle()

    # ---- GET ------------------------------------------------------------------------

    def do_GET(self) -> None:
        path = urlsplit(self.path).path
        table = self.web.table
        try:
            if path in PAGES:
                name, ctype = PAGES[path]
                self._send(200, (STATIC / name).read_bytes(), ctype)
            elif path == "/api/state":
                self._send(200, table.view_json()[1].encode(), "application/json")
            elif path == "/api/events":
                self._events()
            elif path == "/api/catalog":
                games = [k.catalog() for k in kinds().values()]
                self._json(200, {"games": games, "name_length": NAME_LENGTH})
            elif path == "/api/games":
                self._json(200, {"games": [g.to_json() for g in table.store.games()]})
            elif path == "/api/stats":
                self._json(200, table.store.stats())
            elif path.startswith("/api/games/") and path.endswith("/script"):
                game_id = _number(path.removeprefix("/api/games/").removesuffix("/script"))
                script = table.store.export(game_id)
                body = (json.dumps(script, indent=1) + "\n").encode()
                name = f"dicetable-game-{game_id}.json"
                disposition = {"Content-Disposition": f'attachment; filename="{name}"'}
                self._send(200, body, "application/json", disposition)
            elif path.startswith("/api/snapshot/") and path.endswith(".jpg"):
                key = _number(path.removeprefix("/api/snapshot/").removesuffix(".jpg"))
                jpeg = table.snapshots.get(key)
                if jpeg is None:
                    raise Refused("that snapshot is gone: the camera has seen a newer throw", 404)
                self._send(200, jpeg, "image/jpeg")
            else:
                raise Refused(f"nothing at {path}", 404)
        except Refused as refusal:
            self._json(refusal.status, {"error": str(refusal)})
        except UserError as error:  # e.g. an unknown game number
            self._json(404, {"error": str(error)})
        except ConnectionError:  # the page went away
            pass
        except Exception as error:  # a bug: say it on the page and the console, go on
            self._internal(error)

    def _events(self) -> None:
        """Server-sent events: the state now, then at every change, until the page goes."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Connection", "close")
        self.send_header("X-Accel-Buffering", "no")
        self.end_headers()
        self.close_connection = True
        table = self.web.table
        version, text = table.view_json()
        try:
            self.wfile.write(f"retry: 1000\nevent: state\ndata: {text}\n\n".encode())
            self.wfile.flush()
            while not table.closed:
                new, text = table.wait_change(version, HEARTBEAT)
                if table.closed:
                    return
                if new == version:
                    self.wfile.write(b": still here\n\n")
                else:
                    version = new
                    self.wfile.write(f"event: state\ndata: {text}\n\n".encode())
                self.wfile.flush()
        except (OSError, ValueError):  # the page went away (ValueError: a closed stream)
            return

    # ---- POST -----------------------------------------------------------------------

    def do_POST(self) -> None:
        path = urlsplit(self.path).path
        try:
            body = self._body()
            if path == "/api/login":
                pin = body.get("pin")
                problem = self.web.pin_problem(
                    self.client_address[0], pin if isinstance(pin, str) else ""
                )
                if problem is not None:
                    raise Refused(problem[1], problem[0])
                self._json(200, {"ok": True})
            elif path == "/api/action":
                problem = self.web.pin_problem(self.client_address[0], self.headers.get(PIN_HEADER))
                if problem is not None:
                    raise Refused(problem[1], problem[0])
                self._json(200, self.web.table.act(body, "page"))
            else:
                raise Refused(f"nothing to post at {path}", 404)
        except Refused as refusal:
            self._json(refusal.status, {"error": str(refusal)})
        except UserError as error:
            self._json(400, {"error": str(error)})
        except ConnectionError:  # the page went away
            pass
        except Exception as error:  # a bug: say it on the page and the console, go on
            self._internal(error)

    def _internal(self, error: Exception) -> None:
        text = f"internal error on {self.command} {urlsplit(self.path).path}: {error!r}"
        self.web.table.notice("error", text)
        with contextlib.suppress(OSError, ValueError):  # the page went away meanwhile
            self._json(500, {"error": text})

    def do_PUT(self) -> None:
        self._json(405, {"error": "use GET to read and POST to /api/action to act"})

    do_DELETE = do_PATCH = do_PUT

    def _body(self) -> dict[str, Any]:
        length = self.headers.get("Content-Length")
        if length is None or not length.isdigit():
            self.close_connection = True
            raise Refused("the request needs a Content-Length and a JSON body", 411)
        if int(length) > MAX_BODY:
            self.close_connection = True
            raise Refused(f"the request is too big ({length} bytes; at most {MAX_BODY})", 413)
        raw = self.rfile.read(int(length))
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise Refused(f"the request body is not JSON: {error}", 400) from None
        if not isinstance(data, dict):
            raise Refused("the request body must be a JSON object", 400)
        return data

    # ---- responses --------------------------------------------------------------------

    def _json(self, status: int, data: Any) -> None:
        self._send(status, json.dumps(data).encode(), "application/json")

    def _send(
        self, status: int, body: bytes, ctype: str, headers: dict[str, str] | None = None
    ) -> None:
        self.send_response(status, HTTPStatus(status).phrase)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Content-Security-Policy", CSP)
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(body)


def _number(text: str) -> int:
    if not text.isdigit():
        raise Refused(f"{text!r} is not a number", 404)
    return int(text)
