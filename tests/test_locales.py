"""The translations: every key a package uses is in each language's file, none is kept for
nothing, and what `_` makes is said in the reader's language (host.games.text,
host.locales)."""

from __future__ import annotations

import ast
import copy
import functools
import json
import pickle
import re
from pathlib import Path
from typing import TypeGuard

import pytest

from host.games.text import (
    LANGUAGES,
    Every,
    LocaleError,
    OneOf,
    Quoted,
    Text,
    Words,
    accepted,
    as_text,
    language,
    localize,
    message,
    plural,
    plural_forms,
    read_locale,
    translation,
)
from host.locales import (
    _fields,
    check,
    html_keys,
    js_keys,
    packages,
    plural_problems,
    python_keys,
    words_of,
)

PACKAGES = packages()
# an ordinary space between a number's placeholder and its unit: "{seconds} s", not "{who} s'est"
UNIT_AFTER_NUMBER = r"\} (s|ms|min|px|%)(?![^\W\d_]|['’])"


def test_every_package_with_words_is_found() -> None:
    assert {"host.app", "host.games.kot"} <= set(PACKAGES)


@pytest.mark.parametrize("domain", sorted(PACKAGES))
def test_every_key_used_is_in_every_language_and_none_is_unused(domain: str) -> None:
    folder = PACKAGES[domain]
    if not (folder / "locales").is_dir():
        pytest.skip(f"{domain} has no translations yet")  # closed within issue 18
    problems = check(domain, folder)
    assert problems.missing == {lang: [] for lang in LANGUAGES if lang != "en"}
    assert problems.unused == {lang: [] for lang in LANGUAGES if lang != "en"}
    assert problems.wrong == []


def texts_of(path: Path) -> list[str]:
    """Every text of a locale file (its notes too), however deep."""

    def values(v: object) -> list[str]:
        if isinstance(v, dict):
            return [s for x in v.values() for s in values(x)]
        if isinstance(v, list):
            return [s for x in v for s in values(x)]
        return [v] if isinstance(v, str) else []

    return values(json.loads(path.read_text(encoding="utf-8")))


def translations(
    languages: tuple[str, ...] = LANGUAGES,
) -> list[tuple[Path, str, str]]:
    """(locale file, English key, translation) of every package's translations in
    `languages` (the "printed" and "ours" parts)."""
    found = []
    for folder in PACKAGES.values():
        for lang in languages:
            path = folder / "locales" / f"{lang}.json"
            if path.is_file():
                found += [
                    (path, key, said)
                    for part in read_locale(path).values()
                    for key, said in part.items()
                ]
    return found


@pytest.mark.parametrize("domain", sorted(PACKAGES))
def test_french_puts_a_no_break_space_before_a_colon_semicolon_and_marks(domain: str) -> None:
    """French typography: "Partie terminée : ..." never breaks before its colon on a phone,
    nor "29,6 s" or "76,7 %" between the number and its unit."""
    path = PACKAGES[domain] / "locales" / "fr.json"
    if not path.is_file():
        pytest.skip(f"{domain} has no French yet")

    found = [
        s
        for s in texts_of(path)
        if re.search(r" [:;?!](\s|$)", s) or re.search(UNIT_AFTER_NUMBER, s)
    ]
    assert found == []


# Japanese (docs/translations.md): the full-width ：（）！？ in a Japanese text, the ASCII ones
# kept only inside a {field}, a "quoted" word of the API or code, or between digits ("1:2")
JAPANESE = "[\u3041-\u30ff\u3400-\u9fff々〜]"
ASCII_MARK = re.compile(r"(?<!\d)[:()!?]|[:()!?](?!\d)")
KEPT_AS_IS = re.compile(r"\{[^{}]*\}|\"[^\"]*\"|'[^']*'|`[^`]*`")
# ... and a field holding a name is quoted with 「」 ("カードセット「{name}」"), never ASCII's
# (a word of the API or of code keeps its ASCII double quotes: "\"{field}\" はダイスの目")
QUOTED_FIELD = re.compile(r"['‘]\{[^{}]*\}['’]")
# ... and a {field} touches the Japanese around it ("{player}の", "は{card}を") as the word it
# holds would (a name, a card, a number); a field holding a symbol ({icon}) keeps its space
FIELD = r"\{(?!icon\b)[^{}]*\}"
FIELD_SPACED = re.compile(rf"{FIELD} (?={JAPANESE})|(?<={JAPANESE}) {FIELD}")
WIDE_MARK_SPACED = re.compile(r" [：（）！？]|[：（）！？] ")  # the mark has its own room
# ... and a number written in the text touches its Japanese ("1枚", "2人", "0以上", "2026の"),
# as a {n} does; a number inside a Latin word or a name as printed keeps its spaces ("uint8",
# "32x32 以上", the card "+4" in "ワイルド +4"), and so does a symbol after one ("2⚡ を")
NUMBER = r"(?<![A-Za-z0-9+\-.,x_])\d+(?:\.\d+)?(?![A-Za-z0-9])"
NUMBER_SPACED = re.compile(rf"{NUMBER} (?={JAPANESE})|(?<={JAPANESE}) {NUMBER}")
# ... and two Japanese words touch ("バーサーク攻撃", never "バーサーク 攻撃")
WORDS_SPACED = re.compile(rf"(?<={JAPANESE}) (?={JAPANESE})")
# an ICU plural argument ("{n, plural, other {#枚}}"): each of its forms is held to the rules
PLURAL = re.compile(r"\{(\w+), plural,((?:\s*\w+\s*\{(?:[^{}]|\{[^{}]*\})*\})+)\s*\}")
PLURAL_FORM = re.compile(r"\s*\w+\s*\{((?:[^{}]|\{[^{}]*\})*)\}")


def japanese_slips(text: str) -> list[str]:
    """What breaks the Japanese rules in one text: each ASCII mark, each field spaced off."""
    text = PLURAL.sub(
        lambda m: "\n".join(f.replace("#", f"{{{m[1]}}}") for f in PLURAL_FORM.findall(m[2])),
        text,
    )
    plain = KEPT_AS_IS.sub(" ", text)
    if not re.search(JAPANESE, text) and re.search("[A-Za-z]", plain):
        return []  # a name kept as printed ("KaTO!", "Tokyo City"): not a Japanese text
    marks = [m.group() for m in ASCII_MARK.finditer(plain)]
    marks += QUOTED_FIELD.findall(text)  # a name quoted: 「{name}」
    spaced = [*FIELD_SPACED.finditer(text), *WIDE_MARK_SPACED.finditer(text)]
    spaced += NUMBER_SPACED.finditer(KEPT_AS_IS.sub("_", text))
    spaced += WORDS_SPACED.finditer(text)
    return marks + [m.group() for m in spaced]


