"""Issue 3: publishing rules (validation, size, quota) and the event reads with filters."""

from __future__ import annotations

import concurrent.futures
import time
from collections import Counter
from datetime import UTC, datetime, timedelta

import httpx
from sqlalchemy import text
from sqlmodel import Session

from hookline.persistence.db import committed
from hookline.services import accounts
from tests.support.api import deliveries_of, ok, publish, setup_endpoint, wait_delivery
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant
from tests.test_platform_http import assert_problem


def _events(tenant: Tenant, **params: str) -> list[dict]:
    return ok(tenant.client.get("/v1/events", params=params))["items"]


def test_publish_validation_creates_nothing(tenant: Tenant, receiver: Receiver) -> None:
    setup_endpoint(tenant, receiver.url("/ok"))
    post = tenant.client.post
    cases = [
        ({"type": "nope.unknown", "consumer": "acme", "data": {}}, 422, "type"),
        ({"type": "invoice.paid", "consumer": "ghost", "data": {}}, 422, "consumer"),
        ({"type": "invoice.paid", "consumer": "acme", "data": [1, 2]}, 422, "data"),
        ({"type": "invoice.paid", "consumer": "acme"}, 422, "data"),
        ({"consumer": "acme", "data": {}}, 422, "type"),
    ]
    for body, status, field in cases:
        problem = assert_problem(post("/v1/events", json=body), status)
        assert field in {e["field"] for e in problem["errors"]}, (body, problem)
    big = {"type": "invoice.paid", "consumer": "acme", "data": {"x": "y" * (1024 * 1024)}}
    assert_problem(post("/v1/events", json=big), 413)
    assert _events(tenant) == []
    assert receiver.received == []


def test_publish_reads_its_body_as_every_other_route_does(stack: Stack, tenant: Tenant) -> None:
    """Publish parses its own body (the hot path skips FastAPI's body model); a mistake must
    still give the problem a modelled route gives, and the API key is checked first."""
    post, json_type = tenant.client.post, {"content-type": "application/json"}
    for content in (b"{nope", b"", b"[1, 2]"):
        ours = assert_problem(post("/v1/events", content=content, headers=json_type), 422)
        modelled = assert_problem(post("/v1/consumers", content=content, headers=json_type),
                                  422)
        assert (ours["detail"], ours["errors"]) == (modelled["detail"], modelled["errors"])
    valid = {"type": "invoice.paid", "consumer": "acme", "data": {}}
    too_long = assert_problem(post("/v1/events", json={"type": "", "consumer": "acme"},
                                   headers={"Idempotency-Key": "k" * 256}), 422)
    assert {e["field"] for e in too_long["errors"]} == {"idempotency-key", "type", "data"}
    anonymous = httpx.post(f"{stack.base_url}/v1/events", content=b"{nope", headers=json_type)
    assert_problem(anonymous, 401)
    assert_problem(post("/v1/events", json=valid, headers={"Idempotency-Key": "k" * 256}), 422)
    assert _events(tenant) == []


def test_monthly_quota_is_402_and_changes_nothing(stack: Stack, tenant: Tenant,
                                                  receiver: Receiver) -> None:
    setup_endpoint(tenant, receiver.url("/ok"))
    with Session(stack.engine) as session:
        committed(session, accounts.set_plan, tenant.org_id, monthly_events=2)
    publish(tenant)
    publish(tenant)
    body = assert_problem(tenant.client.post("/v1/events", json={
        "type": "invoice.paid", "consumer": "acme", "data": {}}), 402)
    assert "Entrega" in body["title"]
    assert len(_events(tenant)) == 2
    receiver.wait(2)
    assert len(receiver.received) == 2


def test_the_quota_holds_for_publishes_batched_together(stack: Stack, tenant: Tenant,
                                                       receiver: Receiver) -> None:
    """Concurrent publishes share one write transaction (`persistence.batches`): those over the
    quota are refused and leave no count, Event or Delivery behind; the rest are kept."""
    setup_endpoint(tenant, receiver.url("/ok"))
    with Session(stack.engine) as session:
        committed(session, accounts.set_plan, tenant.org_id, monthly_events=10)

    def post(i: int) -> int:
        event_type = "nope.unknown" if i % 5 == 0 else "invoice.paid"
        return tenant.client.post("/v1/events", json={
            "type": event_type, "consumer": "acme", "data": {"i": i}}).status_code

    with concurrent.futures.ThreadPoolExecutor(16) as pool:
        statuses = Counter(pool.map(post, range(30)))
    assert statuses == {201: 10, 402: 14, 422: 6}
    assert len(_events(tenant)) == 10
    with stack.engine.connect() as conn:
        used = conn.execute(text("SELECT events FROM usage_counters WHERE org_id = :org"),
                            {"org": tenant.org_id}).scalar_one()
    assert used == 10
    receiver.wait(10)
    assert len(receiver.received) == 10


