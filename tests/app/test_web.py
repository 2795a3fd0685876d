"""The web server's doors over real HTTP: every malformed or unauthorised request gets a
clear JSON error and changes nothing; the event stream pushes each change."""

from __future__ import annotations

import http.client
import json
import socket
import struct
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from host.app.web import STATIC, WebServer
from host.errors import UserError
from tests.app.browser import PLAYERS, Served, served


@pytest.fixture
def s(tmp_path: Path) -> Iterator[Served]:
    with served(tmp_path) as table:
        table.table.act(
            {
                "do": "new_game",
                "game": "king-of-tokyo",
                "setup": {"players": PLAYERS, "first_player": "Ann"},
            }
        )
        yield table


def request(
    s: Served,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, Any]:
    url = urlsplit(s.url)
    conn = http.client.HTTPConnection(url.hostname or "", url.port, timeout=10)
    conn.request(method, path, body=body, headers=headers or {})
    response = conn.getresponse()
    data = response.read()
    conn.close()
    if response.getheader("Content-Type") == "application/json":
        return response.status, json.loads(data)
    return response.status, data


def post(s: Served, path: str, data: Any, pin: str | None = None) -> tuple[int, Any]:
    """As the page posts: an action carries the state version it was made against."""
    if path == "/api/action" and isinstance(data, dict) and "version" not in data:
        data = {**data, "version": s.table.version}
    headers = {"Content-Type": "application/json"}
    if pin is not None:
        headers["X-Table-PIN"] = pin
    return request(s, "POST", path, json.dumps(data).encode(), headers)


def snapshot(s: Served) -> tuple[Any, ...]:
    t = s.table
    assert t.game is not None and t.game_id is not None
    return (t.game.to_json(), t.store.inputs(t.game_id), len(t.store.games()), t.store.pin)


THROW = {"do": "throw", "faces": ["1", "2", "3", "claw", "heart", "energy"]}


@pytest.mark.parametrize(
    ("method", "path", "body", "headers", "status", "message"),
    [
        ("POST", "/api/action", b"{not json", {"Content-Length": "9"}, 400, "not JSON"),
        ("POST", "/api/action", b"[1, 2]", {}, 400, "a JSON object"),
        ("POST", "/api/action", b"\xff\xfe", {}, 400, "not JSON"),
        ("POST", "/api/nowhere", b"{}", {}, 404, "nothing to post"),
        ("GET", "/api/nothing", None, {}, 404, "nothing at /api/nothing"),
        ("GET", "/api/snapshot/77.jpg", None, {}, 404, "snapshot is gone"),
        ("GET", "/api/snapshot/x.jpg", None, {}, 404, "not a number"),
        ("GET", "/api/games/42/script", None, {}, 404, "no game 42"),
        ("PUT", "/api/action", b"{}", {}, 405, "use GET"),
        # (these two were a 500, and an "internal error" notice on every page)
        ("POST", "/api/action", b'{"do": ["import"]}', {}, 400, 'carries "version"'),
        ("POST", "/api/action", b'{"do": {"a": 1}, "version": 1}', {}, 400, "unknown action {'a"),
    ],
)
def test_malformed_requests_get_a_clear_error(
    s: Served,
    method: str,
    path: str,
    body: bytes | None,
    headers: dict[str, str],
    status: int,
    message: str,
) -> None:
    before, notices = snapshot(s), list(s.table.notices)
    got, data = request(s, method, path, body, {"X-Table-PIN": s.table.store.pin or "", **headers})
    assert got == status
    assert message in data["error"]
    assert snapshot(s) == before and list(s.table.notices) == notices


def test_a_browser_lost_at_an_address_is_shown_the_way_to_the_page(s: Served) -> None:
    """A page opened where the table serves none (a link typed wrong, an old bookmark) is
    told so in its reader's language, with a link to the table's page; a tool's request,
    and any under /api/, still get JSON."""
    browsing = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
    got, page = request(s, "GET", "/index.html", None, {**browsing, "Accept-Language": "fr"})
    assert got == 404 and isinstance(page, bytes)
    said = page.decode()
    assert '<html lang="fr">' in said and "Il n'y a rien à cette adresse." in said
    assert '<a class="link" href="/" data-test="to-the-page">Ouvrir la page de la table</a>' in said
    got, data = request(s, "GET", "/index.html", None, {"Accept": "application/json"})
    assert got == 404 and data["error"] == "nothing at /index.html"
    got, data = request(s, "GET", "/api/nothing", None, browsing)
    assert got == 404 and data["error"] == "nothing at /api/nothing"
    got, _ = request(s, "GET", "/", None, browsing)
    assert got == 200


