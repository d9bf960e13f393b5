"""Issue 16: the consumer portal in a real browser (headless Chromium), against the real
stack on both databases: what a customer handed a magic link does."""

from __future__ import annotations

import json
import re
import time

import httpx
from playwright.sync_api import Browser, Page, expect
from sqlmodel import Session
from standardwebhooks.webhooks import Webhook

from hookline.persistence.models import Endpoint
from tests.browser.conftest import Shots, reloading_changes_nothing
from tests.support.api import attempts, deliveries_of, ok, publish, wait_delivery
from tests.support.portal import consumer, expire, link
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant


def test_a_customer_adds_an_endpoint_tests_it_and_sees_its_deliveries(
        page: Page, shots: Shots, tenant: Tenant, receiver: Receiver) -> None:
    consumer(tenant, "acme", "invoice.paid", "invoice.voided")
    tenant.client.patch("/v1/portal-settings", json={"name": "Acme Billing",
                                                     "accentColor": "#0f766e"})
    page.goto(link(tenant)["url"])
    expect(page).to_have_url(re.compile(r"/portal/$"))  # the token left the address bar
    expect(page.get_by_text("No endpoints yet.")).to_be_visible()
    shots.take("01-endpoints-empty")
    page.get_by_role("link", name="Add endpoint").click()
    page.get_by_label("URL").fill(receiver.url("/ok"))
    page.get_by_label("Description").fill("Billing webhooks")
    summary = page.locator("fieldset [data-summary]")
    expect(summary).to_have_text("None chosen: every event type.")
    page.get_by_role("checkbox", name="invoice.paid").check()
    expect(summary).to_have_text("Chosen: invoice.paid.")  # as ticked, before saving
    shots.take("02-add-endpoint")
    page.get_by_role("button", name="Add endpoint").click()
    expect(page.get_by_role("heading", name="Endpoint added")).to_be_visible()
    secret = page.locator("#secret").inner_text()
    assert secret.startswith("whsec_")
    shots.take("03-secret-once")
    page.get_by_role("link", name="Continue to the endpoint").click()
    assert secret not in page.content()
    expect(page.locator("fieldset [data-summary]")).to_have_text("Chosen: invoice.paid.")
    expect(page.get_by_text("every event type")).to_have_count(0)
    page.get_by_role("button", name="Send test event").click()
    expect(page.get_by_text("Test event succeeded")).to_be_visible()
    receiver.wait(1, "/ok")
    shots.take("04-test-event")
    reloading_changes_nothing(page, lambda: len(receiver.at("/ok")))
    expect(page.get_by_text("Test event succeeded")).to_be_visible()  # its result, shown again

    event = publish(tenant, {"invoice": "in_1042"})["id"]
    [delivery] = ok(tenant.client.get(f"/v1/events/{event}/deliveries"))["items"]
    wait_delivery(tenant, delivery["id"])
    page.get_by_role("link", name="Deliveries", exact=True).first.click()
    expect(page.get_by_role("link", name=delivery["id"])).to_be_visible()
    shots.take("05-deliveries")
    page.get_by_role("link", name=delivery["id"]).click()
    attempt = page.locator("tr.attempt")
    expect(attempt).to_have_count(1)
    expect(attempt.first).to_contain_text("succeeded")
    expect(attempt.first).to_contain_text("200")
    expect(page.locator("pre.payload")).to_contain_text('"invoice": "in_1042"')
    expect(page.get_by_role("link", name=receiver.url("/ok"))).to_be_visible()
    expect(page.get_by_role("button", name="Retry")).to_have_count(0)  # delivered: replay
    expect(page.get_by_role("button", name="Replay event")).to_be_visible()
    expect(page.get_by_text("Retry is not offered")).to_have_text(
        f"Retry is not offered: Delivery {delivery['id']} was already delivered; replay the "
        "event to send it again.")
    shots.take("06-delivery-attempts")
    page.get_by_role("link", name="Event types").click()
    expect(page.get_by_text("about invoice.voided")).to_be_visible()
    shots.take("07-event-types")
    page.get_by_role("link", name="Verifying signatures").click()
    expect(page.get_by_text("pip install standardwebhooks")).to_be_visible()
    shots.take("08-verify")