def test_event_reads_and_filters(tenant: Tenant, receiver: Receiver) -> None:
    setup_endpoint(tenant, receiver.url("/ok"), consumer="acme")
    setup_endpoint(tenant, receiver.url("/status/500"), consumer="globex",
                   event_type="user.created")
    start = datetime.now(UTC) - timedelta(seconds=1)
    paid = [publish(tenant, {"i": i}) for i in range(3)]
    created = publish(tenant, event_type="user.created", consumer="globex")
    assert [e["id"] for e in _events(tenant)] == [created["id"], *reversed(
        [p["id"] for p in paid])]  # newest first
    assert {e["id"] for e in _events(tenant, type="user.created")} == {created["id"]}
    assert len(_events(tenant, consumer="acme")) == 3
    [failing] = deliveries_of(tenant, created["id"])
    wait_delivery(tenant, failing["id"])
    for p in paid:
        wait_delivery(tenant, deliveries_of(tenant, p["id"])[0]["id"])
    assert [e["id"] for e in _events(tenant, status="exhausted")] == [created["id"]]
    assert len(_events(tenant, status="delivered")) == 3
    assert _events(tenant, status="cancelled") == []
    assert len(_events(tenant, **{"from": start.isoformat()})) == 4
    assert _events(tenant, to=start.isoformat()) == []
    detail = ok(tenant.client.get(f"/v1/events/{paid[0]['id']}"))
    assert detail["data"] == {"i": 0} and detail["deliveries"] == 1
    assert detail["consumer"] == "acme" and detail["type"] == "invoice.paid"
    page = ok(tenant.client.get("/v1/events", params={"limit": "2"}))
    assert len(page["items"]) == 2 and page["nextCursor"]
    rest = ok(tenant.client.get("/v1/events", params={"cursor": page["nextCursor"]}))
    assert len(rest["items"]) == 2 and rest["nextCursor"] is None


def test_a_bound_copied_from_a_returned_timestamp_includes_that_event(
        tenant: Tenant, receiver: Receiver) -> None:
    """Timestamps are stored with microseconds and answered with milliseconds: `from` and
    `to` (both inclusive) equal to a returned `createdAt` must include that event."""
    setup_endpoint(tenant, receiver.url())
    made = []
    for i in range(3):
        made.append(publish(tenant, {"i": i}))
        time.sleep(0.3)
    first, middle, last = made
    at = middle["createdAt"]
    assert at.endswith("Z") and len(at.split(".")[1]) == 4  # milliseconds, as answered
    assert [e["id"] for e in _events(tenant, **{"from": at, "to": at})] == [middle["id"]]
    assert [e["id"] for e in _events(tenant, to=at)] == [middle["id"], first["id"]]
    assert [e["id"] for e in _events(tenant, **{"from": at})] == [last["id"], middle["id"]]
    listed = {e["id"]: e["createdAt"] for e in _events(tenant)}
    assert listed[middle["id"]] == at  # the list answers the same value as the publish


def test_event_list_errors(stack: Stack, tenant: Tenant) -> None:
    for params in ({"status": "lost"}, {"cursor": "bogus"}, {"limit": "0"}, {"limit": "101"},
                   {"from": "yesterday"},
                   {"from": "2026-02-01T00:00:00Z", "to": "2026-01-01T00:00:00Z"}):
        assert_problem(tenant.client.get("/v1/events", params=params), 422)
    assert_problem(tenant.client.get("/v1/events/evt_missing"), 404)
    other = stack.tenant()
    other.client.post("/v1/event-types", json={"name": "invoice.paid"})
    other.client.post("/v1/consumers", json={"externalId": "acme", "name": "acme"})
    theirs = publish(other)
    assert_problem(tenant.client.get(f"/v1/events/{theirs['id']}"), 404)
    assert_problem(tenant.client.post(f"/v1/events/{theirs['id']}/replay"), 404)
    assert_problem(tenant.client.get(f"/v1/events/{theirs['id']}/deliveries"), 404)
