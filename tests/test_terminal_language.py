"""The terminal speaks the language of its environment (LC_ALL, LC_MESSAGES, LANG) or the
one `dicetable --lang` names: the real command run as a player at a French or Japanese
table runs it (host.text; docs/translations.md, "The command line")."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

from host.text import ENVIRONMENT, from_environment

NBSP = "\u00a0"


def dicetable(*args: str, env: Mapping[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The real command, in an environment whose language variables are `env`'s alone."""
    environ = {k: v for k, v in os.environ.items() if k not in ENVIRONMENT}
    return subprocess.run(
        [sys.executable, "-m", "host", *args],
        capture_output=True, text=True, timeout=120, env={**environ, **(env or {})},
    )  # fmt: skip


FR = {"LANG": "fr_FR.UTF-8"}
JA = {"LANG": "ja_JP.UTF-8"}


def test_the_language_is_the_environment_s_as_posix_reads_it() -> None:
    assert from_environment({"LANG": "fr_FR.UTF-8"}) == "fr"
    assert from_environment({"LANG": "ja_JP.eucJP"}) == "ja"
    assert from_environment({"LC_MESSAGES": "fr_CA", "LANG": "ja_JP.UTF-8"}) == "fr"
    assert from_environment({"LC_ALL": "C.UTF-8", "LANG": "fr_FR.UTF-8"}) == "en"
    assert from_environment({"LC_ALL": "", "LANG": "ja_JP"}) == "ja"  # set but empty: next
    assert from_environment({"LANG": "de_DE.UTF-8"}) == "en"  # a language not spoken: English
    assert from_environment({"LANG": "fr@euro"}) == "fr"


def test_a_wrong_option_of_play_is_said_in_french_and_in_japanese() -> None:
    fr = dicetable("play", "--pin", "12", env=FR)
    assert fr.returncode == 1
    assert (
        fr.stderr == f"dicetable play{NBSP}: --pin{NBSP}: de 4 à 8 chiffres, pas «{NBSP}12{NBSP}»\n"
    )
    ja = dicetable("play", "--window", "500", env=JA)
    assert ja.returncode == 1
    assert ja.stderr == "dicetable play：--window：0〜120秒です（500.0ではなく）\n"
    assert dicetable("play", "--port", "70000", env={"LANG": "C"}).stderr == (
        "dicetable play: --port: 0 to 65535, not 70000\n"
    )


def test_a_folder_that_is_not_there_says_what_to_do_in_french(tmp_path: Path) -> None:
    missing = f"{tmp_path}/nowhere/games.db"
    said = dicetable("play", "--db", missing, env=FR)
    assert said.returncode == 1
    assert f"il n'y a pas de dossier {tmp_path}/nowhere{NBSP}: vérifiez le chemin" in said.stderr
    assert f"(mkdir -p {tmp_path}/nowhere)" in said.stderr, said.stderr


def test_argparse_s_own_errors_are_said_in_the_terminal_s_language() -> None:
    fr = dicetable("fly", env=FR)
    assert fr.returncode == 2
    assert fr.stderr.startswith(f"utilisation{NBSP}: dicetable "), fr.stderr
    assert f"dicetable{NBSP}: erreur{NBSP}: argument COMMAND{NBSP}: choix invalide" in fr.stderr
    assert f"«{NBSP}fly{NBSP}» (au choix{NBSP}: demo, play," in fr.stderr
    assert "calibrate, board, bench ou page)" in fr.stderr
    ja = dicetable("play", "--port", "x", env=JA)
    assert ja.returncode == 2
    assert ja.stderr.startswith("使い方：dicetable play "), ja.stderr
    assert "dicetable play：エラー：引数--port：intの値として無効です：「x」" in ja.stderr
    missing = dicetable("vision", "teach", env=FR)
    assert "ces arguments sont obligatoires" in missing.stderr, missing.stderr


