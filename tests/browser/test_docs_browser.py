"""The API's documentation pages in a real browser with no way out to the internet: every
request to another origin is aborted, and Swagger UI and ReDoc must still render, and
Swagger UI's "Authorize" must make "Try it out" work."""

from __future__ import annotations

from playwright.sync_api import Page, Route, expect

from tests.browser.conftest import SHOTS
from tests.support.stack import Stack, Tenant

# Rendering a 1 MB bundle and this API's schema takes seconds on a loaded machine.
RENDERED = 30_000


def _offline(page: Page, origin: str) -> list[str]:
    """Abort every request that leaves the API's origin; returns the list of those tried."""
    elsewhere: list[str] = []

    def handle(route: Route) -> None:
        url = route.request.url
        if url.startswith(origin + "/") or url.startswith("data:"):
            route.continue_()
        else:
            elsewhere.append(url)
            route.abort()

    page.route("**/*", handle)
    return elsewhere


def _shot(page: Page, stack: Stack, name: str) -> None:
    """The viewport only: these pages are thousands of pixels tall (ReDoc's over 100,000)."""
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{stack.name}-docs-{name}.png"))


def test_swagger_ui_renders_offline_and_tries_an_operation_with_the_key(
        page: Page, stack: Stack, tenant: Tenant) -> None:
    elsewhere = _offline(page, stack.base_url)
    page.goto(stack.base_url + "/docs")
    publish = page.locator('.opblock-post:has(.opblock-summary-path[data-path="/v1/events"])')
    expect(publish).to_be_visible(timeout=RENDERED)
    expect(publish).to_contain_text("Publish an event")
    authorize = page.locator("button.btn.authorize").first
    expect(authorize).to_be_visible()
    _shot(page, stack, "01-swagger-ui")

    authorize.click()
    dialog = page.locator(".dialog-ux .modal-ux")
    expect(dialog).to_contain_text("APIKey (http, Bearer)")
    dialog.locator("input").fill(tenant.key)
    dialog.get_by_role("button", name="Apply credentials").click()
    dialog.get_by_role("button", name="Close").click()

    environment = page.locator(
        '.opblock-get:has(.opblock-summary-path[data-path="/v1/environment"])')
    environment.locator(".opblock-summary").click()
    environment.get_by_role("button", name="Try it out").click()
    environment.get_by_role("button", name="Execute").click()
    live = environment.locator(".live-responses-table tr.response td.response-col_status")
    expect(live.first).to_have_text("200", timeout=RENDERED)
    expect(environment.locator(".live-responses-table")).to_contain_text(tenant.environment_id)
    live.first.scroll_into_view_if_needed()
    _shot(page, stack, "02-try-it-out")
    assert elsewhere == []


def test_redoc_renders_offline(page: Page, stack: Stack) -> None:
    elsewhere = _offline(page, stack.base_url)
    page.goto(stack.base_url + "/redoc")
    expect(page.get_by_role("heading", name="Publish an event")).to_be_visible(timeout=RENDERED)
    _shot(page, stack, "03-redoc")
    assert elsewhere == []
