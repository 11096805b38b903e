"""A small driver for the chat page, so browser tests read as the conversation they check."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Locator, Page

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


class ChatPage:
    def __init__(self, page: Page, url: str) -> None:
        self.page, self.url = page, url

    def open(self) -> None:
        self.page.goto(self.url)
        self.page.wait_for_selector("body[data-ready=true]")

    def reload(self) -> None:
        self.page.reload()
        self.page.wait_for_selector("body[data-ready=true]")

    def bot_messages(self) -> Locator:
        return self.page.locator("#messages li.msg.bot")

    def last_bot(self) -> Locator:
        return self.bot_messages().last

    def _await_reply(self, before: int) -> Locator:
        self.page.locator("#messages li.msg.bot").nth(before).wait_for()
        self.page.wait_for_selector("#composer[aria-busy=false]")
        return self.last_bot()

    def send(self, text: str) -> Locator:
        """Type into the box and press Enter; wait for the bot's reply and return it."""
        before = self.bot_messages().count()
        box = self.page.get_by_label("Câu hỏi của bạn")
        box.fill(text)
        box.press("Enter")
        return self._await_reply(before)

    def choose(self, chip: str) -> Locator:
        """Pick a quick reply with the keyboard: Shift+Tab back from the box to the chips."""
        before = self.bot_messages().count()
        self.page.get_by_label("Câu hỏi của bạn").focus()
        for _ in range(8):
            self.page.keyboard.press("Shift+Tab")
            if self.page.evaluate("document.activeElement.textContent") == chip:
                break
        else:
            raise AssertionError(f"no quick reply {chip!r} reachable by keyboard")
        self.page.keyboard.press("Enter")
        return self._await_reply(before)

    def state(self) -> str:
        return self.page.locator("#state-badge").get_attribute("data-state") or ""

    def stored_conversation(self) -> str:
        return str(self.page.evaluate("localStorage.getItem('duocthu.conversation')"))

    def shot(self, name: str, selector: str | None = None) -> Path:
        """Save what the user sees (the viewport, or one element) under test-artifacts/."""
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        if selector is None:
            self.page.screenshot(path=str(path))
        else:
            self.page.locator(selector).screenshot(path=str(path))
        return path
