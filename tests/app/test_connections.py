"""What one client, or many, can hold of the page's server: connections are counted per
client address and in all, idle ones are closed, a burst is queued by the kernel. All on
loopback: Linux routes every 127.0.0.x, so a client socket bound to 127.0.0.2 is another
device as far as the server can tell."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import resource
import selectors
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from host.app.chromium import launch
from host.app.connections import Limits
from tests.app.browser import PLAYERS, Served, served, unlock_page

ROOT = Path(__file__).resolve().parents[2]


def holder(address: str, port: int) -> socket.socket:
    sock = socket.socket()
    sock.bind((address, 0))
    sock.settimeout(10)
    sock.connect(("127.0.0.1", port))
    return sock


def closed_by_server(sock: socket.socket, within: float) -> bytes | None:
    """What the server sent before closing `sock` within `within` s (None: still open;
    a reset may lose what it sent)."""
    sock.settimeout(within)
    got = b""
    with contextlib.suppress(TimeoutError):
        try:
            while chunk := sock.recv(65536):
                got += chunk
        except ConnectionResetError:
            pass
        return got
    return None


def get(port: int, path: str = "/api/state", source: str = "127.0.0.1") -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    conn.request("GET", path)
    status = conn.getresponse().status
    conn.close()
    return status


@contextlib.contextmanager
def files(wanted: int) -> Iterator[None]:
    """This test process may open `wanted` files (the sockets it holds)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < wanted:
        pytest.skip(f"this machine's hard file limit ({hard}) is below {wanted}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, wanted), hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def service_limits() -> None:
    """A service's open-file limit unless its unit says otherwise (systemd's 1024)."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))


@pytest.mark.slow
def test_1100_connections_held_by_one_client_leave_the_page_to_everyone_else(
    tmp_path: Path,
) -> None:
    """`dicetable play` as a service runs it (1024 files); one device opens 1,100
    connections and keeps them, each with half a request; a phone's page still loads and
    sets up a game, and the server holds a bounded number of files."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_DATA_HOME": str(tmp_path)}
    with files(4096):
        proc = subprocess.Popen(
            [sys.executable, "-m", "host", "play", "--camera", "none", "--board", "none",
             "--port", "0", "--pin", "2468"],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            preexec_fn=service_limits,
        )  # fmt: skip
        held: list[socket.socket] = []
        try:
            assert proc.stdout is not None
            for _ in range(10):
                line = proc.stdout.readline()
                if found := re.search(r"http://\S+:(\d+)/", line):
                    break
            assert found, line
            port = int(found.group(1))
            for _ in range(1100):
                with contextlib.suppress(OSError):  # refused at once is fine too
                    sock = holder("127.0.0.2", port)
                    sock.sendall(b"GET /api/state HTTP/1.1\r\nHost: x\r\n")  # and no more
                    held.append(sock)
            with sync_playwright() as playwright:
                browser = launch(playwright)
                page = browser.new_page()
                page.set_default_timeout(10_000)
                page.goto(f"http://127.0.0.1:{port}/")
                expect(page.locator("#live")).to_have_class("dot on")
                unlock_page(page, "2468")
                page.get_by_role("button", name="Set up a game").click()
                for i, p in enumerate(PLAYERS):
                    page.fill(f"[aria-label='player {i + 1} name']", p["name"])
                page.click("[data-test=start]")
                expect(page.locator("[data-test=turn]")).to_contain_text("Set out the cards")
                browser.close()
            open_files = len(os.listdir(f"/proc/{proc.pid}/fd"))
            assert open_files < Limits().per_client + 200, open_files
            still_open = [s for s in held if closed_by_server(s, 0.01) is None]
            assert len(held) == 1100 and len(still_open) <= Limits().per_client
        finally:
            for sock in held:
                sock.close()
            proc.terminate()
            proc.communicate(timeout=30)


@pytest.fixture
def quick_idle(tmp_path: Path) -> Iterator[Served]:
    with served(tmp_path, limits=Limits(idle=0.5)) as s:
        yield s