def test_a_customer_retries_an_exhausted_delivery(page: Page, shots: Shots, tenant: Tenant,
                                                  receiver: Receiver) -> None:
    consumer(tenant, "acme", "invoice.paid")
    ok(tenant.client.post("/v1/endpoints", json={"consumer": "acme",
                                                 "url": receiver.url("/status/503")}), 201)
    event = publish(tenant)["id"]
    [delivery] = ok(tenant.client.get(f"/v1/events/{event}/deliveries"))["items"]
    assert wait_delivery(tenant, delivery["id"])["status"] == "exhausted"
    page.goto(link(tenant)["url"])
    page.goto(page.url.replace("/portal/", "/portal/deliveries?status=exhausted"))
    page.get_by_role("link", name=delivery["id"]).click()
    expect(page.locator("tr.attempt")).to_have_count(4)
    page.get_by_role("button", name="Retry").click()
    expect(page.get_by_text("Retry queued")).to_be_visible()
    shots.take("09-retry")
    assert wait_delivery(tenant, delivery["id"])["attempts"] == 5
    assert len(attempts(tenant, delivery["id"])) == 5
    reloading_changes_nothing(page, lambda: len(attempts(tenant, delivery["id"])))
    expect(page.locator("tr.attempt")).to_have_count(5)


def test_a_customer_orders_an_endpoint_and_skips_a_blocked_head(
        page: Page, shots: Shots, tenant: Tenant, receiver: Receiver) -> None:
    """Issue 67: an ordered endpoint set in the portal; its exhausted head holds the next
    event, which says so; the head offers Retry and Skip, and Skip lets the line go on."""
    consumer(tenant, "acme", "invoice.paid")
    page.goto(link(tenant)["url"])
    page.get_by_role("link", name="Add endpoint").click()
    page.get_by_label("URL").fill(receiver.url("/as/ordered"))
    receiver.modes["ordered"] = "/status/500"
    page.get_by_role("checkbox", name="Deliver in order").check()
    page.get_by_label("Order key").fill("data.customer")
    page.get_by_role("button", name="Add endpoint").click()
    expect(page.get_by_role("heading", name="Endpoint added")).to_be_visible()
    secret = page.locator("#secret").inner_text()
    reloading_changes_nothing(page, lambda: ok(tenant.client.get("/v1/endpoints")))
    # Shown once: reloaded, the endpoint's own page, without it.
    expect(page.get_by_role("heading", name="Endpoint added")).to_have_count(0)
    assert "/portal/endpoints/ep_" in page.url and secret not in page.content()
    [endpoint] = ok(tenant.client.get("/v1/endpoints"))
    assert endpoint["ordering"] == {"key": "data.customer", "onExhausted": "block"}
    head, behind = (deliveries_of(tenant, publish(tenant, {"customer": "c1", "n": n})["id"])[0]
                    for n in range(2))
    assert wait_delivery(tenant, head["id"])["status"] == "exhausted"
    page.goto(page.url.split("/portal/")[0] + f"/portal/deliveries/{behind['id']}")
    expect(page.locator("dd.line")).to_contain_text("Held in its line behind")
    expect(page.get_by_role("button", name="Retry")).to_have_count(0)  # it waits its turn
    page.locator("dd.line").get_by_role("link", name=head["id"]).click()
    expect(page.locator("dd.line")).to_contain_text("Heads a blocked line")
    expect(page.get_by_role("button", name="Retry")).to_be_visible()
    expect(page.get_by_role("button", name="Skip")).to_be_visible()
    shots.take("14-blocked-head")
    receiver.modes["ordered"] = "/ok"
    page.get_by_role("button", name="Skip").click()
    expect(page.get_by_role("alert")).to_have_text(
        "Skipped: the next delivery in its line is on its way.")
    expect(page.get_by_role("button", name="Skip")).to_have_count(0)
    assert wait_delivery(tenant, behind["id"])["status"] == "delivered"
    assert ok(tenant.client.get(f"/v1/deliveries/{head['id']}"))["status"] == "exhausted"
    sent = [r.headers["webhook-id"] for r in receiver.at("/as/ordered")]
    assert sent == [head["eventId"]] * 4 + [behind["eventId"]]  # the skipped head: never again
    reloading_changes_nothing(page, lambda: (
        len(receiver.at("/as/ordered")),
        ok(tenant.client.get(f"/v1/deliveries/{head['id']}"))["attempts"]))
    expect(page.locator("dd.line")).to_have_count(0)  # its line has moved past it
    shots.take("15-skipped")


