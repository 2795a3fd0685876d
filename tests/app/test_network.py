"""Where the page is served: `--serve-network` listens on every IPv4 address and prints
the addresses a phone can open; the page answers only to this machine's names and
addresses (a page elsewhere cannot read the table by DNS rebinding)."""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from host.app.network import machine_names, network_addresses
from tests.app.browser import PLAYERS, served

ROOT = Path(__file__).resolve().parents[2]


def get(address: str, port: int, host: str | None = None, path: str = "/api/state") -> int:
    conn = http.client.HTTPConnection(address, port, timeout=10)
    conn.request("GET", path, headers={"Host": host} if host else {})
    response = conn.getresponse()
    response.read()
    conn.close()
    return response.status


def test_serve_network_prints_the_addresses_a_phone_can_open(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_DATA_HOME": str(tmp_path)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "host", "play", "--camera", "none", "--board", "none",
         "--port", "0", "--serve-network"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        lines = []
        while not (line := proc.stdout.readline()).startswith("dicetable: board:"):
            assert line, proc.stderr.read() if proc.stderr else ""
            lines.append(line)
        urls = [u for line in lines for u in re.findall(r"http://\S+/", line)]
        ours = network_addresses()
        if not ours:
            assert any("no network address yet" in line for line in lines), lines
            pytest.skip("this machine has no network address to open the page by")
        assert [urlsplit(u).hostname for u in urls] == ours, lines  # never 0.0.0.0
        for url in urls:
            parts = urlsplit(url)
            assert get(parts.hostname or "", parts.port or 0) == 200, url  # as a phone would
            assert get(parts.hostname or "", parts.port or 0, "rebound.example") == 421
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=30)
    assert proc.returncode == 0


def test_without_serve_network_the_page_is_this_machines_only(tmp_path: Path) -> None:
    with served(tmp_path) as s:
        port = s.web.address[1]
        assert s.url == f"http://localhost:{port}/"
        for address in network_addresses():
            with pytest.raises(ConnectionRefusedError):
                socket.create_connection((address, port), timeout=5).close()
        assert get("127.0.0.1", port, f"localhost:{port}") == 200


@pytest.mark.parametrize("bound", ["127.0.0.1", "0.0.0.0"])
def test_a_request_under_another_name_is_refused(tmp_path: Path, bound: str) -> None:
    """A page elsewhere (rebound.example, made to point at this machine) reading the
    state or the live stream, or trying a PIN, is refused; the machine's own names and
    addresses are answered."""
    with served(tmp_path, host=bound) as s:
        s.table.act({"do": "new_game", "setup": {"players": PLAYERS}})
        port = s.web.address[1]
        for path in ("/", "/api/state", "/api/events", "/api/games/1/script"):
            assert get("127.0.0.1", port, f"rebound.example:{port}", path) == 421, path
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("POST", "/api/login", '{"pin": "0000"}', {"Host": "rebound.example"})
        assert conn.getresponse().status == 421
        conn.close()
        assert s.web.pins.devices == {}  # not even counted as a guess
        good = ["localhost", f"127.0.0.1:{port}", f"[::1]:{port}", "LOCALHOST."]
        if bound == "0.0.0.0":
            good += [*machine_names(), *network_addresses()]
        for host in good:
            assert get("127.0.0.1", port, host) == 200, host


def test_a_name_given_with_host_name_is_answered(tmp_path: Path) -> None:
    from host.app.web import WebServer

    with served(tmp_path, host="0.0.0.0") as s:
        web = WebServer(s.table, host="0.0.0.0", port=0, names=["pi.home.lan"])
        web.start()
        try:
            assert get("127.0.0.1", web.address[1], "pi.home.lan:8080") == 200
            assert get("127.0.0.1", web.address[1], "pi.home.lan.evil.example") == 421
        finally:
            web.close()
