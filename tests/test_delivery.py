"""Issue 3: publish, fan-out and the Delivery workflow against real receivers."""

from __future__ import annotations

import concurrent.futures
import json
import re
import subprocess
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import unquote

import httpx
import pytest
from standardwebhooks.webhooks import Webhook

from tests.support.api import (
    attempts,
    deliveries_of,
    ok,
    publish,
    setup_endpoint,
    wait_delivery,
)
from tests.support.procs import temporal_cli
from tests.support.receiver import Receiver
from tests.support.signatures import verify_v1a
from tests.support.stack import Stack, Tenant


@pytest.mark.cluster
def test_published_event_arrives_signed(tenant: Tenant, receiver: Receiver) -> None:
    endpoint = setup_endpoint(tenant, receiver.url("/ok"))
    event = publish(tenant, {"amount": 42, "currency": "EUR"})
    assert event["deliveries"] == 1 and event["type"] == "invoice.paid"
    [arrived] = receiver.wait(1)
    Webhook(endpoint["secret"]).verify(arrived.body, arrived.headers)
    assert arrived.headers["webhook-id"] == event["id"]
    assert arrived.headers["user-agent"].startswith("Hookline/")
    assert arrived.headers["content-type"] == "application/json"
    body = json.loads(arrived.body)
    assert body["type"] == "invoice.paid" and body["data"] == {"amount": 42, "currency": "EUR"}
    [delivery] = deliveries_of(tenant, event["id"])
    done = wait_delivery(tenant, delivery["id"])
    assert done["status"] == "delivered" and done["attempts"] == 1
    [attempt] = attempts(tenant, delivery["id"])
    assert attempt["status"] == "succeeded" and attempt["statusCode"] == 200
    assert attempt["attempt"] == 1 and attempt["errorType"] is None


def test_v1_and_v1a_endpoints_each_get_their_own_signature(tenant: Tenant,
                                                           receiver: Receiver) -> None:
    """Issue 52: one event fans out to a v1 endpoint, a v1a one, and one switching from v1
    to v1a, whose old secret signs beside its new key for the overlap."""
    v1 = setup_endpoint(tenant, receiver.url("/ok/v1"))
    v1a = ok(tenant.client.post("/v1/endpoints", json={
        "consumer": "acme", "url": receiver.url("/ok/v1a"), "signatureScheme": "v1a"}), 201)
    switching = setup_endpoint(tenant, receiver.url("/ok/switching"))
    switched = ok(tenant.client.post(f"/v1/endpoints/{switching['id']}/rotate-secret",
                                     json={"signatureScheme": "v1a"}), 201)["secret"]
    event = publish(tenant)
    assert event["deliveries"] == 3
    arrived = {r.path: r for r in receiver.wait(3)}

    Webhook(v1["secret"]).verify(arrived["/ok/v1"].body, arrived["/ok/v1"].headers)
    verify_v1a(v1a["publicKey"], arrived["/ok/v1a"])
    with pytest.raises(AssertionError):
        verify_v1a(switched, arrived["/ok/v1a"])
    both = arrived["/ok/switching"]
    verify_v1a(switched, both)
    Webhook(switching["secret"]).verify(both.body, both.headers)
    assert arrived["/ok/v1a"].headers["webhook-id"] == event["id"]


def test_fan_out_follows_subscriptions(tenant: Tenant, receiver: Receiver) -> None:
    tenant.client.post("/v1/event-types", json={"name": "user.created"})
    setup_endpoint(tenant, receiver.url("/ok/typed"), events=["invoice.paid"])
    setup_endpoint(tenant, receiver.url("/ok/all"), events=[])
    setup_endpoint(tenant, receiver.url("/ok/other"), events=["user.created"])
    disabled = setup_endpoint(tenant, receiver.url("/ok/disabled"))
    ok(tenant.client.patch(f"/v1/endpoints/{disabled['id']}", json={"status": "disabled"}))
    tenant.client.post("/v1/event-types", json={"name": "invoice.voided"})  # registered later
    event = publish(tenant)
    assert event["deliveries"] == 2
    paths = sorted(r.path for r in receiver.wait(2))
    assert paths == ["/ok/all", "/ok/typed"]
    assert publish(tenant, event_type="invoice.voided")["deliveries"] == 1


@pytest.mark.cluster
def test_failed_attempts_are_retried_then_delivered(tenant: Tenant, receiver: Receiver) -> None:
    setup_endpoint(tenant, receiver.url("/flaky/2/x"))
    event = publish(tenant)
    [delivery] = deliveries_of(tenant, event["id"])
    done = wait_delivery(tenant, delivery["id"])
    assert done["status"] == "delivered" and done["attempts"] == 3
    tries = attempts(tenant, delivery["id"])
    assert [a["statusCode"] for a in tries] == [503, 503, 200]
    assert [a["errorType"] for a in tries] == ["http_status", "http_status", None]
    ids = {r.headers["webhook-id"] for r in receiver.wait(3)}
    assert ids == {event["id"]}  # the same id on every attempt


