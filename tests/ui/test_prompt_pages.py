"""A prompt never holds more choices than Discord can show, and never drops one (issue #29).

Discord shows at most 5 action rows of 5 buttons, or one select of 25 options a row. A prompt
(ui.views.ChoiceView) is buttons up to 20 choices, selects of 25 beyond, and pages of 100 with
"More…" / "Back" beyond that; the fifth row keeps room for a system's own buttons. Each page is
checked by the validator the fake Discord runs on every request (loopback.limits), and the
union of every page's choices must be every index, each exactly once.
"""
from __future__ import annotations

import re

import discord
import pytest

from loopback.limits import MAX_ROWS, check_send, send_body
from loopback.messages import iter_components
from systems.darkest_talisman.buttons import ManageButton
from systems.darkest_talisman.turn import choice_view
from systems.prophecy.riddles import AnswerButton
from ui.views import PAGE_SIZE, ChoiceView, prompt_view

COUNTS = (1, 20, 21, 30, 100, 101, 130, 250)


def _components(view: discord.ui.View) -> list[dict]:
    body, _ = send_body({"content": "x", "view": view})
    return body.get("components") or []


def _choices_on(view: discord.ui.View) -> list[int]:
    """The indexes of legal_actions this page lets a person press."""
    out = []
    for c in iter_components(_components(view)):
        if c.get("type") == 2 and re.fullmatch(r"gm:\d+:\d+:\d+", c.get("custom_id", "")):
            out.append(int(c["custom_id"].rsplit(":", 1)[1]))
        if c.get("type") == 3 and c["custom_id"].startswith("gms:"):
            out += [int(o["value"]) for o in c["options"]]
    return out


def _pages_named(view: discord.ui.View) -> list[int]:
    return [int(c["custom_id"].rsplit(":", 1)[1]) for c in iter_components(_components(view))
            if c.get("custom_id", "").startswith("gmpg:")]


def _walk(view: ChoiceView) -> list[int]:
    """Every choice reachable from the first page by pressing "More…" / "Back" only, each page
    checked against Discord's limits; turning a page keeps the items a system added."""
    extra = [c["custom_id"] for c in iter_components(_components(view)) if c.get("custom_id", "").startswith(("dtm:", "wrans:"))]
    seen_pages, todo, reached = set(), [0], []
    while todo:
        page = todo.pop()
        if page in seen_pages:
            continue
        seen_pages.add(page)
        view.show_page(page)
        assert view.page == page
        problems = check_send({"content": "x", "view": view})
        assert not problems, problems
        assert len(_components(view)) <= MAX_ROWS
        assert [c["custom_id"] for c in iter_components(_components(view))
                if c.get("custom_id", "").startswith(("dtm:", "wrans:"))] == extra, "a system's own button stays on every page"
        reached += _choices_on(view)
        todo += _pages_named(view)
    assert seen_pages == set(range(view.pages))
    return reached


@pytest.mark.parametrize("count", COUNTS)
def test_every_prophecy_choice_is_reachable_once_within_discords_limits(count: int) -> None:
    labels = [f"Choice number {i} " + "x" * (i % 90) for i in range(count)]
    view = prompt_view(labels, [discord.ButtonStyle.primary] * count, 7, 3, "en")
    assert isinstance(view, ChoiceView)
    # a Water Realm card's "Type my answer" rides on the fifth row (systems.prophecy.riddles.add_buttons)
    view.add_item(AnswerButton(7, 3, "Type my answer"))
    reached = _walk(view)
    assert sorted(reached) == list(range(count)), "every choice on exactly one page"
    assert view.pages == (1 if count <= 20 else -(-count // PAGE_SIZE))


@pytest.mark.parametrize("count", COUNTS)
def test_every_campaign_answer_is_reachable_beside_character_actions(count: int) -> None:
    labels = [f"Answer {i}" for i in range(count)]
    view = choice_view(labels, ["take:x"] * count, 9, 4, "it", manage=True)
    assert isinstance(view, ChoiceView)
    assert any(isinstance(item, ManageButton) for item in view.children)
    assert sorted(_walk(view)) == list(range(count))


def test_page_buttons_name_their_range_and_a_page_past_the_end_shows_the_last() -> None:
    view = prompt_view([f"c{i}" for i in range(130)], [discord.ButtonStyle.primary] * 130, 1, 2, "en")
    assert isinstance(view, ChoiceView)
    more = [c for c in iter_components(_components(view)) if c.get("custom_id", "").startswith("gmpg:")]
    assert [(c["custom_id"], c["label"]) for c in more] == [("gmpg:1:2:1", "More choices ▶ (101–130 of 130)")]
    view.show_page(999)
    assert view.page == 1 and sorted(_choices_on(view)) == list(range(100, 130))
    back = [c["label"] for c in iter_components(_components(view)) if c.get("custom_id", "").startswith("gmpg:")]
    assert back == ["◀ Back to choices 1–100"]