def test_lang_chooses_over_the_environment() -> None:
    ja = dicetable("--lang", "ja", "play", "--pin", "abcd", env=FR)
    assert ja.stderr == "dicetable play：--pin：4〜8桁の数字です（「abcd」ではなく）\n"
    en = dicetable("--lang=en", "play", "--pin", "abcd", env=JA)
    assert en.stderr == "dicetable play: --pin: 4 to 8 digits, not 'abcd'\n"
    wrong = dicetable("--lang", "de", "play", env=FR)
    assert wrong.returncode == 2
    assert f"choix invalide{NBSP}: «{NBSP}de{NBSP}» (au choix{NBSP}: en, fr ou ja)" in wrong.stderr


def test_the_command_list_is_said_in_french_and_japanese() -> None:
    fr = dicetable("--help", env=FR)
    assert fr.returncode == 0
    assert "lancer une soirée de jeu" in fr.stdout and f"options{NBSP}:" in fr.stdout
    ja = dicetable("--help", env={"LC_ALL": "ja_JP.UTF-8", "LANG": "fr_FR.UTF-8"})
    assert "ゲームの夜を始める" in ja.stdout and "オプション：" in ja.stdout
    assert "このヘルプを表示して終了する" in ja.stdout


@pytest.mark.parametrize(
    ("env", "lines"),
    [
        (
            FR,
            [
                f"Les places du plateau{NBSP}: place 1{NBSP}: Ann (rouge), place 2{NBSP}: Bob "
                f"(bleu) et place 3{NBSP}: Cat (jaune)",
                f"  caméra{NBSP}: Ann lance égal, égal, bottes et bottes",
                "  Ann finit son tour",
                f"      Coureur d'Ann{NBSP}: case 0 → 1",
                f"Le plateau après le tour d'Ann{NBSP}:",
                "place 1  LED rouge pâle  place 2  LED bleue",
                f"Scores finaux{NBSP}:",
                f"  Ann    rouge    21 points{NBSP}: 5 jetons, places d'arrivée 8 et 3",
                f"  Victoire{NBSP}: Cat",
                f"Ensuite{NBSP}: cette partie sur la page web, en temps réel{NBSP}:",
            ],
        ),
        (
            JA,
            [
                "ボードの席：1番席：Ann（赤）、2番席：Bob（青）と3番席：Cat（黄）",
                "  カメラ：Annがイコール、イコール、ブーツとブーツを振った",
                "  Annがターンを終えた",
                "      Annの走者：マス0→マス1",
                "Annの番のあとのボード：",
                "1番席  LED 薄い赤       2番席  LED 青",
                "最終スコア：",
                "  Ann    赤       21点：トークン5個、ゴール2回（8と3位）",
                "  勝者：Cat",
                "次は：このゲームをウェブページでリアルタイムに：",
            ],
        ),
    ],
    ids=["fr", "ja"],
)
def test_the_demo_tells_its_game_in_the_terminal_s_language(
    env: dict[str, str], lines: list[str]
) -> None:
    result = dicetable("demo", "--game", "kingdom-run", env=env)
    assert result.returncode == 0, result.stderr
    told = result.stdout.splitlines()
    for line in lines:
        assert any(said.startswith(line) for said in told), (line, told[:3], told[-8:])
    # every input is told in the terminal's words (as the page's feed), none as the API
    # writes it ("Ann: end_turn"), and the board's LEDs too
    assert not [said for said in told if ": end_turn" in said or " LED off" in said], told


def test_a_game_the_demo_does_not_know_is_said_in_japanese() -> None:
    said = dicetable("demo", "--game", "chess", env=JA)
    assert said.returncode == 1
    assert said.stderr.startswith("dicetable demo：ここにゲーム「chess」はありません："), (
        said.stderr
    )


