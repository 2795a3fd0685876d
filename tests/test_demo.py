"""The demo's slice end to end: recorded frames -> vision -> rules -> virtual board."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from host import recording
from host.demo import demo_script, play_demo
from host.games.kot import load_script, replay

pytestmark = pytest.mark.slow

# The recorded game's known outcome (see the description in the demo game's script).
KNOWN_OUTCOME = {
    "Ann": {"vp": 5, "hp": 0, "alive": False, "location": None},
    "Bob": {"vp": 0, "hp": 0, "alive": False, "location": None},
    "Cat": {"vp": 6, "hp": 3, "alive": True, "location": "city"},
}


@pytest.fixture(scope="module")
def session_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("demo") / "session"
    recording.render_session(json.loads(demo_script().read_text()), folder)
    return folder


def outcome(state: dict) -> dict:
    return {
        p["name"]: {k: p[k] for k in ("vp", "hp", "alive", "location")} for p in state["players"]
    }


def test_the_demo_through_vision_ends_as_the_recorded_game(session_folder: Path) -> None:
    shown: list[str] = []
    result = play_demo(session_folder, out=shown.append)
    assert outcome(result.state) == KNOWN_OUTCOME
    assert result.state["winners"] == ["Cat"] and result.state["game_over"]
    # every throw of the script was read from the frames, none invented
    script = load_script(demo_script())
    assert result.throws_read == sum(1 for i in script.inputs if i["type"] == "throw")
    # and the camera's reading gave exactly the script's game
    assert result.state == replay(script).to_json()
    assert len(shown) >= 9  # the board was drawn at least once a turn


def test_the_board_shows_the_final_dials(session_folder: Path) -> None:
    from host.board.virtual import VirtualBoard

    script = load_script(demo_script())
    game = replay(script)
    with VirtualBoard(seats=3) as board:
        board.show(game.display())
        assert board.shown()[:3] == [seat.text for seat in game.display().seats]


def test_demo_command_prints_final_scores(session_folder: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    result = subprocess.run(
        [sys.executable, "-m", "host", "demo", "--session", str(session_folder)],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    tail = result.stdout[result.stdout.index("Final scores:") :]
    assert "Cat" in tail and "Winner: Cat" in tail
    assert "Ann" in tail and "(eliminated)" in tail
    # and what to do next: the page, a game night, every command
    assert "Next: this game on the web page, in real time: dicetable demo --page" in tail
    assert "dicetable play" in tail and "dicetable --help" in tail


@pytest.mark.parametrize("kind", ["missing", "no session.json", "not JSON"])
def test_a_bad_session_folder_is_one_clear_line(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "session"
    if kind != "missing":
        folder.mkdir()
    if kind == "not JSON":
        (folder / "session.json").write_text("{bad")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    result = subprocess.run(
        [sys.executable, "-m", "host", "demo", "--session", str(folder), "--quiet"],
        capture_output=True, text=True, timeout=60, env=env,
    )  # fmt: skip
    lines = result.stderr.strip().splitlines()
    assert result.returncode != 0 and len(lines) == 1, result.stderr
    says = "is not a session file" if kind == "not JSON" else "is not a recorded session"
    assert lines[0].startswith("dicetable demo: ") and says in lines[0], result.stderr


def test_the_demo_serves_the_page_when_asked(session_folder: Path) -> None:
    """--page: the demo is a game night's table, with its page (and its PIN) live."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    command = [sys.executable, "-m", "host", "demo", "--session", str(session_folder)]
    proc = subprocess.Popen(
        [*command, "--quiet", "--page", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    assert proc.stdout is not None
    try:
        lines = [proc.stdout.readline() for _ in range(2)]  # the PIN and the page, any order
        url = next(x.split(" at ")[1].strip() for x in lines if "the table's page is at" in x)
        assert any(x.startswith("Table PIN: ") for x in lines), lines
        for _ in range(100):  # the session's game is set up just after the page starts
            with urllib.request.urlopen(url + "api/state", timeout=10) as response:
                game = json.loads(response.read())["game"]
            if game is not None:
                break
            time.sleep(0.1)
        assert [p["name"] for p in game["state"]["players"]] == ["Ann", "Bob", "Cat"]
    finally:
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == 0 and "Traceback" not in err, err


def test_kingdom_run_s_demo_through_vision_ends_as_its_script() -> None:
    """`dicetable demo --game kingdom-run`: its dice read by the shipped kingdom-run set."""
    from host.demo import demo_session_folder
    from host.games.kingdom_run.script import load_script as load_race
    from host.games.kingdom_run.script import replay as replay_race

    script = load_race(demo_script("kingdom-run"))
    result = play_demo(demo_session_folder("kingdom-run"), out=None)
    assert result.throws_read == sum(1 for i in script.inputs if i["type"] == "throw")
    assert result.state == replay_race(script).to_json()
    assert result.state["game_over"] and result.standings


def test_a_game_without_a_demo_is_one_clear_line() -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    result = subprocess.run(
        [sys.executable, "-m", "host", "demo", "--game", "chess", "--quiet"],
        capture_output=True, text=True, timeout=60, env=env,
    )  # fmt: skip
    lines = result.stderr.strip().splitlines()
    assert result.returncode != 0 and len(lines) == 1, result.stderr
    assert "no game 'chess' here: choose among king-of-tokyo" in lines[0], lines


# ---- KaTO: a card game's demo, on our own cards ---------------------------------------------

CAMERA = ("camera: ", "on the page, not taken from the camera (")  # a card read, or entered


@pytest.fixture(scope="module")
def kato_told() -> list[str]:
    """What `dicetable demo --game kato` prints (its session rendered once into the cache,
    from our own card designs: nothing of shared/data)."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    result = subprocess.run(
        [sys.executable, "-m", "host", "demo", "--game", "kato"],
        capture_output=True, text=True, timeout=300, env=env,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_kato_s_demo_ends_as_its_script_the_cards_read_or_entered(kato_told: list[str]) -> None:
    from host.games.kato.script import load_script as load_kato
    from host.games.kato.script import replay as replay_kato
    from host.games.kato.table_kind import KIND as KATO

    script = load_kato(demo_script("kato"))
    game = replay_kato(script)
    tail = kato_told[kato_told.index("Final scores:") + 1 :]
    assert [line.strip() for line in tail[:-1]] == KATO.standings(game)
    assert tail[-1].startswith(
        "Next: this game on the web page, in real time: dicetable demo --game kato"
    )
    assert game.to_json()["winners"] == ["Bob"] and len(game.to_json()["rounds"]) == 3
    # every card laid and hand laid down is the camera's reading, or (not read) entered on
    # the page, saying why: one line each, in the script's order, told in words
    camera = [x.strip() for x in kato_told if x.strip().startswith(CAMERA)]
    shown = [i for i in script.inputs if i["type"] in ("turn_up", "play", "hand")]
    shown = [i for i in shown if not i.get("named")]  # (a wild named on the page)
    assert len(camera) == len(shown)
    for line, inp in zip(camera, shown, strict=True):
        words = {"turn_up": "turns up", "play": "lays", "hand": "lays down"}[inp["type"]]
        what = f"{inp['player']} {words} "
        read = line.startswith(f"camera: {what}")
        entered = line.startswith(CAMERA[1]) and f"): {what}" in line
        assert read or entered, (line, inp)
    assert sum(x.startswith("camera: ") for x in camera) >= 5, camera
    assert "  camera: Cat turns up a red 9" in kato_told  # a card said as the page says it
    # each card entered says why the camera's was not taken (it said "(not taken)" where
    # the camera's reading differed from the wild entered before it)
    assert not [x for x in camera if "(not taken)" in x], camera
    # the board's seats show the running scores; KaTO has no extra LEDs
    boards = "\n".join(kato_told)
    assert "seat 1  LED" in boards and "Tokyo" not in boards


def test_a_card_the_camera_reads_wrong_stops_the_demo(kato_told: list[str], tmp_path: Path) -> None:
    """A card read as another than the recording's is no input to enter: the demo stops,
    saying so (the reader says `unknown` rather than guess: this is a bug to see)."""
    from host.demo import demo_session_folder
    from host.errors import UserError

    folder = demo_session_folder("kato")
    data = json.loads((folder / "session.json").read_text())
    camera = [x.strip() for x in kato_told if x.strip().startswith(CAMERA)]
    first_read = next(k for k, line in enumerate(camera) if line.startswith("camera: "))
    step = [s for s in data["steps"] if "entered" in s][first_read]
    card = step["entered"]["card"] if "card" in step["entered"] else step["entered"]["cards"][0]
    true_value = card["value"]
    card["value"] = "8" if true_value != "8" else "9"  # the recording says another card
    for s in data["steps"]:
        s["frames"] = [str(folder / f) for f in s.get("frames", [])] if "frames" in s else None
        if s["frames"] is None:
            del s["frames"]
    (tmp_path / "session.json").write_text(json.dumps(data))
    with pytest.raises(UserError, match=f"the camera read .*{true_value}.* a card read wrong"):
        play_demo(tmp_path, out=None)
