"""Our figures: publish (1 and 10 endpoints), end-to-end delivery, ingestion, and publishing
at a fixed rate (`paced`, an open loop).

Every scenario fills its `out` dict as it goes, so a scenario cut off by its time limit
still reports what it measured. Publish-to-arrival latency runs from the moment the publish
request was sent (time.monotonic, shared with the receiver process) to the arrival; in the
open loop, from the moment it was due, so a publisher that fell behind cannot hide a wait."""

from __future__ import annotations

import asyncio
import json
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import httpx

from bench import loadgen
from bench.loadgen import Poster
from bench.receiver import Receiver
from bench.stack import Stack
from bench.stats import latency_ms, rate

EVENT_TYPE = "invoice.paid"
Out = dict[str, Any]


def payload(i: int) -> dict[str, Any]:
    """The same ~150-byte body for every figure (events, ceilings, ingestion)."""
    return {"invoice": f"inv_{i:08d}", "amount": 4200 + i % 100, "currency": "eur",
            "customer": f"cus_{i % 997:05d}", "lines": [{"sku": "plan-pro", "qty": 1}]}


@dataclass
class Target:
    consumer: str
    tag: str
    endpoint_ids: list[str] = field(default_factory=list)
    secrets: list[str] = field(default_factory=list)
    receiving: int | None = None  # endpoints every event reaches (filters); None: all


async def _ok(response: Awaitable[httpx.Response], status: int = 201) -> Any:
    got = await response
    if got.status_code != status:
        raise RuntimeError(f"{got.request.method} {got.request.url.path}: "
                           f"{got.status_code} {got.text[:300]}")
    return got.json()


# Filters as a user writes them: half of them true for every bench event (`payload`).
HALF_MATCHING = [f'type == "{EVENT_TYPE}" && data.amount > {0 if n % 2 else 100000} '
                 f'&& data.currency == "eur"' for n in range(10)]


# A transformation as a user writes one: the event reshaped for a Slack incoming webhook.
SLACK = """function handler(webhook) {
  const d = webhook.payload.data;
  webhook.payload = {text: `${webhook.eventType}: ${d.invoice} paid, ${d.amount} ${d.currency}`};
  return webhook;
}"""


async def create_target(api: httpx.AsyncClient, receiver: Receiver, consumer: str, tag: str,
                        endpoints: int, *, rate_limit: int | None = None,
                        hang: bool = False, down: float | None = None,
                        slow: float | None = None,
                        filters: list[str | None] | None = None,
                        transformation: str | None = None) -> Target:
    """A consumer with `endpoints` endpoints on the receiver under `tag`; with `hang`, on
    the receiver's path that never answers in time; with `down`, on its path that answers
    503 for that many seconds from its first request (`inf`: for ever); with `slow`, on
    its path that answers 200 after that many seconds. `filters`: one per endpoint, with
    `matching` of them true for every bench event; `transformation`: on every endpoint."""
    await api.post("/v1/event-types", json={"name": EVENT_TYPE})  # 409 when it exists
    await _ok(api.post("/v1/consumers", json={"externalId": consumer, "name": consumer}))
    target = Target(consumer, tag)
    for n in range(endpoints):
        path = f"hang/{n}" if hang else f"down/{down}/{n}" if down is not None \
            else f"slow/{slow}/{n}" if slow is not None else str(n)
        body: dict[str, Any] = {"consumer": consumer, "events": [EVENT_TYPE],
                                "url": receiver.url(tag, path)}
        if rate_limit is not None:
            body["rateLimit"] = rate_limit
        if filters is not None:
            body["filter"] = filters[n]
        if transformation is not None:
            body["transformation"] = transformation
        record = await _ok(api.post("/v1/endpoints", json=body))
        target.endpoint_ids.append(record["id"])
        target.secrets.append(record["secret"])
    return target


