"""Issue 16: the consumer portal over HTTP: magic links, sessions, CSRF, scoping, read-only
links, expiry and revocation, branding and framing, and the pages' use of the API's rules;
against the real stack. The browser tests are tests/browser."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from datetime import datetime, timedelta
from urllib.parse import parse_qs, urlparse

import httpx
import pytest
from sqlmodel import Session, select

from hookline.persistence.models import Endpoint, PortalLink
from hookline.services.headers import MASK
from hookline.timeutil import aware, utcnow
from tests.support.api import deliveries_of, ok, publish, wait_delivery
from tests.support.oauth_server import TokenServer
from tests.support.portal import PortalClient, consumer, endpoint_ids, expire, link, opened
from tests.support.procs import free_port, stop
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant
from tests.test_platform_http import assert_problem


@pytest.fixture
def browser(stack: Stack) -> Iterator[PortalClient]:
    client = PortalClient(stack.base_url)
    yield client
    client.close()


def add_endpoint(browser: PortalClient, url: str, events: list[str] | None = None
                 ) -> httpx.Response:
    browser.get("/portal/endpoints/new")
    return browser.post("/portal/endpoints", {"url": url, "description": "mine",
                                              "events": events or []})


def summary(page: str) -> str:
    """The sentence under an endpoint form's event types: what is ticked."""
    found = re.search(r"<p class=\"hint\" data-summary[^>]*>(.*?)</p>", page)
    assert found is not None, page
    return found.group(1)


def test_a_link_is_made_for_one_consumer_with_checked_options(stack: Stack,
                                                              tenant: Tenant) -> None:
    consumer(tenant, "acme", "invoice.paid")
    made = link(tenant)
    assert set(made) >= {"url", "token", "expiresAt"}
    assert made["url"].startswith(stack.base_url + "/portal/open?token=")
    assert parse_qs(urlparse(made["url"]).query)["token"] == [made["token"]]
    expires = aware(datetime.fromisoformat(made["expiresAt"]))
    assert timedelta(minutes=59) < expires - utcnow() <= timedelta(hours=1)
    with Session(stack.engine) as session:  # stored hashed, never as given
        stored = session.exec(select(PortalLink).where(
            PortalLink.token_hash == hashlib.sha256(made["token"].encode()).hexdigest())).one()
        assert made["token"] not in (stored.token_hash, stored.id)
    by_id = ok(tenant.client.get("/v1/consumers/acme"))["id"]
    assert link(tenant, by_id, expiresIn="60")["token"] != made["token"]
    for body, field in (({"expiresIn": 59}, "expiresIn"), ({"expiresIn": 604801}, "expiresIn"),
                        ({"eventTypes": ["nope.never"]}, "eventTypes"),
                        ({"eventTypes": []}, "eventTypes")):
        problem = assert_problem(tenant.client.post("/v1/consumers/acme/portal", json=body),
                                 422)
        assert field in {e["field"] for e in problem["errors"]}, problem
    assert_problem(tenant.client.post("/v1/consumers/nobody/portal"), 404)
    assert_problem(httpx.post(made["url"].split("/portal")[0] +
                              "/v1/consumers/acme/portal"), 401)
    assert_problem(tenant.client.delete("/v1/consumers/nobody/portal"), 404)


def test_opening_a_link_trades_the_token_for_a_session_cookie(stack: Stack, tenant: Tenant,
                                                             browser: PortalClient) -> None:
    consumer(tenant, "acme", "invoice.paid")
    answer = browser.open(link(tenant)["url"])
    assert answer.headers["location"] == "/portal/"  # the token leaves the address bar
    cookie = answer.headers["set-cookie"].lower()
    for part in ("httponly", "samesite=lax", "path=/portal", "max-age="):
        assert part in cookie, cookie
    assert "secure" not in cookie  # served over http here
    page = browser.get("/portal/")
    assert "acme Inc." in page and "No endpoints yet." in page
    assert not [p for p in ok(tenant.client.get("/openapi.json"))["paths"]
                if p.startswith("/portal")]
    anonymous = httpx.get(stack.base_url + "/portal/endpoints")
    assert anonymous.status_code == 401 and "text/html" in anonymous.headers["content-type"]
    forged = httpx.get(stack.base_url + "/portal/endpoints",
                       cookies={"hookline_portal": "eyJsIjoieCJ9.abc"})
    assert forged.status_code == 401
    bad = httpx.get(stack.base_url + "/portal/open", params={"token": "hkp_nothing"})
    assert bad.status_code == 401 and "not valid" in bad.text and "set-cookie" not in bad.headers
    assert browser.get("/portal/no/such/page", expect=404)
    browser.get("/portal/")
    assert browser.post("/portal/logout", csrf="forged").status_code == 403
    left = browser.post("/portal/logout")
    assert left.status_code == 200 and 'hookline_portal=""' in left.history[0].headers["set-cookie"]
    browser.get("/portal/", expect=401)


