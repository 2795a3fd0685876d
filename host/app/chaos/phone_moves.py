"""What the phones do at random: legal inputs, undo, redo, pause, an action against a
stale state, every phone at once, another game opened and this one again; illegal
inputs, malformed and hostile requests, a wrong PIN from another device."""

from __future__ import annotations

import json
import threading
from typing import TYPE_CHECKING, Any

from host.app.chaos import board
from host.app.chaos.checks import live, observe
from host.app.chaos.inputs import JUNK, mutated, random_input
from host.app.chaos.phones import Gone, Phone, action_headers

if TYPE_CHECKING:
    from host.app.chaos.soak import Soak
    from host.games.kind import GameKind

HOSTILE_GETS = (
    "/api/games/abc/script", "/api/games/999999/script", "/api/games/-1/script",
    "/api/games/1e999/script", "/api/snapshot/x.jpg", "/api/snapshot/99999999999999999999.jpg",
    "/api/cut/x/y.png", "/api/cut/1/99.png", "/api/teach/cut/-5.png",
    "/api/teach-cards/cut/abc.png", "/api/%2e%2e/%2e%2e/etc/passwd", "/api/state?lang=zz",
    "/api/locale?lang=../../x", "/api/nothing", "/api/games/1/script/x",
    "/api/stats", "/api/games", "/api/catalog", "/api/join", "/api/sets",
)  # fmt: skip


def simple(soak: Soak, phone: Phone, action: dict[str, Any], what: str = "") -> tuple[int, Any]:
    """`action` against the state last acknowledged; the table after it checked."""
    assert soak.acked is not None
    status, answer = phone.act(action, soak.acked.version)
    observe(soak, status == 200, what or str(action))
    return status, answer


def why(answer: Any) -> str:
    """A refusal's reason, for the figures: its key, else its words."""
    return str(answer.get("key", answer.get("error")))


def legal(soak: Soak, kind: GameKind, phone: Phone) -> None:
    now = soak.acked
    assert now is not None
    if now.paused:
        simple(soak, phone, {"do": "resume"})
        return
    if now.held is not None and soak.rng.random() < 0.7:  # the result held: use it
        simple(soak, phone, {"do": "input", "input": json.loads(now.held)})
        return
    game = soak.mirror(kind, now)
    inp = dict(random_input(kind, game, soak.rng))
    status, answer = simple(soak, phone, {"do": "input", "input": inp}, f"input {inp}")
    if status != 200 and now.held is None and isinstance(answer, dict):
        # a legal input refused: what the table adds to the rules (said, not a defect)
        soak.tally.refused[why(answer)[:120]] += 1


def illegal(soak: Soak, kind: GameKind, phone: Phone) -> None:
    now = soak.acked
    assert now is not None
    game = soak.mirror(kind, now)
    if game.game_over or now.paused:
        inp: Any = {"type": "throw", "faces": []}
    else:
        inp = mutated(dict(random_input(kind, game, soak.rng)), soak.rng)
    status, _ = phone.act({"do": "input", "input": inp}, now.version, f"input {inp}"[:300])
    observe(soak, status == 200, f"input {inp}")


def stale(soak: Soak, phone: Phone) -> None:
    """An undo against a state that moved on: refused."""
    assert soak.acked is not None
    version = max(0, soak.acked.version - soak.rng.randint(1, 5))
    status, _ = phone.act({"do": "undo"}, version)
    observe(soak, status == 200, "an undo against a stale state")


def stranger(soak: Soak) -> None:
    """An action from another device with a wrong PIN: refused."""
    status, _ = soak.stranger.act({"do": "undo"}, 0, "a wrong PIN", pin="0000")
    if status == 200:
        soak.tally.defect("an action with a wrong PIN was taken")
    observe(soak, False, "a wrong PIN")


def deep(n: int) -> Any:
    out: Any = 1
    for _ in range(n):
        out = [out]
    return out