async def closed_loop(n: int, concurrency: int, deadline: float,
                      call: Callable[[int], Awaitable[tuple[bool, str]]], out: Out
                      ) -> tuple[list[float], float]:
    """`concurrency` workers call `call(i)` for i in 0..n-1 until done or the deadline.
    Returns the successful calls' latencies and the span from first send to last answer;
    errors are counted in out["errors"]."""
    latencies: list[float] = []
    errors: Counter[str] = Counter()
    out["errors"] = errors
    next_i = 0
    first = time.monotonic()
    last = first

    async def worker() -> None:
        nonlocal next_i, last
        while next_i < n and time.monotonic() < deadline:
            i, next_i = next_i, next_i + 1
            started = time.monotonic()
            try:
                ok, detail = await call(i)
            except (httpx.HTTPError, *loadgen.ERRORS) as exc:
                ok, detail = False, type(exc).__name__
            ended = time.monotonic()
            last = max(last, ended)
            if ok:
                latencies.append(ended - started)
            else:
                errors[detail] += 1
            out["done"] = len(latencies)

    await asyncio.gather(*(worker() for _ in range(concurrency)))
    out["errors"] = dict(errors)
    return latencies, last - first


async def _post_all(poster: Poster, path: str, body: Callable[[int], Any], expect: int,
                    sent: dict[str, float], n: int, concurrency: int, deadline: float,
                    out: Out) -> tuple[list[float], float]:
    """`closed_loop` of POSTs of body(i); each id answered with `expect` goes into `sent`
    with the moment its request was sent."""
    async def one(i: int) -> tuple[bool, str]:
        started = time.monotonic()
        status, answer = await poster.post(path, body(i))
        if status != expect:
            return False, str(status)
        sent[json.loads(answer)["id"]] = started
        return True, ""

    try:
        return await closed_loop(n, concurrency, deadline, one, out)
    finally:
        poster.close()


async def arrivals(receiver: Receiver, tag: str, sent: dict[str, float], per_item: int,
                    first: float, deadline: float, out: Out) -> None:
    """Wait for every sent id to arrive `per_item` times (once per endpoint), then match."""
    expected = len(sent) * per_item
    out["expected"] = expected
    counts = await receiver.wait_for(tag, expected, deadline)
    records = await receiver.dump(tag)
    seen: set[tuple[str, str]] = set()
    latencies: list[float] = []
    last = first
    for webhook_id, path, at in records:
        if webhook_id in sent and (webhook_id, path) not in seen:
            seen.add((webhook_id, path))
            latencies.append(at - sent[webhook_id])
            last = max(last, at)
    span = last - first
    out.update({
        "arrived": len(seen), "duplicates": counts["duplicates"],
        "complete": len(seen) >= expected, "span_s": round(span, 2),
        "per_s": rate(len(seen), span), "latency_ms": latency_ms(latencies),
    })


def statuses(stack: Stack, column: str, ids: list[str]) -> dict[str, int]:
    marks = ",".join("?" * len(ids))
    rows = stack.query(f"SELECT status, count(*) FROM deliveries WHERE {column} IN ({marks}) "
                       "GROUP BY status", *ids)
    return {str(status): int(count) for status, count in rows}


def gated(stack: Stack, target: Target) -> dict[str, Any]:
    """What the engine learnt of the target's endpoints: their concurrency limits now, and
    their attempts' slowest duration and how many took over SLACK_MS (250 ms; what could
    read as a slowdown to a fast receiver)."""
    marks = ",".join("?" * len(target.endpoint_ids))
    limits = stack.query(f"SELECT concurrency_limit FROM target_gates WHERE target_id IN "
                         f"({marks})", *target.endpoint_ids)
    slowest, over = stack.query(
        f"SELECT max(duration_ms), sum(CASE WHEN duration_ms > 250 THEN 1 ELSE 0 END) "
        f"FROM attempts WHERE target_id IN ({marks})", *target.endpoint_ids)[0]
    return {"concurrency_limits": sorted(round(float(r[0]), 1) for r in limits),
            "slowest_attempt_ms": slowest, "attempts_over_250_ms": over}


