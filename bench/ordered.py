"""Issue 67's targets for ordered endpoints, on PostgreSQL (a throwaway server of its own),
the Temporal dev server and the product's defaults (its retry schedule and attempt timeout
too), with a real receiver that records each request's body:

  python -m bench.ordered                      # both steps, about 5 minutes on 2 cores
  python -m bench.ordered --events 2000 --keys 20   # smaller

- `faults`: `--events` events over `--keys` keys to one endpoint ordered by key, published
  by 16 threads that each own some keys (so each key's publishes are in a known order); the
  worker is killed when a quarter and three quarters have arrived, and PostgreSQL crashed
  (an immediate shutdown) and started again 3 s later at half. Every line must arrive in
  order (a request resent after a kill repeats in place), and none may be lost.
- `blocked`: `--keys` lines at a steady `--rate` events/s for `--seconds`, twice, each run
  to an endpoint of its own: `clean`, every key answered 200; `blocked`, the first key's
  events answered 500, so its head blocks its line. The other keys' publish-to-arrival p99
  in each, and their ratio (target: within 1.5x).

Figures print as one JSON object."""

from __future__ import annotations

import argparse
import json
import threading
import time
from collections import Counter
from typing import Any

import httpx

from bench.throwaway import defaults_stack
from tests.support.api import ok, setup_endpoint
from tests.support.procs import stop
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant

PUBLISHERS = 16


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.ordered", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--keys", type=int, default=100)
    parser.add_argument("--rate", type=float, default=40.0)
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args(argv)
    receiver = Receiver()
    figures: dict[str, Any] = {}
    try:
        with defaults_stack("ordered") as (stack, server):
            tenant = stack.tenant(rps=1_000_000)
            figures["faults"] = faults(stack, tenant, server, receiver, args.events, args.keys)
            figures["blocked"] = blocked(tenant, receiver, args.keys, args.rate, args.seconds)
    finally:
        receiver.close()
    print(json.dumps(figures, indent=2))


def _ordered(tenant: Tenant, receiver: Receiver, path: str, consumer: str) -> None:
    endpoint = setup_endpoint(tenant, receiver.url(path), consumer=consumer)
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}",
                           json={"ordering": {"key": "data.k"}}))


