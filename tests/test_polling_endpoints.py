"""Issue 69: polling endpoints. A Consumer that cannot take webhooks pulls its endpoint's
Deliveries, each with the body and signature headers a push would send, with the endpoint's
own token; it commits how far it got, the server keeps that cursor, and a seek moves it.
Each Delivery is a workflow that waits for the commit: `delivered` when one covers it,
`exhausted` (`not_polled`) when its window passes first."""

from __future__ import annotations

import asyncio
import html
import re
import subprocess
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import text
from standardwebhooks.webhooks import Webhook
from temporalio.client import Client, WorkflowExecutionStatus

from hookline.services.polling import SETTLE
from tests.support.api import attempts, ok, publish, wait_delivery
from tests.support.portal import PortalClient, consumer, endpoint_ids, opened
from tests.support.procs import spawn, stop
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant
from tests.test_listen import HOOKLINE
from tests.test_platform_http import assert_problem

pytestmark = pytest.mark.both_databases


def _polling(tenant: Tenant, consumer: str = "acme") -> dict[str, Any]:
    """A polling endpoint of `consumer` for `invoice.paid`: its record, with its `secret`
    and `pollToken`."""
    tenant.client.post("/v1/event-types", json={"name": "invoice.paid"})
    tenant.client.post("/v1/consumers", json={"externalId": consumer, "name": consumer})
    return ok(tenant.client.post("/v1/endpoints", json={
        "consumer": consumer, "kind": "polling"}), 201)


def _puller(tenant: Tenant, endpoint: dict[str, Any]) -> httpx.Client:
    """The Consumer's client: the poll token, not the operator's API key."""
    return httpx.Client(base_url=str(tenant.client.base_url), timeout=30,
                        headers={"Authorization": f"Bearer {endpoint['pollToken']}"})


def _pull(puller: httpx.Client, endpoint: dict[str, Any], **params: Any) -> Any:
    return ok(puller.get(f"/v1/poll/{endpoint['id']}", params=params))


def _pull_until(puller: httpx.Client, endpoint: dict[str, Any], count: int,
                timeout: float = 30) -> list[dict[str, Any]]:
    """Every message after the committed cursor, once there are `count` (a message shows
    once it is two seconds old)."""
    deadline = time.monotonic() + timeout
    while True:
        found: list[dict[str, Any]] = []
        cursor = None
        while True:
            page = _pull(puller, endpoint, limit=250, **({"cursor": cursor} if cursor else {}))
            found += page["data"]
            cursor = page["cursor"]
            if page["done"]:
                break
        if len(found) >= count or time.monotonic() > deadline:
            assert len(found) == count
            return found
        time.sleep(0.3)


@pytest.fixture
def pulling(tenant: Tenant) -> Iterator[tuple[dict[str, Any], httpx.Client]]:
    endpoint = _polling(tenant)
    with _puller(tenant, endpoint) as puller:
        yield endpoint, puller


def _workflow_status(stack: Stack, delivery_id: str) -> WorkflowExecutionStatus | None:
    async def describe() -> WorkflowExecutionStatus | None:
        client = await Client.connect(stack.temporal_address)
        return (await client.get_workflow_handle(delivery_id).describe()).status

    return asyncio.run(describe())


def _delivered_counted(tenant: Tenant) -> float:
    """The API's `hookline_deliveries_finished_total` of delivered endpoint Deliveries."""
    found = re.search(r'^hookline_deliveries_finished_total\{status="delivered",'
                      r'target="endpoint"\} ([0-9.e+]+)$',
                      tenant.client.get("/metrics").text, re.MULTILINE)
    return float(found.group(1)) if found else 0.0