def test_revoking_ends_links_and_their_sessions(stack: Stack, tenant: Tenant,
                                                browser: PortalClient) -> None:
    consumer(tenant, "acme")
    consumer(tenant, "other")
    made = link(tenant)
    opened(browser, tenant)
    other = PortalClient(stack.base_url)
    opened(other, tenant, "other")
    assert tenant.client.delete("/v1/consumers/acme/portal").status_code == 204
    assert "revoked" in browser.get("/portal/endpoints", expect=401)
    assert httpx.get(made["url"]).status_code == 401
    other.get("/portal/endpoints")  # another Consumer's links stay
    assert tenant.client.delete("/v1/consumers/other").status_code == 204  # links go too
    assert "not valid" in other.get("/portal/endpoints", expect=401)
    other.close()


def test_an_expired_link_is_refused_and_its_session_ends(stack: Stack, tenant: Tenant,
                                                         browser: PortalClient) -> None:
    consumer(tenant, "acme")
    made = link(tenant, expiresIn=60)
    opened(browser, tenant)
    browser.open(made["url"])
    expire(stack, made["token"])
    assert "expired" in browser.get("/portal/endpoints", expect=401)
    refused = httpx.get(made["url"])
    assert refused.status_code == 401 and "expired" in refused.text


def test_every_form_needs_the_session_csrf_token(tenant: Tenant, browser: PortalClient,
                                                 receiver: Receiver) -> None:
    consumer(tenant, "acme", "invoice.paid")
    opened(browser, tenant)
    fields = {"url": receiver.url("/ok"), "events": ["invoice.paid"]}
    for token in ("", "forged"):
        refused = browser.post("/portal/endpoints", fields, csrf=token)
        assert refused.status_code == 403 and "security token" in refused.text
    assert endpoint_ids(tenant) == []
    created = add_endpoint(browser, receiver.url("/ok"), ["invoice.paid"])
    assert created.status_code == 200 and "whsec_" in created.text
    assert len(endpoint_ids(tenant)) == 1


def test_a_session_sees_and_changes_only_its_own_consumers_resources(
        stack: Stack, tenant: Tenant, browser: PortalClient, receiver: Receiver) -> None:
    consumer(tenant, "acme", "invoice.paid")
    consumer(tenant, "rival", "invoice.paid")
    theirs = ok(tenant.client.post("/v1/endpoints", json={
        "consumer": "rival", "url": receiver.url("/rival")}), 201)["id"]
    elsewhere = stack.tenant()
    consumer(elsewhere, "acme", "invoice.paid")
    foreign = ok(elsewhere.client.post("/v1/endpoints", json={
        "consumer": "acme", "url": receiver.url("/foreign")}), 201)["id"]
    delivery = publish(tenant, consumer="rival")["id"]
    rival_delivery = ok(tenant.client.get(f"/v1/events/{delivery}/deliveries"))["items"][0]
    opened(browser, tenant)
    assert add_endpoint(browser, receiver.url("/mine")).status_code == 200
    page = browser.get("/portal/endpoints")
    assert receiver.url("/mine") in page and receiver.url("/rival") not in page
    for endpoint_id in (theirs, foreign):
        browser.get(f"/portal/endpoints/{endpoint_id}", expect=404)
        for action in ("", "/status", "/delete", "/rotate", "/test"):
            answer = browser.post(f"/portal/endpoints/{endpoint_id}{action}",
                                  {"url": receiver.url("/stolen"), "status": "disabled"})
            assert answer.status_code == 404, (action, answer.text)
        browser.get("/portal/deliveries", expect=404, endpoint=endpoint_id)
    browser.get(f"/portal/deliveries/{rival_delivery['id']}", expect=404)
    assert browser.post(f"/portal/deliveries/{rival_delivery['id']}/retry").status_code == 404
    assert browser.post(f"/portal/events/{delivery}/replay").status_code == 404
    assert rival_delivery["id"] not in browser.get("/portal/deliveries")
    assert ok(tenant.client.get(f"/v1/endpoints/{theirs}"))["status"] == "Enabled"
    assert ok(elsewhere.client.get(f"/v1/endpoints/{foreign}"))["url"] == receiver.url("/foreign")
    # The published event may reach /rival; no portal test event went anywhere.
    assert not receiver.at("/foreign") and not receiver.at("/stolen")
    assert all(b"endpoint.test" not in r.body for r in receiver.at("/rival"))
    elsewhere.client.close()


