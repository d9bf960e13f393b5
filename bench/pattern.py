"""The engine's best realistic pattern (issue 22): the ceiling Hookline's delivery rate is
measured against. One workflow per delivery, started eagerly by a client whose process also
runs the worker of that task queue; the workflow runs one local activity that signs and POSTs
about 1 KB to the benchmark's receiver with one reused httpx client, and completes. Hookline
does more per delivery (its database, the outbox, the gate), and may skip some of this."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from datetime import timedelta

import httpx
from temporalio import activity, workflow

BODY_BYTES = 1024


@dataclass(frozen=True)
class PostInput:
    url: str
    msg_id: str


def body(msg_id: str) -> bytes:
    """About BODY_BYTES of JSON, different for each delivery."""
    head = {"type": "invoice.paid", "id": msg_id, "data": {"pad": ""}}
    pad = BODY_BYTES - len(json.dumps(head, separators=(",", ":")))
    head["data"] = {"pad": "x" * max(pad, 0)}
    return json.dumps(head, separators=(",", ":")).encode()


class PatternActivities:
    def __init__(self, client: httpx.AsyncClient, secret: str) -> None:
        self.client = client
        self.secret = secret

    @activity.defn(name="bench_post")
    async def post(self, data: PostInput) -> int:
        from hookline.signing import sign

        content = body(data.msg_id)
        now = int(time.time())
        response = await self.client.post(data.url, content=content, headers={
            "webhook-id": data.msg_id, "webhook-timestamp": str(now),
            "webhook-signature": sign(self.secret, data.msg_id, now, content),
            "content-type": "application/json"})
        return response.status_code


# Unsandboxed, as Hookline's DeliveryWorkflow is.
@workflow.defn(name="BenchBestPattern", sandboxed=False)
class PatternWorkflow:
    @workflow.run
    async def run(self, data: PostInput) -> int:
        status: int = await workflow.execute_local_activity(
            "bench_post", data, result_type=int, start_to_close_timeout=timedelta(seconds=30))
        return status
