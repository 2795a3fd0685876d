"""What the feed says of an input (host.games.kot.story), in the table's languages."""

from __future__ import annotations

from host.games.kot import KingOfTokyo, Setup
from host.games.kot.story import story
from host.games.text import localize


def test_a_roll_off_throw_is_told_by_its_claws_not_by_dice_never_thrown() -> None:
    # the page asks only how many claws a roll-off throw shows (a count, the other dice
    # sent as 1s): the feed said 'Hugo lance Baffe, 1, 1, 1, 1 et 1', five 1s nobody threw
    game = KingOfTokyo(Setup.simple("Léa", "Hugo"))
    told = []
    for player, claws in (("Léa", 2), ("Hugo", 1)):
        before = game.to_json()
        inp = {"type": "throw", "player": player, "thrown": ["claw"] * claws + ["1"] * (6 - claws)}
        game.apply(inp)
        told.append(story(before, game.to_json(), inp)["said"])
    assert [localize(s, "en") for s in told] == [
        "Léa throws 2 claws to see who goes first",
        "Hugo throws 1 claw to see who goes first",
    ]
    assert [localize(s, "fr") for s in told] == [
        "Léa obtient 2 Baffes pour savoir qui commence",
        "Hugo obtient 1 Baffe pour savoir qui commence",
    ]
    assert localize(told[1], "ja") == "Hugoが攻撃の目を1個出した（スタートプレイヤー決め）"
    # a turn's throw is still told by its faces
    before = game.to_json()
    inp = game.throw_input(["1", "1", "2", "claw", "heart", "energy"])
    game.apply(inp)
    assert localize(story(before, game.to_json(), inp)["said"], "fr").startswith(
        "Léa lance 1, 1, 2"
    )


def test_a_die_fixed_is_told_in_french_as_a_line_that_begins_with_a_capital() -> None:
    # the feed's lines each begin with a capital ('Léa lance ...', 'Coureur de Léa : ...')
    # but a die fixed: 'dé de Léa corrigé : 2 → 1'
    game = KingOfTokyo(Setup.simple("Léa", "Hugo", first_player="Léa"))
    game.apply(game.throw_input(["1", "1", "2", "claw", "heart", "energy"]))
    before = game.to_json()
    inp = {"type": "correct", "player": "Léa", "from": "2", "to": "1"}
    game.apply(inp)
    said = story(before, game.to_json(), inp)["said"]
    assert localize(said, "fr") == "Dé de Léa corrigé\u00a0: 2 → 1"
    assert localize(said, "en") == "Léa's die fixed: 2 → 1"


def test_a_beast_s_turn_ending_before_its_buy_step_says_why() -> None:
    """A beast buys no cards (the transformation card): its turn ended after its dice, the
    buy step skipped, and the feed said nothing of it. It says 'Léa, en forme bête,
    n'achète aucune carte' (en, ja alike), and only then."""
    import random

    from host.games.kind import story_of
    from host.games.registry import kinds
    from tests.games.forms import filled
    from tests.games.test_every_game import random_input

    kind = kinds()["king-of-tokyo"]
    setup = filled(kind.catalog()["setup"])
    setup["options"] = {**setup.get("options", {}), "transformation": True}
    told = {
        "en": "{}, in beast form, buys no cards",
        "fr": "{}, en forme bête, n'achète aucune carte",
        "ja": "{}はビーストなのでカードを買えない",
    }
    said = wrong = 0
    for seed in range(4):
        game, rng = kind.new({**setup, "seed": seed}), random.Random(seed)
        for _ in range(300):
            if game.game_over:
                break
            before = game.to_json()
            inp = random_input(kind, game, rng)
            game.apply(inp)
            after = game.to_json()
            active = before["active_player"]
            beast = before["phase"] not in ("buy", "rolloff") and any(
                p["name"] == active and p["alive"] and p.get("form") == "beast"
                for p in after["players"]
            )
            ended = (after["turn"], after["active_player"]) != (before["turn"], active)
            did = story_of(kind, before, after, inp)["did"]
            for lang, line in told.items():
                lines = [d for d in (localize(d, lang) for d in did) if line.format("") in d]
                if beast and ended and not after["game_over"]:
                    said += lines == [line.format(active)]
                else:
                    wrong += bool(lines)
    assert said >= 3 * 3 and wrong == 0