def test_a_read_only_link_changes_nothing(tenant: Tenant, browser: PortalClient,
                                          receiver: Receiver) -> None:
    consumer(tenant, "acme", "invoice.paid")
    endpoint_id = ok(tenant.client.post("/v1/endpoints", json={
        "consumer": "acme", "url": receiver.url("/ok")}), 201)["id"]
    opened(browser, tenant, readOnly=True)
    page = browser.get(f"/portal/endpoints/{endpoint_id}")
    assert "read-only" in page and "Send test event" not in page and "Add endpoint" not in page
    for path, fields in (("/portal/endpoints", {"url": receiver.url("/new")}),
                         (f"/portal/endpoints/{endpoint_id}/status", {"status": "disabled"}),
                         (f"/portal/endpoints/{endpoint_id}/delete", {}),
                         (f"/portal/endpoints/{endpoint_id}/rotate", {}),
                         (f"/portal/endpoints/{endpoint_id}/test", {})):
        answer = browser.post(path, fields)
        assert answer.status_code == 403 and "read-only" in answer.text, path
    assert endpoint_ids(tenant) == [endpoint_id]
    assert ok(tenant.client.get(f"/v1/endpoints/{endpoint_id}"))["status"] == "Enabled"
    assert not receiver.received


def test_a_link_limits_the_event_types_to_subscribe_to(tenant: Tenant, browser: PortalClient,
                                                       receiver: Receiver) -> None:
    consumer(tenant, "acme", "invoice.paid", "invoice.voided", "internal.audit")
    opened(browser, tenant, eventTypes=["invoice.paid", "invoice.voided"])
    form = browser.get("/portal/endpoints/new")
    assert "invoice.voided" in form and "internal.audit" not in form
    assert summary(form) == "None chosen: choose at least one."
    assert "internal.audit" not in browser.get("/portal/event-types")
    for events in ([], ["internal.audit"], ["invoice.paid", "internal.audit"]):
        answer = add_endpoint(browser, receiver.url("/ok"), events)
        assert answer.status_code == 422, events
    assert endpoint_ids(tenant) == []
    assert add_endpoint(browser, receiver.url("/ok"), ["invoice.paid"]).status_code == 200
    [created] = ok(tenant.client.get("/v1/endpoints", params={"consumer": "acme"}))
    assert created["events"] == ["invoice.paid"]


def test_endpoint_pages_use_the_apis_rules_and_changes(stack: Stack, browser: PortalClient,
                                                       receiver: Receiver) -> None:
    production = stack.tenant(kind="production")
    consumer(production, "acme", "invoice.paid")
    opened(browser, production)
    refused = add_endpoint(browser, receiver.url("/ok"))
    api = assert_problem(production.client.post("/v1/endpoints", json={
        "consumer": "acme", "url": receiver.url("/ok")}), 422)
    assert refused.status_code == 422 and api["detail"] in refused.text.replace("&#39;", "'")
    assert receiver.url("/ok") in refused.text  # the form comes back as typed
    bad_header = browser.post("/portal/endpoints", {"url": "https://93.184.215.14/h",
                                                    "headers": "Webhook-Id: mine"})
    assert bad_header.status_code == 422 and "headers" in bad_header.text
    assert endpoint_ids(production) == []
    production.client.close()