def attempted(stack: Stack, target: Target) -> dict[str, Any]:
    """The target's attempts so far: how many, their mean and slowest duration, and the
    failed ones by errorType (a kind whose Deliveries took more than one attempt costs the
    worker and Temporal more per delivery)."""
    marks = ",".join("?" * len(target.endpoint_ids))
    rows = stack.query(f"SELECT coalesce(error_type, status), count(*), avg(duration_ms), "
                       f"max(duration_ms) FROM attempts WHERE target_id IN ({marks}) "
                       "GROUP BY coalesce(error_type, status)", *target.endpoint_ids)
    return {str(outcome): {"attempts": int(count), "mean_ms": round(float(mean), 1),
                           "slowest_ms": int(slowest)}
            for outcome, count, mean, slowest in rows}


def delivered_one(stack: Stack, target: Target) -> str | None:
    """The id of one delivered Delivery (its workflow's id): to read a history."""
    marks = ",".join("?" * len(target.endpoint_ids))
    rows = stack.query(f"SELECT id FROM deliveries WHERE endpoint_id IN ({marks}) "
                       "AND status = 'delivered' LIMIT 1", *target.endpoint_ids)
    return str(rows[0][0]) if rows else None


async def publish(api: httpx.AsyncClient, receiver: Receiver, stack: Stack, target: Target,
                  *, n: int, concurrency: int, timeout: float, out: Out) -> None:
    """n events to a consumer with len(target.endpoint_ids) endpoints, `concurrency`
    publishers; then wait for every delivery to arrive."""
    deadline = time.monotonic() + timeout
    sent: dict[str, float] = {}
    out.update({"events": n, "endpoints": len(target.endpoint_ids),
                "concurrency": concurrency, "publish": {}, "e2e": {}})

    poster = Poster(str(api.base_url), {"Authorization": api.headers["authorization"]})
    first = time.monotonic()
    latencies, span = await _post_all(poster, "/v1/events", lambda i: {
        "type": EVENT_TYPE, "consumer": target.consumer, "data": payload(i)}, 201, sent,
        n, concurrency, deadline, out["publish"])
    await _published(receiver, stack, target, out, sent, n, latencies, span, first, deadline)


async def ingest(api: httpx.AsyncClient, receiver: Receiver, stack: Stack, *, n: int,
                 concurrency: int, timeout: float, out: Out) -> None:
    """n POSTs to one Source's ingestion URL with one Destination; stored must equal
    accepted (counted in the SQLite database); forwarded arrivals matched by Webhook-Id."""
    deadline = time.monotonic() + timeout
    created = await api.post("/v1/ingest/sources", json={"name": f"bench-{time.time_ns()}"})
    if created.status_code in (404, 405):
        out["status"] = f"unavailable ({created.status_code} on POST /v1/ingest/sources)"
        return
    if created.status_code != 201:
        raise RuntimeError(f"POST /v1/ingest/sources: {created.status_code} {created.text}")
    source = created.json()
    destination = await _ok(api.post(f"/v1/ingest/sources/{source['id']}/destinations",
                                     json={"url": receiver.url("ingest")}))
    out.update({"posts": n, "concurrency": concurrency, "source": source["id"],
                "accept": {}, "forward": {}})
    sent: dict[str, float] = {}
    url = urlsplit(source["url"])
    first = time.monotonic()
    latencies, span = await _post_all(Poster(f"{url.scheme}://{url.netloc}"), url.path,
                                      lambda i: {"type": EVENT_TYPE, "data": payload(i)}, 202,
                                      sent, n, concurrency, deadline, out["accept"])
    out["accept"].update({"accepted": len(sent), "complete": len(sent) == n,
                          "span_s": round(span, 2), "accepted_per_s": rate(len(sent), span),
                          "latency_ms": latency_ms(latencies)})
    await arrivals(receiver, "ingest", sent, 1, first, deadline, out["forward"])
    stored = stack.query("SELECT count(*) FROM messages WHERE source_id = ?", source["id"])
    out["stored"] = int(stored[0][0])
    out["stored_equals_accepted"] = out["stored"] == len(sent)
    out["forward"]["db_statuses"] = statuses(stack, "destination_id", [destination["id"]])