def test_a_polling_endpoint_has_no_url_and_takes_nothing_sending_needs(
        tenant: Tenant) -> None:
    endpoint = _polling(tenant)
    assert endpoint["url"] is None and endpoint["kind"] == "polling"
    assert endpoint["pollToken"].startswith("hlpoll_")
    assert endpoint["poll"] == {"url": f"{endpoint['poll']['url'].split('/v1/')[0]}/v1/poll/"
                                       f"{endpoint['id']}", "cursor": None,
                                "committedThrough": None}
    path = f"/v1/endpoints/{endpoint['id']}"
    shown = ok(tenant.client.get(path))
    assert shown["kind"] == "polling" and shown["url"] is None
    assert "pollToken" not in shown  # shown at creation and on the portal's page only
    new = {"consumer": "acme", "kind": "polling"}
    problem = assert_problem(tenant.client.post("/v1/endpoints", json={
        **new, "url": "https://example.com/hook"}), 422)
    assert "url" in problem["detail"]
    assert "url" in assert_problem(tenant.client.post("/v1/endpoints", json={
        "consumer": "acme"}), 422)["detail"]
    assert "kind" in assert_problem(tenant.client.post("/v1/endpoints", json={
        "consumer": "acme", "url": "https://example.com/hook", "kind": "kafka"}), 422)["detail"]
    for name, value in (("rateLimit", 5), ("headers", {"x-a": "b"}),
                        ("transformation", "function handler(w) { return w }"),
                        ("ordering", {"key": "data.id", "onExhausted": "block"}),
                        ("batch", {"maxSize": 10}),
                        ("auth", {"type": "oauth2", "tokenUrl": "https://example.com/t",
                                  "clientId": "a", "clientSecret": "b"})):
        problem = assert_problem(tenant.client.post("/v1/endpoints", json={
            **new, name: value}), 422)
        assert problem["detail"].startswith(name), problem
        problem = assert_problem(tenant.client.patch(path, json={name: value}), 422)
        assert problem["detail"].startswith(name), problem
    assert "url" in assert_problem(tenant.client.patch(path, json={
        "url": "https://example.com/hook"}), 422)["detail"]
    assert "headers" in assert_problem(tenant.client.put(f"{path}/headers", json={
        "headers": {"x-a": "b"}}), 422)["detail"]
    # The sentinel it stores is no URL anywhere else: not for an endpoint without `kind`,
    # a destination or an operational endpoint.
    source = ok(tenant.client.post("/v1/ingest/sources", json={"name": "in"}), 201)
    for where, body in (("/v1/endpoints", {"consumer": "acme", "url": "polling:"}),
                        (f"/v1/ingest/sources/{source['id']}/destinations", {"url": "polling:"}),
                        ("/v1/operational-endpoints", {"url": "polling:"})):
        assert "url" in assert_problem(tenant.client.post(where, json=body), 422)["detail"]
    assert ok(tenant.client.get(f"/v1/ingest/sources/{source['id']}/destinations")) == []
    # Nothing is sent to it: no test, no recovery.
    assert_problem(tenant.client.post(f"{path}/test"), 409)
    assert_problem(tenant.client.post(f"{path}/recover", json={
        "since": "2020-01-01T00:00:00Z"}), 409)
    after = ok(tenant.client.get(path))
    assert after == shown  # nothing refused was kept
    assert ok(tenant.client.patch(path, json={"description": "on-premises"}))[
        "description"] == "on-premises"


def test_a_new_poll_token_replaces_the_old(
        tenant: Tenant, pulling: tuple[dict[str, Any], httpx.Client]) -> None:
    endpoint, puller = pulling
    ok(puller.get(f"/v1/poll/{endpoint['id']}"))
    fresh = ok(tenant.client.post(f"/v1/endpoints/{endpoint['id']}/rotate-poll-token"), 201)
    assert fresh["pollToken"].startswith("hlpoll_") and fresh["pollToken"] != \
        endpoint["pollToken"]
    assert_problem(puller.get(f"/v1/poll/{endpoint['id']}"), 401)
    with _puller(tenant, {**endpoint, **fresh}) as renewed:
        ok(renewed.get(f"/v1/poll/{endpoint['id']}"))