def test_an_endpoint_is_added_tested_edited_rotated_disabled_and_deleted(
        stack: Stack, tenant: Tenant, browser: PortalClient, receiver: Receiver) -> None:
    consumer(tenant, "acme", "invoice.paid", "invoice.voided")
    opened(browser, tenant)
    created = add_endpoint(browser, receiver.url("/ok"), ["invoice.paid"])
    secret = re.search(r"whsec_[A-Za-z0-9+/=]+", created.text)
    assert secret is not None
    [endpoint_id] = endpoint_ids(tenant)
    page = browser.get(f"/portal/endpoints/{endpoint_id}")
    assert secret.group(0) not in page  # shown once, on creation only
    # The summary says what is ticked; "every event type" only of an empty choice.
    assert summary(page) == "Chosen: invoice.paid."
    assert summary(browser.get("/portal/endpoints/new")) == "None chosen: every event type."
    tested = browser.post(f"/portal/endpoints/{endpoint_id}/test")
    assert tested.status_code == 200 and "Test event succeeded" in tested.text
    [call] = receiver.wait(1, "/ok")
    assert b'"endpoint.test"' in call.body
    edited = browser.post(f"/portal/endpoints/{endpoint_id}", {
        "url": receiver.url("/ok2"), "description": "changed",
        "events": ["invoice.paid", "invoice.voided"],
        "headers": "X-Team: billing\nAuthorization: Bearer portal-credential"})
    assert edited.status_code == 200, edited.text
    record = ok(tenant.client.get(f"/v1/endpoints/{endpoint_id}"))
    assert (record["url"], record["description"], record["events"]) == (
        receiver.url("/ok2"), "changed", ["invoice.paid", "invoice.voided"])
    edited_page = browser.get(f"/portal/endpoints/{endpoint_id}")
    assert summary(edited_page) == "Chosen: invoice.paid, invoice.voided."
    # Issue 65: a credential header reads back masked, and the form sent back keeps it.
    assert "portal-credential" not in edited_page and f"Authorization: {MASK}" in edited_page
    assert browser.post(f"/portal/endpoints/{endpoint_id}", {
        "url": receiver.url("/ok2"), "description": "changed", "events": ["invoice.paid"],
        "headers": f"X-Team: billing\nAuthorization: {MASK}"}).status_code == 200
    with Session(stack.engine) as session:
        kept = session.get(Endpoint, endpoint_id)
        assert kept is not None and kept.custom_headers == {
            "X-Team": "billing", "Authorization": "Bearer portal-credential"}
    rotated = browser.post(f"/portal/endpoints/{endpoint_id}/rotate")
    fresh = re.search(r"whsec_[A-Za-z0-9+/=]+", rotated.text)
    assert fresh is not None and fresh.group(0) != secret.group(0)
    assert browser.post(f"/portal/endpoints/{endpoint_id}/status",
                        {"status": "disabled"}).status_code == 200
    assert ok(tenant.client.get(f"/v1/endpoints/{endpoint_id}"))["status"] == "DisabledManually"
    assert browser.post(f"/portal/endpoints/{endpoint_id}/status",
                        {"status": "enabled"}).status_code == 200
    assert ok(tenant.client.get(f"/v1/endpoints/{endpoint_id}"))["status"] == "Enabled"
    assert browser.post(f"/portal/endpoints/{endpoint_id}/delete").status_code == 200
    assert_problem(tenant.client.get(f"/v1/endpoints/{endpoint_id}"), 404)


def test_a_consumer_chooses_v1a_signatures_and_switches_back_by_rotating(
        tenant: Tenant, browser: PortalClient, receiver: Receiver) -> None:
    """Issue 52: the new-endpoint form offers both schemes; a v1a endpoint's page shows its
    public key (not secret, so shown again); a switch is a rotation."""
    consumer(tenant, "acme", "invoice.paid")
    opened(browser, tenant)
    form = browser.get("/portal/endpoints/new")
    assert 'name="scheme"' in form and 'value="v1a"' in form
    browser.get("/portal/endpoints/new")
    created = browser.post("/portal/endpoints", {"url": receiver.url("/ok"), "events": [],
                                                 "scheme": "v1a"})
    public_key = re.search(r"whpk_[A-Za-z0-9+/=]+", created.text)
    assert public_key is not None and "It is not secret" in created.text
    assert "whsk_" not in created.text
    [endpoint_id] = endpoint_ids(tenant)
    record = ok(tenant.client.get(f"/v1/endpoints/{endpoint_id}"))
    assert (record["signatureScheme"], record["publicKey"]) == ("v1a", public_key.group(0))
    page = browser.get(f"/portal/endpoints/{endpoint_id}")
    assert public_key.group(0) in page and "Switch to v1 signatures" in page

    switched = browser.post(f"/portal/endpoints/{endpoint_id}/rotate", {"scheme": "v1"})
    assert re.search(r"whsec_[A-Za-z0-9+/=]+", switched.text) is not None
    assert "keeps signing, next to this one" in switched.text
    assert ok(tenant.client.get(f"/v1/endpoints/{endpoint_id}"))["signatureScheme"] == "v1"
    assert "Switch to v1a signatures" in browser.get(f"/portal/endpoints/{endpoint_id}")
    refused = browser.post(f"/portal/endpoints/{endpoint_id}/rotate", {"scheme": "v9"})
    assert refused.status_code == 422


