"""Browser fixtures: the service (see live_service.py), started once per session, and Chromium."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from live_service import LiveServer

CHROMIUM = Path(os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

from chatpage import ChatPage  # noqa: E402 - needs playwright, known importable only here
from playwright.sync_api import Browser  # noqa: E402


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One service process for the session (start-up loads the corpus once)."""
    tmp_path = tmp_path_factory.mktemp("service")
    server = LiveServer(tmp_path / "data", tmp_path / "service.log")
    server.data.mkdir()
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    with sync_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def chat(browser: Browser, live_server: LiveServer) -> Iterator[ChatPage]:
    """The chat page, loaded and ready, in a fresh browser context at desktop width."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="vi-VN")
    page = context.new_page()
    page.set_default_timeout(70_000)
    chat = ChatPage(page, live_server.url)
    chat.open()
    yield chat
    context.close()