def test_a_customer_batches_an_endpoint(page: Page, shots: Shots, tenant: Tenant,
                                        receiver: Receiver) -> None:
    """Issue 67: batches set in the portal; a size out of bounds is refused next to its
    field, as typed, and nothing is added; the saved endpoint gets its events in one
    request."""
    consumer(tenant, "acme", "invoice.paid")
    page.goto(link(tenant)["url"])
    page.get_by_role("link", name="Add endpoint").click()
    page.get_by_label("URL").fill(receiver.url("/ok/batched"))
    page.get_by_role("checkbox", name="Send events in batches").check()
    page.get_by_label("Events per request, at most").fill("0")
    page.get_by_label("Wait for more, at most").fill("60000")
    # The API's rule, not the browser's: the form is sent as typed.
    page.locator("form:has([name=batch_size])").evaluate("form => form.noValidate = true")
    page.get_by_role("button", name="Add endpoint").click()
    expect(page.get_by_role("alert")).to_contain_text("from 1 to 1000")
    expect(page.get_by_label("Events per request, at most")).to_have_attribute(
        "aria-invalid", "true")
    expect(page.get_by_label("Events per request, at most")).to_have_value("0")
    assert ok(tenant.client.get("/v1/endpoints")) == []
    page.get_by_label("Events per request, at most").fill("3")
    page.get_by_role("button", name="Add endpoint").click()
    expect(page.get_by_role("heading", name="Endpoint added")).to_be_visible()
    shots.take("16-batched")
    [endpoint] = ok(tenant.client.get("/v1/endpoints"))
    assert endpoint["batch"] == {"maxSize": 3, "maxWaitMs": 60000}
    events = [publish(tenant, {"n": n})["id"] for n in range(3)]
    for event in events:
        assert wait_delivery(tenant, deliveries_of(tenant, event)[0]["id"])["status"] == \
            "delivered"
    [request] = receiver.at("/ok/batched")
    assert [e["data"]["n"] for e in json.loads(request.body)["events"]] == \
        [0, 1, 2]


def test_a_forbidden_url_shows_the_apis_error(page: Page, shots: Shots, stack: Stack,
                                              receiver: Receiver) -> None:
    production = stack.tenant(kind="production")  # https only
    consumer(production, "acme", "invoice.paid")
    page.goto(link(production)["url"])
    page.get_by_role("link", name="Add endpoint").click()
    page.get_by_label("URL").fill(receiver.url("/ok"))
    page.get_by_role("button", name="Add endpoint").click()
    expect(page.get_by_role("alert")).to_contain_text("https")
    expect(page.get_by_label("URL")).to_have_value(receiver.url("/ok"))
    shots.take("10-forbidden-url")
    assert ok(production.client.get("/v1/endpoints")) == []
    reloading_changes_nothing(page, lambda: ok(production.client.get("/v1/endpoints")))
    expect(page.get_by_label("URL")).to_have_value(receiver.url("/ok"))  # still as typed
    production.client.close()


def test_an_expired_link_is_refused(page: Page, shots: Shots, stack: Stack,
                                    tenant: Tenant) -> None:
    consumer(tenant, "acme")
    made = link(tenant, expiresIn=60)
    expire(stack, made["token"])
    response = page.goto(made["url"])
    assert response is not None and response.status == 401
    expect(page.get_by_role("alert")).to_contain_text("expired")
    shots.take("11-expired-link")
    assert not page.context.cookies()


