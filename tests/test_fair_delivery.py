"""Fair delivery, end to end against real receivers: a hanging endpoint keeps to its own
attempt slots, a failing one trips its breaker, a throttled one gets its rate, and the
receiver's 429/503 Retry-After and 410 are obeyed. On SQLite and PostgreSQL, on a stack of
its own (its settings differ from the suite's: a small in-flight cap, a quick breaker)."""

from __future__ import annotations

import itertools
import json
import time
from collections import Counter
from collections.abc import Iterator

import pytest
from sqlalchemy import update
from sqlmodel import Session
from standardwebhooks.webhooks import Webhook

from hookline.persistence.models import Endpoint, TargetGate
from tests.support.api import attempts, deliveries_of, ok, publish, setup_endpoint, wait_delivery
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant
from tests.test_destinations import add_destination
from tests.test_sources import make_source, post_in

# The gate's admission and breaker rows are locked as each database locks.
pytestmark = pytest.mark.both_databases

CAP = 3
SETTINGS = {
    "HOOKLINE_TARGET_MAX_IN_FLIGHT": str(CAP),
    "HOOKLINE_CIRCUIT_FAILURES": "3",
    "HOOKLINE_CIRCUIT_OPEN": "3s",
    "HOOKLINE_RETRY_SCHEDULE": "1s,8s,8s",
    "HOOKLINE_ATTEMPT_TIMEOUT": "2s",
}