def hostile(soak: Soak, kind: GameKind, phone: Phone) -> None:
    now = soak.acked
    assert now is not None
    rng = soak.rng
    pick = rng.randrange(12)
    if pick == 0:
        phone.request("GET", rng.choice(HOSTILE_GETS))
    elif pick == 1:
        body = rng.choice([
            b"", b"null", b"[]", b"{", b'{"do": 5}', b"\xff\xfe", b'{"do": "input"}',
            json.dumps(deep(40)).encode(), b'{"do": "undo", "version": 1e400}',
            b'{"do": "undo", "version": NaN}', b'{"do": "undo", "version": "1"}',
            b'{"do": "undo", "version": 123456789012345678}', b"x" * 70000,
        ])  # fmt: skip
        phone.request("POST", "/api/action", body, action_headers(), f"body {body[:40]!r}")
    elif pick == 2:
        action = {"do": rng.choice(["open", "replace", "name_die", "throw_again", "teach",
                                    "teach_cards", "roll_back", "throw", "nothing", None,
                                    5])}  # fmt: skip
        for key in rng.sample(["id", "input", "faces", "step", "set", "die", "name",
                               "set_version", "throw", "cards"], 2):  # fmt: skip
            action[key] = rng.choice(JUNK)
        phone.act(action, now.version)
    elif pick == 3:  # a game's script changed, imported (not opened)
        script = phone.get(f"/api/games/{now.game_id}/script")
        phone.act({"do": "import", "open": False, "script": mutated(script, rng)}, None,
                  "import of a changed script")  # fmt: skip
        soak.look()  # (a game stored beside: the one on the table is checked unchanged
        return  # below by the next observe)
    elif pick == 4:
        login = json.dumps({"pin": rng.choice(JUNK)}).encode()
        phone.request("POST", "/api/login", login, {"Content-Type": "application/json"})
    elif pick == 5:
        undo = json.dumps({"do": "undo", "version": now.version}).encode()
        text = action_headers("text/plain")
        phone.request("POST", "/api/action", undo, text, "undo as text/plain")
        soak.look()  # (taken or not: either is right)
        return
    elif pick == 6:
        phone.act({"do": "throw", "faces": rng.choice(JUNK)}, now.version)
    elif pick == 7:
        phone.act({"do": "input", "input": rng.choice(JUNK)}, now.version)
    elif pick == 8:
        phone.act({"do": "undo"}, rng.choice([True, "1", None, -1, 1.5, [1]]))
    elif pick == 9:
        phone.request("DELETE", "/api/action", None, action_headers())
        phone.request("PUT", "/api/state", b"{}", action_headers())
    elif pick == 10:
        name = rng.choice(["\x00\x01", "a" * 100, "名" * 30, "", " ", "\u202e"])
        setup = {"players": [{"name": name}, {"name": name}]}
        phone.act({"do": "new_game", "game": kind.name, "setup": setup}, now.version)
        if soak.look().game_id != now.game_id:  # (a setup of such names was taken)
            soak.tally.defect(f"a game set up with the player name {name!r}")
        return
    else:
        phone.request("GET", "/api/state", None, {"Accept-Language": "xx;q=abc,,,"})
    observe(soak, False, f"hostile {pick}")


def burst(soak: Soak, kind: GameKind) -> None:
    """Every phone at once, each a change against the same state (a double tap, two
    players tapping together, with a press among them): one is taken at most."""
    now = soak.acked
    assert now is not None
    rng = soak.rng
    game = soak.mirror(kind, now)
    actions: list[dict[str, Any]] = []
    for _ in soak.phones:
        if rng.random() < 0.6 and not game.game_over and not now.paused:
            actions.append({"do": "input", "input": random_input(kind, game, rng)})
        else:
            actions.append({"do": rng.choice(["undo", "redo", "pause"])})
    if rng.random() < 0.5 and len(actions) > 1:
        actions[1] = actions[0]  # a double tap
    answers: list[int] = []
    gone: list[str] = []

    def tap(phone: Phone, action: dict[str, Any]) -> None:
        try:
            answers.append(phone.act(action, now.version, f"burst {action}")[0])
        except Gone as error:
            gone.append(str(error))

    taps = [
        threading.Thread(target=tap, args=(p, a))
        for p, a in zip(soak.phones, actions, strict=False)
    ]
    for t in taps:
        t.start()
    if rng.random() < 0.3 and board.connected(soak.board):
        board.press_made(soak, rng.randrange(soak.board.seats))
    for t in taps:
        t.join()
    if gone:
        raise Gone(gone[0])
    board.settled(soak)
    if answers.count(200) > 1:
        soak.tally.defect(f"{answers.count(200)} changes taken against one version: {actions}")
    live(soak, soak.look().version)


def open_another(soak: Soak, phone: Phone) -> None:
    """Another game of the list opened (a game over, one imported), then this one again."""
    assert soak.acked is not None
    others = [g["id"] for g in phone.get("/api/games")["games"] if g["id"] != soak.mine]
    if not others:
        return
    simple(soak, phone, {"do": "open", "id": soak.rng.choice(others)})
    back_to_mine(soak, phone)


def back_to_mine(soak: Soak, phone: Phone) -> None:
    """The game played opened again (another was: an open, or one in flight at a kill)."""
    for _ in range(5):
        assert soak.acked is not None
        if soak.acked.game_id == soak.mine or soak.mine is None:
            return
        status, answer = simple(soak, phone, {"do": "open", "id": soak.mine}, "open")
        if status != 200 and isinstance(answer, dict):
            soak.tally.refused[f"open: {why(answer)}"[:120]] += 1
    soak.tally.defect(f"the game played ({soak.mine}) cannot be opened again")