def test_a_retry_the_api_refuses_shows_as_an_error(page: Page, shots: Shots, tenant: Tenant,
                                                   receiver: Receiver) -> None:
    """The page offered Retry; by the click, the Delivery was retried and delivered
    elsewhere (the API here): the portal shows the API's 409 as an error, in red, and no
    longer offers Retry."""
    consumer(tenant, "acme", "invoice.paid")
    receiver.modes["refused"] = "/status/503"
    ok(tenant.client.post("/v1/endpoints", json={"consumer": "acme",
                                                 "url": receiver.url("/as/refused")}), 201)
    [delivery] = deliveries_of(tenant, publish(tenant)["id"])
    assert wait_delivery(tenant, delivery["id"])["status"] == "exhausted"
    page.goto(link(tenant)["url"])
    page.goto(page.url.replace("/portal/", f"/portal/deliveries/{delivery['id']}"))
    expect(page.locator("tr.attempt").first).to_contain_text(
        "The endpoint answered 503: only a 2xx answer counts as delivered.")
    receiver.modes["refused"] = "/ok"
    ok(tenant.client.post(f"/v1/deliveries/{delivery['id']}/retry"), 202)
    assert wait_delivery(tenant, delivery["id"])["status"] == "delivered"
    page.get_by_role("button", name="Retry").click()
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("already delivered")
    expect(alert).to_have_class("error")
    assert alert.evaluate("e => getComputedStyle(e).color") == "rgb(180, 35, 24)"  # --bad
    expect(page.get_by_role("button", name="Retry")).to_have_count(0)
    expect(page.get_by_role("button", name="Replay event")).to_be_visible()
    expect(alert).to_have_text(f"Delivery {delivery['id']} was already delivered; replay the "
                               "event to send it again")
    shots.take("12-retry-refused")
    reloading_changes_nothing(page, lambda: ok(tenant.client.get(
        f"/v1/deliveries/{delivery['id']}"))["attempts"])
    expect(page.get_by_role("alert")).to_contain_text("already delivered")
    assert "Entrega" not in page.locator("body").inner_text()
    # The API's not-found says "Entrega" in its title; the customer reads Delivery.
    response = page.goto(page.url.split("/portal/")[0] + "/portal/deliveries/dlv_unknown")
    assert response is not None and response.status == 404
    expect(page.get_by_role("heading", name="Delivery not found")).to_be_visible()
    expect(page.get_by_role("alert")).to_have_text("Delivery dlv_unknown not found")
    assert "Entrega" not in page.locator("body").inner_text()
    shots.take("13-delivery-not-found")


def test_a_customer_writes_a_filter_tries_it_on_a_recent_event_and_saves_it(
        page: Page, shots: Shots, tenant: Tenant, receiver: Receiver) -> None:
    """Issue 35: the portal's filter editor, with its preview on the Consumer's events."""
    consumer(tenant, "acme", "invoice.paid")
    endpoint = ok(tenant.client.post("/v1/endpoints", json={
        "consumer": "acme", "url": receiver.url("/filtered")}), 201)
    publish(tenant, {"amount": 50})
    big = publish(tenant, {"amount": 150})["id"]
    page.goto(link(tenant)["url"])
    page.get_by_role("link", name=receiver.url("/filtered")).click()
    field = page.get_by_label("Filter")
    field.fill("data.amount > 100")
    page.get_by_label("On a recent event").select_option(big)
    page.get_by_role("button", name="Try it").click()
    expect(page.get_by_role("status")).to_contain_text("Matched")
    expect(page.locator(".preview pre")).to_contain_text('"amount":150')
    expect(page.get_by_label("Filter")).to_have_value("data.amount > 100")  # not saved yet
    assert ok(tenant.client.get(f"/v1/endpoints/{endpoint['id']}"))["filter"] is None
    shots.take("filter-01-matched")
    reloading_changes_nothing(page, lambda: ok(tenant.client.get(
        f"/v1/endpoints/{endpoint['id']}")))
    expect(page.get_by_role("status")).to_contain_text("Matched")
    # The tester sits beside the filter, before the form's other parts.
    assert page.locator("fieldset.try").evaluate(
        "t => t.previousElementSibling.querySelector('textarea[name=filter]') !== null")

    page.get_by_label("Filter").fill("data.amount > 1000")
    page.get_by_role("button", name="Try it").click()
    expect(page.get_by_role("status")).to_contain_text("Not matched")
    page.get_by_label("Filter").fill("data.nope > 1")
    page.get_by_role("button", name="Try it").click()
    expect(page.get_by_role("status")).to_contain_text("The filter failed")
    page.get_by_label("Filter").fill("data.amount >")
    page.get_by_role("button", name="Try it").click()
    expect(page.get_by_role("alert")).to_contain_text("does not compile")
    shots.take("filter-02-error")

    page.get_by_label("Filter").fill("data.amount > 100")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Saved.")).to_be_visible()
    assert ok(tenant.client.get(f"/v1/endpoints/{endpoint['id']}"))["filter"] == \
        "data.amount > 100"
    page.get_by_label("Filter").fill("data.amount > 9")  # typed, not saved: the reload
    reloading_changes_nothing(page, lambda: ok(tenant.client.get(  # sends nothing
        f"/v1/endpoints/{endpoint['id']}")))
    assert publish(tenant, {"amount": 5})["filtered"] == 1
    assert publish(tenant, {"amount": 500})["deliveries"] == 1
    # The operator's transformation is shown, not editable.
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}", json={
        "transformation": "function handler(w) { return w }"}))
    page.reload()
    expect(page.locator(".transformation pre")).to_have_text("function handler(w) { return w }")
    expect(page.locator("textarea[name=transformation]")).to_have_count(0)