@pytest.fixture(scope="module")
def fair(stack: Stack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    own = stack.sibling(tmp_path_factory.mktemp("fair"), **SETTINGS)
    yield own
    own.stop_all()
    own.engine.dispose()


@pytest.fixture
def tenant_of(fair: Stack) -> Iterator[Tenant]:
    tenant = fair.tenant()
    yield tenant
    tenant.client.close()


def _delivery(tenant: Tenant, event: dict) -> str:
    [delivery] = deliveries_of(tenant, event["id"])
    return str(delivery["id"])


def test_a_hanging_endpoint_keeps_to_its_own_slots(tenant_of: Tenant, receiver: Receiver
                                                   ) -> None:
    """Forty events to an endpoint that never answers, then ten to a healthy one: the
    healthy ones arrive at once, and the hanging one never has more than CAP attempts."""
    tenant = tenant_of
    setup_endpoint(tenant, receiver.url("/slow/30"), consumer="hanging")
    setup_endpoint(tenant, receiver.url("/ok/healthy"), consumer="healthy")
    for i in range(40):
        publish(tenant, {"i": i}, consumer="hanging")
    receiver.wait(CAP, "/slow/30", timeout=20)
    published = {}
    for i in range(10):
        published[publish(tenant, {"i": i}, consumer="healthy")["id"]] = time.time()
    arrived = receiver.wait(10, "/ok/healthy", timeout=30)
    lateness = [r.at - published[r.headers["webhook-id"]] for r in arrived]
    assert max(lateness) < 5, lateness  # no queue behind the hanging endpoint's attempts
    assert receiver.most_open["/slow/30"] <= CAP


def test_a_failing_endpoint_opens_its_circuit_then_a_probe_closes_it(
        fair: Stack, tenant_of: Tenant, receiver: Receiver) -> None:
    """Three failures (the setting) open the circuit: the endpoint's other Deliveries wait,
    recording no attempt, until one probe goes after the open time and succeeds. The
    operational webhooks tell both moves."""
    tenant = tenant_of
    ops = ok(tenant.client.post("/v1/operational-endpoints", json={
        "url": receiver.url("/ok/ops"),
        "events": ["endpoint.circuit_opened", "endpoint.circuit_closed"]}), 201)
    # Its first six requests fail: whatever runs meanwhile, three fail in a row first.
    endpoint = setup_endpoint(tenant, receiver.url("/flaky/6/breaker"))
    events = [publish(tenant, {"i": i}) for i in range(6)]
    receiver.wait(3, "/flaky/6/breaker", timeout=20)
    seen = []  # the record shows it, until its open time is up (3 s)
    deadline = time.monotonic() + 2.5
    while "open" not in seen and time.monotonic() < deadline:
        seen.append(ok(tenant.client.get(f"/v1/endpoints/{endpoint['id']}"))["circuit"])
        time.sleep(0.05)
    assert "open" in seen, seen
    for event in events:
        wait_delivery(tenant, _delivery(tenant, event), {"delivered"}, timeout=40)
    arrivals = [r.at for r in receiver.at("/flaky/6/breaker")]
    tries = [len(attempts(tenant, _delivery(tenant, e))) for e in events]
    assert sum(tries) == len(arrivals)  # waiting at the gate made no attempt
    assert max(b - a for a, b in itertools.pairwise(arrivals)) >= 2.5  # nothing went while open
    with Session(fair.engine) as session:
        gate = session.get(TargetGate, endpoint["id"])
        assert gate is not None and gate.circuit == "closed" and gate.failures == 0
    told = receiver.wait(2, "/ok/ops", timeout=30)
    for arrival in told:
        Webhook(ops["secret"]).verify(arrival.body, arrival.headers)
    bodies = [json.loads(a.body) for a in told]
    assert [b["type"] for b in bodies] == ["endpoint.circuit_opened", "endpoint.circuit_closed"]
    assert {b["data"]["endpointId"] for b in bodies} == {endpoint["id"]}
    assert bodies[0]["data"]["lastAttempt"]["statusCode"] == 503


def test_a_throttled_endpoint_gets_its_rate_and_no_more(fair: Stack, tenant_of: Tenant,
                                                        receiver: Receiver) -> None:
    tenant = tenant_of
    endpoint = setup_endpoint(tenant, receiver.url("/ok/throttled"))
    with Session(fair.engine) as session:
        session.execute(update(Endpoint).where(Endpoint.id == endpoint["id"])
                        .values(rate_limit=4))
        session.commit()
    for i in range(16):
        publish(tenant, {"i": i})
    arrived = receiver.wait(16, "/ok/throttled", timeout=30)
    per_second = Counter(int(r.at) for r in arrived)
    assert max(per_second.values()) <= 4, per_second
    span = arrived[-1].at - arrived[0].at
    assert span >= 3.5, span  # 16 at 4/s: about four seconds, not a burst


def test_retry_after_moves_the_next_attempt_and_pauses_the_endpoint(
        tenant_of: Tenant, receiver: Receiver) -> None:
    tenant = tenant_of
    setup_endpoint(tenant, receiver.url("/retry-after/429/3/a"), consumer="seconds")
    setup_endpoint(tenant, receiver.url("/retry-after/503/date+4/b"), consumer="date")
    setup_endpoint(tenant, receiver.url("/retry-after/503/soon/c"), consumer="unparseable")
    first = publish(tenant, consumer="seconds")
    receiver.wait(1, "/retry-after/429/3/a")
    second = publish(tenant, consumer="seconds")  # the endpoint is paused: it waits too
    publish(tenant, consumer="date")
    publish(tenant, consumer="unparseable")
    seconds = [r.at for r in receiver.wait(3, "/retry-after/429/3/a", timeout=30)]
    assert seconds[1] - seconds[0] >= 2.7  # Retry-After: 3, where the schedule says 1 s
    dated = [r.at for r in receiver.wait(2, "/retry-after/503/date+4/b", timeout=30)]
    assert dated[1] - dated[0] >= 2.5  # an HTTP date 4 s ahead (to the second)
    ignored = [r.at for r in receiver.wait(2, "/retry-after/503/soon/c", timeout=30)]
    assert ignored[1] - ignored[0] < 2.5  # unparseable: the schedule's 1 s
    held = ok(tenant.client.get(f"/v1/deliveries/{_delivery(tenant, second)}"))
    went = ok(tenant.client.get(f"/v1/deliveries/{_delivery(tenant, first)}"))
    # The second Delivery was held while the endpoint was paused, and went after it.
    deadline = time.monotonic() + 20
    while not (tried := attempts(tenant, held["id"])) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert tried and tried[0]["createdAt"] > attempts(tenant, went["id"])[0]["createdAt"]
    assert seconds[0] + 2.7 <= min(r.at for r in receiver.at("/retry-after/429/3/a")
                                   if r.headers["webhook-id"] == second["id"])


def test_410_gone_disables_the_endpoint_and_cancels_what_waits(tenant_of: Tenant,
                                                                receiver: Receiver) -> None:
    tenant = tenant_of
    # The first answers come a second late, so that every event is published (and fans out)
    # before the 410 disables the endpoint: CAP in flight, the rest waiting.
    endpoint = setup_endpoint(tenant, receiver.url("/slow/1/status/410"))
    events = [publish(tenant, {"i": i}) for i in range(CAP + 3)]
    assert all(event["deliveries"] == 1 for event in events)
    receiver.wait(1, "/slow/1/status/410")
    for event in events:
        wait_delivery(tenant, _delivery(tenant, event), {"cancelled"}, timeout=30)
    record = ok(tenant.client.get(f"/v1/endpoints/{endpoint['id']}"))
    assert record["status"] == "DisabledAutomatically"
    gone = [a for e in events for a in attempts(tenant, _delivery(tenant, e))]
    assert 1 <= len(gone) <= CAP  # only what was in flight when it answered 410
    assert all(a["statusCode"] == 410 and "disabled" in a["errorMessage"] for a in gone)


def test_a_destination_is_gated_like_an_endpoint(tenant_of: Tenant, receiver: Receiver) -> None:
    """Forwards pass the same gate: a throttled destination gets its rate (set through the
    API), and a 410 disables the destination."""
    tenant = tenant_of
    source = make_source(tenant, "gated")
    throttled = add_destination(tenant, source, receiver.url("/ok/dst"), rateLimit=3)
    assert throttled["rateLimit"] == 3
    for i in range(9):
        assert post_in(source["url"], f'{{"i": {i}}}'.encode()).status_code == 202
    arrived = receiver.wait(9, "/ok/dst", timeout=30)
    assert max(Counter(int(r.at) for r in arrived).values()) <= 3
    gone_source = make_source(tenant, "gone")
    gone = add_destination(tenant, gone_source, receiver.url("/status/410"))
    post_in(gone_source["url"])
    receiver.wait(1, "/status/410")
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        listed = ok(tenant.client.get(f"/v1/ingest/sources/{gone_source['id']}/destinations"))
        if listed[0]["status"] == "disabled":
            break
        time.sleep(0.2)
    assert listed[0]["id"] == gone["id"] and listed[0]["status"] == "disabled"


def test_an_attempt_waiting_for_its_throttle_sends_nothing_to_a_target_disabled_meanwhile(
        tenant: Tenant, receiver: Receiver) -> None:
    """An attempt admitted under a `rateLimit` waits for its turn after it read what to send;
    its endpoint disabled in that wait, it sends nothing once its turn comes, and ends
    `cancelled` as one that found its endpoint disabled does."""
    endpoint = setup_endpoint(tenant, receiver.url("/ok/disabled-while-waiting"))
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}", json={"rateLimit": 1}))
    first, second = (publish(tenant, {"n": n})["id"] for n in range(2))
    receiver.wait(1, "/ok/disabled-while-waiting")
    [waiting] = deliveries_of(tenant, second)
    # Admitted after the first, it waits about a second for its turn, `processing`.
    wait_delivery(tenant, waiting["id"], {"processing"}, timeout=10)
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}", json={"status": "disabled"}))
    assert wait_delivery(tenant, waiting["id"], timeout=10)["status"] == "cancelled"
    time.sleep(1.5)  # past its turn
    assert [r.headers["webhook-id"] for r in receiver.at("/ok/disabled-while-waiting")] == \
        [first]
    assert attempts(tenant, waiting["id"]) == []