@pytest.mark.cluster
def test_each_kind_of_failure_exhausts(tenant: Tenant, receiver: Receiver) -> None:
    cases = {"/status/500": "http_status", "/redirect": "http_status",
             "/slow/5": "timeout", "/close": "connection", "/status/404": "http_status"}
    for i, path in enumerate(cases):
        setup_endpoint(tenant, receiver.url(path), consumer=f"c{i}")
    events = {path: publish(tenant, consumer=f"c{i}") for i, path in enumerate(cases)}
    for path, error_type in cases.items():
        [delivery] = deliveries_of(tenant, events[path]["id"])
        done = wait_delivery(tenant, delivery["id"], timeout=90)
        assert done["status"] == "exhausted", path
        tries = attempts(tenant, delivery["id"])
        assert len(tries) == 4 and all(a["status"] == "failed" for a in tries), path
        assert {a["errorType"] for a in tries} == {error_type}, path
    assert len(receiver.at("/redirect")) == 4 and not receiver.at("/ok")  # not followed


def test_idempotency_key_returns_the_first_event(tenant: Tenant, receiver: Receiver) -> None:
    setup_endpoint(tenant, receiver.url("/ok"))
    first = publish(tenant, headers={"Idempotency-Key": "order-1"})
    again = tenant.client.post("/v1/events", headers={"Idempotency-Key": "order-1"},
                               json={"type": "invoice.paid", "consumer": "acme",
                                     "data": {"n": 2}})
    assert again.status_code == 201 and again.json()["id"] == first["id"]
    assert again.headers["idempotent-replayed"] == "true"
    receiver.wait(1)
    assert len(ok(tenant.client.get("/v1/events"))["items"]) == 1
    assert publish(tenant, headers={"Idempotency-Key": "order-2"})["id"] != first["id"]
    # An empty key is none: two such publishes are two events (before, the second
    # answered the first, and after 24 h it was a 500).
    empty = [publish(tenant, headers={"Idempotency-Key": ""})["id"] for _ in range(2)]
    assert len(set(empty)) == 2


# A unique key raced under each database's own locking.
@pytest.mark.both_databases
def test_one_idempotency_key_raced_by_many_requests_makes_one_event(
        tenant: Tenant, receiver: Receiver) -> None:
    # The key is checked in a read before the write transaction: the unique index decides.
    setup_endpoint(tenant, receiver.url("/ok"))

    def post(n: int) -> httpx.Response:
        return tenant.client.post("/v1/events", headers={"Idempotency-Key": "race-1"},
                                  json={"type": "invoice.paid", "consumer": "acme",
                                        "data": {"n": n}})

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(post, range(16)))
    assert [a.status_code for a in answers] == [201] * 16
    assert len({a.json()["id"] for a in answers}) == 1
    assert sum(a.headers.get("idempotent-replayed") == "true" for a in answers) == 15
    receiver.wait(1)
    time.sleep(1.0)
    assert len(receiver.received) == 1
    assert len(ok(tenant.client.get("/v1/events"))["items"]) == 1


@pytest.mark.both_databases
def test_a_key_older_than_its_window_makes_a_new_event(stack: Stack, tenant: Tenant) -> None:
    """After 24 hours an Idempotency-Key may be used again: its first Event gives it up and
    the publish makes a new one, which holds it from then on."""
    import sqlalchemy as sa

    setup_endpoint(tenant, "http://127.0.0.1:9/never")
    first = publish(tenant, headers={"Idempotency-Key": "monthly-1"})
    with stack.engine.begin() as db:
        db.execute(sa.text("UPDATE events SET created_at = :then WHERE id = :id"),
                   {"then": datetime.now(UTC) - timedelta(hours=25), "id": first["id"]})
    again = tenant.client.post("/v1/events", headers={"Idempotency-Key": "monthly-1"},
                               json={"type": "invoice.paid", "consumer": "acme",
                                     "data": {"n": 2}})
    assert again.status_code == 201 and "idempotent-replayed" not in again.headers
    assert again.json()["id"] != first["id"]
    with stack.engine.connect() as db:
        rows = db.execute(sa.text("SELECT id, idempotency_key FROM events WHERE id IN "
                                  "(:a, :b)"), {"a": first["id"], "b": again.json()["id"]})
        keys: dict[str, str | None] = {row[0]: row[1] for row in rows}
    assert keys == {first["id"]: None, again.json()["id"]: "monthly-1"}
    third = tenant.client.post("/v1/events", headers={"Idempotency-Key": "monthly-1"},
                               json={"type": "invoice.paid", "consumer": "acme",
                                     "data": {"n": 3}})
    assert third.json()["id"] == again.json()["id"]
    assert third.headers["idempotent-replayed"] == "true"