def test_a_transformation_that_throws_is_told_as_the_senders_code(
        page: Page, shots: Shots, tenant: Tenant, receiver: Receiver) -> None:
    """Issue 50: the operator's transformation failed, so the customer's server was never
    called, and the attempt's sentence says so."""
    consumer(tenant, "acme", "invoice.paid")
    endpoint = ok(tenant.client.post("/v1/endpoints", json={
        "consumer": "acme", "url": receiver.url("/shaped")}), 201)
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}", json={
        "transformation": "function handler(w) { throw new Error('no amount') }"}))
    [delivery] = deliveries_of(tenant, publish(tenant)["id"])
    assert wait_delivery(tenant, delivery["id"])["status"] == "exhausted"
    page.goto(link(tenant)["url"])
    page.goto(page.url.replace("/portal/", f"/portal/deliveries/{delivery['id']}"))
    attempts_shown = page.locator("tr.attempt")
    expect(attempts_shown).to_have_count(4)
    sentence = ("Not sent: the sender's code that prepares each request for this endpoint (its "
                "transformation) failed, so your endpoint was not called. Nothing on your side "
                "caused this.")
    for row in attempts_shown.all():
        expect(row).to_contain_text(sentence)
    expect(page.get_by_text("The attempt failed.")).to_have_count(0)
    expect(page.locator("tr.attempt details").first).to_contain_text("no amount")  # raw, behind
    shots.take("14-transformation-failed")
    assert receiver.at("/shaped") == []


def test_a_customer_adds_a_kafka_endpoint_with_a_sasl_sign_in(
        page: Page, shots: Shots, tenant: Tenant) -> None:
    """Issue 53: the form's broker sign-in shows the part of the URL's kind; the password
    is written once and never shown; an HTTP URL puts the sign-in away (and removes it)."""
    consumer(tenant, "acme", "invoice.paid")
    page.goto(link(tenant)["url"])
    page.get_by_role("link", name="Add endpoint").click()
    expect(page.locator("#url-kinds")).to_contain_text("Kafka kafka://")
    page.get_by_label("URL").fill("kafka://127.0.0.1:9092/orders")
    page.get_by_text("Broker sign-in").click()
    expect(page.get_by_label("Access key id")).to_be_hidden()  # an AWS kind's
    page.get_by_label("Username").fill("hooks")
    page.get_by_label("Password").fill("browser-secret-53")
    page.get_by_label("SASL mechanism").select_option("SCRAM-SHA-512")
    shots.take("brokers-01-kafka-sign-in")
    page.get_by_role("button", name="Add endpoint").click()
    expect(page.get_by_role("heading", name="Endpoint added")).to_be_visible()
    page.get_by_role("link", name="Continue to the endpoint").click()
    expect(page.get_by_role("heading", name="Kafka topic orders on 127.0.0.1:9092")).to_be_visible()
    expect(page.locator("dl.destination")).to_contain_text("as user hooks with SASL SCRAM-SHA-512")
    expect(page.get_by_label("Password")).to_have_value("")
    assert "browser-secret-53" not in page.content()
    shots.take("brokers-02-kafka-endpoint")
    [endpoint] = ok(tenant.client.get("/v1/endpoints"))
    assert endpoint["credentials"]["mechanism"] == "SCRAM-SHA-512"

    page.get_by_label("URL").fill("https://93.184.215.14/hooks")
    expect(page.get_by_text("Broker sign-in")).to_be_hidden()
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Saved.")).to_be_visible()
    assert ok(tenant.client.get(f"/v1/endpoints/{endpoint['id']}"))["credentials"] is None


def _endpoint_page(page: Page, tenant: Tenant, receiver: Receiver, **fields: object
                   ) -> dict[str, object]:
    """A Consumer's endpoint, made through the API, open in the portal."""
    consumer(tenant, "acme", "invoice.paid")
    endpoint = ok(tenant.client.post("/v1/endpoints", json={
        "consumer": "acme", "url": receiver.url("/ok"), **fields}), 201)
    page.goto(link(tenant)["url"])
    page.get_by_role("link", name=receiver.url("/ok")).click()
    return endpoint


