"""Issue 18's scenarios, on a stack whose attempts time out after HOOKLINE_ATTEMPT_TIMEOUT
(short, set by bench/run.py for this stack only):

- isolation: healthy deliveries to one consumer, measured twice: alone, and right after
  N deliveries to another consumer's endpoint that never answers within the attempt timeout
  are published. Each time, a paced load (an open loop at a rate the service keeps up
  with: publish-to-arrival latency) and a burst (as fast as the publishers go: the
  throughput a healthy endpoint gets).
- throttle: an endpoint with `rateLimit` receives a backlog; at the receiver, the most
  arrivals in any clock second and in any one-second window, and the drain rate."""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

import httpx

from bench import scenarios
from bench.loadgen import Poster
from bench.receiver import Receiver
from bench.scenarios import EVENT_TYPE, Out, Target, create_target, payload, statuses
from bench.stack import Stack
from bench.stats import rate, ratio


async def _healthy(api: httpx.AsyncClient, receiver: Receiver, stack: Stack, label: str, *,
                   n: int, per_s: float, concurrency: int, timeout: float, out: Out) -> None:
    """The healthy load: n paced at per_s, then n in a burst, each to a fresh consumer."""
    paced = await create_target(api, receiver, f"bench-{label}-paced", f"{label}paced", 1)
    burst = await create_target(api, receiver, f"bench-{label}-burst", f"{label}burst", 1)
    out.update({"paced": {}, "burst": {}})
    await scenarios.paced(api, receiver, stack, paced, per_s=per_s, seconds=n / per_s,
                          timeout=timeout, out=out["paced"])
    await scenarios.publish(api, receiver, stack, burst, n=n, concurrency=concurrency,
                            timeout=timeout, out=out["burst"])


async def _publish_only(api: httpx.AsyncClient, target: Target, n: int, concurrency: int,
                        timeout: float, out: Out) -> None:
    """Publish n events and do not wait for their deliveries."""
    poster = Poster(str(api.base_url), {"Authorization": api.headers["authorization"]})

    async def one(i: int) -> tuple[bool, str]:
        status, _ = await poster.post("/v1/events", {
            "type": EVENT_TYPE, "consumer": target.consumer, "data": payload(i)})
        return status == 201, str(status)

    try:
        latencies, span = await scenarios.closed_loop(
            n, concurrency, time.monotonic() + timeout, one, out)
    finally:
        poster.close()
    out.update({"published": len(latencies), "span_s": round(span, 2),
                "events_per_s": rate(len(latencies), span)})


def _e2e(phase: Out, key: str) -> Any:
    return phase.get(key, {}).get("e2e", {})


async def isolation(api: httpx.AsyncClient, receiver: Receiver, stack: Stack, *, hanging: int,
                    healthy: int, per_s: float, concurrency: int, phase_timeout: float,
                    settings: dict[str, str], out: Out) -> None:
    out.update({"hanging": hanging, "healthy": healthy, "healthy_paced_per_s": per_s,
                "stack_settings": settings, "without": {}, "hanging_publish": {},
                "with": {}})
    await _healthy(api, receiver, stack, "isobase", n=healthy, per_s=per_s,
                   concurrency=concurrency, timeout=phase_timeout, out=out["without"])
    hang = await create_target(api, receiver, "bench-iso-hanging", "isohang", 1, hang=True)
    await _publish_only(api, hang, hanging, concurrency, phase_timeout, out["hanging_publish"])
    await _healthy(api, receiver, stack, "isohealthy", n=healthy, per_s=per_s,
                   concurrency=concurrency, timeout=phase_timeout, out=out["with"])
    record = (await api.get(f"/v1/endpoints/{hang.endpoint_ids[0]}")).json()
    at_receiver = await receiver.count("isohang")
    out["hanging_after"] = {
        "db_statuses": statuses(stack, "endpoint_id", hang.endpoint_ids),
        "attempts_at_receiver": at_receiver["arrivals"],
        "most_open_at_receiver": at_receiver["most_open"],
        "circuit": record.get("circuit"), "concurrency_limit": record.get("concurrencyLimit")}
    alone, shared = out["without"], out["with"]
    out["healthy"] = {
        "p50_ms": _e2e(shared, "paced").get("latency_ms", {}).get("p50"),
        "p99_ms": _e2e(shared, "paced").get("latency_ms", {}).get("p99"),
        "max_ms": _e2e(shared, "paced").get("latency_ms", {}).get("max"),
        "p99_ms_alone": _e2e(alone, "paced").get("latency_ms", {}).get("p99"),
        "burst_per_s": _e2e(shared, "burst").get("per_s"),
        "burst_per_s_alone": _e2e(alone, "burst").get("per_s"),
        "burst_p99_ms": _e2e(shared, "burst").get("latency_ms", {}).get("p99"),
        "throughput_ratio": ratio(_e2e(shared, "burst").get("per_s"),
                                  _e2e(alone, "burst").get("per_s")),
    }
    out["complete"] = all(_e2e(phase, key).get("complete") for phase in (alone, shared)
                          for key in ("paced", "burst"))


def per_second(times: list[float], offset: float) -> dict[str, Any]:
    """Arrival times (monotonic) -> the most in one clock second (monotonic + offset is the
    wall clock), the most in any one-second window, and the drain rate first to last."""
    times = sorted(times)
    if not times:
        return {"arrivals": 0}
    clock = Counter(int(t + offset) for t in times)
    most, start = 0, 0
    for end, t in enumerate(times):
        while times[start] <= t - 1.0:
            start += 1
        most = max(most, end - start + 1)
    span = times[-1] - times[0]
    return {"arrivals": len(times), "max_per_clock_second": max(clock.values()),
            "max_in_any_1s_window": most, "first_to_last_s": round(span, 2),
            "drain_per_s": round((len(times) - 1) / span, 2) if span > 0 else None}


async def throttle(api: httpx.AsyncClient, receiver: Receiver, stack: Stack, *, limit: int,
                   n: int, concurrency: int, timeout: float, out: Out) -> None:
    target = await create_target(api, receiver, "bench-throttle", "throttle", 1,
                                 rate_limit=limit)
    out["rate_limit"] = limit
    await scenarios.publish(api, receiver, stack, target, n=n, concurrency=concurrency,
                            timeout=timeout, out=out)
    offset = time.time() - time.monotonic()
    out["at_receiver"] = per_second([at for _, _, at in await receiver.dump("throttle")],
                                    offset)
