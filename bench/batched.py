"""Issue 67's target for batches, on PostgreSQL (a throwaway server of its own), the Temporal
dev server and the product's defaults, with a real receiver that counts requests:

  python -m bench.batched                    # about 4 minutes on 2 cores
  python -m bench.batched --events 1000      # smaller

One endpoint unbatched, then one with `batch: {"maxSize": --size, "maxWaitMs": 1000}`, in
the same run. Each step publishes `--events` events while the worker is stopped (they wait
in the outbox), then starts the worker and times the drain from the first arrival to the
last: events per second, HTTP requests, and the whole machine's CPU per event (from the
worker's start to the last arrival). Targets: batched at least 5x the events/s of
unbatched, and at most 1/50 of its requests.

Figures print as one JSON object."""

from __future__ import annotations

import argparse
import asyncio
import json
import threading
import time
from typing import Any

from temporalio.client import Client

from bench.ceilings import best_pattern
from bench.receiver import Receiver as BenchReceiver
from bench.stack import free_port, machine_busy_s
from bench.throwaway import defaults_stack
from hookline.delivery.relay import RELAY_STARTS_IN_FLIGHT
from tests.support.api import ok, setup_endpoint
from tests.support.procs import stop
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant

PUBLISHERS = 16


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.batched", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=3000)
    parser.add_argument("--size", type=int, default=100)
    args = parser.parse_args(argv)
    receiver = Receiver()
    figures: dict[str, Any] = {}
    try:
        with defaults_stack("batched") as (stack, _server):
            tenant = stack.tenant(rps=1_000_000)
            for name, batch in (("unbatched", None),
                                ("batched", {"maxSize": args.size, "maxWaitMs": 1000})):
                figures[name] = drain(stack, tenant, receiver, name, batch, args.events)
            figures["pattern"] = asyncio.run(pattern(stack, args.events))
    finally:
        receiver.close()
    plain, batched = figures["unbatched"], figures["batched"]
    figures["events_per_s_ratio"] = round(batched["events_per_s"] / plain["events_per_s"], 2)
    figures["requests_ratio"] = round(batched["requests"] / plain["requests"], 4)
    figures["pattern_to_unbatched"] = round(
        figures["pattern"]["e2e"]["per_s"] / plain["events_per_s"], 2)
    print(json.dumps(figures, indent=2))


def drain(stack: Stack, tenant: Tenant, receiver: Receiver, name: str,
          batch: dict[str, Any] | None, events: int) -> dict[str, Any]:
    path = f"/ok/{name}"
    endpoint = setup_endpoint(tenant, receiver.url(path), consumer=name)
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}", json={"batch": batch}))
    assert stack.worker is not None
    stop(stack.worker)
    stack.worker = None
    publish_all(tenant, name, events)
    stack.worker = stack.start_worker(log_name=f"worker-{name}.log")
    busy = machine_busy_s()["busy"]
    deadline = time.monotonic() + 1200
    while _count(receiver, path) < events:
        assert time.monotonic() < deadline, f"{_count(receiver, path)} of {events} arrived"
        time.sleep(0.25)
    busy = machine_busy_s()["busy"] - busy
    requests = receiver.at(path)
    seconds = requests[-1].at - requests[0].at
    return {"events": events, "requests": len(requests), "seconds": round(seconds, 2),
            "events_per_s": round(events / max(seconds, 0.001), 1),
            "machine_cpu_ms_per_event": round(1000 * busy / events, 2)}


async def pattern(stack: Stack, events: int) -> dict[str, Any]:
    receiver = BenchReceiver(free_port(), stack.folder / "pattern-receiver.log")
    receiver.start()
    out: dict[str, Any] = {}
    try:
        client = await Client.connect(stack.temporal_address)
        await best_pattern(receiver, client, "whsec_" + "MDEyMzQ1Njc4OWFiY2RlZg==", n=events,
                           starters=RELAY_STARTS_IN_FLIGHT, timeout=600, out=out)
    finally:
        receiver.stop()
    return {"workflows": out["workflows"], "start": {"per_s": out["start"]["per_s"]},
            "e2e": {"per_s": out["e2e"].get("per_s")}}


def _count(receiver: Receiver, path: str) -> int:
    """Events arrived: a batch's request carries many."""
    return sum(len(json.loads(r.body).get("events", [None])) for r in receiver.at(path))


def publish_all(tenant: Tenant, consumer: str, events: int) -> None:
    """`events` of `invoice.paid` to `consumer`, from PUBLISHERS threads at once."""
    def publisher(numbers: range) -> None:
        for n in numbers:
            answer = tenant.client.post("/v1/events", json={
                "type": "invoice.paid", "consumer": consumer, "data": {"n": n}})
            assert answer.status_code in (200, 201), answer.text

    threads = [threading.Thread(target=publisher, args=(range(i, events, PUBLISHERS),))
               for i in range(PUBLISHERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


if __name__ == "__main__":
    main()