def test_a_request_without_a_length_or_too_big_is_refused(s: Served) -> None:
    url = urlsplit(s.url)
    conn = http.client.HTTPConnection(url.hostname or "", url.port, timeout=10)
    conn.putrequest("POST", "/api/action")
    conn.putheader("Content-Length", str(50 * 1024 * 1024))
    conn.endheaders()
    response = conn.getresponse()
    assert response.status == 413 and "too big" in json.loads(response.read())["error"]
    conn.close()


@pytest.mark.parametrize("pin", [None, "", "0000", "12345678"])
def test_a_change_without_the_right_pin_is_refused(s: Served, pin: str | None) -> None:
    before = snapshot(s)
    status, data = post(s, "/api/action", THROW, pin)
    assert status == 403 and "PIN" in data["error"]
    assert snapshot(s) == before


def test_wrong_pins_are_limited_per_device(s: Served) -> None:
    right = s.table.store.pin or ""
    for _ in range(5):
        assert post(s, "/api/login", {"pin": "0000" if right != "0000" else "1111"})[0] == 403
    status, data = post(s, "/api/action", THROW, right)
    assert status == 429 and "wait a minute" in data["error"]


def test_an_action_out_of_turn_is_refused_by_the_rules(s: Served) -> None:
    before = snapshot(s)
    action = {"do": "input", "input": {"type": "end_turn", "player": "Cat"}}
    status, data = post(s, "/api/action", action, s.table.store.pin)
    assert status == 409
    assert "waits for Ann to throw" in data["error"]
    assert data["error"].count("waits for") == 1  # said once, not again by the table
    assert snapshot(s) == before


def test_the_rules_refusals_are_said_in_the_language_asked(s: Served) -> None:
    # the rules' own words (the first throw keeps no dice), said as the page asks
    kept = {"type": "throw", "player": "Ann", "thrown": ["1"] * 5, "kept": ["2"]}
    for lang, said in (
        ("fr", "le premier lancer ne garde aucun dé\u00a0: lancez-les tous"),
        ("ja", "1回目はダイスをキープできません：すべて振ってください"),
        ("en", "the first throw keeps no dice: throw them all"),
    ):
        body = json.dumps({"do": "input", "input": kept, "version": s.table.version}).encode()
        headers = {"Accept-Language": lang, "X-Table-PIN": s.table.store.pin or ""}
        status, data = request(s, "POST", "/api/action", body, headers)
        assert status == 409 and data["error"].startswith(said), data


def test_an_acknowledged_action_is_already_stored(s: Served) -> None:
    status, data = post(s, "/api/action", THROW, s.table.store.pin)
    assert status == 200 and data["ok"]
    assert s.table.store.inputs(s.table.game_id or 0)[-1]["type"] == "throw"


def test_reading_needs_no_pin(s: Served) -> None:
    for path in (
        "/",
        "/app.js",
        "/app.css",
        "/api/state",
        "/api/catalog",
        "/api/games",
        "/api/stats",
    ):
        status, _ = request(s, "GET", path)
        assert status == 200, path
    status, script = request(s, "GET", "/api/games/1/script")
    assert status == 200 and script["format"] == "kot-game/1"


def test_the_event_stream_pushes_every_change(s: Served) -> None:
    url = urlsplit(s.url)
    conn = http.client.HTTPConnection(url.hostname or "", url.port, timeout=10)
    conn.request("GET", "/api/events")
    response = conn.getresponse()
    assert response.getheader("Content-Type") == "text/event-stream"

    def next_state() -> dict[str, Any]:
        while True:
            line = response.readline().decode()
            if line.startswith("data: "):
                return dict(json.loads(line[6:]))

    first = next_state()
    assert first["game"]["state"]["throws"] == 0
    post(s, "/api/action", THROW, s.table.store.pin)
    while (state := next_state())["game"]["state"]["throws"] == 0:
        pass
    assert state["game"]["state"]["throws"] == 1 and state["version"] > first["version"]
    conn.close()


