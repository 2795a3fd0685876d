"""The page's headline (host.games.kot.page.view) says what the table waits for."""

from __future__ import annotations

from host.games.kot import KingOfTokyo, MonsterPosition, Position, Setup
from host.games.kot.page import view
from host.games.text import localize


def test_the_last_monster_standing_is_said_to_win_at_the_turn_s_end() -> None:
    # Léa knocked Hugo out; the game ends when her turn does, and the page said only
    # 'Tour 5 : Léa (Alienoid)' over 'Léa : finissez le tour', a game going on with one
    # monster, nothing saying it was won
    position = Position({"Hugo": MonsterPosition(hp=5, location="city")}, "Léa")
    game = KingOfTokyo(Setup.simple("Léa", "Hugo", position=position))
    game.apply(game.throw_input(["claw"] * 6))
    game.apply({"type": "resolve", "player": "Léa"})
    assert not game.to_json()["game_over"]
    headline = view(game)["headline"]
    assert localize(headline, "en") == (
        "Turn 1: Léa (Alienoid) · Léa is the last monster standing: the win comes at the end "
        "of this turn"
    )
    assert localize(headline, "fr") == (
        "Tour 1\u00a0: Léa (Alienoid) · Léa est le dernier monstre en lice\u00a0: la victoire "
        "viendra à la fin de ce tour"
    )
    assert localize(headline, "ja") == (
        "ターン1：Léa（エイリアノイド）· 残るモンスターはLéaだけ：このターンの終わりに勝利"
    )
    game.apply({"type": "end_turn", "player": "Léa"})
    assert game.to_json()["game_over"]
