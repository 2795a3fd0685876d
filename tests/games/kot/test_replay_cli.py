"""`dicetable replay`: output, --trace, and one-line errors naming the problem and the input."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from host.cli import main
from host.games.kot import Setup
from host.games.kot.random_player import play_game
from host.games.kot.script import script_json

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = Path(__file__).parent / "scenarios" / "case01_smash_city_yield.json"


def base_script(**changes: Any) -> dict[str, Any]:
    script: dict[str, Any] = {
        "format": "kot-game/1",
        "players": [{"name": "Ann", "monster": "The King"}, {"name": "Bob", "monster": "Alienoid"}],
        "first_player": "Ann",
        "inputs": [
            {
                "type": "throw",
                "player": "Ann",
                "thrown": ["1", "1", "1", "claw", "heart", "energy"],
            },
            {"type": "resolve", "player": "Ann"},
            {"type": "end_turn", "player": "Ann"},
        ],
    }
    script.update(changes)
    return script


def replay(tmp_path: Path, capsys: pytest.CaptureFixture[str], content: object, *args: str):
    path = tmp_path / "game.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    status = main(["replay", str(path), *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_prints_the_final_state(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = replay(tmp_path, capsys, base_script())
    assert status == 0 and err == ""
    state = json.loads(out)
    ann = state["players"][0]
    assert set(ann) >= {
        "name",
        "monster",
        "hp",
        "max_hp",
        "vp",
        "energy",
        "alive",
        "location",
        "cards",
    }
    assert (ann["vp"], ann["location"]) == (2, "city")
    assert set(state) >= {"turn", "active_player", "waiting_for", "face_up", "winners", "game_over"}
    assert state["active_player"] == "Bob" and state["winners"] == []


def test_trace_prints_one_state_per_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = replay(tmp_path, capsys, base_script(), "--trace")
    lines = [json.loads(line) for line in out.splitlines()]
    assert status == 0
    assert [line["index"] for line in lines] == [None, 0, 1, 2]
    assert lines[2]["input"]["type"] == "resolve"
    assert lines[2]["state"]["players"][0]["location"] == "city"
    assert lines[0]["state"]["players"][0]["location"] is None


BAD = [
    (
        "not json",
        "{nope",
        "is not JSON (cut short or damaged): Expecting property name enclosed in double quotes at",
    ),
    ("no format", {"players": []}, 'no "format"'),
    ("a newer format", base_script(format="kot-game/2"), "kot-game/2 game, from a newer dicetable"),
    ("another game", {"format": "chess-game/1"}, "unknown game format 'chess-game/1'"),
    (
        "unknown player in setup",
        base_script(first_player="Zed"),
        "first_player: unknown player 'Zed'",
    ),
    (
        "unknown monster",
        base_script(
            players=[{"name": "Ann", "monster": "Godzilla"}, {"name": "Bob", "monster": "Alienoid"}]
        ),
        "players[0].monster: unknown monster 'Godzilla'",
    ),
    (
        "unknown card in position",
        base_script(
            first_player=None,
            position={"active_player": "Ann", "monsters": {"Ann": {"cards": ["Jetz"]}}},
        ),
        "position.monsters.Ann.cards: unknown card 'Jetz'",
    ),
    (
        "unknown player in an input",
        base_script(inputs=[{"type": "throw", "player": "Zed", "thrown": ["1"] * 6}]),
        "inputs[0] (throw by Zed): unknown player 'Zed' (players: Ann and Bob)",
    ),
    (
        "unknown card in an input",
        base_script(
            inputs=[*base_script()["inputs"][:2], {"type": "buy", "player": "Ann", "card": "Hael"}]
        ),
        "inputs[2] (buy by Ann): unknown card 'Hael'",
    ),
    (
        "illegal input",
        base_script(
            inputs=[*base_script()["inputs"][:1], {"type": "buy", "player": "Ann", "card": "Heal"}]
        ),
        # (a choice joined as one: not "to throw or resolve or correct")
        "inputs[1] (buy by Ann): Ann cannot buy now: "
        "the game waits for Ann to throw, resolve or correct",
    ),
    (
        "a 4th throw",
        base_script(
            inputs=[
                {"type": "throw", "player": "Ann", "thrown": ["1"] * 6},
                *[{"type": "throw", "player": "Ann", "thrown": ["2"], "kept": ["1"] * 5}] * 3,
            ]
        ),
        "inputs[3] (throw by Ann): Ann has had 3 throws, the most allowed",
    ),
    (
        "a card name that is no string",
        base_script(
            inputs=[
                *base_script()["inputs"][:2],
                {"type": "buy", "player": "Ann", "card": ["Heal"]},
            ]
        ),
        "inputs[2] (buy by Ann): unknown card a list of 'Heal'",
    ),
    (
        "a die face that is no string",
        base_script(inputs=[{"type": "throw", "player": "Ann", "thrown": [{}] * 6}]),
        "inputs[0] (throw by Ann): thrown: an empty object is not a die face",
    ),
    (
        "hp that is no number",
        base_script(
            first_player=None,
            position={"active_player": "Ann", "monsters": {"Ann": {"hp": "ten"}}},
        ),
        "position.monsters.Ann.hp: 'ten' is not a whole number 0 to 10",
    ),
    (
        "seven players",
        base_script(
            players=[{"name": n, "monster": "The King"} for n in "ABCDEFG"], first_player=None
        ),
        "players: King of Tokyo takes 2 to 6 players, not 7",
    ),
    ("nested too deeply", "[" * 100_000 + "]" * 100_000, "its JSON is nested too deeply"),
    (
        "a seed of 5,000 digits",
        json.dumps(base_script(seed=0)).replace('"seed": 0', '"seed": ' + "9" * 5000),
        "holds a number of more than 4300 digits: no game needs one that long",
    ),
    ("a description that is no text", base_script(description={}), "description: expected a"),
    ("input not an object", base_script(inputs=[3]), "inputs[0]: expected a JSON object, not 3"),
    ("unknown field", base_script(seeed=3), "unknown field 'seeed'"),
    (
        "unmet expectation",
        base_script(expect=[{"after": 2, "players": {"Ann": {"vp": 9}}}]),
        "expect[0] (after 2 inputs): players.Ann.vp is 2, expected 9",
    ),
]


@pytest.mark.parametrize(("content", "message"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_bad_scripts_give_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: object, message: str
) -> None:
    status, _, err = replay(tmp_path, capsys, content)
    assert status == 1
    assert err.count("\n") == 1 and err.startswith("dicetable replay: ")
    assert message in err


def test_an_illegal_input_prints_the_state_reached_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = base_script(
        inputs=[*base_script()["inputs"][:1], {"type": "yield", "player": "Bob", "leave": True}]
    )
    status, out, err = replay(tmp_path, capsys, script)
    assert status == 1 and "inputs[1] (yield by Bob): Bob cannot yield: Bob is not in Tokyo" in err
    assert json.loads(out)["throws"] == 1  # the state after inputs[0]


def test_a_script_saved_with_a_byte_order_mark_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Windows Notepad starts a UTF-8 file with a byte-order mark: it is read like any."""
    path = tmp_path / "game.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(base_script()).encode())
    assert main(["replay", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["inputs"] == 3


def test_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["replay", str(tmp_path / "nope.json")]) == 1
    assert "cannot read" in capsys.readouterr().err


def test_the_real_command_runs_without_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(base_script(format="kot-game/9")))
    for path, status in ((SCENARIO, 0), (bad, 1)):
        done = subprocess.run(
            [sys.executable, "-m", "host", "replay", str(path)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == status
        assert "Traceback" not in done.stderr
    assert (
        json.loads(
            subprocess.run(
                [sys.executable, "-m", "host", "replay", str(SCENARIO)],
                cwd=ROOT,
                capture_output=True,
                text=True,
                check=True,
            ).stdout
        )["tokyo"]["city"]
        == "B"
    )


def test_docs_example_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = (ROOT / "docs" / "game-script.md").read_text()
    example = doc.split("```json\n", 1)[1].split("```", 1)[0]
    status, out, err = replay(tmp_path, capsys, example)
    assert status == 0, err
    assert json.loads(out)["players"][0]["hp"] == 7


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path: Path) -> None:
    """`dicetable replay GAME --trace | head`: the pipe closes while the trace is printed."""
    game = play_game(Setup.simple("A", "B", "C", "D", seed=3, first_player="A"), random.Random(3))
    path = tmp_path / "long.json"
    path.write_text(json.dumps(script_json(game)))  # its trace is far more than a pipe holds
    done = subprocess.Popen(
        [sys.executable, "-m", "host", "replay", str(path), "--trace"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert done.stdout is not None and done.stderr is not None
    assert done.stdout.read(100).startswith(b'{"index": null')
    done.stdout.close()
    err = done.stderr.read().decode()
    assert done.wait(timeout=60) == 0
    assert "Traceback" not in err and err == ""