def test_a_page_is_sent_the_last_state_before_the_server_closes(s: Served) -> None:
    # `dicetable play --exit-at-end` closes the server as soon as the game ends: the pages
    # must see the end, however close to the close it came
    url = urlsplit(s.url)
    conn = http.client.HTTPConnection(url.hostname or "", url.port, timeout=10)
    conn.request("GET", "/api/events")
    response = conn.getresponse()
    states = []
    while not states:
        line = response.readline().decode()
        if line.startswith("data: "):
            states.append(json.loads(line[6:]))
    s.table.act(THROW)  # the end, then at once the close
    s.web.close()
    while line := response.readline().decode():
        if line.startswith("data: "):
            states.append(json.loads(line[6:]))
    assert states[-1]["game"]["state"]["throws"] == 1
    conn.close()


def test_the_server_listens_on_localhost_unless_told(tmp_path: Path) -> None:
    with served(tmp_path) as local:
        assert local.web.address[0] == "127.0.0.1"
    with served(tmp_path, host="0.0.0.0") as network:
        assert network.web.address[0] == "0.0.0.0"


def test_a_port_in_use_is_a_clear_error(s: Served) -> None:
    port = s.web.address[1]
    with pytest.raises(UserError, match="is another dicetable running"):
        WebServer(s.table, port=int(port))