@pytest.mark.cluster
def test_replay_sends_to_endpoints_subscribed_now(tenant: Tenant, receiver: Receiver) -> None:
    setup_endpoint(tenant, receiver.url("/ok/first"))
    event = publish(tenant)
    receiver.wait(1)
    setup_endpoint(tenant, receiver.url("/ok/later"))
    replayed = ok(tenant.client.post(f"/v1/events/{event['id']}/replay"), 202)
    assert len(replayed["deliveries"]) == 2
    arrived = receiver.wait(3)
    assert sorted(r.path for r in arrived) == ["/ok/first", "/ok/first", "/ok/later"]
    assert {r.headers["webhook-id"] for r in arrived} == {event["id"]}
    assert ok(tenant.client.get(f"/v1/events/{event['id']}"))["deliveries"] == 3


@pytest.mark.cluster
def test_workflows_are_searchable_in_temporal(stack: Stack, tenant: Tenant,
                                             receiver: Receiver) -> None:
    """Every Delivery carries HookDeliveryStatus: `pending` from its start, `retrying` after
    a failed try, and its final status at its end, delivered at the first try or not."""
    endpoint = setup_endpoint(tenant, receiver.url("/ok"))
    flaky = setup_endpoint(tenant, receiver.url("/flaky/1/searchable"), consumer="flaky")
    slow = setup_endpoint(tenant, receiver.url("/slow/30/searchable"), consumer="slow")
    base = [temporal_cli(), "workflow", "list", "--address", stack.temporal_address, "-o", "json"]

    def search(query: str, tries: int = 50, pause: float = 0.2) -> list[str]:
        for _ in range(tries):  # visibility is eventually consistent
            found = json.loads(subprocess.run([*base, "--query", query], capture_output=True,
                                              text=True, check=True).stdout or "[]")
            if found:
                break
            time.sleep(pause)
        return [w["execution"]["workflowId"] for w in found]

    [hanging] = deliveries_of(tenant, publish(tenant, consumer="slow")["id"])
    # Its first attempt hangs for the attempt timeout (2 s): meanwhile it is `pending`.
    assert search(f"HookEndpointId = '{slow['id']}' AND HookDeliveryStatus = 'pending'",
                  tries=30, pause=0.05) == [hanging["id"]]
    event = publish(tenant)
    [delivery] = deliveries_of(tenant, event["id"])
    [retried] = deliveries_of(tenant, publish(tenant, consumer="flaky")["id"])
    wait_delivery(tenant, delivery["id"])
    wait_delivery(tenant, retried["id"])
    assert search(f"HookDeliveryStatus = 'delivered' AND HookEndpointId = '{endpoint['id']}'"
                  ) == [delivery["id"]]
    assert search(f"HookEndpointId = '{flaky['id']}' AND HookDeliveryStatus = 'delivered'"
                  ) == [retried["id"]]
    assert search(f"HookEndpointId = '{slow['id']}' AND HookDeliveryStatus = 'retrying'"
                  ) == [hanging["id"]]
    assert search(f"HookEndpointId = '{endpoint['id']}' AND ExecutionStatus = 'Completed'"
                  ) == [delivery["id"]]
    described = subprocess.run(
        [temporal_cli(), "workflow", "describe", "--address", stack.temporal_address,
         "-w", delivery["id"]], capture_output=True, text=True, check=True)
    # The host, never the URL: its path and query are often the receiver's secret (issue 65).
    assert 'StaticSummary  "invoice.paid -> 127.0.0.1"' in described.stdout
    assert receiver.url("/ok") not in described.stdout


def test_the_readmes_temporal_ui_link_lists_an_endpoints_failing_deliveries(
        stack: Stack, tenant: Tenant, receiver: Receiver) -> None:
    """The README's ready link for the Temporal UI: its query, with an endpoint's id, finds
    that endpoint's failing Deliveries and nothing else."""
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    [link] = re.findall(r"^http://127\.0\.0\.1:8233/namespaces/default/workflows\?query=(\S+)$",
                        readme, re.MULTILINE)
    receiver.modes["readme"] = "/status/500"
    failing = setup_endpoint(tenant, receiver.url("/as/readme"), consumer="readme")
    setup_endpoint(tenant, receiver.url("/status/500/readme-other"))  # fails too: not listed
    [exhausted] = deliveries_of(tenant, publish(tenant, consumer="readme")["id"])
    [elsewhere] = deliveries_of(tenant, publish(tenant)["id"])
    assert wait_delivery(tenant, exhausted["id"])["status"] == "exhausted"
    receiver.modes["readme"] = "/ok"
    [delivered] = deliveries_of(tenant, publish(tenant, consumer="readme")["id"])
    assert wait_delivery(tenant, delivered["id"])["status"] == "delivered"
    wait_delivery(tenant, elsewhere["id"])
    query = unquote(link).replace("ep_...", failing["id"])
    base = [temporal_cli(), "workflow", "list", "--address", stack.temporal_address, "-o", "json"]
    for _ in range(50):  # visibility is eventually consistent
        found = json.loads(subprocess.run([*base, "--query", query], capture_output=True,
                                          text=True, check=True).stdout or "[]")
        if found:
            break
        time.sleep(0.2)
    assert [w["execution"]["workflowId"] for w in found] == [exhausted["id"]]