def test_a_consumer_pulls_verified_pages_and_commits(
        stack: Stack, tenant: Tenant,
        pulling: tuple[dict[str, Any], httpx.Client]) -> None:
    endpoint, puller = pulling
    events = [publish(tenant, {"n": n}) for n in range(7)]
    messages = _pull_until(puller, endpoint, 7)
    assert [m["eventId"] for m in messages] == [e["id"] for e in events]  # in order
    for message in messages:
        assert message["status"] == "pending" and message["eventType"] == "invoice.paid"
        # What a push would send: the body, signed under the endpoint's secret.
        Webhook(endpoint["secret"]).verify(message["body"], message["headers"])
        assert message["headers"]["webhook-id"] == message["eventId"]
    # Waiting for the commit, each holds no attempt lease and stays `pending`; its
    # workflow started, and waits until its window ends (its `nextAttemptAt`).
    first = messages[0]["id"]
    wait_until = time.monotonic() + 30
    while ok(tenant.client.get(f"/v1/deliveries/{first}"))["nextAttemptAt"] is None:
        assert time.monotonic() < wait_until, "the workflow's first look never came"
        time.sleep(0.2)
    assert _workflow_status(stack, first) == WorkflowExecutionStatus.RUNNING
    with stack.engine.connect() as connection:
        assert connection.execute(text(
            "SELECT count(*) FROM attempt_leases WHERE delivery_id IN "
            "(SELECT id FROM deliveries WHERE endpoint_id = :e)"), {"e": endpoint["id"]}
        ).scalar() == 0

    pages = [_pull(puller, endpoint, limit=3)]
    while not pages[-1]["done"]:
        pages.append(_pull(puller, endpoint, limit=3, cursor=pages[-1]["cursor"]))
    assert [len(p["data"]) for p in pages] == [3, 3, 1]
    assert [m["id"] for p in pages for m in p["data"]] == [m["id"] for m in messages]

    finished_before = _delivered_counted(tenant)
    committed = ok(puller.post(f"/v1/poll/{endpoint['id']}/commit",
                               json={"cursor": pages[1]["cursor"]}))
    assert committed == {"cursor": pages[1]["cursor"], "delivered": 6}
    assert _delivered_counted(tenant) == finished_before + 6  # by the API, which decided it
    for message in messages[:6]:
        assert wait_delivery(tenant, message["id"])["status"] == "delivered"
        [attempt] = attempts(tenant, message["id"])
        assert attempt["status"] == "succeeded" and attempt["errorType"] is None
    assert ok(tenant.client.get(f"/v1/deliveries/{messages[6]['id']}"))["status"] == "pending"
    # The commit woke their workflows, which ended; the seventh's waits.
    deadline = time.monotonic() + 30
    while _workflow_status(stack, first) != WorkflowExecutionStatus.COMPLETED:
        assert time.monotonic() < deadline, "the commit did not end the workflow"
        time.sleep(0.2)
    assert _workflow_status(stack, messages[6]["id"]) == WorkflowExecutionStatus.RUNNING
    # A pulled Delivery is not retried: there is nothing to send.
    assert_problem(tenant.client.post(f"/v1/deliveries/{messages[6]['id']}/retry"), 409)
    # Where the Consumer stands, for the operator.
    poll = ok(tenant.client.get(f"/v1/endpoints/{endpoint['id']}"))["poll"]
    assert poll["cursor"] == pages[1]["cursor"]
    assert messages[5]["timestamp"] <= poll["committedThrough"] <= messages[6]["timestamp"]
    # The server kept the cursor: the next pull starts after it.
    rest = _pull(puller, endpoint)
    assert [m["id"] for m in rest["data"]] == [messages[6]["id"]] and rest["done"]
    # A commit behind the committed cursor changes nothing.
    again = ok(puller.post(f"/v1/poll/{endpoint['id']}/commit",
                           json={"cursor": pages[0]["cursor"]}))
    assert again == {"cursor": pages[1]["cursor"], "delivered": 0}