def test_a_failure_inside_is_a_json_error_and_the_server_goes_on(
    s: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fault of the app while reading (anyone may read): a 500 and the console, not the
    pages' notices; the server goes on."""

    def a_bug() -> None:
        raise KeyError("a bug")  # (a damaged store is no bug: tests/app/test_store_damage.py)

    monkeypatch.setattr(s.table.store, "games", a_bug)
    said: list[str] = []
    s.table.announce = said.append
    notices = list(s.table.notices)
    status, data = request(s, "GET", "/api/games")
    assert status == 500 and "internal error on GET /api/games" in data["error"]
    assert any("internal error on GET /api/games" in line for line in said)
    assert list(s.table.notices) == notices
    assert request(s, "GET", "/api/state")[0] == 200


def test_a_failure_in_a_change_made_with_the_pin_is_told_to_every_page(
    s: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("the disk is on fire")

    monkeypatch.setattr(s.table.store, "append", broken)
    status, data = post(s, "/api/action", THROW, s.table.store.pin)
    assert status == 500 and "the disk is on fire" in data["error"]
    assert "internal error on POST /api/action" in s.table.notices[-1].text
    assert s.table.game is not None and s.table.game.to_json()["throws"] == 0  # not done


MANY = "9" * 5000  # digits


@pytest.mark.parametrize(
    ("method", "path", "body", "headers", "status"),
    [
        ("GET", "/api/games/99999999999999999999/script", None, {}, 404),
        ("GET", f"/api/games/{MANY}/script", None, {}, 404),
        ("GET", f"/api/snapshot/{MANY}.jpg", None, {}, 404),
        ("POST", "/api/action", b"{}", {"Content-Length": "\u00b2"}, 400),
        ("POST", "/api/action", b"{}", {"Content-Length": "\u0661"}, 400),
        ("POST", "/api/action", b"{}", {"Content-Length": MANY}, 400),
        ("POST", "/api/login", b"[" * 100_000, {}, 400),
        ("POST", "/api/login", b'{"a":' * 40 + b"1" + b"}" * 40, {}, 400),
        ("POST", "/api/login", b'{"pin": ' + MANY.encode() + b"}", {}, 400),
        ("POST", "/api/login", b'{"pin": 1e999}', {}, 400),
        ("POST", "/api/login", b'{"pin": NaN}', {}, 400),
        ("POST", "/api/action", b'{"do": "open", "id": ' + MANY.encode() + b"}", {}, 400),
        ("POST", "/api/action", b'{"do": "open", "id": 99999999999999999999}', {}, 400),
    ],
)
@pytest.mark.parametrize("with_pin", [False, True])
def test_hostile_requests_are_4xx_and_reach_no_page(
    s: Served,
    method: str,
    path: str,
    body: bytes | None,
    headers: dict[str, str],
    status: int,
    with_pin: bool,
) -> None:
    """Each of these was a 500 (and an "internal error" notice on every page): a number
    of 20 or 5,000 digits, a Content-Length in other digits, JSON nested 100,000 deep."""
    before, version, notices = snapshot(s), s.table.version, list(s.table.notices)
    pin = {"X-Table-PIN": s.table.store.pin or ""} if with_pin else {}
    raw = {k: v.encode("utf-8") for k, v in {**pin, **headers}.items()}
    got = raw_request(s, method, path, body, raw)
    assert got == status
    assert snapshot(s) == before and list(s.table.notices) == notices
    assert s.table.version == version  # nothing was pushed to the pages


def raw_request(
    s: Served, method: str, path: str, body: bytes | None, headers: dict[str, bytes]
) -> int:
    """The status of a request written byte for byte (http.client checks what it sends)."""
    url = urlsplit(s.url)
    length = {"Content-Length": str(len(body)).encode()} if body is not None else {}
    lines = [f"{method} {path} HTTP/1.1".encode(), b"Host: localhost"]
    lines += [k.encode() + b": " + v for k, v in {**length, **headers}.items()]
    with socket.create_connection((url.hostname or "", url.port or 0), timeout=10) as sock:
        sock.sendall(b"\r\n".join(lines) + b"\r\n\r\n" + (body or b""))
        head = sock.recv(65536)
    return int(head.split(b" ", 2)[1])


def test_the_page_needs_nothing_from_the_internet(s: Served) -> None:
    """No CDN: the page's own files only, and the browser is told to load nothing else."""
    for name in ("index.html", "app.js", "app.css"):
        text = (STATIC / name).read_text()
        assert "http://" not in text and "https://" not in text and "//cdn" not in text, name
    url = urlsplit(s.url)
    conn = http.client.HTTPConnection(url.hostname or "", url.port, timeout=10)
    conn.request("GET", "/")
    csp = conn.getresponse().getheader("Content-Security-Policy") or ""
    assert "default-src 'self'" in csp
    conn.close()


def test_a_connection_dropped_between_requests_is_no_traceback(
    s: Served, capsys: pytest.CaptureFixture[str]
) -> None:
    """A phone going to sleep drops its kept-alive connection: nothing on the console."""
    url = urlsplit(s.url)
    sock = socket.create_connection((url.hostname or "", url.port or 0), timeout=10)
    sock.sendall(b"GET /api/state HTTP/1.1\r\nHost: localhost\r\n\r\n")
    assert sock.recv(65536).startswith(b"HTTP/1.1 200")
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()  # a reset, not a goodbye
    time.sleep(0.3)
    assert request(s, "GET", "/api/state")[0] == 200
    assert "Traceback" not in capsys.readouterr().err


def test_answers_are_sent_at_once_on_a_kept_alive_connection(s: Served) -> None:
    """Nagle's algorithm is off on the page's connections: with it on, an answer's body,
    written after its headers, waited for the phone's delayed ACK (40 ms more per answer on
    a kept-alive connection, and per state pushed on the event stream)."""
    url = urlsplit(s.url)
    conn = http.client.HTTPConnection(url.hostname or "", url.port, timeout=10)
    for _ in range(2):  # the second on the same connection
        conn.request("GET", "/api/state")
        assert conn.getresponse().read().startswith(b"{")
    connections = s.web.server.server_state.connections
    assert connections
    for protocol in connections:
        sock = protocol.transport.get_extra_info("socket")  # type: ignore[attr-defined]
        assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
    conn.close()


def test_an_action_another_phone_made_first_is_said_so_in_the_phones_language(
    s: Served,
) -> None:
    """Two phones (each its address) end Ann's throws against the same state: the one
    that comes second is told another page did it, in its language."""
    pin = s.table.store.pin or ""
    version = s.table.version
    action = {"do": "input", "input": {"type": "resolve", "player": "Ann"}, "version": version}
    post(s, "/api/action", {**THROW, "version": version}, pin)
    action["version"] = s.table.version
    assert post(s, "/api/action", action, pin)[0] == 200
    host, port = s.web.address
    conn = http.client.HTTPConnection(host, port, timeout=10, source_address=("127.0.0.2", 0))
    headers = {"Content-Type": "application/json", "X-Table-PIN": pin, "Accept-Language": "fr"}
    conn.request("POST", "/api/action", json.dumps(action), headers)
    response = conn.getresponse()
    said = json.loads(response.read())
    conn.close()
    assert response.status == 409 and said["stale"]
    assert said["error"].startswith(
        "la table a changé avant que ceci n'arrive (une autre page)\u00a0: rien n'a été fait"
    )


def test_the_same_action_twice_is_done_once(s: Served) -> None:
    """A double tap: the same throw, then the same end of throws, then the same undo,
    each sent twice against the same state: one is done, the other refused as stale."""
    pin = s.table.store.pin
    for action in (THROW, {"do": "input", "input": {"type": "resolve", "player": "Ann"}}):
        version = s.table.version
        first = post(s, "/api/action", {**action, "version": version}, pin)
        second = post(s, "/api/action", {**action, "version": version}, pin)
        assert first[0] == 200
        assert second[0] == 409 and second[1]["stale"] and "nothing was done" in second[1]["error"]
        assert "(sent twice from this device)" in second[1]["error"]
        assert second[1]["version"] == s.table.version
    assert [i["type"] for i in s.table.store.inputs(s.table.game_id or 0)] == ["throw"]
    assert s.table.holding is not None  # held for the correction window, not resolved
    version = s.table.version
    assert post(s, "/api/action", {"do": "undo", "version": version}, pin)[0] == 200
    assert post(s, "/api/action", {"do": "undo", "version": version}, pin)[0] == 409
    assert s.table.holding is None and s.table.store.inputs(s.table.game_id or 0) != []


def test_two_phones_at_once_one_is_done(s: Served) -> None:
    version, pin = s.table.version, s.table.store.pin
    with ThreadPoolExecutor(8) as pool:
        got = list(
            pool.map(lambda _: post(s, "/api/action", {**THROW, "version": version}, pin), range(8))
        )
    assert sorted(status for status, _ in got) == [200] + [409] * 7
    assert len(s.table.store.inputs(s.table.game_id or 0)) == 1


def test_an_action_needs_the_version_it_was_made_against(s: Served) -> None:
    pin, before = s.table.store.pin, snapshot(s)
    url = urlsplit(s.url)
    for body, status, said in (
        (THROW, 400, 'carries "version"'),
        ({**THROW, "version": "7"}, 400, '"version" is the state version'),
        ({**THROW, "version": s.table.version + 1}, 409, "the table changed"),  # a restart's
    ):
        conn = http.client.HTTPConnection(url.hostname or "", url.port, timeout=10)
        conn.request("POST", "/api/action", json.dumps(body), {"X-Table-PIN": pin or ""})
        response = conn.getresponse()
        assert response.status == status and said in json.loads(response.read())["error"]
        conn.close()
    assert snapshot(s) == before


def test_a_notice_since_the_page_looked_is_no_change_of_the_game(s: Served) -> None:
    version = s.table.version
    s.table.press(7)  # "button 8: nobody sits there", a notice
    assert s.table.version > version
    assert post(s, "/api/action", {**THROW, "version": version}, s.table.store.pin)[0] == 200


def test_the_server_says_its_refusals_and_notices_in_the_language_asked(s: Served) -> None:
    french = {"Accept-Language": "fr-FR,fr;q=0.9", "Content-Type": "application/json"}
    body = json.dumps({"do": "pause", "version": s.table.version}).encode()
    status, said = request(s, "POST", "/api/action", body, french)  # no PIN
    assert status == 403
    assert said["error"].startswith("lecture seule\u00a0: entrez le code de la table")
    assert said["key"].startswith("read-only: enter the table PIN")  # for a tool to tell
    assert post(s, "/api/action", {"do": "pause"}, pin=s.table.store.pin)[0] == 200
    _, state = request(s, "GET", "/api/state?lang=ja")
    assert state["notices"][-1]["text"] == "ゲームを一時停止しました"  # (a tag said nothing)
    _, state = request(s, "GET", "/api/state", headers={"Accept-Language": "fr"})
    assert state["notices"][-1]["text"] == "partie en pause"
    wrong = "0000" if s.table.store.pin != "0000" else "1111"
    status, said = request(s, "POST", "/api/action", body, {**french, "X-Table-PIN": wrong})
    assert status == 403 and said["error"].startswith("code erroné\u00a0:")


def test_the_catalog_draws_every_die_face_as_the_renderer_draws_it(s: Served) -> None:
    """Our own glyphs, as SVG, for every face of the game's dice: the black and green
    dice's, the berserk die's (its skull's eyes cut out in the die's colour), the die of
    fate's."""
    status, data = request(s, "GET", "/api/catalog")
    assert status == 200
    (kot,) = [g for g in data["games"] if g["game"] == "king-of-tokyo"]
    faces = {f["face"]: f for f in kot["dice"]["faces"]}
    assert {"heart", "claw", "berserk_claw_2", "berserk_skull", "fate_eye", "fate_ankh"} <= set(
        faces
    )
    for face, shown in faces.items():
        assert shown.get("svg", "").startswith("<svg"), face
    assert 'class="body"' in faces["berserk_skull"]["svg"]
    assert faces["berserk_claw"]["svg"] != faces["claw"]["svg"]
