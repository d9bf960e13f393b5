"""Issue 32's scenario: a slow but healthy endpoint is not starved by its concurrency limit.

- slow_endpoint: an endpoint that answers 200 after SLOW seconds gets an open loop of
  `per_s` events a second for `seconds`. Its limit starts at 1 and grows while it answers;
  reported: the arrival rate over the second half of the load (once the limit has grown),
  when a second first saw 20 arrivals, the most requests open at the receiver at once, and
  the endpoint's `concurrencyLimit` once a second."""

from __future__ import annotations

import asyncio
import time
from collections import Counter

import httpx

from bench import scenarios
from bench.receiver import Receiver
from bench.scenarios import Out, create_target, statuses
from bench.stack import Stack


async def _limits(api: httpx.AsyncClient, endpoint_id: str, until: float) -> list[int]:
    """The endpoint's concurrencyLimit once a second until `until` (monotonic)."""
    seen = []
    while time.monotonic() < until:
        seen.append((await api.get(f"/v1/endpoints/{endpoint_id}")).json()["concurrencyLimit"])
        await asyncio.sleep(1.0)
    return seen


async def slow_endpoint(api: httpx.AsyncClient, receiver: Receiver, stack: Stack, *,
                        answer_s: float, per_s: float, seconds: float, timeout: float,
                        out: Out) -> None:
    target = await create_target(api, receiver, "bench-slow", "slowep", 1, slow=answer_s)
    n = round(per_s * seconds)
    out.update({"answer_s": answer_s, "offered_per_s": per_s, "seconds": seconds,
                "events": n, "publish": {}})
    started = time.monotonic()
    sampling = asyncio.create_task(_limits(api, target.endpoint_ids[0], started + seconds))
    sent: dict[str, float] = {}
    await scenarios.publish_open_loop(api, target, n, per_s, started + timeout, sent,
                                      out["publish"])
    out["limit_by_second"] = await sampling
    counts = await receiver.wait_for("slowep", len(sent), started + timeout)
    arrivals = sorted(at for _, _, at in await receiver.dump("slowep"))
    half = started + seconds / 2
    late = [at for at in arrivals if half <= at < started + seconds]
    by_second = Counter(int(at - started) for at in arrivals)
    out.update({
        "published": len(sent), "arrived": counts["unique"],
        "complete": counts["unique"] >= len(sent),
        "steady_per_s": round(len(late) / (seconds / 2), 1),
        "first_second_with_20_s": min((s for s, c in by_second.items() if c >= 20),
                                      default=None),
        "most_open_at_receiver": counts["most_open"],
        "db_statuses": statuses(stack, "endpoint_id", target.endpoint_ids)})