def test_a_consumer_that_stops_mid_page_pulls_it_again(
        tenant: Tenant, pulling: tuple[dict[str, Any], httpx.Client]) -> None:
    endpoint, puller = pulling
    for n in range(5):
        publish(tenant, {"n": n})
    messages = _pull_until(puller, endpoint, 5)
    first = _pull(puller, endpoint, limit=3)
    ok(puller.post(f"/v1/poll/{endpoint['id']}/commit", json={"cursor": first["cursor"]}))
    second = _pull(puller, endpoint, limit=3)
    # It processed one of the page's two, then died before its commit: the page comes
    # again, whole, from the committed cursor.
    again = _pull(puller, endpoint, limit=3)
    assert [m["id"] for m in again["data"]] == [m["id"] for m in second["data"]] \
        == [m["id"] for m in messages[3:]]
    ok(puller.post(f"/v1/poll/{endpoint['id']}/commit", json={"cursor": again["cursor"]}))
    assert _pull(puller, endpoint) == {"data": [], "cursor": again["cursor"], "done": True}
    for message in messages:
        assert wait_delivery(tenant, message["id"])["status"] == "delivered"
        assert len(attempts(tenant, message["id"])) == 1  # delivered once


def test_a_seek_moves_the_cursor_to_a_time(
        tenant: Tenant, pulling: tuple[dict[str, Any], httpx.Client]) -> None:
    endpoint, puller = pulling
    for n in range(2):
        publish(tenant, {"n": n})
    time.sleep(0.05)
    middle = datetime.now(UTC).isoformat()  # this machine's clock is the server's
    time.sleep(0.05)
    late = [publish(tenant, {"n": n}) for n in range(2, 4)]
    messages = _pull_until(puller, endpoint, 4)
    base = f"/v1/poll/{endpoint['id']}"
    ok(puller.post(f"{base}/commit", json={"cursor": _pull(puller, endpoint)["cursor"]}))
    assert _pull(puller, endpoint)["data"] == []
    # Back: the delivered ones show again, for a replay; committing them changes nothing.
    sought = ok(puller.post(f"{base}/seek", json={"after": middle}))
    again = _pull(puller, endpoint)
    assert [m["eventId"] for m in again["data"]] == [e["id"] for e in late]
    assert {m["status"] for m in again["data"]} == {"delivered"}
    assert again["data"][0]["id"] > sought["cursor"]
    assert ok(puller.post(f"{base}/commit", json={"cursor": again["cursor"]}))[
        "delivered"] == 0
    ok(puller.post(f"{base}/seek", json={"after": "2000-01-01T00:00:00Z"}))
    assert [m["id"] for m in _pull(puller, endpoint)["data"]] == [m["id"] for m in messages]
    # Forward, past what waits: skipped, it is not pulled (it ends when its window does).
    waiting = publish(tenant, {"n": 9})
    time.sleep(0.05)
    ok(puller.post(f"{base}/seek", json={"after": datetime.now(UTC).isoformat()}))
    time.sleep(SETTLE + 0.5)
    assert _pull(puller, endpoint)["data"] == []
    [delivery] = ok(tenant.client.get(f"/v1/events/{waiting['id']}/deliveries"))["items"]
    assert delivery["status"] == "pending"


