"""Issue 70 in a real browser (headless Chromium), on the real stack: a customer sets who
hears of their endpoints' failures in the portal, previews what a notice says, and later
unsubscribes an address through the link in a real notice e-mail."""

from __future__ import annotations

import re
import uuid

from playwright.sync_api import Page, expect

from tests.browser.conftest import Shots
from tests.support.api import ok, publish, setup_endpoint
from tests.support.portal import link
from tests.support.receiver import Receiver
from tests.support.smtp import SmtpSink
from tests.support.stack import Stack, Tenant

UNSUBSCRIBE = re.compile(r"http://\S+/portal/unsubscribe/(ep_\w+\?token=\w+)")


def test_a_customer_sets_contacts_previews_and_unsubscribes(
        page: Page, shots: Shots, stack: Stack, tenant: Tenant, receiver: Receiver,
        smtp_sink: SmtpSink) -> None:
    tag = uuid.uuid4().hex[:10]
    email, slack = f"billing-{tag}@acme.com", receiver.url(f"/ok/slack-{tag}")
    ok(tenant.client.patch("/v1/portal-settings", json={"name": "Payly"}))
    endpoint = setup_endpoint(tenant, receiver.url("/status/500"))
    page.goto(link(tenant)["url"])
    page.get_by_role("link", name="Notifications").click()
    expect(page.locator("strong.subject")).to_have_text(
        f"Payly: webhooks to {endpoint['url']} are failing")
    page.get_by_role("link", name="endpoint.disabled").click()
    expect(page.locator("strong.subject")).to_have_text(
        f"Payly: your endpoint {endpoint['url']} was disabled")

    # A private address is refused as the API refuses it, and nothing is kept.
    page.get_by_label("E-mail addresses").fill(email)
    page.get_by_label("Slack incoming-webhook URL").fill("http://10.0.0.1/hooks")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("alert")).to_contain_text("contacts.slackUrl")
    expect(page.get_by_label("Slack incoming-webhook URL")).to_have_value("http://10.0.0.1/hooks")
    assert ok(tenant.client.get("/v1/consumers/acme"))["contacts"] is None
    shots.take("notices-01-refused")

    page.get_by_label("Slack incoming-webhook URL").fill(slack)
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_have_text("Saved.")
    shots.take("notices-02-saved")
    assert ok(tenant.client.get("/v1/consumers/acme"))["contacts"] == {
        "emails": [email], "slackUrl": slack, "teamsUrl": None}

    # The endpoint fails: a notice e-mail arrives, and its link unsubscribes the address.
    publish(tenant)
    [mail] = smtp_sink.wait_for(email, 1, timeout=60)
    found = UNSUBSCRIBE.search(mail.text)
    assert found is not None, mail.text
    address = f"{stack.base_url}/portal/unsubscribe/{found.group(1)}"
    page.goto(address)
    expect(page.get_by_text(f"Stop sending failure notices for Acme to {email}?")
           ).to_be_visible()
    assert ok(tenant.client.get("/v1/consumers/acme"))["contacts"]["emails"] == [email]
    page.get_by_role("button", name="Unsubscribe").click()
    expect(page.get_by_role("status")).to_contain_text(f"{email} will no longer receive")
    shots.take("notices-03-unsubscribed")
    assert ok(tenant.client.get("/v1/consumers/acme"))["contacts"] == {
        "emails": [], "slackUrl": slack, "teamsUrl": None}
    answer = page.goto(address)
    assert answer is not None and answer.status == 404


def test_a_read_only_link_shows_contacts_without_a_form_to_change_them(
        page: Page, tenant: Tenant) -> None:
    ok(tenant.client.post("/v1/consumers", json={
        "externalId": "acme", "name": "Acme", "contacts": {"emails": ["ops@acme.com"]}}), 201)
    page.goto(link(tenant, readOnly=True)["url"])
    page.goto(page.url.split("/portal/")[0] + "/portal/notifications")
    expect(page.get_by_label("E-mail addresses")).to_have_value("ops@acme.com")
    expect(page.get_by_label("E-mail addresses")).to_be_disabled()
    expect(page.get_by_role("button", name="Save")).to_have_count(0)