def test_reloading_after_disable_or_enable_changes_nothing(
        page: Page, tenant: Tenant, receiver: Receiver) -> None:
    """Issue 68: each form of the portal answers with a redirect; this one's."""
    endpoint = _endpoint_page(page, tenant, receiver)
    read = f"/v1/endpoints/{endpoint['id']}"
    page.get_by_role("button", name="Disable").click()
    expect(page.get_by_role("button", name="Enable")).to_be_visible()
    assert ok(tenant.client.get(read))["status"] == "DisabledManually"
    ok(tenant.client.patch(read, json={"status": "enabled"}))  # enabled again, elsewhere
    reloading_changes_nothing(page, lambda: ok(tenant.client.get(read))["status"])
    expect(page.get_by_role("button", name="Disable")).to_be_visible()
    page.get_by_role("button", name="Disable").click()
    ok(tenant.client.patch(read, json={"status": "enabled"}))
    page.get_by_role("button", name="Enable").click()
    ok(tenant.client.patch(read, json={"status": "disabled"}))
    reloading_changes_nothing(page, lambda: ok(tenant.client.get(read))["status"])
    assert ok(tenant.client.get(read))["status"] == "DisabledManually"


def test_reloading_after_a_rotation_or_a_switch_changes_nothing(
        page: Page, stack: Stack, tenant: Tenant, receiver: Receiver) -> None:
    """The new key is shown once; reloaded, the endpoint's page, the key as it was."""
    endpoint = _endpoint_page(page, tenant, receiver)

    def stored() -> tuple[str, str | None]:
        with Session(stack.engine) as session:
            row = session.get(Endpoint, endpoint["id"])
            assert row is not None
            return row.secret, row.previous_secret

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Rotate secret").click()
    expect(page.get_by_role("heading", name="Secret rotated")).to_be_visible()
    rotated = page.locator("#secret").inner_text()
    assert rotated == stored()[0] and stored()[1] == endpoint["secret"]
    reloading_changes_nothing(page, stored)
    expect(page.get_by_role("heading", name="Secret rotated")).to_have_count(0)
    assert rotated not in page.content()
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Switch to v1a signatures").click()
    public = page.locator("#secret").inner_text()
    assert public.startswith("whpk_")
    reloading_changes_nothing(page, lambda: ok(tenant.client.get(
        f"/v1/endpoints/{endpoint['id']}"))["publicKey"])
    expect(page.get_by_role("button", name="Switch to v1 signatures")).to_be_visible()
    expect(page.locator("#public-key")).to_have_text(public)


def test_reloading_after_a_delete_changes_nothing(page: Page, tenant: Tenant,
                                                  receiver: Receiver) -> None:
    _endpoint_page(page, tenant, receiver)
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Delete").click()
    expect(page.get_by_text("No endpoints yet.")).to_be_visible()
    again = ok(tenant.client.post("/v1/endpoints", json={"consumer": "acme",
                                                         "url": receiver.url("/ok")}), 201)
    reloading_changes_nothing(page, lambda: ok(tenant.client.get("/v1/endpoints")))
    assert [e["id"] for e in ok(tenant.client.get("/v1/endpoints"))] == [again["id"]]


def test_reloading_after_a_replay_changes_nothing(page: Page, tenant: Tenant,
                                                  receiver: Receiver) -> None:
    _endpoint_page(page, tenant, receiver)
    event = publish(tenant)["id"]
    [delivery] = deliveries_of(tenant, event)
    wait_delivery(tenant, delivery["id"])
    page.goto(page.url.split("/portal/")[0] + f"/portal/deliveries/{delivery['id']}")
    page.get_by_role("button", name="Replay event").click()
    expect(page.get_by_role("heading", name="Event replayed")).to_be_visible()
    expect(page.get_by_role("status")).to_contain_text("1 new delivery")
    reloading_changes_nothing(page, lambda: ok(tenant.client.get(f"/v1/events/{event}"))[
        "deliveries"])
    assert ok(tenant.client.get(f"/v1/events/{event}"))["deliveries"] == 2
    expect(page.get_by_role("status")).to_contain_text("1 new delivery")


def test_reloading_after_signing_out_changes_nothing(page: Page, tenant: Tenant) -> None:
    consumer(tenant, "acme")
    page.goto(link(tenant)["url"])
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("heading", name="Signed out")).to_be_visible()
    assert not page.context.cookies()
    reloading_changes_nothing(page, lambda: page.context.cookies())
    expect(page.get_by_role("heading", name="Signed out")).to_be_visible()