def test_a_consumer_sets_oauth2_and_tls_and_never_sees_a_secret_again(
        tenant: Tenant, browser: PortalClient) -> None:
    """Issue 52: the endpoint form takes OAuth2 client credentials and TLS settings through
    the API's rules; secrets are write-only (a blank one keeps the stored one); bad ones are
    the form's error, and change nothing."""
    consumer(tenant, "acme", "invoice.paid")
    opened(browser, tenant)
    server = TokenServer(expires_in=60)
    try:
        given = server.auth()
        form = {"url": server.receiver_url("/hook"), "events": [], "auth_type": "oauth2",
                "token_url": given["tokenUrl"], "client_id": given["clientId"],
                "client_secret": given["clientSecret"], "client_auth": "basic",
                "scope": "webhooks"}
        browser.get("/portal/endpoints/new")
        assert browser.post("/portal/endpoints", form).status_code == 200
        [endpoint_id] = endpoint_ids(tenant)
        record = ok(tenant.client.get(f"/v1/endpoints/{endpoint_id}"))
        assert record["auth"] == {"type": "oauth2", "tokenUrl": given["tokenUrl"],
                                  "clientId": given["clientId"], "scope": "webhooks",
                                  "audience": None, "clientAuth": "basic"}
        page = browser.get(f"/portal/endpoints/{endpoint_id}")
        assert given["tokenUrl"] in page and given["clientSecret"] not in page
        tested = browser.post(f"/portal/endpoints/{endpoint_id}/test")
        assert "Test event succeeded" in tested.text and server.issued == 1

        # Saved again with the secret left blank: the stored one stays and still works.
        kept = {**form, "client_secret": "", "scope": "webhooks.write"}
        assert browser.post(f"/portal/endpoints/{endpoint_id}", kept).status_code == 200
        assert ok(tenant.client.get(f"/v1/endpoints/{endpoint_id}"))["auth"]["scope"] == \
            "webhooks.write"
        server.revoke()
        assert "Test event succeeded" in browser.post(
            f"/portal/endpoints/{endpoint_id}/test").text

        browser.get(f"/portal/endpoints/{endpoint_id}")
        for bad, field in (({"token_url": "http://10.1.2.3/token"}, "auth.tokenUrl"),
                           ({"ca_bundle": "not a certificate"}, "tls.caBundle"),
                           ({"client_auth": "private_key_jwt"}, "auth.privateKey")):
            refused = browser.post(f"/portal/endpoints/{endpoint_id}", {**kept, **bad})
            assert refused.status_code == 422 and field in refused.text, refused.text
        after = ok(tenant.client.get(f"/v1/endpoints/{endpoint_id}"))
        assert after["auth"]["tokenUrl"] == given["tokenUrl"] and after["tls"] is None

        removed = {**kept, "auth_type": ""}
        assert browser.post(f"/portal/endpoints/{endpoint_id}", removed).status_code == 200
        assert ok(tenant.client.get(f"/v1/endpoints/{endpoint_id}"))["auth"] is None
    finally:
        server.close()


def test_a_notice_shows_only_on_the_page_it_was_left_for(
        tenant: Tenant, browser: PortalClient, receiver: Receiver) -> None:
    """Issue 68's review: the notice of a new endpoint's secret, tried on another endpoint's
    secret page, shows nothing there (and is not used up); on its own page it shows the
    secret once."""
    consumer(tenant, "acme", "invoice.paid")
    other = ok(tenant.client.post("/v1/endpoints", json={
        "consumer": "acme", "url": receiver.url("/other")}), 201)["id"]
    opened(browser, tenant)
    browser.get("/portal/endpoints/new")
    answer = browser.http.post("/portal/endpoints", data={
        "csrf": browser.csrf, "url": receiver.url("/mine"), "events": []})
    assert answer.status_code == 303
    location = answer.headers["location"]
    notice = parse_qs(urlparse(location).query)["notice"][0]
    for elsewhere in (f"/portal/endpoints/{other}/secret", f"/portal/endpoints/{other}"):
        shown = browser.http.get(elsewhere, params={"notice": notice})
        assert "whsec_" not in shown.text and shown.status_code in (200, 303), elsewhere
    mine = browser.http.get(location)
    assert mine.status_code == 200 and re.search(r"whsec_[A-Za-z0-9+/=]+", mine.text)
    assert browser.http.get(location).status_code == 303  # shown once


