"""What the clients of the web page may hold of the server: connections per client address
and in all, how long a connection may sit with no request being answered, and the files
(one per connection) the process may open.

Anyone on the network can open connections; without limits about a thousand idle ones
took the page down (each is a file, and a service may open 1024). Here a connection is
counted from the moment it is accepted, before a byte is read: a client at its limit is
answered 503 and closed; when all connections are taken, a newcomer from an address that
holds fewer than the biggest holder takes the biggest holder's oldest connection; and
every connection that has no request in hand (never sent one, trickles its headers, or
sits kept alive) is closed after `idle` seconds. A page's event stream is a request in
hand for as long as it lasts, so it stays; a phone that vanished without a word is
dropped by the kernel once its stream's heartbeats go unacknowledged.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import resource
import socket
import time
from dataclasses import dataclass
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

FILES_KEPT = 256  # files kept for the rest of the app: the store, camera, board, threads
UNACKED_SECONDS = 30  # a peer that acknowledges nothing this long is gone (TCP_USER_TIMEOUT)
SWEEP_SECONDS = 0.25  # how often idle connections are looked for


@dataclass(frozen=True)
class Limits:
    # a tablet with a few tabs holds ~10; the bench's 20 pages on one machine ~80
    per_client: int = 128
    total: int = 1024  # connections in all (fewer if the file limit cannot be raised)
    idle: float = 10.0  # seconds a connection may sit with no request in hand

    @property
    def files(self) -> int:
        """The open-file limit the server needs (the systemd unit sets at least this)."""
        return self.total + FILES_KEPT


class Guard:
    """The connections of one server, by client address (in the loop only)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.total = max(1, min(limits.total, raise_file_limit(limits.files) - FILES_KEPT))
        self.clients: dict[str, dict[Connection, None]] = {}  # address -> its, oldest first
        self.count = 0

    def protocol(self) -> type[Connection]:
        """uvicorn's connection class for this guard."""
        return type("GuardedConnection", (Connection,), {"guard": self})

    def admit(self, conn: Connection) -> str | None:
        """Count a new connection; why it is refused (None: it is in)."""
        mine = self.clients.setdefault(conn.address, {})
        if len(mine) >= self.limits.per_client:
            return (
                f"too many connections from this device ({len(mine)}): close some of its "
                "pages and reload"
            )
        if self.count >= self.total:
            biggest = max(self.clients.values(), key=len)
            if len(biggest) <= len(mine) + 1:
                return "the table's page has all the connections it can hold: try again soon"
            next(iter(biggest)).drop()  # the biggest holder's oldest gives way
        mine[conn] = None
        self.count += 1
        return None

    def release(self, conn: Connection) -> None:
        mine = self.clients.get(conn.address, {})
        if conn in mine:  # counted (a refused one never was; a dropped one is released once)
            del mine[conn]
            self.count -= 1
        if not mine:
            self.clients.pop(conn.address, None)

    async def sweep(self) -> None:
        """Close every connection idle for longer than the limit, for ever."""
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            now = time.monotonic()
            for mine in list(self.clients.values()):
                for conn in list(mine):
                    if conn.serving == 0 and now - conn.idle_since > self.limits.idle:
                        conn.drop()


class Connection(H11Protocol):
    """uvicorn's HTTP/1.1 connection, counted by its guard and timed while idle."""

    guard: Guard

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.address = ""
        self.serving = 0  # requests in hand (an event stream is one while it lasts)
        self.idle_since = time.monotonic()
        app = self.app

        async def serve(scope: Any, receive: Any, send: Any) -> None:
            self.serving += 1
            try:
                await app(scope, receive, send)
            finally:
                self.serving -= 1
                self.idle_since = time.monotonic()

        self.app = serve

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.address = self.client[0] if self.client else ""
        sock = transport.get_extra_info("socket")
        if sock is not None and hasattr(socket, "TCP_USER_TIMEOUT"):
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT, UNACKED_SECONDS * 1000)
        refusal = self.guard.admit(self)
        if refusal is not None:
            body = json.dumps({"error": refusal}).encode()
            transport.write(
                b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
                b"Retry-After: 5\r\nConnection: close\r\n"
                + f"Content-Length: {len(body)}\r\n\r\n".encode()
                + body
            )
            transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.guard.release(self)
        super().connection_lost(exc)

    def drop(self) -> None:
        """Close at once (idle too long, or giving way to a newcomer)."""
        self.guard.release(self)
        self.transport.abort()


def raise_file_limit(wanted: int) -> int:
    """Raise this process's open-file limit to `wanted` if the hard limit allows; the
    limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        new = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
            soft = new
    return wanted if soft == resource.RLIM_INFINITY else soft