def test_the_japanese_rules_find_what_breaks_them() -> None:
    assert japanese_slips("{player}: 勝ち (3 回)!") == [":", "(", ")", "!", "3 "]
    assert japanese_slips("{player}({role})") == ["(", ")"]  # Japanese words in its fields
    assert japanese_slips("{a} は {b} の") == ["{a} ", " {b}"]
    assert japanese_slips("ターン {n}：{player}") == [" {n}"]
    assert japanese_slips("ゲーム終了： 勝者なし （残り）") == ["： ", " （"]
    assert japanese_slips("{n, plural, other {# 枚(山札)}}") == ["(", ")", "{n} "]
    assert japanese_slips("カードを 1 枚引く") == [" 1"]  # once a number
    assert japanese_slips("2026 のような整数、1 から{most}まで") == ["2026 ", "1 "]
    assert japanese_slips("バーサーク 攻撃") == [" "]  # two words spaced as in English
    assert japanese_slips("カードセット'{name}'を読めません") == ["'{name}'"]
    kept = ["{player}：{card}を使う？", 'options.dice："dark"（ダーク）', "1:2の", "{icon} 黄金"]
    kept += ["カードを1枚引く", "ワイルド +4 にチャレンジ", "+10 カード", "（32x32 以上、uint8）"]
    kept += ["1ライフにつき2⚡ を払う", "テーブルの PIN 1234", "{n}枚", "ターン1：{player}"]
    assert [japanese_slips(s) for s in [*kept, "KaTO!", "King of Tokyo: Dark Edition"]] == [
        [] for _ in range(len(kept) + 2)
    ]


@pytest.mark.parametrize("domain", sorted(PACKAGES))
def test_japanese_writes_full_width_marks_and_fields_touch_their_words(domain: str) -> None:
    """Japanese typography: "ゲーム終了：{players}の勝ち！", never the ASCII ":" "(" ")" of
    about a third of the texts before, nor "{player} の" spaced off like a word of English."""
    path = PACKAGES[domain] / "locales" / "ja.json"
    if not path.is_file():
        pytest.skip(f"{domain} has no Japanese yet")

    found = {s: japanese_slips(s) for s in texts_of(path)}
    assert {s: slips for s, slips in found.items() if slips} == {}


def test_a_text_is_its_english_and_is_said_in_any_language() -> None:
    words = Words("host.app")
    said = words("Imported as game {n}", n=3)
    assert said == "Imported as game 3" and isinstance(said, str)
    assert json.dumps({"a": said}) == '{"a": "Imported as game 3"}'
    assert said.say("fr") == "Importée comme partie 3"
    assert said.say("ja") == "ゲーム3として読み込みました"
    # a field that is a Text is said in the same language; a copy keeps all of it
    nested = words("turn {n}: {what}", n=2, what=words("paused"))
    assert nested.say("fr") == "tour 2\u00a0— en pause"
    for kept in (copy.deepcopy(nested), pickle.loads(pickle.dumps(nested))):
        assert kept.say("fr") == nested.say("fr") and kept == nested
    assert Text.from_json(json.loads(json.dumps(nested.to_json()))).say("ja") == nested.say("ja")


def test_a_key_missing_in_a_language_is_said_in_english() -> None:
    assert Words("host.app")("no such key {x}", x=1).say("fr") == "no such key 1"
    assert Words("no.such.package")("Hello").say("ja") == "Hello"


def test_localize_says_a_whole_value_and_every_lists_all_languages() -> None:
    words = Words("host.app")
    data = {"x": [words("Games"), 3, None], "find": Every(words("Games"), "7")}
    assert json.loads(json.dumps(data)) == {"x": ["Games", 3, None], "find": ["Games", "7"]}
    assert localize(data, "fr") == {
        "x": ["Parties", 3, None],
        "find": ["Games", "Parties", "ゲーム一覧", "7"],
    }


def test_an_error_raised_with_a_text_keeps_it() -> None:
    said = Words("host.app")("Not JSON: {error}", error="x")
    assert message(ValueError(said)) is said
    assert message(ValueError("plain")) == "plain"


def test_the_language_is_the_first_one_spoken() -> None:
    assert language(accepted("de-CH, fr;q=0.8, en;q=0.5")) == "fr"
    assert language(accepted("ja-JP")) == "ja"
    assert language(accepted("de")) == language(accepted(None)) == "en"
    assert language(accepted("fr;q=0, ja;q=0.1")) == "ja"


def test_keys_are_found_in_python_scripts_and_pages() -> None:
    assert python_keys('_("a {b}", b=1); x.y("no"); _.say("c", "fr")') == {"a {b}", "c"}
    with pytest.raises(LocaleError, match="literal"):
        python_keys("_(name)")
    assert js_keys('t("Games") + tn("{a} x", {a}) + set("no")') == {"Games", "{a} x"}
    assert html_keys('<p data-t>Hello <b>you</b></p><i data-t-title="live"></i>') == {
        "Hello you",
        "live",
    }


def test_a_broken_locale_file_is_said_with_its_name(tmp_path: Path) -> None:
    bad = tmp_path / "fr.json"
    bad.write_text('{"ours": {"a": 1}}')
    with pytest.raises(LocaleError, match=r"fr\.json"):
        read_locale(bad)
    bad.write_text("{")
    with pytest.raises(LocaleError, match="not a readable locale file"):
        read_locale(bad)


def test_the_page_words_are_served_merged() -> None:
    fr = translation("host.app", "fr")
    assert fr["Games"] == "Parties" and translation("host.app", "en") == {}


def test_a_game_names_its_monsters_cards_and_faces_in_the_page_language() -> None:
    from host.games.kot import KingOfTokyo, Setup
    from host.games.kot.page import catalog, view
    from host.games.kot.table_kind import KingOfTokyoDice

    game = KingOfTokyo(Setup.simple("Ann", "Bob", first_player="Ann"))
    fr, ja = localize(view(game), "fr"), localize(view(game), "ja")
    assert fr["headline"] == "Tour 1\u00a0: Ann (Alienoid)"
    assert ja["headline"] == "ターン1：Ann（エイリアノイド）"
    assert localize(KingOfTokyoDice().faces, "fr")["claw"] == "Baffe"
    assert localize(KingOfTokyoDice().faces, "ja")["claw"] == "攻撃"
    # the card lists: each card found by its name in every language and by its cost
    cards = {f["name"]: f for f in catalog()["pickup"]["seat"]}["position.monsters.{player}.cards"]
    ray = next(c for c in localize(cards["choices"], "fr") if c["value"] == "Healing Ray")
    assert ray["label"] == "Rayon guérisseur"
    assert ray["find"] == ["Healing Ray", "Rayon guérisseur", "回復光線", "4⚡"]


