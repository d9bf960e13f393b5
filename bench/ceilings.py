"""The two ceilings our delivery rate is compared with, measured in the same run:

- sender: a trivial sender that signs (`bench.posters.signed`) and POSTs the same bodies with
  one reused client (`bench.posters`: aiohttp unless `--client httpx`), at the same
  concurrency, to the same receiver: deliveries/s.
- best_pattern: the engine's best realistic pattern (bench/pattern.py) on the same Temporal
  dev server, its worker in this process: deliveries/s arrived at the receiver, and the CPU
  per delivery of this process (its worker and starters) and of the dev server.

The no-op ceiling of earlier runs (normal start, one regular no-op activity; bench/RESULTS.md
up to November 2026) was dropped: Hookline no longer takes that path, and the best pattern
is the bar issue 22 sets.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from datetime import UTC, datetime
from typing import Any

from temporalio.client import Client
from temporalio.worker import Worker

from bench.pattern import PatternActivities, PatternWorkflow, PostInput
from bench.posters import poster, signed
from bench.receiver import Receiver
from bench.scenarios import EVENT_TYPE, Out, arrivals, closed_loop, payload
from bench.stats import latency_ms, rate

# The pattern's workflow-task and local-activity slots: the measurement used 500; at
# least as many as starts in flight, so that the SDK asks for every start to be eager.
PATTERN_SLOTS = 500


async def sender(receiver: Receiver, secret: str, *, n: int, concurrency: int,
                 timeout: float, out: Out, client: str = "aiohttp") -> None:
    deadline = time.monotonic() + timeout
    out.update({"deliveries": n, "concurrency": concurrency, "client": client})
    url = receiver.url("sender")
    async with poster(client, concurrency) as post:
        async def one(i: int) -> tuple[bool, str]:
            msg_id = f"evt_sender_{i}"
            body = json.dumps({"type": EVENT_TYPE,
                               "timestamp": datetime.now(UTC).isoformat(),
                               "data": payload(i)}).encode()
            status = await post(url, body, signed(secret, msg_id, body))
            return 200 <= status < 300, str(status)

        latencies, span = await closed_loop(n, concurrency, deadline, one, out)
    out.update({"sent": len(latencies), "complete": len(latencies) == n,
                "span_s": round(span, 2), "per_s": rate(len(latencies), span),
                "latency_ms": latency_ms(latencies),
                "receiver": await receiver.count("sender")})


async def _completed(client: Client, queue: str, expected: int, deadline: float,
                     stall_seconds: float = 30) -> int:
    """Poll visibility until `expected` workflows of `queue` completed (or no progress)."""
    query = f"TaskQueue = '{queue}' AND ExecutionStatus = 'Completed'"
    done, progress_at = -1, time.monotonic()
    while True:
        count = (await client.count_workflows(query)).count
        now = time.monotonic()
        if count != done:
            done, progress_at = count, now
        if done >= expected or now >= deadline or now - progress_at > stall_seconds:
            return done
        await asyncio.sleep(0.5)


def _labels(queue: str) -> dict[str, Any]:
    """What Hookline's relay gives each start for the Temporal UI: four search attributes
    and a one-line summary (hookline/temporal.py)."""
    from temporalio.common import SearchAttributePair, TypedSearchAttributes

    from hookline import temporal

    pairs = [SearchAttributePair(temporal.ENVIRONMENT, "env_01m84qx6v5nnt639x6kd5xqghb"),
             SearchAttributePair(temporal.ENDPOINT, "ep_01m84qx6v5nnt639x6kd5xqghb"),
             SearchAttributePair(temporal.EVENT_TYPE, EVENT_TYPE),
             SearchAttributePair(temporal.CONSUMER, "bench-pub1")]
    return {"search_attributes": TypedSearchAttributes(pairs),
            "static_summary": f"{EVENT_TYPE} -> http://127.0.0.1/{queue}/0"}


async def best_pattern(receiver: Receiver, client: Client, secret: str, *, n: int,
                       starters: int, timeout: float, out: Out, labels: bool = False,
                       http: str = "aiohttp") -> None:
    """n deliveries through the engine's best realistic pattern (bench/pattern.py), started
    by `starters` concurrent starters (as many as the relay has in flight), with worker
    slots for every start in flight and more: every start can be eager. With `labels`, each
    start also carries Hookline's search attributes and summary."""
    deadline = time.monotonic() + timeout
    queue = f"bench-best-{uuid.uuid4().hex[:8]}"
    slots = max(PATTERN_SLOTS, starters)
    url = receiver.url(queue)
    out.update({"workflows": n, "starters": starters, "slots": slots, "task_queue": queue,
                "labels": labels, "client": http, "start": {}, "e2e": {}})
    extra = _labels(queue) if labels else {}
    sent: dict[str, float] = {}
    eager = 0
    async with poster(http, slots) as post:
        activities = PatternActivities(post, secret)
        worker = Worker(client, task_queue=queue, workflows=[PatternWorkflow],
                        activities=[activities.post], max_concurrent_workflow_tasks=slots,
                        max_concurrent_local_activities=slots)
        async with worker:
            async def one(i: int) -> tuple[bool, str]:
                nonlocal eager
                msg_id, started = f"{queue}-{i}", time.monotonic()
                handle = await client.start_workflow(
                    PatternWorkflow.run, PostInput(url=url, msg_id=msg_id), id=msg_id,
                    task_queue=queue, request_eager_start=True, **extra)
                sent[msg_id] = started
                eager += bool(getattr(handle, "__temporal_eagerly_started", False))
                return True, ""

            first = time.monotonic()
            latencies, span = await closed_loop(n, starters, deadline, one, out["start"])
            out["start"].update({"started": len(sent), "eager": eager,
                                 "eager_share": round(eager / len(sent), 3) if sent else None,
                                 "span_s": round(span, 2), "per_s": rate(len(sent), span),
                                 "latency_ms": latency_ms(latencies)})
            await arrivals(receiver, queue, sent, 1, first, deadline, out["e2e"])
            out["completed"] = await _completed(client, queue, len(sent), deadline)
    out["complete"] = out["completed"] >= n and out["e2e"].get("complete", False)
    if sent:
        out["sample_workflow_id"] = next(iter(sent))


def describe(client: str) -> dict[str, Any]:
    return {"sender": f"hookline.signing.webhook_headers + one reused {client} client's POST, same "
                      "bodies, same concurrency, same receiver",
            "best_pattern": "eager start (request_eager_start from the worker's own client), "
                            "one unsandboxed workflow, one local activity that signs and "
                            f"POSTs ~1 KB with one reused {client} client, as many starters as "
                            f"the relay, {PATTERN_SLOTS} workflow-task and local-activity "
                            "slots; worker in the benchmark process (uvloop), same dev server"}
