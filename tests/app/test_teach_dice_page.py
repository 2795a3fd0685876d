"""Teaching the dice from the page, in real Chromium, without the camera or the nets: the
teaching's dice stood in for (four cut-out dice, sorted as the sort would), so what the page
sends and shows is tested in seconds (the whole teaching from the page: test_teach_page)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Request, Route, expect

from host.app.table import Table
from tests.app.browser import PHONE, Served, open_page, served_learning
from tests.app.test_learning_table import dice_sorted
from vision.learning.flow import Group


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Served]:
    with served_learning(tmp_path, monkeypatch) as s:
        yield s


def sorted_dice(
    table: Table, groups: list[list[int]], colours: list[list[int]], n: int = 4
) -> None:
    """A teaching of King of Tokyo's dice begun on `table`, its `n` dice (one throw) sorted
    into `groups` by look and `colours` by colour, as its sort would have."""
    table.act({"do": "teach", "step": "start", "face_set": "kot"})
    dice_sorted(table, groups, colours, n)


REFUSED = {
    "fr": "ces dés ont été triés à nouveau depuis que cette page les a montrés",
    "ja": "このページが表示した後にダイスが並べ直されました",
}


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_a_tap_on_dice_sorted_anew_meanwhile_is_refused_and_one_on_the_dice_shown_taken(
    table: Served, browser: Browser, lang: str
) -> None:
    """Aiko taps 'claw' on group 0 of the dice her phone shows; before her tap reaches the
    table, Ben cancels the teaching, starts it again and his dice are sorted: group 0 is
    other dice now. Before, Aiko's tap named Ben's group 0 (the page said a group by its
    number alone). Now the page's answer names the teaching it showed and the group's dice:
    it is refused, in the page's language, nothing is named, and the page shows Ben's dice;
    a tap on them (a group's face, a colour group's colour, a die's face) is taken."""
    sorted_dice(table.table, [[0, 1], [2, 3]], [[0, 2], [1, 3]])
    page = open_page(browser, table, lang=lang)
    group = page.locator("[data-test=teach-group][data-group='0']")
    expect(group.locator("[data-cut]")).to_have_count(2)
    sent: list[dict[str, Any]] = []

    def meanwhile(route: Route, request: Request) -> None:
        body = request.post_data_json
        sent.append(body)
        if len(sent) == 1:  # Ben's restart reaches the table first
            table.table.act({"do": "teach", "step": "cancel"})
            sorted_dice(table.table, [[2, 3], [0, 1]], [[1, 3], [0, 2]])
        route.continue_()

    page.route("**/api/action", meanwhile)
    group.locator(".names button[data-face=claw]").click()
    expect(page.locator("#message")).to_contain_text(REFUSED[lang])
    flow = table.table.learning.flow  # type: ignore[union-attr]
    assert flow is not None
    assert sent[0]["dice"] == [0, 1] and sent[0]["teaching"] != flow.teaching
    assert [flow.label(i) for i in range(4)] == [(None, None)] * 4
    expect(group.locator("[data-cut]").first).to_have_attribute("data-cut", "2")
    group.locator(".names button[data-face=heart]").click()
    expect(group).to_have_class("group named")
    colour = page.locator("[data-test=teach-colour-group][data-group='1']")
    colour.locator(f".names button[data-color='{flow.colors[1]}']").click()
    expect(colour).to_have_class("group named")
    page.locator("[data-test=teach-group][data-group='1'] [data-cut='1']").click()
    page.locator("[data-test=teach-group][data-group='1'] .picker button[data-face=energy]").click()
    expect(page.locator("[data-test=teach-group] [data-cut='1'] small")).to_be_visible()
    assert [flow.label(i) for i in range(4)] == [
        (None, flow.colors[1]), ("energy", None), ("heart", flow.colors[1]), ("heart", None)
    ]  # fmt: skip
    assert all(s["teaching"] == flow.teaching for s in sent[1:]) and len(sent) == 4
    assert not page.errors  # type: ignore[attr-defined]


TABLET = {"width": 1024, "height": 768}

# each group of the teaching (by look, by colour): its box, and its buttons' right edges
GROUPS = """() => [...document.querySelectorAll(
  '[data-test=teach-group], [data-test=teach-colour-group]')].map((g) => {
  const box = g.getBoundingClientRect();
  return { left: box.left, top: box.top, right: box.right,
    buttons: [...g.querySelectorAll('button')].map((b) => b.getBoundingClientRect().right) };
})"""


@pytest.mark.parametrize("lang", ["fr", "ja"])
@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["phone", "tablet"])
def test_the_dice_taught_span_a_tablet_their_groups_side_by_side(
    table: Served, browser: Browser, lang: str, size: dict[str, int]
) -> None:
    """The dice teaching's groups, seven by look and two by colour: on a tablet (1024x768)
    the teaching spans the screen, three groups a row (it stood in one of the page's three
    columns, a group a row, the page 2,763 px tall in French); on a phone a group a row, as
    before. Every group and its taps inside the screen, either way."""
    n = 18
    sorted_dice(table.table, [[i for i in range(n) if i % 7 == k] for k in range(7)], [], n)
    flow = table.table.learning.flow  # type: ignore[union-attr]
    assert flow is not None
    flow.colour_groups = [Group(k, list(range(k, n, 2)), flow.colors[k]) for k in range(2)]
    table.table.touch()
    page = open_page(browser, table, lang=lang, size=size)
    expect(page.locator("[data-test=teach-colour-group]")).to_have_count(2)
    groups = page.evaluate(GROUPS)
    assert len(groups) == 9
    for group in groups:
        assert group["right"] <= size["width"], group
        assert all(right <= group["right"] for right in group["buttons"]), group
    first_row = [g for g in groups if abs(g["top"] - groups[0]["top"]) < 1]
    assert len(first_row) == (3 if size is TABLET else 1), groups
    section = page.locator("[data-section=teaching]").bounding_box()
    assert section is not None and section["width"] >= 0.9 * size["width"]
    assert not page.errors  # type: ignore[attr-defined]