def _publish_all(tenant: Tenant, consumer: str, keys: int, per_key: int,
                 sent: dict[tuple[str, int], float], pace: float = 0.0) -> None:
    """Each thread publishes its own keys' events, round robin, each key's in order;
    `pace`: seconds between one thread's publishes (0: as fast as answered)."""
    def publisher(mine: list[str]) -> None:
        for n in range(per_key):
            for key in mine:
                started = time.monotonic()
                _accepted(tenant, consumer, key, n)
                sent[(key, n)] = time.time()
                if pace:
                    time.sleep(max(0.0, pace - (time.monotonic() - started)))

    names = [f"k{i:03d}" for i in range(keys)]
    threads = [threading.Thread(target=publisher, args=(names[i::PUBLISHERS],))
               for i in range(min(PUBLISHERS, keys))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def _accepted(tenant: Tenant, consumer: str, key: str, n: int) -> None:
    """Publish until accepted, as a client that keeps its events does: the database may be
    down (the `faults` step crashes it), and the idempotency key makes a repeat of one that
    was accepted after all a replay, not a second event."""
    deadline = time.monotonic() + 120
    while True:
        try:
            answer = tenant.client.post("/v1/events", headers={
                "Idempotency-Key": f"{consumer}-{key}-{n}"}, json={
                "type": "invoice.paid", "consumer": consumer, "data": {"k": key, "n": n}})
            if answer.status_code in (200, 201):
                return
        except httpx.HTTPError:
            pass
        assert time.monotonic() < deadline, f"{consumer} {key} {n} never accepted"
        time.sleep(0.5)


def _arrived(receiver: Receiver, path: str, count: int, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while len(receiver.at(path)) < count:
        assert time.monotonic() < deadline, f"{len(receiver.at(path))} of {count} arrived"
        time.sleep(0.25)


def _lines(receiver: Receiver, path: str) -> dict[str, list[int]]:
    found: dict[str, list[int]] = {}
    for r in receiver.at(path):
        data = json.loads(r.body)["data"]
        found.setdefault(data["k"], []).append(data["n"])
    return found


def faults(stack: Stack, tenant: Tenant, server: Any, receiver: Receiver, events: int,
           keys: int) -> dict[str, Any]:
    path = "/ok/faults"
    _ordered(tenant, receiver, path, "faults")
    per_key = events // keys
    total = per_key * keys
    sent: dict[tuple[str, int], float] = {}
    started = time.monotonic()
    publishing = threading.Thread(target=_publish_all,
                                  args=(tenant, "faults", keys, per_key, sent))
    publishing.start()

    def kill_worker() -> None:
        assert stack.worker is not None
        stop(stack.worker, kill=True)
        stack.worker = stack.start_worker(log_name=f"worker-{time.monotonic_ns()}.log")

    def crash_database() -> None:
        server.crash()
        time.sleep(3)
        server.start()

    done_faults = []
    for share, fault in ((0.25, kill_worker), (0.5, crash_database), (0.75, kill_worker)):
        _arrived(receiver, path, int(total * share), timeout=900)
        fault()
        done_faults.append({"fault": fault.__name__, "at_s": round(time.monotonic() - started, 1)})
    publishing.join()
    deadline = time.monotonic() + 900
    while len({(k, n) for k, ns in _lines(receiver, path).items() for n in ns}) < total:
        assert time.monotonic() < deadline, "not every event arrived"
        time.sleep(0.5)
    elapsed = time.monotonic() - started
    lines = _lines(receiver, path)
    out_of_order = [k for k, ns in lines.items()
                    if [n for i, n in enumerate(ns) if i == 0 or n != ns[i - 1]]
                    != list(range(per_key))]
    arrived = {(k, n) for k, ns in lines.items() for n in ns}
    requests = sum(len(ns) for ns in lines.values())
    return {"events": total, "keys": keys, "faults": done_faults,
            "lines_out_of_order": len(out_of_order), "lost": total - len(arrived),
            "resent": requests - len(arrived), "seconds": round(elapsed, 1),
            "deliveries_per_s": round(total / elapsed, 1)}


def blocked(tenant: Tenant, receiver: Receiver, keys: int, rate: float,
            seconds: float) -> dict[str, Any]:
    runs: dict[str, Any] = {}
    per_key = max(1, int(rate * seconds / keys))
    pace = PUBLISHERS / rate  # each thread's share of the rate
    for name, path in (("clean", "/ok/clean"), ("blocked", "/when/k000/500")):
        _ordered(tenant, receiver, path, name)
        sent: dict[tuple[str, int], float] = {}
        _publish_all(tenant, name, keys, per_key, sent, pace)
        healthy = {(k, n) for k, n in sent if k != "k000"}
        deadline = time.monotonic() + 300
        while True:
            first: dict[tuple[str, int], float] = {}
            statuses: Counter[int] = Counter()
            for r in receiver.at(path):
                data = json.loads(r.body)["data"]
                if (data["k"], data["n"]) in healthy:
                    first.setdefault((data["k"], data["n"]), r.at)
                statuses[data["k"] == "k000"] += 1
            if len(first) == len(healthy) or time.monotonic() > deadline:
                break
            time.sleep(0.5)
        latencies = sorted(first[e] - sent[e] for e in first)
        runs[name] = {"events": len(sent), "healthy_arrived": len(first),
                      "healthy_p50_ms": round(1000 * latencies[len(latencies) // 2]),
                      "healthy_p99_ms": round(1000 * latencies[int(0.99 * (len(latencies) - 1))]),
                      "requests_of_failing_key": statuses[True]}
    runs["p99_ratio"] = round(runs["blocked"]["healthy_p99_ms"]
                              / max(1, runs["clean"]["healthy_p99_ms"]), 2)
    runs["target_met"] = runs["p99_ratio"] <= 1.5
    return runs


if __name__ == "__main__":
    main()