def test_a_board_not_found_is_said_in_french_and_the_test_s_steps_in_japanese() -> None:
    fr = dicetable("board", "test", "--port", "/dev/ttyACM-not-there", env=FR)
    assert fr.returncode == 1
    assert fr.stderr == (
        f"dicetable board{NBSP}: pas de port série /dev/ttyACM-not-there{NBSP}: voyez "
        "dicetable board ports\n"
    )
    ja = dicetable("board", "test", "--virtual", "--step-seconds", "0.01", env=JA)
    assert ja.returncode == 0, ja.stderr
    told = ja.stdout.splitlines()
    watch = "ボードを見てください。各席のボタンを一度ずつ押してください"
    assert f"{watch}（押したボタンが表示されます）" in told
    assert "手順33/33：各表示に席の番号が出ます" in told
    assert "押されていないボタン（6個）：1、2、3、4、5と6番席" in told
    # the extra LEDs named by what the game shows on them, in its words (it read 'extra 1
    # (Tokyo City)' and 'Tokyo City：消灯': the pin map's English labels)
    assert any(line.startswith("追加1（トーキョー）：") for line in told), told[:14]
    assert "Tokyo" not in ja.stdout


@pytest.mark.parametrize(
    ("env", "line"),
    [
        (FR, f"Tokyo City{NBSP}: orange   Tokyo Bay{NBSP}: éteinte"),
        (JA, "トーキョー：オレンジ   トーキョーベイ：消灯"),
    ],
    ids=["fr", "ja"],
)
def test_the_demo_s_board_says_its_extra_leds_by_the_game_s_names(
    env: dict[str, str], line: str
) -> None:
    """King of Tokyo's demo draws the virtual board after each turn: its extra LEDs by the
    game's names, in the terminal's language ('Tokyo City：オレンジ' in Japanese before)."""
    result = dicetable("demo", env=env)
    assert result.returncode == 0, result.stderr
    assert line in result.stdout.splitlines()
    assert env is FR or "Tokyo" not in result.stdout


def empty_tray(folder: Path) -> Path:
    """A folder of frames of an even, empty view (a tray filling the whole view)."""
    import cv2
    import numpy as np

    folder.mkdir()
    for k in range(4):
        cv2.imwrite(str(folder / f"f{k}.png"), np.full((240, 320, 3), 120, np.uint8))
    return folder


def test_calibrate_says_what_it_learnt_in_japanese_and_a_wrong_option_in_french(
    tmp_path: Path,
) -> None:
    frames = empty_tray(tmp_path / "tray")
    config = {"XDG_CONFIG_HOME": str(tmp_path / "config")}
    ja = dicetable("calibrate", str(frames), "--frames", "4", env={**JA, **config})
    assert ja.returncode == 0, ja.stderr
    told = ja.stdout.splitlines()
    assert told[0].startswith(
        "キャリブレーション完了：320x240の画像。画面全体（トレイの縁は見えません）"
    )
    assert "トレイの縁が見えません：画面全体をトレイとみなします" in told
    assert told[-2] == f"{tmp_path}/config/dicetable/calibration.jsonに保存しました"
    fr = dicetable("calibrate", str(frames), "--frames", "2", env={**FR, **config})
    assert fr.returncode == 2
    assert fr.stderr == f"dicetable calibrate{NBSP}: --frames doit valoir au moins 3, pas 2\n"


def test_teaching_dice_at_the_camera_is_said_in_japanese_and_its_errors_in_french(
    tmp_path: Path,
) -> None:
    frames = empty_tray(tmp_path / "tray")
    folders = {"XDG_CONFIG_HOME": str(tmp_path / "c"), "XDG_DATA_HOME": str(tmp_path / "d")}
    ja = dicetable(
        "vision", "teach", "--camera", str(frames), "--name", "kot", env={**JA, **folders}
    )
    assert ja.returncode == 2
    assert ja.stdout == "kotを学習します：すべてのダイスをカメラの下で10回振ってください\n"
    assert ja.stderr.startswith("dicetable vision teach：まだダイスが見えていません："), ja.stderr
    fr = dicetable("vision", "teach", "--name", "my dice", str(tmp_path), env=FR)
    assert fr.returncode == 2
    assert fr.stderr == (
        f"dicetable vision teach{NBSP}: --name «{NBSP}my dice{NBSP}»{NBSP}: des lettres, des "
        'chiffres, "-" et "_" seulement (il nomme un fichier)\n'
    )