def test_a_refused_edit_keeps_nothing_of_itself(tenant: Tenant, browser: PortalClient,
                                               receiver: Receiver) -> None:
    """Issue 68's review: an edit whose filter and batches are good but whose broker sign-in
    does not fit its URL is refused as a whole; the page after it shows the form as typed,
    and nothing of it was saved (the patch had set the filter before the refusal)."""
    consumer(tenant, "acme", "invoice.paid")
    endpoint_id = ok(tenant.client.post("/v1/endpoints", json={
        "consumer": "acme", "url": receiver.url("/ok")}), 201)["id"]
    opened(browser, tenant)
    browser.get(f"/portal/endpoints/{endpoint_id}")
    refused = browser.post(f"/portal/endpoints/{endpoint_id}", {
        "url": receiver.url("/ok"), "events": [], "filter": "data.n > 1", "batched": "yes",
        "batch_size": "5", "batch_wait_ms": "100", "broker_username": "hooks",
        "broker_password": "not-for-http"})
    assert refused.status_code == 422, refused.text
    assert "data.n &gt; 1" in refused.text and "not-for-http" not in refused.text
    stored = ok(tenant.client.get(f"/v1/endpoints/{endpoint_id}"))
    assert (stored["filter"], stored["batch"], stored["credentials"]) == (None, None, None)


def test_a_consumer_cannot_send_a_stored_secret_to_a_token_url_of_its_own(
        tenant: Tenant, browser: PortalClient) -> None:
    """Issue 65: the operator set the endpoint's OAuth2 client secret through the API. A
    consumer who points the portal's token URL at a server of its own, leaving the secret
    blank, gets the form's error on `auth.clientSecret`: a stored secret goes only to the
    token URL it was given for. Nothing changes, and that server is never asked."""
    consumer(tenant, "acme", "invoice.paid")
    operators, own = TokenServer(expires_in=60), TokenServer(expires_in=60)
    try:
        given = operators.auth()
        made = ok(tenant.client.post("/v1/endpoints", json={
            "consumer": "acme", "url": operators.receiver_url("/hook"),
            "auth": {"type": "oauth2", **given}}), 201)
        opened(browser, tenant)
        browser.get(f"/portal/endpoints/{made['id']}")
        moved = {"url": operators.receiver_url("/hook"), "events": [], "auth_type": "oauth2",
                 "token_url": own.token_url, "client_id": given["clientId"],
                 "client_secret": "", "client_auth": "basic"}
        refused = browser.post(f"/portal/endpoints/{made['id']}", moved)
        assert refused.status_code == 422 and "auth.clientSecret" in refused.text, refused.text
        assert "required again" in refused.text
        assert ok(tenant.client.get(f"/v1/endpoints/{made['id']}"))["auth"]["tokenUrl"] == \
            given["tokenUrl"]
        assert "Test event succeeded" in browser.post(
            f"/portal/endpoints/{made['id']}/test").text
        assert (own.issued, operators.issued) == (0, 1)
        # With a secret of its own, the consumer may move it.
        mine = {**moved, "client_secret": "a-secret-of-its-own"}
        assert browser.post(f"/portal/endpoints/{made['id']}", mine).status_code == 200
    finally:
        operators.close()
        own.close()


