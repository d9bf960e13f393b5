"""Headless Chromium (Debian's `chromium`, `make chromium`) driven by Playwright; screenshots
of every page land in tests/screenshots/ (gitignored)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Request, sync_playwright

from tests.support.stack import Stack

CHROMIUM = Path("/usr/bin/chromium")
SHOTS = Path(__file__).resolve().parents[1] / "screenshots"


# Module scope: Playwright's sync API runs an event loop in this thread while it lives, and
# any later test's asyncio.run() would refuse to start beside it.
@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail("no /usr/bin/chromium: run `make chromium` (apt-get install chromium)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                             args=["--no-sandbox"])
        yield browser
        browser.close()


class Shots:
    def __init__(self, page: Page, prefix: str) -> None:
        self.page, self.prefix = page, prefix
        SHOTS.mkdir(exist_ok=True)

    def take(self, name: str) -> Path:
        path = SHOTS / f"{self.prefix}-{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path


@pytest.fixture
def page(chromium: Browser, stack: Stack) -> Iterator[Page]:
    context = chromium.new_context(viewport={"width": 1200, "height": 800})
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield page
    context.close()


@pytest.fixture
def shots(page: Page, stack: Stack) -> Shots:
    return Shots(page, stack.name)


def reloading_changes_nothing(page: Page, state: Callable[[], object]) -> None:
    """Issue 68: the page a form led to came from a redirect (POST, redirect, GET), so a
    reload sends no form again, and what `state` reads of the service stays as it was."""
    sent: list[str] = []

    def posted(request: Request) -> None:
        if request.method != "GET":
            sent.append(f"{request.method} {request.url}")

    before = state()
    page.on("request", posted)
    try:
        answer = page.reload()
    finally:
        page.remove_listener("request", posted)
    assert answer is not None and answer.request.method == "GET"
    assert sent == []
    assert state() == before
