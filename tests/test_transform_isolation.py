"""Issue 47, transformations end to end: endpoints whose handlers loop beside a healthy one,
on the product's defaults (a 1 s time limit, the worker's executor pool), on SQLite and
PostgreSQL. The healthy endpoint's deliveries arrive as if the loopers were not there; each
looping endpoint's time-outs count against it as a hanging receiver's do (its breaker opens),
while it stays enabled: a transformation never disables its target."""

from __future__ import annotations

import time

from tests.support.api import attempts, deliveries_of, ok, publish, setup_endpoint, wait_delivery
from tests.support.receiver import Receiver
from tests.support.stack import Tenant
from tests.test_transformations import with_code

LOOP = "function handler(w) { while (true) {} }"
TRIVIAL = "function handler(w) { w.payload = {shaped: w.payload.data.n}; return w; }"
LOOPERS = 6
EVENTS = 8


def test_looping_handlers_never_delay_a_healthy_endpoint(tenant: Tenant,
                                                         receiver: Receiver) -> None:
    loopers = [with_code(tenant, receiver, LOOP, f"/loop{n}") for n in range(LOOPERS)]
    healthy = setup_endpoint(tenant, receiver.url("/healthy"))
    ok(tenant.client.patch(f"/v1/endpoints/{healthy['id']}", json={"transformation": TRIVIAL}))
    published, events = {}, []
    for n in range(EVENTS):
        published[n] = time.time()
        events.append(publish(tenant, {"n": n}))
        assert events[-1]["deliveries"] == LOOPERS + 1
        time.sleep(0.25)
    arrived = receiver.wait(EVENTS, "/healthy", timeout=60)
    took = sorted(got.at - published[int(got.body.decode().split(":")[1].rstrip("}"))]
                  for got in arrived)
    # One shared V8 thread made each healthy call wait behind the loopers' (6 x 1 s).
    assert took[-1] < 3.0, took
    first = deliveries_of(tenant, events[0]["id"])
    by_target = {d["endpointId"]: d for d in first}
    assert wait_delivery(tenant, by_target[healthy["id"]]["id"])["status"] == "delivered"
    looped = wait_delivery(tenant, by_target[loopers[0]["id"]]["id"], timeout=120)
    assert looped["status"] == "exhausted"
    kinds = {a["errorType"] for a in attempts(tenant, looped["id"])}
    assert "transformation" in kinds and kinds <= {"transformation", "circuit_open"}, kinds
    for endpoint in loopers:
        found = ok(tenant.client.get(f"/v1/endpoints/{endpoint['id']}"))
        assert found["status"] == "Enabled"
    # Their time-outs count as a hanging receiver's: five in a row open the circuit.
    assert any(ok(tenant.client.get(f"/v1/endpoints/{e['id']}"))["circuit"] != "closed"
               for e in loopers)
    assert receiver.at("/loop0") == []


def test_a_handlers_failures_never_disable_its_endpoint(tenant: Tenant,
                                                        receiver: Receiver) -> None:
    """Twenty exhausted Deliveries in a row disable a target whose receiver fails them. A
    looping handler's Deliveries end refused by the breaker its time-outs opened
    (`circuit_open`, which counts for a failing receiver): they are its code's failures all
    the same, and the endpoint stays enabled however many there are."""
    looper = with_code(tenant, receiver, LOOP, "/looping")
    events = [publish(tenant, {"n": n}) for n in range(25)]
    ended = [wait_delivery(tenant, deliveries_of(tenant, e["id"])[0]["id"], timeout=120)
             for e in events]
    assert {d["status"] for d in ended} == {"exhausted"}
    refused_last = sum(attempts(tenant, d["id"])[-1]["errorType"] == "circuit_open"
                       for d in ended)
    assert refused_last >= 20, refused_last  # what would have disabled a failing receiver's
    assert ok(tenant.client.get(f"/v1/endpoints/{looper['id']}"))["status"] == "Enabled"
    assert receiver.at("/looping") == []