def test_pulls_are_kept_to_their_endpoint(
        stack: Stack, tenant: Tenant, pulling: tuple[dict[str, Any], httpx.Client],
        receiver: Receiver) -> None:
    endpoint, puller = pulling
    base = f"/v1/poll/{endpoint['id']}"
    other = stack.tenant()
    try:
        theirs = _polling(other, consumer="rival")
        # Another endpoint's token, a made-up one, none, or the token of this endpoint
        # for another: 401, whether or not the endpoint exists.
        for token, path in ((theirs["pollToken"], base), ("hlpoll_" + "a" * 39, base),
                            (endpoint["pollToken"], f"/v1/poll/{theirs['id']}"),
                            (endpoint["pollToken"], "/v1/poll/ep_nothing")):
            answer = httpx.get(str(tenant.client.base_url) + path,
                               headers={"Authorization": f"Bearer {token}"})
            assert_problem(answer, 401)
            answer = httpx.post(str(tenant.client.base_url) + path + "/commit",
                                headers={"Authorization": f"Bearer {token}"},
                                json={"cursor": "dlv_00000000000000000000000000"})
            assert_problem(answer, 401)
        assert_problem(httpx.get(str(tenant.client.base_url) + base), 401)
        # Another environment's API key: as good as missing. A push endpoint is not pulled.
        assert_problem(other.client.get(base), 404)
        ok(tenant.client.get(base))  # the operator, with its own key, may look
        push = ok(tenant.client.post("/v1/endpoints", json={
            "consumer": "acme", "url": receiver.url("/ok")}), 201)
        assert_problem(tenant.client.get(f"/v1/poll/{push['id']}"), 404)
        # What is not a cursor or a page size is refused, and moves nothing.
        for params in ({"cursor": "nope"}, {"limit": 0}, {"limit": 251}):
            assert_problem(puller.get(base, params=params), 422)
        for body in ({"cursor": "evt_123"}, {}, {"cursor": "dlv_" + "0" * 100}):
            assert_problem(puller.post(f"{base}/commit", json=body), 422)
        for after in ("yesterday", "2100-01-01T00:00:00Z", "0001-01-01T00:00:00+01:00",
                      "9999-12-31T23:59:59-01:00"):
            assert_problem(puller.post(f"{base}/seek", json={"after": after}), 422)
        assert_problem(puller.post(f"{base}/commit", json={"cursor": "dlv_0000000000\n"}),
                       422)
        assert _pull(puller, endpoint)["cursor"] is None
    finally:
        other.client.close()