def test_a_connection_that_sends_nothing_or_trickles_is_closed(quick_idle: Served) -> None:
    port = quick_idle.web.address[1]
    silent = holder("127.0.0.1", port)
    trickle = holder("127.0.0.1", port)
    trickle.sendall(b"GET /api/state HTTP/1.1\r\n")
    start = time.monotonic()
    trickle.settimeout(0.1)
    while time.monotonic() - start < 3:  # a byte of header every 0.1 s, never the end
        try:
            trickle.sendall(b"X")
            if trickle.recv(1) == b"":
                break
        except TimeoutError:
            continue
        except OSError:
            break
    assert time.monotonic() - start < 2.5, "the trickling connection was kept"
    assert closed_by_server(silent, 2) == b""
    kept_alive = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    kept_alive.request("GET", "/api/state")
    kept_alive.getresponse().read()
    assert closed_by_server(kept_alive.sock, 2) == b""  # after its answer, idle
    silent.close()
    trickle.close()
    kept_alive.close()


def test_an_event_stream_is_never_idle(quick_idle: Served) -> None:
    quick_idle.table.act({"do": "new_game", "setup": {"players": PLAYERS}})
    conn = http.client.HTTPConnection("127.0.0.1", quick_idle.web.address[1], timeout=10)
    conn.request("GET", "/api/events")
    response = conn.getresponse()
    assert response.readline().startswith(b"retry:")
    time.sleep(1.5)  # three times the idle limit
    before = quick_idle.table.version
    quick_idle.table.act({"do": "throw", "faces": ["1", "1", "1", "2", "2", "2"]})
    while line := response.readline():
        if line.startswith(b"data: ") and json.loads(line[6:])["version"] > before:
            break
    assert line, "the stream was closed"
    conn.close()


def test_a_burst_of_connections_is_queued_not_dropped(quick_idle: Served) -> None:
    """Phones reconnecting at once (the host restarted): the kernel queues them all, so
    none waits for its connection to be retried (a second at least, then 3, 7...)."""
    port = quick_idle.web.address[1]
    with files(1024):
        socks = [socket.socket() for _ in range(600)]
        for sock in socks:  # made first, so the burst itself is quick
            sock.bind(("127.0.0.3", 0))
            sock.setblocking(False)
        start = time.monotonic()
        for sock in socks:
            sock.connect_ex(("127.0.0.1", port))
        selector = selectors.DefaultSelector()
        for sock in socks:
            selector.register(sock, selectors.EVENT_WRITE)
        waiting = len(socks)
        while waiting and time.monotonic() - start < 5:
            for key, _ in selector.select(timeout=0.1):
                selector.unregister(key.fileobj)
                waiting -= 1
        took = time.monotonic() - start
        errors = [s.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) for s in socks]
        for sock in socks:
            sock.close()
    assert waiting == 0 and not any(errors)
    assert took < 0.9, f"600 connections took {took:.2f} s to be taken"


def test_when_every_connection_is_taken_a_newcomer_still_gets_in(tmp_path: Path) -> None:
    """A device at its most (8) is refused one more, and told why; ten devices try to
    hold 8 each while the server holds at most 40: a device that holds none still reads
    the table (the biggest holder's oldest connection gives way)."""
    with served(tmp_path, limits=Limits(per_client=8, total=40)) as s:
        port = s.web.address[1]
        held = [holder("127.0.0.10", port) for _ in range(8)]
        said = closed_by_server(holder("127.0.0.10", port), 2) or b""
        assert said.startswith(b"HTTP/1.1 503") and b"too many connections from this" in said
        held += [holder(f"127.0.0.{11 + i // 8}", port) for i in range(72)]
        time.sleep(0.2)
        assert s.web.guard.count <= 40
        assert get(port) == 200
        assert get(port, source="127.0.0.50") == 200
        for sock in held:
            sock.close()
