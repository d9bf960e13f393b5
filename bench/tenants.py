"""Issue 64's scenarios: one tenant's backlog beside another tenant's steady traffic.

Tenant A has one Consumer with 20 endpoints (answering after 100 ms), each subscribed to an
event type of its own, and publishes `events` events as fast as its publishers go, one
type after another: a backlog across 20 endpoints, one Delivery an event. Tenant B has one
Consumer with one such endpoint and publishes `b_rate` events a second for `b_seconds` (an
open loop), starting one second after A's burst was accepted. Measured in one run:

- `b_alone`: B's publish-to-arrival latency with nothing else running;
- `a_alone`: A's drain rate (first publish to last arrival) with nothing else running;
- `together`: both, with A and B in two organizations (each its own environment and key);
- `same_env`: both, with B a Consumer of A's environment.

`fair` sums them up against the issue's targets: B's p99 under 1 s and within 2x of
alone, A's drain rate at least 0.9 of alone."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import httpx

from bench.loadgen import Poster
from bench.receiver import Receiver
from bench.scenarios import (
    EVENT_TYPE,
    Out,
    Target,
    arrivals,
    closed_loop,
    create_target,
    paced,
    payload,
)
from bench.stack import Stack
from bench.stats import latency_ms, ratio
from bench.tenant_code import LOOP

ENDPOINTS = 20
ANSWER_S = 0.1


async def _consumer(api: httpx.AsyncClient, receiver: Receiver, tag: str, n: int) -> Target:
    """One Consumer with n endpoints, the i-th subscribed to the type `_type(i)` alone."""
    consumer = f"bench-{tag}"
    await api.post("/v1/consumers", json={"externalId": consumer, "name": consumer})
    target = Target(consumer, tag)
    for i in range(n):
        await api.post("/v1/event-types", json={"name": _type(i)})  # 409 when it exists
        response = await api.post("/v1/endpoints", json={
            "consumer": consumer, "events": [_type(i)],
            "url": receiver.url(tag, f"slow/{ANSWER_S}/{i}")})
        response.raise_for_status()
        target.endpoint_ids.append(response.json()["id"])
    return target


def _type(i: int) -> str:
    return f"bench.a{i}"


async def _burst(api: httpx.AsyncClient, target: Target, n: int, concurrency: int,
                 deadline: float, sent: dict[str, float], out: Out) -> None:
    """n events, each to the next of the Consumer's endpoints (by type), as fast as the
    publishers go."""
    poster = Poster(str(api.base_url), {"Authorization": api.headers["authorization"]})
    types = len(target.endpoint_ids)

    async def one(i: int) -> tuple[bool, str]:
        due = time.monotonic()
        status, answer = await poster.post("/v1/events", {
            "type": _type(i % types), "consumer": target.consumer, "data": payload(i)})
        if status != 201:
            return False, str(status)
        sent[json.loads(answer)["id"]] = due
        return True, ""

    try:
        _, span = await closed_loop(n, concurrency, deadline, one, out)
    finally:
        poster.close()
    out.update({"published": len(sent), "span_s": round(span, 2)})


async def _a_phase(api: httpx.AsyncClient, receiver: Receiver, target: Target, n: int,
                   concurrency: int, deadline: float, out: Out,
                   accepted: asyncio.Event | None = None) -> None:
    """A's burst, then every arrival; `accepted` is set once the burst is accepted."""
    sent: dict[str, float] = {}
    out.update({"events": n, "endpoints": len(target.endpoint_ids), "publish": {}, "e2e": {}})
    first = time.monotonic()
    try:
        await _burst(api, target, n, concurrency, deadline, sent, out["publish"])
    finally:
        if accepted is not None:
            accepted.set()
    await arrivals(receiver, target.tag, sent, 1, first, deadline, out["e2e"])


async def _b_phase(api: httpx.AsyncClient, receiver: Receiver, stack: Stack, target: Target,
                   rate: float, seconds: float, timeout: float, out: Out,
                   after: asyncio.Event | None = None) -> None:
    if after is not None:
        await after.wait()
        await asyncio.sleep(1.0)
    await paced(api, receiver, stack, target, per_s=rate, seconds=seconds, timeout=timeout,
                out=out)


async def _together(api_a: httpx.AsyncClient, api_b: httpx.AsyncClient, receiver: Receiver,
                    stack: Stack, a: Target, b: Target, *, events: int,
                    concurrency: int, b_rate: float, b_seconds: float, timeout: float,
                    out: Out) -> None:
    accepted = asyncio.Event()
    deadline = time.monotonic() + timeout
    out.update({"a": {}, "b": {}})
    await asyncio.gather(
        _a_phase(api_a, receiver, a, events, concurrency, deadline, out["a"], accepted),
        _b_phase(api_b, receiver, stack, b, b_rate, b_seconds, timeout, out["b"], accepted))