async def open_loop(n: int, per_s: float, deadline: float,
                    call: Callable[[int, float], Awaitable[tuple[bool, str]]], out: Out,
                    max_in_flight: int = 64) -> tuple[list[float], float]:
    """Call `call(i, due)` at due = start + i / per_s, whether earlier calls answered or not
    (an open loop: the offered rate does not bend to the service), with at most
    `max_in_flight` unanswered; until n calls or the deadline. Returns the successful calls'
    latencies counted from when they were due, and the span from the first due time to the
    last answer; errors go to out["errors"], the worst lateness to out["max_lag_ms"]."""
    latencies: list[float] = []
    errors: Counter[str] = Counter()
    room = asyncio.Semaphore(max_in_flight)
    running: set[asyncio.Task[None]] = set()
    first = last = time.monotonic()
    worst = 0.0

    async def run(i: int, due: float) -> None:
        nonlocal last
        try:
            ok, detail = await call(i, due)
        except (httpx.HTTPError, *loadgen.ERRORS) as exc:
            ok, detail = False, type(exc).__name__
        finally:
            room.release()
        ended = time.monotonic()
        last = max(last, ended)
        if ok:
            latencies.append(ended - due)
        else:
            errors[detail] += 1

    for i in range(n):
        due = first + i / per_s
        if due > deadline:
            break
        if (wait := due - time.monotonic()) > 0:
            await asyncio.sleep(wait)
        await room.acquire()
        worst = max(worst, time.monotonic() - due)
        task = asyncio.create_task(run(i, due))
        running.add(task)
        task.add_done_callback(running.discard)
    await asyncio.gather(*running)
    out.update({"errors": dict(errors), "max_lag_ms": round(worst * 1000, 1)})
    return latencies, last - first


async def paced(api: httpx.AsyncClient, receiver: Receiver, stack: Stack, target: Target,
                *, per_s: float, seconds: float, timeout: float, out: Out) -> None:
    """Publish per_s events a second for `seconds` (an open loop), then wait for every
    delivery: publish-to-arrival latency at a load the service is meant to keep up with."""
    deadline = time.monotonic() + timeout
    n = max(1, round(per_s * seconds))
    sent: dict[str, float] = {}
    out.update({"events": n, "offered_per_s": round(per_s, 1), "seconds": seconds,
                "endpoints": len(target.endpoint_ids),
                "offered_deliveries_per_s": round(per_s * len(target.endpoint_ids), 1),
                "publish": {}, "e2e": {}})
    first = time.monotonic()
    latencies, span = await publish_open_loop(api, target, n, per_s, deadline, sent,
                                              out["publish"])
    await _published(receiver, stack, target, out, sent, n, latencies, span, first, deadline)


async def publish_open_loop(api: httpx.AsyncClient, target: Target, n: int, per_s: float,
                            deadline: float, sent: dict[str, float], out: Out
                            ) -> tuple[list[float], float]:
    """Publish n events to the target at per_s (`open_loop`); each published event's id goes
    into `sent` with the time it was due."""
    poster = Poster(str(api.base_url), {"Authorization": api.headers["authorization"]})

    async def one(i: int, due: float) -> tuple[bool, str]:
        status, answer = await poster.post("/v1/events", {
            "type": EVENT_TYPE, "consumer": target.consumer, "data": payload(i)})
        if status != 201:
            return False, str(status)
        sent[json.loads(answer)["id"]] = due
        return True, ""

    try:
        return await open_loop(n, per_s, deadline, one, out)
    finally:
        poster.close()


async def _published(receiver: Receiver, stack: Stack, target: Target, out: Out,
                     sent: dict[str, float], n: int, latencies: list[float], span: float,
                     first: float, deadline: float) -> None:
    """The publish figures, then the arrivals: shared by the closed and the paced loops."""
    out["publish"].update({"published": len(sent), "complete": len(sent) == n,
                           "span_s": round(span, 2), "events_per_s": rate(len(sent), span),
                           "latency_ms": latency_ms(latencies)})
    await arrivals(receiver, target.tag, sent, target.receiving or len(target.endpoint_ids),
                   first, deadline, out["e2e"])
    out["e2e"]["db_statuses"] = statuses(stack, "endpoint_id", target.endpoint_ids)
    out["e2e"]["gate"] = gated(stack, target)
    out["sample_workflow_id"] = delivered_one(stack, target)
