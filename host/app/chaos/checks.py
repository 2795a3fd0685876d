"""The chaos soak's invariants on the table and its host (the board's are in `board`),
each broken one a defect in the tally:

- never a 5xx; every refusal is `{"error": ...}` with words, in Japanese for a Japanese
  phone (`answer`);
- a refusal changes nothing (`observe`), and the live stream sends every change (`live`);
- never a traceback on the host's console (`console`);
- after a restart the game is the one acknowledged (`timed`, `one_more`: what else it may
  be)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from host.app.chaos.looks import Seen, seen

if TYPE_CHECKING:
    from host.app.chaos.soak import Soak
    from host.app.chaos.tally import Tally

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
# the refusals a player reads (the others answer requests the page never makes, in the
# API's English: host.app.table.Malformed, a method or a path that is not the API's)
SAID = (403, 409, 429, 503)


def waited(done: Callable[[], bool], seconds: float, pause: float) -> bool:
    """`done` came true within `seconds` (looked at every `pause`)."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            return False
        time.sleep(pause)
    return True


def answer(tally: Tally, lang: str, status: int, data: Any, path: str, said: str) -> None:
    """An answer of the server to a phone of `lang`: a 5xx or a refusal without words (or
    not in Japanese for a Japanese phone) is a defect."""
    if status >= 500:
        tally.defect(f"{status} for {said}: {str(data)[:300]}")
    elif status >= 400 and path.startswith("/api/"):
        words = data.get("error") if isinstance(data, dict) else None
        if not isinstance(words, str) or not words.strip():
            tally.defect(f"{status} without words for {said}: {str(data)[:300]}")
        elif lang == "ja" and status in SAID and not JAPANESE.search(words):
            tally.defect(f"{status} not in Japanese for {said}: {words[:200]}")


def observe(soak: Soak, changed: bool, what: str) -> Seen:
    """The table after an action: acknowledged (`changed`), or refused: then nothing
    changed."""
    now = seen(soak.phones[0])
    acked = soak.acked
    if not changed and acked is not None and not now.same(acked) and not timed(acked, now):
        log = (soak.phones[0].get("/api/state")["game"] or {}).get("log", [])[-2:]
        last = [(e["n"], e["source"], e["input"].get("type")) for e in log]
        soak.tally.defect(
            f"a refusal changed the game: {what[:200]}: {acked.differs(now)}; the "
            f"log ends {last}; the last action: {soak.last}"
        )
    if changed:
        live(soak, now.version)
    soak.acked = now
    return now


def live(soak: Soak, version: int) -> None:
    """The live stream sends the state of `version` (or a later one) within 3 s."""
    listener = soak.listener
    if listener is not None and not waited(lambda: listener.version >= version, 3, 0.02):
        soak.tally.defect(
            f"the live stream did not send version {version} within 3 s (it sent "
            f"{listener.version} last)"
        )


def console(soak: Soak) -> None:
    """No traceback on the host's console since the last look."""
    for traceback in soak.host.tracebacks():
        soak.tally.defect(f"a traceback on the host's console: {traceback}")


def timed(acked: Seen, now: Seen) -> bool:
    """`now` is `acked` with its held result used by the correction window's end (the
    clock's move)."""
    if acked.held is None or now.held is not None or now.game_id != acked.game_id:
        return False
    return now.inputs.grew(acked.inputs, 1) and now.inputs.last == acked.held


def one_more(acked: Seen, now: Seen, what: str) -> bool:
    """`now` is `acked` with the action `what` done (it was in flight when the kill came:
    committed, its answer lost)."""
    if what == "open":
        return True  # (the other game, or this one again: the next restart's look is its)
    if what == "burst":  # (one of its taps: an input, an undo, a redo or a pause)
        return any(one_more(acked, now, w) for w in ("pause", "undo", "legal"))
    if now.game_id != acked.game_id:
        return False
    same_inputs = now.inputs == acked.inputs
    if what == "pause":
        return same_inputs and now.paused != acked.paused and now.held == acked.held
    if what == "undo":
        return (acked.inputs.grew(now.inputs, 1) and now.held in (acked.held, None)) or (
            same_inputs and acked.held is not None and now.held is None
        )
    # an input (a press: what it stands for) taken, or a result held
    return now.inputs.grew(acked.inputs) or (same_inputs and now.held != acked.held)
