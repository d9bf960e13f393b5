"""The engine's best realistic pattern (issue 22): the ceiling Hookline's delivery rate is
measured against. One workflow per delivery, started eagerly by a client whose process also
runs the worker of that task queue; the workflow runs one local activity that signs and POSTs
about 1 KB to the benchmark's receiver with one reused client (`bench.posters`), and
completes. Hookline does more per delivery (its database, the outbox, the gate), and may skip
some of this.

No `from __future__ import annotations`, as in `hookline/contracts.py`: the SDK evaluates
string annotations at every decode (PostInput 27.4 µs a decode with them, 13.9 without)."""

import json
from dataclasses import dataclass
from datetime import timedelta

from temporalio import activity, workflow

from bench.posters import Post, signed

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
    def __init__(self, post: Post, secret: str) -> None:
        self.post_with = post
        self.secret = secret

    @activity.defn(name="bench_post")
    async def post(self, data: PostInput) -> int:
        content = body(data.msg_id)
        return await self.post_with(data.url, content,
                                    signed(self.secret, data.msg_id, content))


# Unsandboxed, as Hookline's DeliveryWorkflow is.
@workflow.defn(name="BenchBestPattern", sandboxed=False)
class PatternWorkflow:
    @workflow.run
    async def run(self, data: PostInput) -> int:
        status: int = await workflow.execute_local_activity(
            "bench_post", data, result_type=int, start_to_close_timeout=timedelta(seconds=30))
        return status