def _p99(phase: Out) -> float | None:
    return phase.get("e2e", {}).get("latency_ms", {}).get("p99")


def _drain(phase: Out) -> float | None:
    return phase.get("e2e", {}).get("per_s")


def summary(out: Out) -> dict[str, Any]:
    alone_p99, a_alone = _p99(out.get("b_alone", {})), _drain(out.get("a_alone", {}))
    result: dict[str, Any] = {"b_p99_ms_alone": alone_p99, "a_per_s_alone": a_alone}
    for name in ("together", "same_env"):
        phase = out.get(name, {})
        p99 = _p99(phase.get("b", {}))
        result[name] = {
            "b_p50_ms": phase.get("b", {}).get("e2e", {}).get("latency_ms", {}).get("p50"),
            "b_p99_ms": p99, "b_p99_vs_alone": ratio(p99, alone_p99),
            "a_per_s": _drain(phase.get("a", {})),
            "a_drain_vs_alone": ratio(_drain(phase.get("a", {})), a_alone)}
    return result


async def tenants(api: httpx.AsyncClient, other: httpx.AsyncClient, receiver: Receiver,
                  stack: Stack, *, events: int, concurrency: int, b_rate: float,
                  b_seconds: float, timeout: float, out: Out) -> None:
    """`api` is tenant A's client, `other` tenant B's (another organization). Every phase
    has Consumers of its own, so none starts with what the engine learnt in another."""
    out.update({"events": events, "a_endpoints": ENDPOINTS, "answer_s": ANSWER_S,
                "b_rate": b_rate, "b_seconds": b_seconds})

    async def b_target(client: httpx.AsyncClient, tag: str) -> Target:
        return await create_target(client, receiver, f"bench-{tag}", tag, 1, slow=ANSWER_S)

    out["b_alone"] = {}
    await _b_phase(other, receiver, stack, await b_target(other, "tenBalone"), b_rate,
                   b_seconds, timeout, out["b_alone"])
    out["a_alone"] = {}
    await _a_phase(api, receiver, await _consumer(api, receiver, "tenAalone", ENDPOINTS),
                   events, concurrency, time.monotonic() + timeout, out["a_alone"])
    for phase, b_client in (("together", other), ("same_env", api)):
        out[phase] = {}
        await _together(api, b_client, receiver, stack,
                        await _consumer(api, receiver, f"tenA{phase}", ENDPOINTS),
                        await b_target(b_client, f"tenB{phase}"), events=events,
                        concurrency=concurrency, b_rate=b_rate, b_seconds=b_seconds,
                        timeout=timeout, out=out[phase])
    out["fair"] = summary(out)


PREVIEWS = 60  # A's previews in flight at once
GETS_PER_S = 10.0  # B's plain reads while A previews


async def _gets(api: httpx.AsyncClient, seconds: float, out: Out) -> None:
    """GET /v1/consumers GETS_PER_S times a second for `seconds` (an open loop)."""
    took: list[float] = []
    statuses: dict[str, int] = {}

    async def one() -> None:
        started = time.monotonic()
        response = await api.get("/v1/consumers")
        took.append(time.monotonic() - started)
        statuses[str(response.status_code)] = statuses.get(str(response.status_code), 0) + 1

    calls = []
    started = time.monotonic()
    for i in range(round(GETS_PER_S * seconds)):
        await asyncio.sleep(max(0.0, started + i / GETS_PER_S - time.monotonic()))
        calls.append(asyncio.create_task(one()))
    await asyncio.gather(*calls)
    out.update({"gets": len(took), "latency_ms": latency_ms(took), "statuses": statuses})


async def _preview_flood(api: httpx.AsyncClient, target: Target, until: float, out: Out
                         ) -> None:
    """PREVIEWS loops, each previewing the looping endpoint again as soon as it answers (a
    polite client: after a 429, its Retry-After)."""
    statuses: dict[str, int] = {}
    endpoint = target.endpoint_ids[0]

    async def loop() -> None:
        while time.monotonic() < until:
            response = await api.post(f"/v1/endpoints/{endpoint}/preview", json={
                "type": "bench.preview", "data": {"n": 1}}, timeout=60)
            code = str(response.status_code)
            statuses[code] = statuses.get(code, 0) + 1
            if response.status_code == 429:
                await asyncio.sleep(float(response.headers.get("retry-after") or 1))

    await asyncio.gather(*(loop() for _ in range(PREVIEWS)))
    out["statuses"] = statuses