def test_two_names_of_a_game_are_never_said_alike() -> None:
    """Two things of a game (a card and a wickedness tile, two curses) said with one name in
    a language would be one thing to its players: in a card list, a tile list, the feed."""
    for domain in sorted(PACKAGES):
        try:
            words = words_of(domain)
        except (ImportError, AttributeError):
            continue  # a package without names of its own
        names = sorted(set(words.names()))
        for lang in LANGUAGES:
            said: dict[str, list[str]] = {}
            for name in names:
                said.setdefault(words.name(name).say(lang), []).append(name)
            alike = {text: both for text, both in said.items() if len(both) > 1}
            assert alike == {}, f"{domain} in {lang}"


def test_no_language_joins_a_question_with_a_stop_or_a_semicolon() -> None:
    """What the game waits for, said one after another: a title ending with ？ is not
    followed by 。 ("めくったカードは？。" is a slip); one that does not end so is."""
    from host.games.kot.text import _ as kot
    from host.games.page import awaiting

    asked = kot("{player}: which card was turned over?", player="アイコ")
    done = kot("{player}: end the turn", player="Bruno")
    titles = [{"player": "アイコ", "title": asked}, {"player": "Bruno", "title": done}]
    said = localize(awaiting(titles), "ja")
    assert said == "アイコ：めくったカードは？\u3000Bruno：ターンを終える"
    reversed_ = localize(awaiting(titles[::-1]), "ja")
    assert reversed_ == "Bruno：ターンを終える。アイコ：めくったカードは？"
    # English and French write no ";" after a question mark either (it read "tournée ? ;")
    assert localize(awaiting(titles), "fr") == (
        "アイコ\u00a0: quelle carte a été retournée\u00a0? Bruno\u00a0: finissez le tour"
    )
    assert localize(awaiting(titles[::-1]), "fr").count("\u00a0;") == 1  # (after no "?")
    english = localize(awaiting(titles), "en")
    assert english == "アイコ: which card was turned over? Bruno: end the turn"


def test_the_sentence_after_a_question_starts_with_a_capital() -> None:
    """A refusal whose reason ends in a question is joined to what the game waits for with
    a space (SENTENCE_ENDS): the next sentence starts as one, "? The game waits for", not
    "? the game waits for"; the template's own words alike ("? Press it"); a name keeps
    its letters, said capitalized nowhere else; Japanese as before."""
    from host.app.text import _ as app
    from host.games.kot.text import _ as kot

    why = kot("{player}: use {card}?", player="Ann", card=kot.name("Metamorph"))
    waits = app("the game waits for {what}", what="Bob: end the turn")
    refused = app("{why}; {waits}", why=why, waits=waits)  # (host.app.table's refusal)
    assert localize(refused, "en") == "Ann: use Metamorph? The game waits for Bob: end the turn"
    assert localize(refused, "fr").endswith("Métamorphe\u00a0? La partie attend Bob: end the turn")
    ja_waits = "ゲームは次を待っています。Bob: end the turn"
    assert localize(refused, "ja") == f"Ann：変身を使う？\u3000{ja_waits}"
    # the words after the join are the template's own; or a field that starts with a name
    pressed = app("the end of the throws is not stored: {why}; press the button", why=why)
    assert pressed.endswith("Metamorph? Press the button")
    assert localize(pressed, "fr").endswith("Métamorphe\u00a0? Appuyez sur le bouton")
    named = app("{why}; {waits}", why=why, waits=kot("{player}: end the turn", player="bob"))
    assert named == "Ann: use Metamorph? bob: end the turn"
    twice = app("{why}; {waits}", why=why, waits=app("{why}; {waits}", why=why, waits=waits))
    assert twice == "Ann: use Metamorph? Ann: use Metamorph? The game waits for Bob: end the turn"
    # a join after no question keeps its ";" and its letters (150f15a)
    plain = app("{why}; {waits}", why=kot("{player}: end the turn", player="Ann"), waits=waits)
    assert (
        localize(plain, "fr")
        == "Ann\u00a0: finissez le tour\u00a0; la partie attend Bob: end the turn"
    )


def test_french_writes_pv_for_points_de_vie_only() -> None:
    """French's PV are a monster's points de vie (HP: "+1 PV" for a cultist spent): a text
    about victory points never says PV ("Aiko : +1 PV" in the feed read as a heal)."""
    for _path, key, said in translations(("fr",)):
        about_vp = re.search(r"\bVP\b|\{vp\b", key) and not re.search(r"\bHP\b", key)
        assert not (about_vp and re.search(r"\bPV\b", said)), (key, said)


def test_the_led_board_has_one_name_in_each_language() -> None:
    """The LED board (its displays, its buttons) is "le plateau" and "ボード" wherever a
    message names it: the notice of a KaTO game of more players than seats said "Le
    tableau a 6 places", and the read-only note "(affiché sur la table)", beside "le code
    de la table s'affiche sur les écrans du plateau" (a race's board parts, the game's
    own board, are another thing)."""
    names = {"fr": "plateau", "ja": "ボード"}
    for path, key, said in translations(tuple(names)):
        lang = path.stem
        if re.search(r"(?<!\{)\bboard\b(?! part)", key):
            assert names[lang] in said, (path.name, key, said)


def test_a_list_field_is_joined_as_each_language_joins_lists() -> None:
    said = Words("host.app")("{players}", players=["Ann", "Bob", "Cy"])
    assert (said.say("en"), said.say("fr"), said.say("ja")) == (
        "Ann, Bob and Cy",
        "Ann, Bob et Cy",
        "Ann、BobとCy",
    )


def test_a_list_offered_as_a_choice_is_joined_with_or_in_each_language() -> None:
    """Before, every list field was joined with "and": "a die shows one of claw, heart and
    1", « griffe, cœur et 1 », 「クロー、ハートと1」. A choice (`OneOf`) says "or" (« ou »,
    または), kept so across a restart and from vision's words."""
    from vision.words import _ as vision_said
    from wording import OneOf as VisionOneOf  # (vision's modules' choices: one class)

    said = Words("host.app")("a die shows one of {faces}", faces=OneOf(["claw", "heart", "1"]))
    assert said == "a die shows one of claw, heart or 1"
    assert said.say("fr").endswith("\u00a0: claw, heart ou 1")
    assert said.say("ja").endswith("：claw、heart、または1")
    assert Words("host.app")("{x}", x=OneOf(["a", "b"])).say("ja") == "a、またはb"
    kept = Text.from_json(json.loads(json.dumps(said.to_json())))
    assert kept.say("fr") == said.say("fr") and kept == said
    why = vision_said(
        "an example's source is one of {sources}, not {value}",
        sources=VisionOneOf(["taught", "read"]),
        value="x",
    )
    assert why == "an example's source is one of taught or read, not x"
    assert as_text(why).say("fr").startswith("la source d'un exemple est taught ou read,")
    assert "taught、またはread" in as_text(why).say("ja")


