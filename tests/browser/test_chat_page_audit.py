"""The chat page's citations after reload, the citation panel over time, the phone sheet and
the state picture, in a real Chromium (marker `browser`)."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

from chatpage import ChatPage
from playwright.sync_api import Locator, expect

pytestmark = pytest.mark.browser


def cited_answer(chat: ChatPage) -> Locator:
    """An answer with citations in one turn (a section overview needs no population)."""
    answer = chat.send("Chống chỉ định của ibuprofen?")
    expect(answer).to_have_class("msg bot answerable")
    expect(answer.locator("button.cite").first).to_be_visible()
    return answer


def test_history_after_reload_shows_citation_buttons(chat: ChatPage) -> None:
    """After a reload the answer has the same claims and citation buttons as live, and a
    button opens the same source."""
    live = cited_answer(chat)
    live_claims = live.locator("li.claim").all_inner_texts()
    live_buttons = live.locator("button.cite").count()
    chat.reload()
    again = chat.last_bot()
    expect(again.locator("button.cite")).to_have_count(live_buttons)
    assert again.locator("li.claim").all_inner_texts() == live_claims
    assert "Nguồn:" not in again.inner_text()
    again.locator("button.cite").first.click()
    panel = chat.page.locator("#citation-panel")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text("Ibuprofen")
    expect(panel).to_contain_text("Chống chỉ định")
    expect(panel).to_contain_text("duocthu-demo")  # the corpus source, as the live panel
    chat.shot("10-history-citations-after-reload")


def test_citation_panel_follows_the_latest_answer_and_clears_on_abstention(
    chat: ChatPage,
) -> None:
    """An open panel moves to the newest answer's source, and closes on an abstention."""
    cited_answer(chat).locator("button.cite").first.click()
    panel = chat.page.locator("#citation-panel")
    expect(panel).to_contain_text("Ibuprofen")
    newer = chat.send("Chống chỉ định của metformin?")
    expect(newer).to_have_class("msg bot answerable")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text("Metformin")
    expect(panel).not_to_contain_text("Ibuprofen")
    expect(newer.locator("button.cite").first).to_have_attribute("aria-expanded", "true")
    refused = chat.send("Thời tiết Hà Nội hôm nay thế nào?")
    expect(refused).to_have_class("msg bot abstain")
    expect(panel).to_be_hidden()
    expect(chat.page.locator("#citation-body > *")).to_have_count(0)
    expect(chat.page.locator("button.cite[aria-expanded=true]")).to_have_count(0)


def test_phone_citation_sheet_never_hides_the_composer(chat: ChatPage) -> None:
    """At 390 px an open citation sheet and the question box do not overlap, and the box
    still takes a click and typing."""
    chat.page.set_viewport_size({"width": 390, "height": 844})
    answer = cited_answer(chat)
    answer.locator("button.cite").first.click()
    sheet = chat.page.locator("#citation-panel")
    expect(sheet).to_be_visible()
    a = sheet.bounding_box()
    b = chat.page.locator("#composer").bounding_box()
    assert a is not None and b is not None
    assert a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"], (a, b)
    box = chat.page.get_by_label("Câu hỏi của bạn")
    on_top = chat.page.evaluate(
        """() => { const r = document.getElementById('composer-input').getBoundingClientRect();
        return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2).id; }"""
    )
    assert on_top == "composer-input"
    box.click()
    chat.page.keyboard.type("xin chào")
    expect(box).to_have_value("xin chào")
    chat.shot("11-phone-citation-sheet")


@pytest.mark.parametrize(("width", "height"), [(1280, 900), (390, 844)])
def test_diagram_panel_draws_the_picture_with_the_current_state(
    chat: ChatPage, width: int, height: int
) -> None:
    """The diagram panel shows the SVG picture for the current state, no Mermaid text, and
    the page does not scroll sideways."""
    chat.page.set_viewport_size({"width": width, "height": height})
    chat.send("Liều paracetamol?")
    chat.page.locator("#diagram-panel summary").click()
    img = chat.page.locator("#diagram img")
    expect(img).to_be_visible()
    chat.page.wait_for_function("() => document.querySelector('#diagram img').naturalWidth > 0")
    expect(chat.page.locator("#diagram .diagram-caption")).to_contain_text("clarifying_population")
    expect(chat.page.locator("#diagram pre")).to_have_count(0)
    svg = chat.page.evaluate(
        "async () => (await fetch('/v1/state-diagram?format=svg&current=clarifying_population'))"
        ".text()"
    )
    assert '<g id="state-clarifying_population" class="state current">' in svg
    overflow = chat.page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    chat.page.locator("#diagram-panel").scroll_into_view_if_needed()
    chat.shot(f"12-diagram-{width}")