async def _b_reads_and_sends(other: httpx.AsyncClient, receiver: Receiver, stack: Stack,
                             tag: str, *, b_rate: float, b_seconds: float, timeout: float,
                             out: Out) -> None:
    """Tenant B, on a Consumer of its own: GET /v1/consumers GETS_PER_S times a second and
    `b_rate` events a second to one endpoint answering in ANSWER_S, for `b_seconds`."""
    target = await create_target(other, receiver, f"bench-{tag}", tag, 1, slow=ANSWER_S)
    out.update({"gets": {}, "b": {}})
    await asyncio.gather(
        _gets(other, b_seconds, out["gets"]),
        paced(other, receiver, stack, target, per_s=b_rate, seconds=b_seconds,
              timeout=timeout, out=out["b"]))


def _beside_alone(out: Out) -> dict[str, Any]:
    """B's read and delivery p99, alone and beside A (`_b_reads_and_sends`' figures)."""
    def p99(phase: Out, key: str) -> Any:
        found = phase.get(key, {})
        return (found.get("e2e", found)).get("latency_ms", {}).get("p99")

    return {"b_get_p99_ms_alone": p99(out["alone"], "gets"),
            "b_get_p99_ms": p99(out["beside"], "gets"),
            "b_delivery_p99_ms_alone": p99(out["alone"], "b"),
            "b_delivery_p99_ms": p99(out["beside"], "b")}


async def previews(api: httpx.AsyncClient, other: httpx.AsyncClient, receiver: Receiver,
                   stack: Stack, *, b_rate: float, b_seconds: float, timeout: float,
                   out: Out) -> None:
    """Tenant A keeps PREVIEWS previews of an endpoint whose transformation loops in flight;
    tenant B meanwhile reads and publishes (`_b_reads_and_sends`). B's figures alone
    first, in the same run."""
    out.update({"previews_in_flight": PREVIEWS, "gets_per_s": GETS_PER_S, "b_rate": b_rate,
                "b_seconds": b_seconds, "alone": {}, "beside": {"a": {}}})
    await _b_reads_and_sends(other, receiver, stack, "pvbalone", b_rate=b_rate,
                             b_seconds=b_seconds, timeout=timeout, out=out["alone"])
    looping = await create_target(api, receiver, "bench-pvloop", "pvloop", 1,
                                  transformation=LOOP)
    flood = asyncio.create_task(_preview_flood(api, looping, time.monotonic() + b_seconds + 2,
                                               out["beside"]["a"]))
    await asyncio.sleep(1.0)  # A's previews fill what they can
    await _b_reads_and_sends(other, receiver, stack, "pvbbeside", b_rate=b_rate,
                             b_seconds=b_seconds, timeout=timeout, out=out["beside"])
    await flood
    out["fair"] = {**_beside_alone(out), "a_previews": out["beside"]["a"].get("statuses")}


LOOPERS = 100  # A's endpoints whose transformations loop until their time limit
LOOPING_EVENTS = 10  # each to every one of them


async def looping(api: httpx.AsyncClient, other: httpx.AsyncClient, receiver: Receiver,
                  stack: Stack, *, b_rate: float, b_seconds: float, timeout: float,
                  out: Out) -> None:
    """Tenant A has LOOPERS endpoints whose transformations loop until their time limit,
    and publishes LOOPING_EVENTS events to each; tenant B meanwhile reads and publishes
    (`_b_reads_and_sends`), B's figures alone first, in the same run."""
    await _a_beside_b(api, other, receiver, stack, "lp", LOOPERS, LOOPING_EVENTS,
                      {"transformation": LOOP}, b_rate=b_rate, b_seconds=b_seconds,
                      timeout=timeout, out=out)