def test_delivery_pages_list_filter_retry_and_replay(tenant: Tenant, browser: PortalClient,
                                                     receiver: Receiver) -> None:
    consumer(tenant, "acme", "invoice.paid", "invoice.voided")
    good = ok(tenant.client.post("/v1/endpoints", json={
        "consumer": "acme", "url": receiver.url("/ok")}), 201)["id"]
    bad = ok(tenant.client.post("/v1/endpoints", json={
        "consumer": "acme", "url": receiver.url("/status/500")}), 201)["id"]
    event = publish(tenant, event_type="invoice.voided")["id"]
    by_endpoint = {d["endpointId"]: d for d in
                   ok(tenant.client.get(f"/v1/events/{event}/deliveries"))["items"]}
    delivered = wait_delivery(tenant, by_endpoint[good]["id"])
    exhausted = wait_delivery(tenant, by_endpoint[bad]["id"])
    assert (delivered["status"], exhausted["status"]) == ("delivered", "exhausted")
    opened(browser, tenant)
    listed = browser.get("/portal/deliveries")
    assert delivered["id"] in listed and exhausted["id"] in listed
    only = browser.get("/portal/deliveries", status="exhausted")
    assert exhausted["id"] in only and delivered["id"] not in only
    assert delivered["id"] in browser.get("/portal/deliveries", endpoint=good)
    assert exhausted["id"] not in browser.get("/portal/deliveries", endpoint=good)
    assert delivered["id"] not in browser.get("/portal/deliveries", event_type="invoice.paid")
    browser.get("/portal/deliveries", expect=422, cursor="forged")
    for missing in (browser.get("/portal/deliveries/dlv_unknown", expect=404),
                    browser.post("/portal/deliveries/dlv_unknown/retry").text):
        assert "Delivery not found" in missing and "Delivery dlv_unknown not found" in missing
        assert "Entrega" not in missing
    detail = browser.get(f"/portal/deliveries/{exhausted['id']}")
    assert detail.count('class="attempt"') == 4 and "http_status" in detail and "500" in detail
    assert "The endpoint answered 500: only a 2xx answer counts as delivered." in detail
    assert receiver.url("/status/500") in detail and "<pre class=\"payload\">" in detail
    assert f"/portal/deliveries/{exhausted['id']}/retry" in detail
    shown = browser.get(f"/portal/deliveries/{delivered['id']}")
    assert f"/portal/deliveries/{delivered['id']}/retry" not in shown  # delivered: replay
    assert "Retry is not offered" in shown and "/replay" in shown
    # The customer reads "Delivery"; "Entrega" is only in the API's problem titles.
    assert f"Retry is not offered: Delivery {delivered['id']} was already delivered" in shown
    again = browser.post(f"/portal/deliveries/{delivered['id']}/retry")
    assert again.status_code == 409 and "already delivered" in again.text
    assert "Entrega" not in shown and "Entrega" not in again.text
    assert 'class="error" role="alert"' in again.text
    retried = browser.post(f"/portal/deliveries/{exhausted['id']}/retry")
    assert retried.status_code == 200 and "Retry queued" in retried.text
    assert wait_delivery(tenant, exhausted["id"])["attempts"] == 5
    replayed = browser.post(f"/portal/events/{event}/replay")
    assert replayed.status_code == 200 and "2 new deliveries" in replayed.text
    assert ok(tenant.client.get(f"/v1/events/{event}"))["deliveries"] == 4


def test_paging_the_deliveries(tenant: Tenant, browser: PortalClient,
                               receiver: Receiver) -> None:
    consumer(tenant, "acme", "invoice.paid")
    tenant.client.post("/v1/endpoints", json={"consumer": "acme", "url": receiver.url("/ok")})
    ids = [ok(tenant.client.get(f"/v1/events/{publish(tenant)['id']}/deliveries"))
           ["items"][0]["id"] for _ in range(27)]
    opened(browser, tenant)
    first = browser.get("/portal/deliveries")
    assert ids[-1] in first and ids[1] not in first  # newest first, 25 a page
    cursor = re.search(r"cursor=([A-Za-z0-9_-]+)", first)
    assert cursor is not None
    second = browser.get("/portal/deliveries", cursor=cursor.group(1))
    assert ids[0] in second and ids[1] in second and ids[-1] not in second


def test_event_types_catalogue_and_the_signature_guide(tenant: Tenant,
                                                       browser: PortalClient) -> None:
    consumer(tenant, "acme")
    ok(tenant.client.post("/v1/event-types", json={
        "name": "invoice.paid", "description": "An invoice was paid",
        "schema": {"type": "object", "properties": {"amount": {"type": "integer"}}},
        "examples": [{"amount": 4200}]}), 201)
    opened(browser, tenant)
    page = browser.get("/portal/event-types")
    assert "An invoice was paid" in page and "&#34;amount&#34;" in page and "4200" in page
    guide = browser.get("/portal/verify")
    for snippet in ("pip install standardwebhooks", "npm install standardwebhooks",
                    "standard-webhooks/libraries/go"):
        assert snippet in guide


