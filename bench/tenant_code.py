"""Issue 47's scenarios (group U): a tenant's code must not slow anyone else.

- costly_filter: another consumer's paced publishes (publish latency), twice in the same
  run: beside a hostile consumer publishing ~1 MiB events to an endpoint without a filter,
  then with the costliest filter the API still saves (a comprehension over the event's data,
  which meets its cost budget on every such event). The ratio of the two p99s is the point.
- looping_transformations: ten endpoints whose handlers loop until their time limit, sharing
  the looping events, beside a healthy endpoint with a trivial handler: the healthy one's
  publish-to-arrival latency, against the same load with no loopers."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx

from bench import scenarios
from bench.loadgen import Poster
from bench.receiver import Receiver
from bench.scenarios import EVENT_TYPE, Out, Target, create_target
from bench.stack import Stack
from bench.stats import latency_ms, rate, ratio

# Fits the budget at save (linear in the data), and spends it all on a large event.
COSTLY = 'data.items.exists(i, i.sku == "none")'
LOOP = "function handler(webhook) { while (true) {} }"
TRIVIAL = "function handler(webhook) { webhook.payload = {n: 1}; return webhook; }"


def large(i: int) -> dict[str, Any]:
    """About 1 MiB of data: 50,000 small items."""
    return {"invoice": f"inv_{i:08d}", "items": [{"sku": f"{n:06d}"} for n in range(50_000)]}


async def _flood(api: httpx.AsyncClient, target: Target, body: Any, until: float,
                 concurrency: int, out: Out) -> None:
    """Publish `body` to the target from `concurrency` loops until `until`."""
    poster = Poster(str(api.base_url), {"Authorization": api.headers["authorization"]})
    latencies: list[float] = []
    statuses: dict[str, int] = {}

    async def loop() -> None:
        while time.monotonic() < until:
            started = time.monotonic()
            status, _ = await poster.post("/v1/events", {
                "type": EVENT_TYPE, "consumer": target.consumer, "data": body})
            latencies.append(time.monotonic() - started)
            statuses[str(status)] = statuses.get(str(status), 0) + 1

    try:
        await asyncio.gather(*(loop() for _ in range(concurrency)))
    finally:
        poster.close()
    out.update({"published": len(latencies), "statuses": statuses,
                "latency_ms": latency_ms(latencies)})


async def _beside(api: httpx.AsyncClient, receiver: Receiver, stack: Stack, label: str,
                  hostile: Target, *, per_s: float, seconds: float, concurrency: int,
                  timeout: float, out: Out) -> None:
    """The healthy paced load to a fresh consumer while `hostile` is flooded."""
    healthy = await create_target(api, receiver, f"bench-{label}", label, 1)
    out.update({"healthy": {}, "hostile": {}})
    until = time.monotonic() + seconds
    await asyncio.gather(
        scenarios.paced(api, receiver, stack, healthy, per_s=per_s, seconds=seconds,
                        timeout=timeout, out=out["healthy"]),
        _flood(api, hostile, large(0), until, concurrency, out["hostile"]))


async def costly_filter(api: httpx.AsyncClient, receiver: Receiver, stack: Stack, *,
                        per_s: float, seconds: float, concurrency: int, timeout: float,
                        out: Out) -> None:
    out.update({"filter": COSTLY, "healthy_per_s": per_s, "seconds": seconds,
                "hostile_concurrency": concurrency, "without": {}, "with": {}})
    plain = await create_target(api, receiver, "bench-cf-plain", "cfplain", 1)
    await _beside(api, receiver, stack, "cfalone", plain, per_s=per_s, seconds=seconds,
                  concurrency=concurrency, timeout=timeout, out=out["without"])
    costly = await create_target(api, receiver, "bench-cf-costly", "cfcostly", 1,
                                 filters=[COSTLY])
    await _beside(api, receiver, stack, "cfbeside", costly, per_s=per_s, seconds=seconds,
                  concurrency=concurrency, timeout=timeout, out=out["with"])

    def p99(phase: Out) -> Any:
        return phase["healthy"].get("publish", {}).get("latency_ms", {}).get("p99")

    out["others_publish_p99_ms"] = {"without": p99(out["without"]), "with": p99(out["with"])}
    out["ratio"] = ratio(p99(out["with"]), p99(out["without"]))
    out["complete"] = all(out[k]["healthy"].get("e2e", {}).get("complete")
                          for k in ("without", "with"))


async def looping_transformations(api: httpx.AsyncClient, receiver: Receiver, stack: Stack,
                                  *, loopers: int, looping_events: int, per_s: float,
                                  seconds: float, concurrency: int, timeout: float,
                                  out: Out) -> None:
    out.update({"loopers": loopers, "looping_events": looping_events, "healthy_per_s": per_s,
                "alone": {}, "beside": {}, "looping_publish": {}})
    alone = await create_target(api, receiver, "bench-lt-alone", "ltalone", 1,
                                transformation=TRIVIAL)
    await scenarios.paced(api, receiver, stack, alone, per_s=per_s, seconds=seconds,
                          timeout=timeout, out=out["alone"])
    looping = await create_target(api, receiver, "bench-lt-loop", "ltloop", loopers,
                                  transformation=LOOP)
    healthy = await create_target(api, receiver, "bench-lt-healthy", "lthealthy", 1,
                                  transformation=TRIVIAL)
    started = time.monotonic()
    await asyncio.gather(
        _publish_n(api, looping, looping_events, concurrency, out["looping_publish"]),
        scenarios.paced(api, receiver, stack, healthy, per_s=per_s, seconds=seconds,
                        timeout=timeout, out=out["beside"]))
    out["looping_publish"]["span_s"] = round(time.monotonic() - started, 2)

    def e2e(phase: Out, key: str) -> Any:
        return phase.get("e2e", {}).get("latency_ms", {}).get(key)

    out["healthy"] = {"p50_ms": e2e(out["beside"], "p50"), "p99_ms": e2e(out["beside"], "p99"),
                      "max_ms": e2e(out["beside"], "max"),
                      "p99_ms_alone": e2e(out["alone"], "p99")}
    out["complete"] = bool(out["beside"].get("e2e", {}).get("complete"))


async def _publish_n(api: httpx.AsyncClient, target: Target, n: int, concurrency: int,
                     out: Out) -> None:
    poster = Poster(str(api.base_url), {"Authorization": api.headers["authorization"]})

    async def one(i: int) -> tuple[bool, str]:
        status, _ = await poster.post("/v1/events", {
            "type": EVENT_TYPE, "consumer": target.consumer, "data": scenarios.payload(i)})
        return status == 201, str(status)

    try:
        latencies, span = await scenarios.closed_loop(n, concurrency,
                                                      time.monotonic() + 120, one, out)
    finally:
        poster.close()
    out.update({"published": len(latencies), "events_per_s": rate(len(latencies), span)})