def test_japanese_offers_a_choice_of_actions_with_a_comma_before_or() -> None:
    """A player's actions offered as a choice, in Japanese: 'ダイスを振るまたはターンを終える'
    ran a verb into または, read as one action; now 'ダイスを振る、またはターンを終える' and
    'A、B、またはC', as the locale files write a choice ('{color}のカード、{value}、または
    ワイルド')."""
    from host.games import Waiting
    from host.games.kot.waiting import describe

    two = describe([Waiting("Ann", "throw"), Waiting("Ann", "end_turn")])
    assert two.say("ja") == "ゲームは次を待っています：ダイスを振る、またはターンを終える（Ann）"
    three = describe([Waiting("Ann", k) for k in ("buy", "sweep", "end_turn")])
    assert three.say("ja") == (
        "ゲームは次を待っています：カードを買う、場のカードを流す、またはターンを終える（Ann）"
    )
    assert three.say("fr").endswith("défausser les cartes à vendre ou finir le tour (Ann)")


def _choices_not_one_of(root: Path) -> list[str]:
    """Each `_()` call whose template offers a choice of a list field ("one of {faces}")
    that gives that field as no `OneOf(...)`: joined with "and"."""
    found = []
    for path, tree in _sources(root):
        for node in _messages(tree):
            if not node.args or not isinstance(node.args[0], ast.Constant):
                continue
            offered = set(re.findall(r"\bone of \{(\w+)\}(?!')", str(node.args[0].value)))
            for keyword in node.keywords:
                if keyword.arg in offered and not _called(keyword.value, "OneOf"):
                    found.append(f"{path}:{node.lineno} {keyword.arg}")
    return found


def test_a_message_offering_one_of_a_list_gives_it_as_a_choice() -> None:
    root = Path(__file__).resolve().parents[1]
    assert _choices_not_one_of(root / "host") + _choices_not_one_of(root / "vision") == []


def test_vision_words_nested_in_a_message_are_said_in_its_language() -> None:
    # vision cannot import the host's Text: its messages are `Said`s, which the host says
    # (as_text) even inside one of its own messages, in a list, and after a restart
    from vision.words import _ as vision_said

    why = vision_said("there is no die {cut}", cut=3)
    said = Words("host.app")("the camera cannot read this throw: {why}", why=why)
    assert said == "the camera cannot read this throw: there is no die 3"
    assert said.say("fr") == "la caméra ne peut pas lire ce lancer\u00a0: il n'y a pas de dé 3"
    assert said.say("ja") == "カメラはこのダイスを読めません：ダイス3はありません"
    listed = Words("host.app")("{players}", players=[why, "Bob"])
    assert listed.say("fr") == "il n'y a pas de dé 3 et Bob"
    kept = Text.from_json(json.loads(json.dumps(said.to_json())))
    assert kept.say("fr") == said.say("fr") and kept == said
    assert localize({"reason": why}, "ja") == {"reason": "ダイス3はありません"}


def test_a_value_quoted_is_said_with_each_language_s_quotes() -> None:
    """A name or value a refusal quotes as it was given: 'boots' in English, « boots » in
    French (a no-break space inside, as its translations quote: "le jeu de cartes
    « {name} »"), 「boots」 in Japanese (as they quote: "カードセット「{name}」"), in a list,
    nested (vision's, too), after a copy and a restart."""
    from host.games.refusals import no_such_field, not_an_object, unknown_player
    from vision.words import Quoted as VisionQuoted
    from vision.words import _ as vision_said

    said = unknown_player("Nobody", ["Ann", "Bob"])
    assert said == "unknown player 'Nobody' (players: Ann and Bob)"
    assert said.say("fr") == "joueur inconnu «\u00a0Nobody\u00a0» (joueurs\u00a0: Ann et Bob)"
    assert said.say("ja") == "不明なプレイヤー「Nobody」です（プレイヤー：AnnとBob）"
    # a value sent in place of an input, quoted as written (it said its Python type, "not str")
    sent = not_an_object(["throw"])
    assert sent == "an input is a JSON object, not a list of 'throw'"
    assert sent.say("fr") == "une entrée est un objet JSON, pas une liste de «\u00a0throw\u00a0»"
    assert sent.say("ja") == "入力は JSON オブジェクトです。リスト（「throw」）ではありません"
    listed = no_such_field("hook", ["to", "at"], ["player"])
    assert listed == "the hook input has no field 'at' and 'to' (fields: player)"
    # (the input sent, not "a": "a end_turn input" said its article before a vowel)
    assert no_such_field("end_turn", ["x"], []).startswith("the end_turn input has no field")
    assert "「at」と「to」" in listed.say("ja")
    for kept in (copy.deepcopy(said), pickle.loads(pickle.dumps(said))):
        assert kept.say("ja") == said.say("ja") and kept == said
    for again in (said, listed):
        kept = Text.from_json(json.loads(json.dumps(again.to_json())))
        assert kept.say("ja") == again.say("ja") and kept == again
    # a number, null, true as JSON writes them (as the player wrote them), in every language
    assert [Quoted(v).said("ja") for v in (None, 2, 2.5, True)] == ["null", "2", "2.5", "true"]
    why = vision_said(
        "{face} is no face of {name} ({faces})",
        face=VisionQuoted("boots"),
        name="kot",
        faces=["claw"],
    )
    nested = Words("host.app")("the camera cannot read this throw: {why}", why=why)
    assert "'boots'" in nested and "「boots」" in nested.say("ja")
    assert "«\u00a0boots\u00a0» n'est pas une face" in nested.say("fr")
    assert pickle.loads(pickle.dumps(why)).fields["face"].quoted == "boots"


def test_a_json_value_quoted_is_said_as_json_writes_it_never_as_python() -> None:
    """A value of a JSON input quoted in a refusal, as the player wrote it: before, a
    player sent null and read "..., not None" (True for true), where the template itself
    speaks JSON ('"city", "bay" or null, not {value}'); a list of them, and vision's too."""
    from host.games.refusals import unknown_player
    from vision.words import Quoted as VisionQuoted
    from vision.words import _ as vision_said

    said = unknown_player(None, ["Ann"])
    assert said == "unknown player null (players: Ann)"
    assert said.say("fr").startswith("joueur inconnu null ")
    assert Quoted([True, None, 1.5]) == "a list of true, null and 1.5"
    why = vision_said(
        "{face} is no face of {name} ({faces})", face=VisionQuoted(False), name="kot", faces=[]
    )
    assert why.startswith("false is no face") and as_text(why).say("ja").startswith("false")
    kept = Text.from_json(json.loads(json.dumps(said.to_json())))
    assert kept.say("ja") == said.say("ja") and "null" in kept.say("ja")


