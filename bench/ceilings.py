"""The two ceilings our delivery rate is compared with, measured in the same run:

- sender: a trivial sender that signs (hookline.signing.sign) and POSTs the same bodies with
  httpx, at the same concurrency, to the same receiver: deliveries/s.
- engine: a no-op workflow running one no-op activity on the same Temporal dev server (its
  own task queue, a worker in this process), started by the same number of concurrent
  starters as we have publishers: workflows/s completed (close times from visibility).
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from datetime import UTC, datetime
from typing import Any

import httpx
from temporalio.client import Client
from temporalio.worker import Worker

from bench.noop import NoopWorkflow, noop_activity
from bench.receiver import Receiver
from bench.scenarios import EVENT_TYPE, Out, closed_loop, payload
from bench.stats import latency_ms, rate
from hookline.signing import sign


async def sender(receiver: Receiver, secret: str, *, n: int, concurrency: int,
                 timeout: float, out: Out) -> None:
    deadline = time.monotonic() + timeout
    out.update({"deliveries": n, "concurrency": concurrency})
    url = receiver.url("sender")
    async with httpx.AsyncClient(timeout=15, trust_env=False, follow_redirects=False,
                                 limits=httpx.Limits(max_connections=concurrency)) as client:
        async def one(i: int) -> tuple[bool, str]:
            msg_id = f"evt_sender_{i}"
            now = int(time.time())
            body = json.dumps({"type": EVENT_TYPE,
                               "timestamp": datetime.now(UTC).isoformat(),
                               "data": payload(i)}).encode()
            headers = {"webhook-id": msg_id, "webhook-timestamp": str(now),
                       "webhook-signature": sign(secret, msg_id, now, body),
                       "content-type": "application/json"}
            response = await client.post(url, content=body, headers=headers)
            return response.is_success, str(response.status_code)

        latencies, span = await closed_loop(n, concurrency, deadline, one, out)
    out.update({"sent": len(latencies), "complete": len(latencies) == n,
                "span_s": round(span, 2), "per_s": rate(len(latencies), span),
                "latency_ms": latency_ms(latencies),
                "receiver": await receiver.count("sender")})


async def _count_completed(client: Client, queue: str) -> int:
    query = f"TaskQueue = '{queue}' AND ExecutionStatus = 'Completed'"
    return (await client.count_workflows(query)).count


async def engine(address: str, *, n: int, concurrency: int, timeout: float, out: Out,
                 stall_seconds: float = 30) -> None:
    deadline = time.monotonic() + timeout
    queue = f"bench-noop-{uuid.uuid4().hex[:8]}"
    out.update({"workflows": n, "concurrency": concurrency, "task_queue": queue, "start": {}})
    client = await Client.connect(address)
    worker = Worker(client, task_queue=queue, workflows=[NoopWorkflow],
                    activities=[noop_activity], max_concurrent_activities=200)
    async with worker:
        async def one(i: int) -> tuple[bool, str]:
            await client.start_workflow(NoopWorkflow.run, i, id=f"{queue}-{i}",
                                        task_queue=queue)
            return True, ""

        first_wall = time.time()
        latencies, span = await closed_loop(n, concurrency, deadline, one, out["start"])
        started = len(latencies)
        out["start"].update({"started": started, "span_s": round(span, 2),
                             "per_s": rate(started, span), "latency_ms": latency_ms(latencies)})
        done, progress_at = -1, time.monotonic()
        while True:
            count = await _count_completed(client, queue)
            now = time.monotonic()
            if count != done:
                done, progress_at = count, now
            if done >= started or now >= deadline or now - progress_at > stall_seconds:
                break
            await asyncio.sleep(1)
    closes: list[float] = []
    durations: list[float] = []
    async for execution in client.list_workflows(
            f"TaskQueue = '{queue}' AND ExecutionStatus = 'Completed'"):
        if execution.close_time is not None:
            closes.append(execution.close_time.timestamp())
            durations.append((execution.close_time - execution.start_time).total_seconds())
    completed_span = (max(closes) - first_wall) if closes else 0.0
    out.update({"completed": len(closes), "complete": len(closes) >= n,
                "span_s": round(completed_span, 2), "per_s": rate(len(closes), completed_span),
                "latency_ms": latency_ms(durations)})


def describe() -> dict[str, Any]:
    return {"sender": "hookline.signing.sign + httpx.AsyncClient POST, same bodies, "
                      "same concurrency, same receiver",
            "engine": "no-op workflow + one no-op activity, sandboxed worker in the "
                      "benchmark process, same dev server"}
