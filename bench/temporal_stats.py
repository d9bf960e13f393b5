"""What the Temporal dev server did during a scenario, from its own figures: the counters of
its Prometheus endpoint (`--metrics-port`, read before and after) and the history of one
workflow.

- `persistence_requests` (by `operation`): every read and write the server made to its
  SQLite database. The dev server's cost per workflow follows this count.
- `visibility_persistence_requests` (by `operation`): the writes and queries of its
  visibility store (what the Temporal UI lists and searches, search attributes included).
- `service_requests` (by service and `operation`): the RPCs each of its services served;
  `frontend/...` are the calls clients and workers made (starts, polls, task completions),
  `matching/AddWorkflowTask` counts workflow tasks that went through a task queue, which an
  eager start skips.
- `queue_actions` (by queue and action): what the history service did to its task queues
  (transfer, visibility, timer): `slice_predicate` at each checkpoint, and what it does
  on an alert (`reader_stuck`, too many tasks held in memory): split slices, add readers."""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

import httpx
from temporalio.api.enums.v1 import EventType
from temporalio.client import Client

METRICS = ("persistence_requests", "visibility_persistence_requests", "service_requests",
           "queue_actions")
_LINE = re.compile(r"^([A-Za-z_:][A-Za-z0-9_:]*)(\{.*\})?\s+(\S+)")
_LABEL = re.compile(r'(\w+)="((?:[^"\\]|\\.)*)"')

Counters = dict[tuple[str, str], float]  # (metric, operation) -> value since start


def parse(text: str) -> Counters:
    """Sums of our METRICS by operation, from Prometheus text (a `_total` suffix or not)."""
    found: defaultdict[tuple[str, str], float] = defaultdict(float)
    for line in text.splitlines():
        match = _LINE.match(line)
        if match is None or line.startswith("#"):
            continue
        name = match.group(1).removesuffix("_total")
        if name not in METRICS:
            continue
        labels = dict(_LABEL.findall(match.group(2) or ""))
        operation = labels.get("operation", "?")
        if name == "service_requests":
            operation = f"{labels.get('service_name', '?')}/{operation}"
        elif name == "queue_actions":
            operation = f"{operation}/{labels.get('queue_action', '?')}"
        try:
            found[(name, operation)] += float(match.group(3))
        except ValueError:
            continue
    return dict(found)


async def read(urls: list[str]) -> Counters | None:
    """The counters of every process of the server (one, or one per service), summed."""
    found: defaultdict[tuple[str, str], float] = defaultdict(float)
    try:
        async with httpx.AsyncClient(timeout=10, trust_env=False) as client:
            for url in urls:
                response = await client.get(url)
                if not response.is_success:
                    return None
                for key, value in parse(response.text).items():
                    found[key] += value
    except httpx.HTTPError:
        return None
    return dict(found) if urls else None


def per_delivery(before: Counters | None, after: Counters | None,
                 delivered: int) -> dict[str, Any] | None:
    """The counters' growth over a scenario: totals, per delivery, and the largest
    operations per delivery (counts when nothing was delivered)."""
    if before is None or after is None:
        return None
    grown = {key: after[key] - before.get(key, 0.0) for key in after}

    def each(value: float) -> float | None:
        return round(value / delivered, 3) if delivered else None

    report: dict[str, Any] = {}
    for metric in METRICS:
        ops = {op: v for (m, op), v in grown.items() if m == metric and v > 0}
        top = sorted(ops.items(), key=lambda item: -item[1])[:24]
        report[metric] = {
            "total": int(sum(ops.values())), "per_delivery": each(sum(ops.values())),
            "by_operation": {op: each(v) if delivered and metric != "queue_actions" else int(v)
                             for op, v in top}}
        if metric == "service_requests":
            report[metric]["frontend_per_delivery"] = each(
                sum(v for op, v in ops.items() if op.startswith("frontend/")))
    return report


async def history(client: Client, workflow_id: str) -> dict[str, Any]:
    """One workflow's history: how many events, and their types in order."""
    fetched = await client.get_workflow_handle(workflow_id).fetch_history()
    types = [EventType.Name(event.event_type).removeprefix("EVENT_TYPE_")
             for event in fetched.events]
    return {"workflow_id": workflow_id, "events": len(types), "types": types}