def test_a_list_or_an_object_quoted_is_said_as_words_never_as_python_writes_it() -> None:
    """A JSON list or object given where a name or a value was expected (an input's player,
    a field's value): said "a list of 'x' and 2", in each language's words and quotes, never
    ['x', 2] or {'x': 1} as Python writes them; kept alike across a restart and from
    vision's words."""
    from host.games.refusals import unknown_player
    from vision.words import Quoted as VisionQuoted
    from vision.words import _ as vision_said

    said = unknown_player(["Ann", {"x": 1}], ["Ann", "Bob"])
    # (a list in words, not in brackets: the message's own bracket came right after it,
    # "unknown player a list ('x') (players: ...)")
    assert said == "unknown player a list of 'Ann' and an object with 'x' (players: Ann and Bob)"
    assert "une liste de «\u00a0Ann\u00a0» et un objet avec «\u00a0x\u00a0» (" in said.say("fr")
    assert "リスト（「Ann」と「x」を持つオブジェクト）" in said.say("ja")
    for lang in LANGUAGES:
        text = said.say(lang)
        assert not re.search(r"\[|\{'", text), text
        kept = Text.from_json(json.loads(json.dumps(said.to_json())))
        assert kept.say(lang) == text
    assert [Quoted(v).said("fr") for v in ([], {})] == ["une liste vide", "un objet vide"]
    why = vision_said(
        "{face} is no face of {name} ({faces})", face=VisionQuoted(["claw"]), name="kot", faces=[]
    )
    assert why.startswith("a list of 'claw' is no face")
    assert as_text(why).say("ja").startswith("リスト（「claw」）")


@functools.cache
def _sources(root: Path) -> list[tuple[Path, ast.Module]]:
    """Every Python source under `root`, parsed: once for the checks of the sources below."""
    return [(p, ast.parse(p.read_text(encoding="utf-8"))) for p in sorted(root.rglob("*.py"))]


