"""The simulated phones: HTTP clients of the real server, each a device of its own address
and language, and the page's live stream read beside them."""

from __future__ import annotations

import http.client
import json
import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from host.app.chaos.checks import answer

if TYPE_CHECKING:
    from host.app.chaos.tally import Tally

PIN = "2468"  # the table's: the host is started with it, the phones send it
ADDRESSES = ("127.0.0.2", "127.0.0.3", "127.0.0.4")  # the phones: a device each
LANGS = ("en", "ja", "fr")
STRANGER = "127.0.0.9"  # the device that guesses PINs


def action_headers(content_type: str = "application/json", pin: str = PIN) -> dict[str, str]:
    """An action's headers, as the page sends them."""
    return {"Content-Type": content_type, "X-Table-PIN": pin}


class Gone(Exception):
    """The host went away during a request."""


class Phone:
    """A device at the table: its address, its language, its connection to the page."""

    def __init__(self, name: str, address: str, lang: str, tally: Tally) -> None:
        self.name, self.address, self.lang, self.tally = name, address, lang, tally
        self.conn: http.client.HTTPConnection | None = None
        self.url = ""

    def connect(self, url: str) -> None:
        self.url = url
        if self.conn is not None:
            self.conn.close()
        self.conn = None

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: Mapping[str, str] | None = None,
        what: str = "",
    ) -> tuple[int, Any]:
        """One request, its answer checked (`checks.answer`). Gone if the host went away."""
        parts = urlsplit(self.url)
        sep = "&" if "?" in path else "?"
        for attempt in (0, 1):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(
                    parts.hostname or "", parts.port, timeout=30, source_address=(self.address, 0)
                )
            try:
                self.conn.request(method, f"{path}{sep}lang={self.lang}", body, dict(headers or {}))
                response = self.conn.getresponse()
                raw = response.read()
                break
            except (OSError, http.client.HTTPException) as error:
                self.conn.close()
                self.conn = None
                # (a kept connection the host closed meanwhile: tried once more, anew)
                if attempt or not isinstance(
                    error, http.client.RemoteDisconnected | BrokenPipeError
                ):
                    raise Gone(str(error)) from None
        try:
            data = json.loads(raw) if raw else None
        except ValueError:
            data = raw
        answer(self.tally, self.lang, response.status, data, path, what or f"{method} {path}")
        return response.status, data

    def get(self, path: str) -> Any:
        status, data = self.request("GET", path)
        if status != 200:
            raise Gone(f"GET {path}: {status}")
        return data

    def act(
        self, action: Mapping[str, Any], version: Any, what: str = "", pin: str = PIN
    ) -> tuple[int, Any]:
        body = dict(action) if version is None else {**action, "version": version}
        return self.request(
            "POST",
            "/api/action",
            json.dumps(body).encode(),
            action_headers(pin=pin),
            what or str(action)[:200],
        )


class Listener:
    """A page's live stream (`/api/events`, server-sent events) read in a thread: the
    version of the last state it sent, and what was wrong with it."""

    def __init__(self, url: str, lang: str, tally: Tally) -> None:
        self.version = -1
        self.tally = tally
        parts = urlsplit(url)
        self.conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=60)
        self.conn.request("GET", f"/api/events?lang={lang}")
        self.response = self.conn.getresponse()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        event, data = "", []
        try:
            while True:
                line = self.response.readline()
                if not line:
                    return  # (the host went away)
                text = line.decode().rstrip("\n")
                if text.startswith("event:"):
                    event = text[6:].strip()
                elif text.startswith("data:"):
                    data.append(text[5:].strip())
                elif not text:
                    if event == "state" and data:
                        self.version = int(json.loads("\n".join(data))["version"])
                    event, data = "", []
        except (OSError, http.client.HTTPException, ValueError, KeyError) as error:
            if not isinstance(error, OSError | http.client.HTTPException):
                self.tally.defect(f"the live stream sent what does not read: {error}")

    def close(self) -> None:
        self.conn.close()