def test_branding_is_set_per_environment_and_shown(tenant: Tenant,
                                                   browser: PortalClient) -> None:
    consumer(tenant, "acme")
    assert ok(tenant.client.get("/v1/portal-settings"))["name"] is None
    body = {"name": "Acme Billing", "logoUrl": "https://cdn.example.com/logo.png",
            "accentColor": "#ff6600"}
    assert ok(tenant.client.patch("/v1/portal-settings", json=body)) | body == ok(
        tenant.client.get("/v1/portal-settings"))
    for bad in ({"accentColor": "red;}"}, {"logoUrl": "javascript:alert(1)"}):
        assert_problem(tenant.client.patch("/v1/portal-settings", json=bad), 422)
    assert ok(tenant.client.patch("/v1/portal-settings", json={"name": None}))[
        "accentColor"] == "#ff6600"
    opened(browser, tenant)
    page = browser.get("/portal/endpoints")
    assert "--accent: #ff6600" in page and 'src="https://cdn.example.com/logo.png"' in page


def test_only_the_portal_may_be_framed_and_only_where_allowed(
        stack: Stack, tenant: Tenant, browser: PortalClient) -> None:
    consumer(tenant, "acme")
    opened(browser, tenant)
    api = tenant.client.get("/v1/consumers")
    assert api.headers["x-frame-options"] == "DENY"
    assert api.headers["content-security-policy"] == "frame-ancestors 'none'"
    page = browser.http.get("/portal/endpoints")
    assert "frame-ancestors 'none'" in page.headers["content-security-policy"]
    assert page.headers["x-frame-options"] == "DENY"
    # Served over https (its public URL says so), embedded in the user's app.
    proc, url = stack.start_api(HOOKLINE_PORTAL_FRAME_ANCESTORS="https://app.example.com",
                                HOOKLINE_PUBLIC_URL="https://hooks.example.com")
    try:
        made = link(tenant)
        assert made["url"].startswith(stack.base_url)  # made by the suite's own API
        opening = httpx.get(made["url"].replace(stack.base_url, url))
        assert opening.status_code == 303
        cookie = opening.headers["set-cookie"].lower()
        # Framed on another site, the cookie must be SameSite=None, so Secure, and is
        # partitioned per embedding site.
        for part in ("secure", "samesite=none", "partitioned", "httponly"):
            assert part in cookie, cookie
        cookies = {"hookline_portal": opening.cookies["hookline_portal"]}
        framed = httpx.get(url + "/portal/endpoints", cookies=cookies)
        assert framed.status_code == 200 and "acme Inc." in framed.text
        assert "frame-ancestors https://app.example.com" in framed.headers[
            "content-security-policy"]
        assert "x-frame-options" not in framed.headers
        static = httpx.get(url + "/portal/static/portal.css")
        assert static.status_code == 200 and "frame-ancestors https://app.example.com" in \
            static.headers["content-security-policy"]
        assert httpx.get(url + "/healthz").headers["x-frame-options"] == "DENY"
        assert "frame-ancestors 'none'" in httpx.get(url + "/v1/consumers").headers[
            "content-security-policy"]
    finally:
        stop(proc)


def test_a_delivery_page_explains_errors_and_hides_an_erased_payload(
        tenant: Tenant, browser: PortalClient, receiver: Receiver) -> None:
    consumer(tenant, "acme", "invoice.paid")
    ok(tenant.client.post("/v1/endpoints", json={
        "consumer": "acme", "url": f"http://127.0.0.1:{free_port()}/closed"}), 201)
    event = publish(tenant, {"card": "4242"})["id"]
    [delivery] = deliveries_of(tenant, event)
    assert wait_delivery(tenant, delivery["id"])["status"] == "exhausted"
    opened(browser, tenant)
    detail = browser.get(f"/portal/deliveries/{delivery['id']}")
    assert "Could not connect to the endpoint" in detail and "<details>" in detail
    assert "4242" in detail
    assert tenant.client.delete(f"/v1/events/{event}/payload").status_code == 204
    erased = browser.get(f"/portal/deliveries/{delivery['id']}")
    assert "4242" not in erased and "The payload was erased." in erased
    assert f"/portal/deliveries/{delivery['id']}/retry" not in erased
