"""Issue 25 in a real Chromium: the citation sheet with its passage, the demo notice, the
diagram and /docs, each looked at (screenshots) at 1366 px and at 390 px (marker `browser`)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

from chatpage import ChatPage
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

WIDTHS = {"desktop": (1366, 900), "phone": (390, 844)}
SHOTS = Path(os.environ.get("DUOCTHU_SHOTS", "/tmp/shots"))  # noqa: S108 - where reviewers look


def _shot(page: Page, name: str, selector: str | None = None) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    if selector is None:
        page.screenshot(path=str(path), full_page=False)
    else:
        page.locator(selector).screenshot(path=str(path))
    return path


def _fits(page: Page) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{overflow}px of sideways scrolling"


@pytest.mark.parametrize("width", list(WIDTHS))
def test_the_citation_sheet_quotes_the_row_under_its_heading(chat: ChatPage, width: str) -> None:
    """A dose answer's source sheet shows the quoted row, its heading, and opens the whole
    cited section text; the demo-data notice is on the page; nothing scrolls sideways."""
    w, h = WIDTHS[width]
    chat.page.set_viewport_size({"width": w, "height": h})
    answer = chat.send("Liều ibuprofen cho người lớn đau răng?")
    expect(answer).to_have_class("msg bot answerable")
    expect(chat.page.locator("#demo-notice")).to_be_visible()
    expect(chat.page.locator("#demo-notice")).to_contain_text("không dùng cho lâm sàng")
    _shot(chat.page, f"chat-{width}")
    answer.locator("button.cite").first.click()
    panel = chat.page.locator("#citation-panel")
    expect(panel).to_be_visible()
    row = panel.locator("blockquote.passage-row")
    expect(row).to_be_visible()
    claim = answer.locator("li.claim").first.inner_text()
    quoted = row.inner_text()
    shared = {w for w in quoted.lower().split() if len(w) > 2} & set(claim.lower().split())
    assert len(shared) >= 3, (quoted, claim)
    expect(panel.locator(".passage-heading")).not_to_be_empty()
    whole = panel.locator("details.passage-whole")
    whole.locator("summary").click()
    text = whole.locator(".passage-text")
    expect(text).to_be_visible()
    expect(text.locator("mark")).to_have_text(quoted)
    _fits(chat.page)
    _shot(chat.page, f"citation-sheet-{width}")
    _shot(chat.page, f"citation-sheet-{width}-panel", "#citation-panel")


def test_the_demo_notice_shows_from_the_first_screen(chat: ChatPage) -> None:
    """With the demo corpus served, the notice is on the page before any question, and
    after a reload."""
    notice = chat.page.locator("#demo-notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("không dùng cho lâm sàng")
    chat.send("Liều ibuprofen cho người lớn đau răng?")
    chat.reload()
    expect(notice).to_be_visible()


def test_the_diagram_svg_renders_under_our_csp(chat: ChatPage) -> None:
    """Opened on its own, the SVG draws with no Content-Security-Policy refusal in the console."""
    refused: list[str] = []
    chat.page.on(
        "console", lambda msg: refused.append(msg.text) if "Security" in msg.text else None
    )
    chat.page.set_viewport_size({"width": 1366, "height": 900})
    response = chat.page.goto(f"{chat.url}/v1/state-diagram?format=svg")
    assert response is not None and response.ok
    assert "content-security-policy" in response.headers
    expect(chat.page.locator("svg text").first).to_be_visible()
    chat.page.wait_for_timeout(300)  # let a refusal, if any, reach the console
    assert refused == []
    _shot(chat.page, "diagram-svg-1366")


@pytest.mark.parametrize("width", list(WIDTHS))
def test_the_diagram_panel_lists_the_paths_to_each_outcome(chat: ChatPage, width: str) -> None:
    """The diagram panel lists every way a turn can end, the dose route on its own, the
    breaker limit and the checks behind has_grounded_answer, in type a phone can read."""
    w, h = WIDTHS[width]
    chat.page.set_viewport_size({"width": w, "height": h})
    chat.send("Liều paracetamol?")
    chat.page.locator("#diagram-panel summary").click()
    paths = chat.page.locator(".outcome-paths")
    expect(paths).to_be_visible()
    expect(paths).to_contain_text("MAX_CONSECUTIVE_CLARIFY = 4")
    dose = paths.locator("details[data-outcome=answering] li[data-route=dose]")
    expect(dose).to_be_visible()
    expect(dose).to_contain_text("ask_age_weight")
    outcomes = paths.locator("details.outcome").evaluate_all("ds => ds.map(d => d.dataset.outcome)")
    assert set(outcomes) == {
        "answering",
        "abstained",
        "clarifying_population",
        "clarifying_age_weight",
        "clarifying_query",
    }
    paths.locator("details.grounded-checks summary").click()
    expect(paths.locator("details.grounded-checks")).to_contain_text("numeric")
    size = dose.locator("ol.steps li").first.evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)"
    )
    assert size >= 12
    if width == "phone":  # the picture at its own size, panned: labels at 11 px, not 6
        img = chat.page.locator(".diagram-frame img")
        expect(img).to_be_visible()
        drawn = img.evaluate("i => i.clientWidth / i.naturalWidth")
        assert drawn >= 0.99
        _shot(chat.page, "diagram-phone-picture", ".diagram-frame")
    _fits(chat.page)
    dose.scroll_into_view_if_needed()
    _shot(chat.page, f"diagram-{width}")
    _shot(chat.page, f"diagram-{width}-panel", "#diagram-panel")


@pytest.mark.parametrize("width", list(WIDTHS))
def test_docs_fit_the_screen_and_show_an_example_per_operation(chat: ChatPage, width: str) -> None:
    """/docs fits the width with no sideways scrolling; every operation shows its curl line
    and an example response; the page has our icon."""
    w, h = WIDTHS[width]
    page = chat.page
    page.set_viewport_size({"width": w, "height": h})
    page.goto(f"{chat.url}/docs")
    expect(page.locator("#status")).to_be_empty()
    cards = page.locator("article.op")
    count = cards.count()
    assert count >= 12
    assert page.locator("article.op .example pre.curl").count() == count
    turn = page.locator("#op-postTurn")
    expect(turn.locator("pre.curl")).to_contain_text("curl -s -X POST")
    expect(turn.locator(".example")).to_contain_text('"outcome": "answerable"')
    expect(turn.locator(".example")).to_contain_text("Request body")
    icon = page.evaluate("fetch('/favicon.ico').then(r => r.headers.get('content-type'))")
    assert icon.startswith("image/svg+xml")
    assert page.locator("link[rel=icon]").get_attribute("href") == "/favicon.ico"
    _fits(page)
    _shot(page, f"docs-{width}")
    turn.scroll_into_view_if_needed()
    _shot(page, f"docs-{width}-turn-example", "#op-postTurn")