def test_a_corrupt_store_and_a_session_that_is_not_one_are_said_in_the_language(
    tmp_path: Path,
) -> None:
    store = tmp_path / "games.db"
    store.write_bytes(b"not a database")
    fr = dicetable("play", "--db", str(store), "--camera", "none", "--board", "none", env=FR)
    assert fr.returncode == 1
    assert fr.stderr.startswith(
        f"dicetable play{NBSP}: {store} n'est pas un fichier des parties de dicetable"
    ), fr.stderr
    ja = dicetable("demo", "--session", str(tmp_path / "nowhere"), env=JA)
    assert ja.returncode == 1
    assert ja.stderr.startswith(
        f"dicetable demo：{tmp_path}/nowhereは記録したセッションではありません"
    )


def test_the_options_of_play_and_demo_are_explained_in_japanese() -> None:
    play = dicetable("play", "--help", env=JA)
    assert play.returncode == 0
    said = "".join(play.stdout.split())  # (argparse wraps the lines)
    assert "端末に仮想ボードを描かない" in said and "記録したセッション：" in said
    assert "ゲームの保存ファイル（SQLite）" in said
    demo = dicetable("demo", "--help", env=FR)
    assert "n'afficher que les scores finaux, pas le plateau" in " ".join(demo.stdout.split())


def test_the_notices_are_said_on_the_console_in_french(tmp_path: Path) -> None:
    """A game night with a camera (a folder of frames, no calibration): the console says
    the PIN, the page's address, the board and the notices in French, as they come."""
    import signal
    import threading

    frames = empty_tray(tmp_path / "tray")
    environ = {k: v for k, v in os.environ.items() if k not in ENVIRONMENT}
    environ |= {**FR, "XDG_CONFIG_HOME": str(tmp_path / "c"), "XDG_DATA_HOME": str(tmp_path / "d")}
    command = [sys.executable, "-m", "host", "play", "--camera", str(frames), "--port", "0"]
    play = subprocess.Popen(
        [*command, "--board", "none"], stdout=subprocess.PIPE, text=True, env=environ
    )
    told: list[str] = []
    stop = threading.Timer(60, play.kill)  # (a line that never comes fails, not hangs)
    stop.start()
    try:
        assert play.stdout is not None
        for line in play.stdout:
            told.append(line.rstrip("\n"))
            if line.startswith("[erreur]"):
                break
    finally:
        stop.cancel()
        play.send_signal(signal.SIGTERM)
        play.wait(timeout=30)
    assert told[0].startswith(f"Code de la table{NBSP}: "), told
    # (it read "(les changements sur la page le demandent)", changes that ask for it)
    assert told[0].endswith(" (la page le demande pour toute modification)"), told
    assert told[1].startswith(f"dicetable{NBSP}: la page de la table est à l'adresse http://")
    assert f"dicetable{NBSP}: plateau{NBSP}: pas de plateau" in told
    assert f"[avertissement] lecture sans étalonnage{NBSP}: pas d'étalonnage dans " in "\n".join(
        told
    )
    assert told[-1] == (
        f"[erreur] le flux de la caméra s'est arrêté{NBSP}: relancez dicetable play pour la relire"
    )


def test_the_options_of_calibrate_teach_and_the_board_test_are_explained_in_the_language() -> None:
    calibrate = "".join(dicetable("calibrate", "--help", env=JA).stdout.split())
    assert "画面全体をトレイとする（縁の見えないトレイ、またはトレイなし）" in calibrate
    teach = dicetable("vision", "teach", "--help", env=FR).stdout
    assert "le nom du jeu de faces (à utiliser avec --faces NOM)" in " ".join(teach.split())
    assert f"\ndepuis une caméra (docs/learning.md){NBSP}:\n" in teach
    board = " ".join(dicetable("board", "test", "--help", env=FR).stdout.split())
    assert "tester un plateau virtuel (le micrologiciel dans Node)" in board
