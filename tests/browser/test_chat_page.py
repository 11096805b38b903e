"""The chat page in a real Chromium against the running service (marker `browser`)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

from chatpage import ChatPage
from live_service import LiveServer
from playwright.sync_api import Locator, Route, expect

from core.reason_labels import REASON_LABELS
from core.reasons import Reason

pytestmark = pytest.mark.browser

# Replies that keep the bot asking without giving it what it needs.
UNHELPFUL = ("liều paracetamol", "liều dùng", "liều bao nhiêu", "cho tôi hỏi liều")


def answer_dose(chat: ChatPage) -> Locator:
    """Finish the dose dialogue after the age; the demo corpus may first ask for the route,
    then for the indication (its dose section has indication sub-heads): take the first chip."""
    reply = chat.send("5 tuổi")
    for _ in range(2):
        if reply.get_attribute("data-reason") not in ("ambiguous_route", "needs_more_info"):
            break
        reply = chat.choose(chat.page.locator("#quick-replies button").first.inner_text())
    return reply


def test_worked_out_amount_is_marked_as_such(chat: ChatPage) -> None:
    """An amount worked out for the weight reads as one: labelled, with the book's words in
    its title, beside the quoted row."""
    reply = chat.send("Liều paracetamol uống cho bé 5 tuổi nặng 18 kg bị sốt")
    for _ in range(2):
        if reply.get_attribute("data-reason") not in ("ambiguous_route", "needs_more_info"):
            break
        reply = chat.choose(chat.page.locator("#quick-replies button").first.inner_text())
    derived = reply.locator("li.claim.derived").first
    expect(derived).to_contain_text("Tính theo cân nặng: 18 kg × 10–15 mg/kg = 180–270 mg")
    expect(derived).to_have_attribute("title", "Từ “10–15 mg/kg mỗi lần” × 18 kg")


def test_paracetamol_dialogue_ends_in_a_cited_answer(chat: ChatPage) -> None:
    """Dose question → chip "Trẻ em" → weight → age gives an answer whose citation opens a panel."""
    first = chat.send("Liều paracetamol?")
    expect(first).to_have_attribute("data-reason", "missing_population")
    expect(chat.page.locator("#quick-replies")).to_contain_text("Trẻ em")
    chat.shot("01-ask-population")
    chat.choose("Trẻ em")
    assert chat.state() == "clarifying_age_weight"
    chat.send("bé nặng 18 ký")
    assert chat.state() == "clarifying_age_weight"
    answer = answer_dose(chat)
    expect(answer).to_have_class("msg bot answerable")
    # The other bands the book covers are named below the rows, not above them.
    expect(answer.locator("ul.claims + p.after-claims")).to_contain_text(
        "Dược thư còn ghi liều cho"
    )
    cite = answer.locator("button.cite").first
    expect(cite).to_be_visible()
    cite.click()
    panel = chat.page.locator("#citation-panel")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text("Paracetamol")
    expect(panel).to_contain_text("Liều lượng và cách dùng")
    expect(panel).to_contain_text("Đối chiếu bản in")
    chat.page.locator("#path-panel summary").click()
    expect(chat.page.locator("#path-list li").first).to_be_visible()
    chat.shot("02-answer-with-citation")
    chat.page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(cite).to_be_focused()


def test_breaker_trips_after_four_unhelpful_replies(chat: ChatPage) -> None:
    """Four replies that do not answer the question end in a calm clarify_loop_exhausted notice."""
    chat.send("Liều paracetamol?")
    for text in UNHELPFUL[:-1]:
        expect(chat.send(text)).to_have_class("msg bot clarify")
    notice = chat.send(UNHELPFUL[-1])
    expect(notice).to_have_attribute("data-reason", "clarify_loop_exhausted")
    expect(notice).to_have_class("msg bot abstain")
    # The words come from the one table the service embeds (core/reason_labels.py).
    label = REASON_LABELS[Reason.CLARIFY_LOOP_EXHAUSTED]
    expect(notice.locator("p.abstain-label")).to_have_text(f"Không trả lời: {label}")
    assert chat.state() == "abstained"
    chat.shot("03-breaker-tripped")


def test_reload_resumes_the_same_conversation(chat: ChatPage) -> None:
    """After a reload the page shows the same conversation, its history and its state."""
    chat.send("Liều paracetamol?")
    chat.choose("Trẻ em")
    stored = chat.stored_conversation()
    chat.reload()
    assert chat.stored_conversation() == stored
    assert chat.state() == "clarifying_age_weight"
    expect(chat.page.locator("#messages li.msg.user")).to_have_count(2)
    chat.send("bé nặng 18 ký")
    assert answer_dose(chat).get_attribute("data-reason") == "single_drug"


def test_server_restart_between_two_turns(chat: ChatPage, live_server: LiveServer) -> None:
    """A restart of the service between two turns loses nothing: the next turn continues."""
    chat.send("Liều paracetamol?")
    live_server.restart()
    reply = chat.choose("Trẻ em")
    expect(reply).to_have_attribute("data-reason", "missing_pediatric_age_or_weight")
    assert chat.state() == "clarifying_age_weight"


def test_new_conversation_button_starts_fresh(chat: ChatPage) -> None:
    """ "Cuộc trò chuyện mới" clears the page, stores a new id and returns to idle."""
    chat.send("Liều paracetamol?")
    before = chat.stored_conversation()
    chat.page.get_by_role("button", name="Cuộc trò chuyện mới").click()
    expect(chat.page.locator("#messages li")).to_have_count(0)
    chat.page.wait_for_function(
        "old => localStorage.getItem('duocthu.conversation') !== old", arg=before
    )
    assert chat.state() == "idle"


def test_phone_width_and_state_diagram(chat: ChatPage) -> None:
    """At phone width the page fits without sideways scrolling and shows the highlighted diagram."""
    chat.page.set_viewport_size({"width": 390, "height": 844})
    chat.send("Liều paracetamol?")
    chat.page.locator("#diagram-panel summary").click()
    diagram = chat.page.locator("#diagram")
    current = diagram.locator("img, [aria-current=step]").first
    expect(current).to_be_visible()
    if current.get_attribute("aria-current"):
        expect(current).to_have_text("clarifying_population")
    overflow = chat.page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    chat.shot("04-phone-diagram")
    chat.shot("04b-diagram-panel", "#diagram-panel")


def test_failed_turn_is_retried_with_the_same_idempotency_key(chat: ChatPage) -> None:
    """When a turn's request fails, "Thử lại" resends it with the same idempotency key."""
    bodies: list[dict[str, str]] = []

    def flaky(route: Route) -> None:
        bodies.append(json.loads(route.request.post_data or "{}"))
        if len(bodies) == 1:
            route.abort("connectionreset")
        else:
            route.continue_()

    chat.page.route("**/turns", flaky)
    box = chat.page.get_by_label("Câu hỏi của bạn")
    box.fill("Liều paracetamol?")
    box.press("Enter")
    retry = chat.page.get_by_role("button", name="Thử lại")
    expect(retry).to_be_visible()
    chat.shot("05-retry-offered")
    retry.click()
    expect(chat.last_bot()).to_have_attribute("data-reason", "missing_population")
    assert len(bodies) == 2
    assert bodies[0]["idempotency_key"] == bodies[1]["idempotency_key"]
    expect(chat.page.locator("#messages li.msg.user")).to_have_count(1)


def test_keyboard_only_reaches_the_question_box_and_new_conversation(chat: ChatPage) -> None:
    """Tab first lands on the skip link, which takes focus to the labelled question box."""
    page = chat.page
    page.locator("body").focus()
    page.keyboard.press("Tab")
    expect(page.locator(".skip-link")).to_be_focused()
    page.keyboard.press("Enter")
    box = page.get_by_label("Câu hỏi của bạn")
    expect(box).to_be_focused()
    page.keyboard.type("Xin chào")
    page.keyboard.press("Enter")
    expect(chat.last_bot()).to_have_attribute("data-reason", "smalltalk")
    expect(page.locator("#messages")).to_have_attribute("aria-live", "polite")