@pytest.fixture(scope="module")
def brief(stack: Stack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    """A stack whose polling window is seconds, not the product's week: time forces it."""
    own = stack.sibling(tmp_path_factory.mktemp("poll-window"), HOOKLINE_POLL_WINDOW="4s")
    yield own
    own.stop_all()
    own.engine.dispose()


def test_a_delivery_not_committed_within_its_window_ends_not_polled(brief: Stack) -> None:
    tenant = brief.tenant()
    try:
        endpoint = _polling(tenant)
        event = publish(tenant)
        [delivery] = ok(tenant.client.get(f"/v1/events/{event['id']}/deliveries"))["items"]
        ended = wait_delivery(tenant, delivery["id"], timeout=40)
        assert ended["status"] == "exhausted" and ended["errorType"] == "not_polled"
        [attempt] = attempts(tenant, delivery["id"])
        assert attempt["errorType"] == "not_polled" and attempt["statusCode"] is None
        assert _workflow_status(brief, delivery["id"]) == WorkflowExecutionStatus.COMPLETED
        # A Consumer's absence is not a failing receiver: the endpoint stays enabled.
        assert ok(tenant.client.get(f"/v1/endpoints/{endpoint['id']}"))["status"] == "Enabled"
        with _puller(tenant, endpoint) as puller:
            page = _pull(puller, endpoint)
            assert page["data"] == []  # lapsed: no longer offered
    finally:
        tenant.client.close()


def test_the_portal_adds_a_polling_endpoint_and_shows_how_to_pull(
        stack: Stack, tenant: Tenant) -> None:
    consumer(tenant, "acme", "invoice.paid")
    browser = opened(PortalClient(stack.base_url), tenant)
    try:
        assert "No public URL?" in browser.get("/portal/endpoints/new")
        page = browser.get("/portal/endpoints/new", kind="polling")
        assert 'name="kind" value="polling"' in page and 'name="url"' not in page
        added = browser.post("/portal/endpoints", {"kind": "polling", "description": "nightly",
                                                   "events": "invoice.paid"})
        assert "Signing secret of <code>your polling endpoint</code>" in added.text
        [endpoint_id] = endpoint_ids(tenant)
        record = ok(tenant.client.get(f"/v1/endpoints/{endpoint_id}"))
        assert record["kind"] == "polling" and record["events"] == ["invoice.paid"]
        assert record["description"] == "nightly"
        with stack.engine.connect() as db:
            stored = db.execute(text("SELECT poll_token FROM endpoints WHERE id = :e"),
                                {"e": endpoint_id}).scalar()
        assert stored and not str(stored).startswith("hlpoll_")  # sealed at rest
        page = browser.get(f"/portal/endpoints/{endpoint_id}")
        assert "Pull your messages" in page and "0 waiting" in page
        assert "Pulled by you (polling, no URL)" in page
        token = re.search(r'id="poll-token">(hlpoll_[0-9a-z]+)<', page)
        assert token is not None
        curl = f'curl -H "Authorization: Bearer {token.group(1)}" {record["poll"]["url"]}'
        assert curl in html.unescape(page)
        assert 'name="url"' not in page and "Send test event" not in page
        publish(tenant)
        with _puller(tenant, {**record, "pollToken": token.group(1)}) as puller:
            [message] = _pull_until(puller, record, 1)
            ok(puller.post(f"/v1/poll/{endpoint_id}/commit", json={"cursor": message["id"]}))
        assert "committed through" in browser.get(f"/portal/endpoints/{endpoint_id}")
        # Its edit form keeps it pulled: what it shows is what it saves.
        browser.post(f"/portal/endpoints/{endpoint_id}", {
            "kind": "polling", "description": "hourly", "events": "invoice.paid"})
        assert ok(tenant.client.get(f"/v1/endpoints/{endpoint_id}"))["description"] == "hourly"
        renewed = browser.post(f"/portal/endpoints/{endpoint_id}/poll-token")
        assert "A new token" in renewed.text and token.group(1) not in renewed.text
        with _puller(tenant, {**record, "pollToken": token.group(1)}) as stale:
            assert_problem(stale.get(f"/v1/poll/{endpoint_id}"), 401)
    finally:
        browser.close()
    # The token commits and seeks: a read-only link does not see it.
    reader = opened(PortalClient(stack.base_url), tenant, readOnly=True)
    try:
        page = reader.get(f"/portal/endpoints/{endpoint_id}")
        assert "Pull your messages" in page and "hlpoll_" not in page
    finally:
        reader.close()


def test_listen_pulls_verifies_and_commits(tenant: Tenant, tmp_path: Path,
                                           pulling: tuple[dict[str, Any], httpx.Client]
                                           ) -> None:
    endpoint, _ = pulling
    events = [publish(tenant, {"n": n}) for n in range(3)]
    log = tmp_path / "pull.log"
    proc = spawn([HOOKLINE, "listen", "--poll", endpoint["poll"]["url"],
                  "--secret", endpoint["secret"]],
                 {"HOOKLINE_POLL_TOKEN": endpoint["pollToken"]}, log)
    try:
        for event in events:
            [delivery] = ok(tenant.client.get(f"/v1/events/{event['id']}/deliveries"))["items"]
            assert wait_delivery(tenant, delivery["id"], timeout=40)["status"] == "delivered"
    finally:
        stop(proc)
    printed = log.read_text()
    for event in events:
        assert f"webhook-id: {event['id']}\nwebhook-timestamp:" in printed
    assert printed.count("signature: verified\n") == 3
    assert printed.rstrip().endswith("Stopped.")
    # A token not this endpoint's stops it at once, saying why.
    refused = subprocess.run([HOOKLINE, "listen", "--poll", endpoint["poll"]["url"],
                              "--token", "hlpoll_nope"], capture_output=True, text=True,
                             timeout=60)
    assert refused.returncode == 1 and "401" in refused.stderr
