"""Issue 31's outage scenarios: what an endpoint that is down costs, and what happens to it.

- outage: 20 events/s published for OUTAGE seconds to an endpoint that answers 503 for
  that long from its first request. The receiver should see only the failures that opened
  the circuit, then one probe per HOOKLINE_CIRCUIT_OPEN; Temporal's and the worker's CPU
  per second should stay flat while the backlog grows.
- outage_drain: the endpoint answers 200 again; the time from its recovery to the last
  first arrival, and the lost and duplicate deliveries (0 and 0).
- outage_forever (its own stack, a short schedule): the endpoint never comes back; when it
  was disabled, and how many Deliveries ended exhausted and cancelled."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from dataclasses import dataclass, field

import httpx

from bench import scenarios
from bench.receiver import Receiver
from bench.scenarios import Out, Target, create_target, statuses
from bench.stack import Stack


@dataclass
class Outage:
    """What `outage` published, for `outage_drain` to check."""

    target: Target | None = None
    sent: dict[str, float] = field(default_factory=dict)  # event id -> when it was due


async def _publish(api: httpx.AsyncClient, target: Target, per_s: float, seconds: float,
                   out: Out) -> dict[str, float]:
    """An open loop of `per_s` events a second for `seconds`; returns the published ids."""
    sent: dict[str, float] = {}
    n = round(per_s * seconds)
    _latencies, span = await scenarios.publish_open_loop(
        api, target, n, per_s, time.monotonic() + seconds + 60, sent, out)
    out.update({"events": n, "published": len(sent), "offered_per_s": per_s,
                "span_s": round(span, 2)})
    return sent


async def outage(api: httpx.AsyncClient, receiver: Receiver, state: Outage, *,
                 seconds: float, per_s: float, out: Out) -> None:
    state.target = await create_target(api, receiver, "bench-outage", "outage", 1,
                                       down=seconds)
    state.sent = await _publish(api, state.target, per_s, seconds, out)
    out["requests_at_receiver"] = (await receiver.count("outage"))["arrivals"]
    out["down_s"] = seconds


async def outage_drain(api: httpx.AsyncClient, receiver: Receiver, stack: Stack,
                       state: Outage, *, seconds: float, timeout: float, out: Out) -> None:
    """Wait until every published event has arrived after the recovery."""
    assert state.target is not None
    deadline = time.monotonic() + timeout
    while True:
        records = await receiver.dump("outage")
        start = min(at for _, _, at in records) if records else time.monotonic()
        back = start + seconds
        after = [(wid, at) for wid, _, at in records if at >= back]
        if {wid for wid, _ in after} >= set(state.sent) or time.monotonic() > deadline:
            break
        await asyncio.sleep(0.5)
    counts = Counter(wid for wid, _ in after)
    firsts: dict[str, float] = {}
    for wid, at in after:
        firsts.setdefault(wid, at)
    out.update({
        "requests_during_outage": len(records) - len(after),
        "delivered": len(set(state.sent) & set(counts)),
        "lost": len(set(state.sent) - set(counts)),
        "duplicates": sum(c - 1 for c in counts.values()),
        "drain_s": round(max(firsts.values()) - back, 2) if firsts else None,
        "db_statuses": statuses(stack, "endpoint_id", state.target.endpoint_ids)})


async def outage_forever(api: httpx.AsyncClient, receiver: Receiver, stack: Stack, *,
                         seconds: float, per_s: float, timeout: float, out: Out) -> None:
    """An endpoint that never comes back: it is disabled once 20 Deliveries ended
    exhausted, their windows over; what still waited is cancelled."""
    target = await create_target(api, receiver, "bench-forever", "forever", 1,
                                 down=float("inf"))
    started = time.monotonic()
    publishing = asyncio.create_task(_publish(api, target, per_s, seconds, out))
    endpoint = f"/v1/endpoints/{target.endpoint_ids[0]}"
    disabled_at = None
    while time.monotonic() < started + timeout:
        if (await api.get(endpoint)).json().get("status") == "DisabledAutomatically":
            disabled_at = time.monotonic()
            break
        await asyncio.sleep(0.5)
    await publishing
    await asyncio.sleep(3)  # the last cancellations' commits
    out.update({"disabled_after_s": round(disabled_at - started, 2) if disabled_at else None,
                "requests_at_receiver": (await receiver.count("forever"))["arrivals"],
                "db_statuses": statuses(stack, "endpoint_id", target.endpoint_ids)})