def _called(node: ast.AST, name: str) -> TypeGuard[ast.Call]:
    """Whether `node` is a call of the function named `name` (`name(...)`)."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name


def _messages(tree: ast.AST) -> list[ast.Call]:
    """Each `_()` call in `tree`: a message for people."""
    return [node for node in ast.walk(tree) if _called(node, "_")]


def _quoted_by_repr(root: Path) -> list[str]:
    """Each field of a `_()` call in the sources given as `repr(...)`: said with Python's
    quotes in every language (but an exception's own repr, `error=repr(error)`, a detail
    Python words)."""
    found = []
    for path, tree in _sources(root):
        for node in _messages(tree):
            for keyword in node.keywords:
                for inner in ast.walk(keyword.value):
                    if _called(inner, "repr") and not (
                        len(inner.args) == 1
                        and isinstance(inner.args[0], ast.Name)
                        and inner.args[0].id == "error"
                    ):
                        found.append(f"{path}:{inner.lineno} {keyword.arg}=repr(...)")
    return found


def _fields_quoted(root: Path) -> dict[str, set[str]]:
    """Each template of a `_()` call in the sources -> its fields given as `Quoted(...)`
    (or a list of them)."""
    found: dict[str, set[str]] = {}
    for _path, tree in _sources(root):
        for node in _messages(tree):
            if not node.args or not isinstance(node.args[0], ast.Constant):
                continue
            for keyword in node.keywords:
                if any(_called(inner, "Quoted") for inner in ast.walk(keyword.value)):
                    found.setdefault(str(node.args[0].value), set()).add(str(keyword.arg))
    return found


# a quote mark right around a field: the translation quotes it itself
QUOTE_AROUND = r"[«「'\"‘“]\s*\{%s\}|\{%s\}\s*[»」'\"’”]"


def test_a_field_given_quoted_is_not_quoted_again_by_a_translation() -> None:
    """A `Quoted` field brings its language's quotes (« boots », 「boots」): a translation
    that quotes it too says it twice (« « boots » », 「「boots」」)."""
    root = Path(__file__).resolve().parents[1]
    quoted = _fields_quoted(root / "host") | _fields_quoted(root / "vision")
    assert quoted.get("unknown player {name} (players: {players})") == {"name"}
    twice = [
        f"{path}: {said}"
        for path, key, said in translations()
        for field in quoted.get(key, ())
        if re.search(QUOTE_AROUND % (field, field), said)
    ]
    assert twice == []


def test_french_quotes_with_guillemets_and_a_no_break_space_inside() -> None:
    """French quotes a name « so » (as `Quoted` does), never 'so' nor «so» or « so »
    broken at its space on a phone; a word of the API or of code keeps its "quoted"."""
    found = []
    for folder in PACKAGES.values():
        path = folder / "locales" / "fr.json"
        if path.is_file():
            found += [
                s
                for s in texts_of(path)
                if re.search(r"«(?!\u00a0)|(?<!\u00a0)»|['‘]\{\w+\}['’]", s)
            ]
    assert found == []


def test_a_word_of_the_api_quoted_keeps_its_quotes_in_every_language() -> None:
    """A field the English quotes "{step}" holds a word of the API or of code (a teaching
    step, an input's field): every translation keeps it "{step}", as the others of its kind
    ("\"{field}\" はダイスの目のリストです"); the card teaching's said 「{step}」 and « {step} »,
    the dice teaching's "{step}", for the same steps."""
    found = [
        f"{path}: {said}"
        for path, key, said in translations()
        if any(f not in said for f in re.findall(r'"\{\w+\}"', key))
    ]
    assert found == []


def test_a_message_quotes_a_value_with_quoted_never_repr() -> None:
    """Japanese quotes with 「」: a value quoted in a message is a `Quoted` (vision's
    `vision.words.Quoted`), which each language quotes its way; repr's 'boots' stayed in
    the Japanese ("不明なプレイヤー'Nobody'です")."""
    root = Path(__file__).resolve().parents[1]
    assert _quoted_by_repr(root / "host") + _quoted_by_repr(root / "vision") == []


def _is_join(node: ast.AST) -> bool:
    """A `", ".join(...)`: a list made a string before its language could join it (a join
    of symbols, "2♥ + 1⚡", is no list of words)."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "join"
        and isinstance(node.func.value, ast.Constant)
        and isinstance(node.func.value.value, str)
        and node.func.value.value.strip() in {",", ";", "and", "or", "、", "/"}
    )


def _joined_in_messages(root: Path) -> list[str]:
    """Each field of a `_()` call in the sources given a list joined beforehand (`", ".join(
    ...)`, or a name assigned one in the same function): English "a, b, c" in every
    language (プレイヤー：P1, P2), where a list field is joined as each language joins lists."""
    found = []
    for path, tree in _sources(root):
        for scope in ast.walk(tree):
            if not isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            joined = {
                target.id
                for node in ast.walk(scope)
                if isinstance(node, ast.Assign) and any(map(_is_join, ast.walk(node.value)))
                for target in node.targets
                if isinstance(target, ast.Name)
            }
            for node in _messages(scope):
                for keyword in node.keywords:
                    for inner in ast.walk(keyword.value):
                        if _is_join(inner) or (isinstance(inner, ast.Name) and inner.id in joined):
                            found.append(f"{path}:{inner.lineno} {keyword.arg}=...join(...)")
    return sorted(set(found))


def test_a_message_gives_a_list_as_a_list_field_never_joined() -> None:
    """A list in a message is a list field, joined as each language joins lists ("a, b and
    c", "a, b et c", "aとb"): joined beforehand it said "プレイヤー：P1, P2" in Japanese."""
    root = Path(__file__).resolve().parents[1]
    assert _joined_in_messages(root / "host") + _joined_in_messages(root / "vision") == []


def test_a_list_in_a_refusal_is_joined_in_the_reader_s_language() -> None:
    from host.games.refusals import unknown_player, unknown_type

    said = unknown_player("Nobody", ["Ann", "Bob", "Cy"])
    assert said == "unknown player 'Nobody' (players: Ann, Bob and Cy)"
    assert said.say("fr").endswith("(joueurs\u00a0: Ann, Bob et Cy)")
    assert said.say("ja").endswith("（プレイヤー：Ann、BobとCy）")
    assert unknown_type("x", ["roll", "end"]).say("ja").endswith("rollとend）")


def test_a_number_with_decimals_is_said_as_each_language_writes_it() -> None:
    """A decimal comma in French, a dot in English and Japanese, with the digits the
    template asks for."""
    uneven = "the light changed unevenly across the tray ({times:.1f}x)"
    said = Text("vision", uneven, {"times": 3.42})
    assert said == "the light changed unevenly across the tray (3.4x)"
    assert "3,4" in said.say("fr") and "3.4" not in said.say("fr")
    assert "3.4" in said.say("ja") and "3,4" not in said.say("ja")


def test_french_says_a_card_turned_over_without_a_gender_it_cannot_know() -> None:
    """A card's French name is masculine, feminine or plural ("Réacteurs"): the history
    line for a card turned over, and the refusal of a card placed too often, agree with
    "carte", not with the name ("Réacteurs est retournée" was said)."""
    from host.games.kot.story import said
    from host.games.kot.text import _

    turned = localize(said({"type": "reveal", "card": "Jets"}, {}), "fr")
    assert turned == "Carte retournée\u00a0: Réacteurs"
    placed = _(
        "{at}: {card} is placed {n} times; the box has {most}",
        at="face_up",
        card=_.name("Jets"),
        n=2,
        most=1,
    )
    assert localize(placed, "fr").startswith("face_up\u00a0: la carte Réacteurs est placée")


def test_french_elides_de_and_que_before_a_vowel() -> None:
    """ "le tour d'Aiko", not "de Aiko": the field's value decides, in every package's
    French (a name, a card); not before a consonant, not in other languages."""
    kr, kot = Words("host.games.kingdom_run"), Words("host.games.kot")
    turn = kr("it is {active}'s turn, not {player}'s", active="Aiko", player="Bruno")
    assert turn.say("fr") == "c'est le tour d'Aiko, pas de Bruno"
    assert turn.say("en") == "it is Aiko's turn, not Bruno's"
    turn = kr("it is {active}'s turn, not {player}'s", active="Hugo", player="Éloïse")
    assert turn.say("fr") == "c'est le tour de Hugo, pas d'Éloïse"  # (an h: not guessed)
    none = kot("{player} has no {card} to discard", player="Ann", card=kot.name("Wings"))
    assert none.say("fr") == "Ann n'a pas d'Ailes à défausser"


def test_japanese_calls_a_die_one_word() -> None:
    """ダイス, as the page says it everywhere else (a few said サイコロ: the dice row's title
    next to 'Aiko：ダイスを振る')."""
    for domain in PACKAGES:
        said = translation(domain, "ja") or {}
        assert not [k for k, v in said.items() if "サイコロ" in v], domain


def test_french_says_a_face_without_an_article_of_its_own() -> None:
    """A face's French name has its gender (une Baffe, un cœur, un 3): "un {face}" made
    "Relancer un Baffe" (False Blessing's ankh). A face is said after "dé" ("un dé
    Baffe", "le dé qui montre Baffe"), never after an article agreeing with it."""
    for _path, key, said in translations(("fr",)):
        assert not re.search(r"\b(un|une)\s+\{faces?\b", said), (key, said)


def test_japanese_says_a_turning_point_as_a_sentence() -> None:
    """The game-over's turning points: 'Élodie：トーキョーに入る' stood between 'Hugoが脱落'
    and 'Élodieの勝ち', a label where the others are sentences."""
    from host.games.kot.story import changes

    before = {"players": [{"name": "Élodie", "hp": 10, "vp": 0, "energy": 0, "alive": True,
                           "location": None, "cards": []}]}  # fmt: skip
    after = {"players": [{**before["players"][0], "location": "city"}]}
    _did, key = changes(before, after)
    assert localize(key, "ja") == ["Élodieがトーキョー入り"]


# what changed for a monster, each joined to the next with 、 and the last with と
# (host.games.kot.story.changes)
CHANGES = (
    "enters {place}", "leaves Tokyo", "gets {card}", "discards {card}", "is eliminated",
    "comes back as a zombie", "flips to the beast form", "flips to the robot form",
    "gets the Golden Scarab", "goes berserk", "is no longer berserk",
)  # fmt: skip


def test_japanese_says_a_monster_s_changes_as_nouns_before_its_and() -> None:
    """A monster's changes in the feed are joined with と, which joins nouns: a verb
    before it reads as 'if' ('+1エネルギー、トーキョーに入ると悪名+2', as if entering Tokyo
    gave the wickedness), and a verb's present tense in the feed told what happened as
    what will. Each change is a noun ('トーキョー入り', 'ジェット戦闘機を獲得')."""
    from host.games.kot.story import changes

    ann = {"name": "Ann", "hp": 10, "vp": 0, "energy": 0, "alive": True, "location": None,
           "cards": [], "wickedness": 0}  # fmt: skip
    after = {**ann, "vp": 1, "location": "city", "wickedness": 2}
    did, _key = changes({"players": [ann]}, {"players": [after]})
    assert localize(did, "ja") == ["Ann：+1勝利ポイント、トーキョー入りと悪名+2"]
    said = {key: text for path, key, text in translations(("ja",)) if "kot" in str(path)}
    verbs = [(key, said[key]) for key in CHANGES if said[key][-1] in "るうくすつぬむぶぐ"]
    assert verbs == []


def test_a_name_inside_a_sentence_is_said_as_the_language_names_it() -> None:
    """A game's name translated ("Fluxling": "フラックスリング") is said so in every
    sentence of that language: "Fluxling でカードを写す" stood beside
    "フラックスリングでカードをコピーする？" on one Japanese page. A name in a
    command's option or a field's path ("--camera", "deck.wild.cone") is code, and
    stays."""
    slips = []
    for domain in sorted(PACKAGES):
        try:
            words = words_of(domain)
        except (ImportError, AttributeError):
            continue  # a package without names of its own
        for lang in ("fr", "ja"):
            said = translation(domain, lang) or {}
            for name in sorted(set(words.names())):
                local = words.name(name).say(lang)
                if local == name or len(name) < 4:
                    continue
                word = re.compile(rf"(?<![\w{{.\-]){re.escape(name)}(?![\w}}.\-])")
                slips += [(lang, name, v) for k, v in said.items() if k != name and word.search(v)]
    assert slips == []


def test_japanese_tells_a_race_s_moves_as_sentences() -> None:
    """Kingdom Run's feed in Japanese: 'アイコ：フックで追いかける' (a label, the present)
    stood under 'アイコがイコール、財布、しずくとフックを振った', a sentence in the past."""
    from host.games.kingdom_run.story import said

    hook = {"type": "hook", "player": "アイコ", "space": 0, "runner": "アイコ"}
    assert localize(said(hook), "ja") == "アイコがフックで追いかけた"
    assert localize(said({"type": "end_turn", "player": "Bruno"}), "ja") == "Brunoがターンを終えた"


def test_japanese_says_the_dice_kept_after_them() -> None:
    """'Bobが攻撃、2、2と⚡を振った（キープ攻撃と攻撃）': 'キープ攻撃' read as one word;
    the dice kept are said as Kingdom Run says them, '（攻撃と攻撃はキープ）'."""
    from host.games.kot.story import said

    thrown = {"type": "throw", "player": "Bob", "thrown": ["2", "energy"], "kept": ["claw"]}
    assert localize(said(thrown, {}), "ja") == "Bobが2と⚡を振り直した（攻撃はキープ）"  # a rethrow


def test_japanese_says_tokyo_as_its_edition_prints_it() -> None:
    """トーキョー, as the Japanese rules print Tokyo City ("Tokyo City": "トーキョー"): the feed
    said "Hugo：東京を去る" beside "Bruno：トーキョーに入る", two names for one place. The
    Tower keeps its 東京タワー (a real building's name)."""
    for _path, key, said in translations(("ja",)):
        assert "東京" not in said.replace("東京タワー", ""), (key, said)


def test_japanese_says_a_throw_as_its_players_do() -> None:
    """ダイスを振る / 振り直す for the act, 出目 for what the dice show, as the Japanese rules
    write them (BGA's: "出目をそのまま確定するか…振り直しが行えます"): the page said
    'この投げを送る', 'カメラの投げ', '最初の振りでは'. And one word for one thing:
    勝利ポイント (勝利点 beside it), 'クトゥルフ・パック' (as 'サイバートゥース・パック'),
    フォルダー, ダイスの目のセット (面セット beside it), 出目を確定する (解決 beside it), ゲームを
    準備 (用意 beside it), 'KaTO と言う' ('KaTO を言い忘れた' beside it), 'この出目で確定'
    (the resolve's button said 'この結果にする'), 記録したセッション (録画, 記録セッション,
    記録されたセッション beside it), 読み違えたダイス (読み間違えた, and a refusal's
    出目を直す, beside it), a yield's トーキョーから脱出する (the feed said 'トーキョーを
    明け渡した' under its question), a teaching's キャンセル as its button (取り消し is an
    undo's word)."""
    slip = re.compile(
        r"投げ|の振り(?!直)|勝利点|フォルダ(?!ー)|面セット|(?<!・)パック"
        r"|解決|ゲームを用意|KaTO を言|この結果にする|録画|の振り直させ|学習を取り消|学習が取り消"
        r"|記録された|記録セッション|読み間違|明け渡|出目を直"
    )
    slips = [(key, said) for _path, key, said in translations(("ja",)) if slip.search(said)]
    assert slips == []


def test_french_says_a_colour_of_runners_without_agreeing_it() -> None:
    """A colour's name is said in the singular ("rouge"): "les coureurs rouge" did not
    agree, "les coureurs de couleur rouge" needs not."""
    kr = Words("host.games.kingdom_run")
    taken = kr("{at}: {colour} runners are someone else's", at="Bo", colour=kr.name("red"))
    assert taken.say("fr") == "Bo\u00a0: les coureurs de couleur rouge sont à quelqu'un d'autre"


# ---- a count's words: each language's plural forms (host.games.text.PLURALS) -------------

FINISHED = "{n, plural, one {# finished game} other {# finished games}}"


def test_a_count_is_said_in_each_language_s_own_form() -> None:
    """English: one for 1 alone; French: one for 0 and 1 (CLDR: "0 partie terminée");
    Japanese: one form for every count."""
    said = {
        lang: [Words("host.app")(FINISHED, n=n).say(lang) for n in (0, 1, 2)] for lang in LANGUAGES
    }
    assert said["en"] == ["0 finished games", "1 finished game", "2 finished games"]
    assert said["fr"] == ["0 partie terminée", "1 partie terminée", "2 parties terminées"]
    ja = translation("host.app", "ja")[FINISHED]
    assert "plural" not in ja and said["ja"] == [ja.format(n=n) for n in (0, 1, 2)]
    # its English is the English form, and a copy or a notice kept says it alike
    one = Words("host.app")(FINISHED, n=1)
    assert one == "1 finished game"
    assert Text.from_json(json.loads(json.dumps(one.to_json()))).say("fr") == "1 partie terminée"
    assert pickle.loads(pickle.dumps(one)).say("fr") == "1 partie terminée"


def test_french_agrees_a_word_with_the_count_before_it() -> None:
    """A count that may be 1 takes its word's form in French ("1 lancé", not "1 lancés":
    a throw refused at a French table said "1 lancés + 6 gardés"): the translation gives
    the forms where English needs none."""
    thrown = Words("host.games.kot")(
        "{thrown} thrown + {kept} kept is not the {n} dice in play", thrown=1, kept=6, n=6
    )
    assert thrown.say("fr").startswith("1 lancé + 6 gardés ")
    checked = Words("vision")(
        "checked on {checked} of your dice it did not learn from: {right} right, "
        "{wrong} wrong, {unknown} left for you to say",
        checked=2, right=1, wrong=0, unknown=1,
    )  # fmt: skip
    assert checked.say("fr").endswith("1 juste, 0 faux, 1 laissé à votre avis")
    damaged = Words("vision")(
        "{source}: {misses} damaged frames after frame {n} could not be decoded; reading on",
        source="x", misses=1, n=3,
    )  # fmt: skip
    assert "1 image abîmée après l'image 3 n'a pas pu" in damaged.say("fr")


def test_the_plural_rules_are_cldr_s() -> None:
    assert [plural(n, "en") for n in (0, 1, 2, 1.0, 1.5)] == [
        "other",
        "one",
        "other",
        "other",
        "other",
    ]
    assert [plural(n, "fr") for n in (0, 1, 1.5, 2, 100)] == ["one", "one", "one", "other", "other"]
    assert {plural(n, "ja") for n in (0, 1, 2)} == {"other"}
    assert plural("three", "en") == "other"  # not a count: the form for many


def test_every_plural_text_is_said_for_0_1_and_2_in_every_language() -> None:
    """Every template with a count's forms, in every package and language: no plural
    argument is left unsaid, and French says 0 and 1 alike (its "one"), 2 otherwise."""
    checked = 0
    for domain in sorted(PACKAGES):
        for lang in LANGUAGES:
            said = translation(domain, lang) if lang != "en" else {}
            for key in sorted(
                k for k in (said or {k: k for k in translation(domain, "fr")}) if "plural," in k
            ):
                counts = {c for c, _ in plural_forms(key)}
                for n in (0, 1, 2):
                    fields = {f: n if f in counts else "X" for f in _fields(key)}
                    text = Text(domain, key, fields).say(lang)
                    assert "plural" not in text and "#" not in text, (domain, lang, key, text)
                if lang == "fr":
                    forms = [
                        Text(domain, key, {f: n if f in counts else "X" for f in _fields(key)}).say(
                            lang
                        )
                        for n in (0, 1, 2)
                    ]
                    assert forms[0].replace("0", "1") == forms[1] != forms[2].replace("2", "1"), (
                        key,
                        forms,
                    )
                checked += 1
    assert checked > 50


def test_the_checker_wants_each_language_s_forms() -> None:
    english = "{n, plural, one {# card} other {# cards}} seen"
    assert plural_problems(english, english, "en") == []
    assert (
        plural_problems(english, "{n, plural, one {# carte vue} other {# cartes vues}}", "fr") == []
    )
    assert plural_problems(english, "{n} 枚見えました", "ja") == []  # one form: a plain count
    assert plural_problems(english, "{n} cartes vues", "fr") == [
        "has no plural forms for {n} in fr (one, other)"
    ]
    assert plural_problems(english, "{n, plural, other {# cartes vues}}", "fr") == [
        "writes the forms other of {n}: fr has one, other"
    ]
    assert plural_problems(english, "{n, plural, one {# 枚} other {# 枚}}", "ja") == [
        "writes the forms one, other of {n}: ja has other"
    ]
    assert plural_problems("{n, plural, other {# x}}", "{n, plural, other {# x}}", "en") == [
        "writes the forms other of {n}: en has one, other"
    ]


def test_vision_says_a_count_s_english_form_and_the_host_the_others() -> None:
    from vision.words import _ as vision_said

    said = vision_said("{n, plural, one {# die} other {# dice}} not named yet", n=1)
    assert said == "1 die not named yet"
    assert as_text(said).say("fr") == "1 dé pas encore nommé"
    assert as_text(vision_said(said.template, n=0)).say("fr") == "0 dé pas encore nommé"
    assert vision_said(said.template, n=3) == "3 dice not named yet"


def test_japanese_says_the_cards_and_dice_taught_are_several() -> None:
    """The teaching's button learns every card (every die) confirmed: "このカードを学習する"
    ("learn this card") under eleven cards; a message that names the button quotes its
    words as the button says them."""
    ja = translation("host.app", "ja")
    for button in ("Learn these cards", "Learn these dice"):
        assert ja[button].startswith("これらの"), ja[button]
    quoting = [v for k, v in ja.items() if "Learn these cards again" in k]
    assert quoting and all(f"「{ja['Learn these cards']}」" in v for v in quoting)


def test_a_key_moment_s_turn_is_set_apart_without_a_colon() -> None:
    """The game's end lists its key moments after their turn; KaTO's say a colon of their
    own: "tour 13 : Hugo gagne la manche 1 : 71 points", "13ターン目：Hugoがラウンド1に勝利：71点"
    said two colons in one clause."""
    from host.games.kato.story import changes
    from tests.games.test_said_in_every_language import doubled

    won = {"winner": "Hugo", "round": 1, "points": 71, "hands": {}}
    (moment,) = changes({"rounds": []}, {"rounds": [won]})[1]
    said = Words("host.app")("turn {n}: {what}", n=13, what=moment)
    assert said.say("fr") == "tour 13\u00a0— Hugo gagne la manche 1\u00a0: 71 points"
    assert said.say("ja") == "【13ターン目】Hugoがラウンド1に勝利：71点"
    assert doubled(said.say("fr"), "fr") == doubled(said.say("ja"), "ja") == []


def test_a_camera_reading_refused_says_the_rules_reason_with_one_colon() -> None:
    """The notice of a card the rules refused nests their reason, which has its colon:
    "la lecture de la caméra a été refusée : 8 bleu ne peut pas être posé maintenant : il
    faut du rouge..." said two colons in one clause (ja "拒否されました：青の8は...：")."""
    from host.games import IllegalInput
    from host.games.kato import KaTO, Setup
    from host.games.text import message
    from tests.games.test_said_in_every_language import doubled

    game = KaTO(Setup(("Ann", "Bob")))
    game.apply({"type": "turn_up", "player": "Bob", "card": {"color": "red", "value": "7"}})
    with pytest.raises(IllegalInput) as refused:
        game.apply({"type": "play", "player": "Ann", "card": {"color": "blue", "value": "8"}})
    why = message(refused.value)
    said = Words("host.app")("the camera's reading was refused: {why}; fix it on the page", why=why)
    for lang in ("fr", "ja"):
        assert doubled(said.say(lang), lang) == [], said.say(lang)


# the feed's sentences of each game's story (its inputs' words, what changed), told in
# Japanese in the past as King of Tokyo's are ('アイコがダイスを振った')
TOLD = {
    "kingdom_run": (
        "{player} gains {n, plural, one {# victory token} other {# victory tokens}}",
        "{player} loses {n, plural, one {# victory token} other {# victory tokens}}",
        "{player} takes the finish place worth {points}",
        "{player}'s runner on space {space} falls asleep",
        "{player}'s runner on space {space} wakes up",
    ),
    "kato": (
        "{player} draws {n, plural, one {# card} other {# cards}}",
        "{player} lays {cards}",
        "{player} lays {cards} and names {color}",
        "{player} turns up {card}",
        "{player} lays down {cards}",
    ),
}


@pytest.mark.parametrize("game", sorted(TOLD))
def test_japanese_tells_the_feed_in_the_past(game: str) -> None:
    """Kingdom Run's feed said 'アイコがブーツで走者を散らした' and under it 'アイコが勝利
    トークンを1個得る', 'ボブの走者が眠る' (what will happen), KaTO's all in the present
    ('Bobがカードを6枚引く', 'Catが赤の7を出す'): each is past now, as King of Tokyo's."""
    import importlib

    said = {key: text for path, key, text in translations(("ja",)) if game in str(path)}
    inputs = importlib.import_module(f"host.games.{game}.text").INPUTS_SAID
    keys = [*TOLD[game], *(str(t.template) for t in inputs.values())]
    present = [(key, said[key]) for key in keys if not re.search(r"[ただ](：\{\w+\})?$", said[key])]
    assert present == []