async def _a_beside_b(api: httpx.AsyncClient, other: httpx.AsyncClient, receiver: Receiver,
                      stack: Stack, tag: str, endpoints: int, events: int,
                      how: dict[str, Any], *, b_rate: float, b_seconds: float,
                      timeout: float, out: Out) -> None:
    """B alone, then A's `endpoints` endpoints (made as `how` says) and `events` events to
    each, then B again, 2 s after A's were published."""
    out.update({"a_endpoints": endpoints, "a_events_each": events, "b_rate": b_rate,
                "b_seconds": b_seconds, "alone": {}, "beside": {}})
    await _b_reads_and_sends(other, receiver, stack, f"{tag}balone", b_rate=b_rate,
                             b_seconds=b_seconds, timeout=timeout, out=out["alone"])
    started = time.monotonic()
    a = await create_target(api, receiver, f"bench-{tag}a", f"{tag}a", endpoints, **how)
    out["endpoints_made_s"] = round(time.monotonic() - started, 1)
    for i in range(events):
        response = await api.post("/v1/events", json={
            "type": EVENT_TYPE, "consumer": a.consumer, "data": payload(i)})
        response.raise_for_status()
    await asyncio.sleep(2.0)  # A's attempts are under way
    await _b_reads_and_sends(other, receiver, stack, f"{tag}bbeside", b_rate=b_rate,
                             b_seconds=b_seconds, timeout=timeout, out=out["beside"])
    out["fair"] = _beside_alone(out)
    # What still waits for A's endpoints is cancelled: the next step starts idle.
    gate = asyncio.Semaphore(16)

    async def disable(endpoint: str) -> None:
        async with gate:
            await api.patch(f"/v1/endpoints/{endpoint}", json={"status": "disabled"})

    await asyncio.gather(*(disable(e) for e in a.endpoint_ids))


HANGING = 600  # A's endpoints at a receiver that never answers
HANGING_EVENTS = 3  # each to every one of them


async def hanging(api: httpx.AsyncClient, other: httpx.AsyncClient, receiver: Receiver,
                  stack: Stack, *, b_rate: float, b_seconds: float, timeout: float,
                  out: Out) -> None:
    """Tenant A has HANGING endpoints at a server that never answers and publishes
    HANGING_EVENTS events to each: their attempts fill the admitted cap and hang until
    they time out. Tenant B meanwhile reads and publishes (`_b_reads_and_sends`); B's
    figures alone first, in the same run."""
    await _a_beside_b(api, other, receiver, stack, "hg", HANGING, HANGING_EVENTS,
                      {"hang": True}, b_rate=b_rate, b_seconds=b_seconds, timeout=timeout,
                      out=out)


RECOVERED = 20_000  # A's cancelled Deliveries, re-sent by one bulk recovery
QUIET_S = 20.0


async def recovery(api: httpx.AsyncClient, other: httpx.AsyncClient, receiver: Receiver,
                   stack: Stack, *, events: int = RECOVERED, concurrency: int, b_rate: float,
                   b_seconds: float, timeout: float, out: Out) -> None:
    """Tenant A's endpoint collects `events` cancelled Deliveries: a rate limit of 1/s holds
    them while A publishes, then A disables it. A repairs it and recovers them all at once;
    tenant B meanwhile reads and publishes (`_b_reads_and_sends`), B's figures alone first,
    in the same run. The recovery's rate is its Deliveries over the time from the recover
    call to the last one's arrival."""
    out.update({"a_events": events, "b_rate": b_rate, "b_seconds": b_seconds, "alone": {},
                "beside": {}, "a": {"publish": {}}})
    # The step before may leave attempts hanging until the attempt timeout (15 s): B alone
    # is measured on a quiet engine.
    await asyncio.sleep(QUIET_S)
    await _b_reads_and_sends(other, receiver, stack, "rcbalone", b_rate=b_rate,
                             b_seconds=b_seconds, timeout=timeout, out=out["alone"])
    a = await _consumer(api, receiver, "rca", 1)
    path = f"/v1/endpoints/{a.endpoint_ids[0]}"
    (await api.patch(path, json={"rateLimit": 1})).raise_for_status()
    await _burst(api, a, events, concurrency, time.monotonic() + timeout, {},
                 out["a"]["publish"])
    (await api.patch(path, json={"status": "disabled"})).raise_for_status()
    (await api.patch(path, json={"status": "enabled", "rateLimit": None})).raise_for_status()
    before = (await receiver.count(a.tag))["unique"]
    started = time.monotonic()
    since = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - 3600))
    answer = await api.post(f"{path}/recover", json={"since": since})
    answer.raise_for_status()
    recovered = answer.json()["recovered"]
    await asyncio.sleep(1.0)  # the recovery's first batches are in the outbox
    await _b_reads_and_sends(other, receiver, stack, "rcbbeside", b_rate=b_rate,
                             b_seconds=b_seconds, timeout=timeout, out=out["beside"])
    counts = await receiver.wait_for(a.tag, before + recovered, started + timeout)
    took = time.monotonic() - started
    arrived = counts["unique"] - before
    out["a"].update({"recovered": recovered, "arrived": arrived,
                     "per_s": round(arrived / took, 1) if took else None})
    out["fair"] = {**_beside_alone(out), "a_recovered": recovered, "a_arrived": arrived,
                   "a_recovery_per_s": out["a"]["per_s"]}
    (await api.patch(path, json={"status": "disabled"})).raise_for_status()
