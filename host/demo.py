"""`dicetable demo`: a recorded 3-player King of Tokyo game, replayed end to end.

No camera and no board needed: the recorded session's frames (drawn by our own renderer
from the demo game's script) go through the vision code, each settled throw into the
rules engine, each state change to the board, which here is the real firmware running
under MicroPython as a virtual board drawn in the terminal. The other inputs (resolve,
yield, end of turn) are the button presses and page taps recorded with the session.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from host.errors import UserError
from host.games import Input

if TYPE_CHECKING:
    from host.games.kot import KingOfTokyo
    from vision.live.follow import ThrowFollower

DEMO_GAME = Path(__file__).parent / "games" / "kot" / "data" / "demo-game.json"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--session",
        type=Path,
        help="a recorded session folder to replay (default: the demo game, rendered once "
        "into the cache folder)",
    )
    parser.add_argument(
        "--quiet", action="store_true", help="print only the final scores, not the board"
    )


def run(args: argparse.Namespace) -> int:
    result = play_demo(args.session, out=None if args.quiet else print)
    print("Final scores:")
    for line in result.score_lines():
        print("  " + line)
    return 0


@dataclass(frozen=True)
class DemoResult:
    state: dict  # the game's final state (to_json)
    throws_read: int
    frames: int

    def score_lines(self) -> list[str]:
        lines = []
        for p in self.state["players"]:
            status = "" if p["alive"] else "  (eliminated)"
            where = f"  in Tokyo {p['location'].title()}" if p["location"] else ""
            lines.append(
                f"{p['name']:<6} {p['monster']:<12} {p['vp']:>2} VP  {p['hp']:>2} HP{where}{status}"
            )
        winners = self.state["winners"]
        if self.state["game_over"]:
            lines.append("Winner: " + ", ".join(winners) if winners else "Nobody wins.")
        return lines


def cache_folder() -> Path:
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "dicetable"


def demo_session_folder() -> Path:
    """The demo session, rendered from the demo game's script the first time it is needed
    (the folder's name carries a hash of the script, the renderer's and the tray
    simulator's sources, so a change to any renders it again)."""
    from host import recording
    from vision.live import sequences

    script_text = DEMO_GAME.read_bytes()
    digest = hashlib.sha256(script_text)
    for source in sorted((Path(__file__).parents[1] / "vision" / "render").glob("*.py")):
        digest.update(source.read_bytes())
    digest.update(Path(sequences.__file__).read_bytes())
    digest.update(Path(recording.__file__).read_bytes())
    folder = cache_folder() / f"demo-session-{digest.hexdigest()[:12]}"
    if not (folder / "session.json").exists():
        render_demo_session(folder)
    return folder


def render_demo_session(folder: Path) -> None:
    import json
    import shutil

    from host import recording

    script = json.loads(DEMO_GAME.read_text(encoding="utf-8"))
    print(f"Rendering the demo session's camera frames into {folder} (once) ...", file=sys.stderr)
    shutil.rmtree(folder.with_suffix(".tmp"), ignore_errors=True)  # left by an interrupted run
    recording.render_session(script, folder.with_suffix(".tmp"))
    folder.with_suffix(".tmp").rename(folder)


def play_demo(session_folder: Path | None, out: Callable[[str], None] | None) -> DemoResult:
    """Replay the session through vision, rules and the virtual board; `out` gets the
    story (what the camera read, what was pressed) and the board after every turn."""
    from host import recording
    from host.board.virtual import VirtualBoard
    from host.games.kot import load_script, script
    from vision.live.follow import ThrowFollower
    from vision.reader import DiceReader

    say = out or (lambda _line: None)
    session = recording.load_session(session_folder or demo_session_folder())
    game = script.start(load_script(DEMO_GAME))
    follower = ThrowFollower(DiceReader.load("kot"))
    seats = [
        f"seat {i + 1}: {p['name']} ({p['monster']})"
        for i, p in enumerate(game.to_json()["players"])
    ]
    say("The board's seats: " + ", ".join(seats))
    clock = _FrameClock(session.fps)
    throws = 0
    with VirtualBoard(seats=len(game.players)) as board:
        board.show(game.display())
        turn = (game.active.name, game.turn)
        for step in session.steps:
            if step.input is None:
                say(_read_throw(game, follower, step.frames, clock))
                throws += 1
            else:
                _apply_recorded(game, step.input)
                say(f"  {script.describe(step.input)}" + _answer(step.input))
            board.show(game.display())
            if (game.active.name, game.turn) != turn or game.game_over:
                say(f"The board after {turn[0]}'s turn:")
                say(board.render())
                turn = (game.active.name, game.turn)
                follower.new_turn()
    return DemoResult(game.to_json(), throws, clock.frames)


class _FrameClock:
    """Stream time of the session's frames, as the camera would have stamped them."""

    def __init__(self, fps: int) -> None:
        self.fps = fps
        self.frames = 0

    def tick(self) -> float:
        self.frames += 1
        return (self.frames - 1) / self.fps


def _read_throw(
    game: KingOfTokyo, follower: ThrowFollower, frames: Sequence[Path], clock: _FrameClock
) -> str:
    """Feed one throw's frames to the camera side; apply the throw it settles."""
    import cv2

    from vision.live.follow import Misfit

    expected = game.expected_dice()
    follower.expect(expected.counts if expected else None)
    settled = []
    for path in frames:
        image = cv2.imread(str(path))
        if image is None:
            raise UserError(f"cannot read the frame {path}; delete its folder to render it again")
        for event in follower.feed(image, clock.tick()):
            if isinstance(event, Misfit):
                raise UserError(f"frame {path.name}: {event.reason}")
            kept, thrown = event.faces(event.kept), event.faces(event.thrown)
            _apply_recorded(game, game.throw_input(thrown, kept))
            settled.append(
                f"  camera, {path.name}: throw {event.throw} by {game.active.name} settled: "
                + " ".join(thrown)
                + (f"  (kept: {' '.join(kept)})" if kept else "")
            )
    if len(settled) != 1:
        raise UserError(
            f"the camera saw {len(settled)} throws settle in "
            f"{frames[0].name}..{frames[-1].name}, not 1"
        )
    return settled[0]


def _apply_recorded(game: KingOfTokyo, inp: Input) -> None:
    from host.games import IllegalInput

    try:
        game.apply(inp)
    except IllegalInput as error:
        raise UserError(f"the recorded input {dict(inp)} was refused: {error}") from None


def _answer(inp: Input) -> str:
    if inp.get("type") == "yield":
        return ": leaves Tokyo" if inp.get("leave") else ": stays in Tokyo"
    return ""