def test_a_customer_adds_a_polling_endpoint_and_pulls_with_its_token(
        page: Page, shots: Shots, stack: Stack, tenant: Tenant) -> None:
    """Issue 69: a Consumer with no public URL adds a polling endpoint; its page shows the
    token and the curl line that pulls with it; a new token replaces the old at once, and
    reloading after it makes no other."""
    consumer(tenant, "acme", "invoice.paid")
    page.goto(link(tenant)["url"])
    page.get_by_role("link", name="Add endpoint").click()
    page.get_by_role("link", name="Add a polling endpoint").click()
    expect(page.get_by_label("URL")).to_have_count(0)
    page.get_by_label("Description").fill("nightly import")
    page.get_by_role("checkbox", name="invoice.paid").check()
    page.get_by_role("button", name="Add polling endpoint").click()
    expect(page.get_by_role("heading", name="Endpoint added")).to_be_visible()
    secret = page.locator("#secret").inner_text()
    page.get_by_role("link", name="Continue to the endpoint").click()
    expect(page.get_by_role("heading", name="Pull your messages")).to_be_visible()
    shots.take("69-polling")
    token = page.locator("#poll-token").inner_text()
    curl = page.locator("#poll-curl").inner_text()
    assert token.startswith("hlpoll_") and f"Bearer {token}" in curl
    [endpoint] = ok(tenant.client.get("/v1/endpoints"))
    assert endpoint["kind"] == "polling" and endpoint["description"] == "nightly import"
    event = publish(tenant)
    url = curl.split()[-1]
    deadline = time.monotonic() + 20
    while not (found := httpx.get(url, headers={"Authorization": f"Bearer {token}"}
                                  ).json()["data"]):
        assert time.monotonic() < deadline
        time.sleep(0.3)
    [message] = found
    assert message["eventId"] == event["id"]
    Webhook(secret).verify(message["body"], message["headers"])

    def stored() -> str | None:
        with Session(stack.engine) as session:
            row = session.get(Endpoint, endpoint["id"])
            assert row is not None
            return row.poll_token

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="New token").click()
    expect(page.get_by_role("status")).to_contain_text("A new token")
    renewed = page.locator("#poll-token").inner_text()
    assert renewed != token and renewed == stored()
    reloading_changes_nothing(page, stored)
    assert httpx.get(url, headers={"Authorization": f"Bearer {token}"}).status_code == 401


def test_every_page_fits_a_phone(chromium: Browser, tenant: Tenant,
                                 receiver: Receiver) -> None:
    """Issue 68: at 390 px, no page is wider than the screen; the deliveries list names the
    endpoint and says the last response in the Delivery page's sentence."""
    consumer(tenant, "acme", "invoice.paid")
    failing = ok(tenant.client.post("/v1/endpoints", json={
        "consumer": "acme", "url": "http://127.0.0.1:9/refused",
        "description": "a long description " * 8}), 201)
    [delivery] = deliveries_of(tenant, publish(tenant, {"long": "x" * 300})["id"])
    assert wait_delivery(tenant, delivery["id"])["status"] == "exhausted"
    pulled = ok(tenant.client.post("/v1/endpoints", json={
        "consumer": "acme", "kind": "polling"}), 201)
    context = chromium.new_context(viewport={"width": 390, "height": 844})
    phone = context.new_page()
    try:
        phone.goto(link(tenant)["url"])
        base = phone.url.split("/portal/")[0] + "/portal"
        for path in ("/endpoints", "/endpoints/new", f"/endpoints/{failing['id']}",
                     "/endpoints/new?kind=polling", f"/endpoints/{pulled['id']}",
                     "/deliveries", f"/deliveries/{delivery['id']}", "/event-types",
                     "/verify"):
            phone.goto(base + path)
            width = phone.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, (path, width)
        phone.goto(base + "/deliveries")
        row = phone.locator("table.deliveries tbody tr").first
        expect(row.locator("td[data-label=Endpoint]")).to_have_text("http://127.0.0.1:9/refused")
        expect(row.locator("td[data-label='Last response']")).to_contain_text(
            "Could not connect to the endpoint")
        Shots(phone, "phone").take("deliveries")
        phone.goto(base + f"/endpoints/{failing['id']}")
        Shots(phone, "phone").take("endpoint")
    finally:
        context.close()
