"""`make bench` (flags: `make bench BENCH_ARGS="--quick"`): start Hookline like a user,
measure it, and compare it with two ceilings measured in the same run.

Each group of scenarios runs on its own fresh stack (own temp folder, database, Temporal
dev server with its metrics port, `hookline up`), so the backlog that a scenario cut off by
its time limit leaves behind cannot slow down the next one:
  A: warmup, ceiling_sender, ceiling_best, publish_1, paced_80, paced_80_10, paced_100,
     paced_100_10 (the ceilings share A's dev server; paced_* deliver at 0.8 and 1.0 x
     ceiling_best's rate, to one endpoint or to a consumer with ten)
  B: warmup, ingest
  C: warmup, publish_10
  F: warmup, publish_10_filtered   (F and T as C, each on a stack of its own, so that neither
  T: warmup, publish_10_transformed  publishes behind another's backlog)
  R: warmup, deliver_<kind> for http, kafka, amqp and the AWS kinds, then in reverse
     (bench/brokers.py)
  D: warmup, throttle, isolation   (HOOKLINE_ATTEMPT_TIMEOUT short for this stack only)
Progress goes to stderr; stdout gets one JSON object and a last summary line. The JSON is
also written to bench/out/results-<timestamp>.json. bench/README.md says what each
scenario measures."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from types import FrameType
from typing import Any

import httpx

from bench import (
    adaptive,
    brokers,
    ceilings,
    fairness,
    outage,
    report,
    scenarios,
    tenant_code,
    tenants,
)
from bench.measure import OUT_DIR, Step, memory, scenario
from bench.posters import CLIENTS
from bench.receiver import Receiver
from bench.scenarios import Out, Target
from bench.stack import Stack, code_version, free_port
from hookline.delivery.relay import RELAY_STARTS_IN_FLIGHT
from hookline.settings import parse_schedule

PROFILED = ("publish_1", "paced_80", "ingest", "ceiling_best", "ceiling_best_labelled")
STARTED = time.monotonic()


def log(message: str) -> None:
    print(f"[bench {time.monotonic() - STARTED:6.1f}s] {message}", file=sys.stderr, flush=True)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.run", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add = parser.add_argument
    add("--events", type=int, help="events per publish scenario and ceiling (2000)")
    add("--ingest", type=int, help="POSTs in the ingestion scenario (5000)")
    add("--concurrency", type=int, default=16, help="publishers (16)")
    add("--timeout", type=float, help="seconds per scenario (150; quick 45)")
    add("--quick", action="store_true", help="small counts: a smoke test")
    add("--memory-check", action="store_true",
        help="instead of the scenarios: publish 2000 then 10000 events (1 endpoint) on one "
             "stack; API+worker peak memory after each")
    add("--groups", default="ABCFTURNDOP",
        help="which stacks to run (ABCFTURNDOP): A sending, both ceilings, the paced loads and "
             "the open loops at 50%% and 80%% of publish_1's rate, B ingestion, C ten "
             "endpoints, F ten filtered endpoints, T ten transformed, U a costly filter and "
             "looping transformations beside other tenants, R one endpoint of each kind "
             "(HTTP, Kafka, RabbitMQ, the AWS kinds on moto), N one tenant's backlog beside "
             "another's load, D throttle, isolation and a slow endpoint, O an outage and "
             "its drain, P an endpoint that never comes back; fewer make a quicker loop")
    add("--keep", action="store_true", help="keep the temp folder (logs, DBs)")
    add("--profile", action="store_true",
        help="py-spy the API and worker during publish_1, ingest and group R's deliver_ steps, "
             "and the benchmark "
             "process (the best pattern's worker) during ceiling_best (needs "
             "`.venv/bin/pip install py-spy`); sampling pauses them, so that run's rates are "
             "lower than a plain run's")
    add("--pattern-starters", type=int, default=RELAY_STARTS_IN_FLIGHT,
        help=f"best pattern: starts in flight ({RELAY_STARTS_IN_FLIGHT}, as the relay)")
    add("--client", choices=CLIENTS, default="aiohttp",
        help="the ceilings' HTTP client (aiohttp, as Hookline's sender; httpx reproduces the "
             "ceilings of runs before 2026-11-25)")
    add("--labelled-pattern", action="store_true",
        help="also run ceiling_best_labelled: the best pattern whose starts carry Hookline's "
             "search attributes and summary (what those labels cost the dev server)")
    add("--paced-seconds", type=float, help="paced_80/paced_100: seconds of load (20; quick 6)")
    add("--paced-rate", type=float, default=50.0,
        help="paced_*: the rate taken as 1.0 when ceiling_best measured none (50)")
    add("--hanging", type=int, help="isolation: deliveries to the hanging endpoint (1000)")
    add("--healthy", type=int, help="isolation: healthy deliveries per phase (200; quick 40)")
    add("--healthy-rate", type=float, default=20.0,
        help="isolation: the paced healthy load, events/s (20)")
    add("--env", action="append", default=[], metavar="NAME=VALUE",
        help="a setting for every stack's `hookline up` (repeatable), e.g. "
             "HOOKLINE_RELAY_INTERVAL=20ms: to try an engine setting without editing code")
    add("--attempt-timeout", default="5s", help="HOOKLINE_ATTEMPT_TIMEOUT in stack D (5s)")
    add("--cluster", action="store_true",
        help="also run publish_1 and publish_10 on a real Temporal server on PostgreSQL "
             "(`hookline temporal-server`, needs `make tools-cluster`) with Hookline on the "
             "same PostgreSQL, with 1 then 2 workers (groups K1, K2)")
    add("--capacity", action="store_true",
        help="instead of the groups: the capacity plan's inputs (docs/SCALING.md) on the "
             "cluster with Temporal's four services as four processes, publish_1 and "
             "publish_10 with 1 API and 1 worker (Q1), 1 API and 2 workers (Q2), 2 API "
             "processes and 1 worker (QA): CPU per delivery of each process, persistence "
             "requests, and what PostgreSQL wrote (WAL bytes, each database's growth)")
    add("--throttle-events", type=int, help="throttle: backlog size (400; quick 100)")
    add("--rate-limit", type=int, default=20, help="throttle: the endpoint's rateLimit (20)")
    add("--outage-seconds", type=float, help="outage: seconds the endpoint is down (300)")
    add("--outage-rate", type=float, default=20.0, help="outage*: events/s published (20)")
    add("--forever-schedule", default="5s,10s,15s",
        help="outage_forever: HOOKLINE_RETRY_SCHEDULE of stack P (5s,10s,15s: a 30 s window)")
    add("--forever-seconds", type=float, help="outage_forever: seconds of publishing (60)")
    add("--slow-answer", type=float, default=2.0,
        help="slow_endpoint: seconds the endpoint takes to answer 200 (2)")
    add("--kinds", default=",".join(brokers.KINDS),
        help="group R: the kinds, in order (http,kafka,amqp,sqs,sns,eventbridge,kinesis,s3)")
    add("--rounds", type=int, choices=(1, 2), default=2,
        help="group R: 2 times each kind in order, then in the reverse order, and reads "
             "each kind's mean rate (a drift over the group weighs on every kind alike); 1: "
             "once")
    add("--slow-rate", type=float, default=30.0, help="slow_endpoint: events/s (30)")
    add("--tenant-events", type=int,
        help="group N: tenant A's burst, across 20 endpoints (10000; quick 1000)")
    add("--steps", default="",
        help="comma-separated: run only these steps of the groups, after the warmup (all)")
    add("--tenant-recovered", type=int,
        help="group N: tenant A's Deliveries in one bulk recovery (20000; quick 2000)")
    add("--tenant-rate", type=float, default=20.0, help="group N: tenant B's events/s (20)")
    add("--tenant-seconds", type=float, help="group N: seconds of B's load (10; quick 5)")
    add("--slow-seconds", type=float, help="slow_endpoint: seconds of load (40; quick 20)")
    args = parser.parse_args(argv)
    quick = args.quick
    args.outage_seconds = args.outage_seconds or (30.0 if quick else 300.0)
    args.forever_seconds = args.forever_seconds or (45.0 if quick else 60.0)
    args.slow_seconds = args.slow_seconds or (20.0 if quick else 40.0)
    args.tenant_events = args.tenant_events or (1000 if quick else 10000)
    args.tenant_seconds = args.tenant_seconds or (5.0 if quick else 10.0)
    args.tenant_recovered = args.tenant_recovered or (2000 if quick else 20000)
    args.events = args.events or (100 if quick else 2000)
    args.ingest = args.ingest if args.ingest is not None else (200 if quick else 5000)
    args.timeout = args.timeout or (45.0 if quick else 150.0)
    args.paced_seconds = args.paced_seconds or (6.0 if quick else 20.0)
    args.hanging = args.hanging if args.hanging is not None else (100 if quick else 1000)
    args.healthy = args.healthy or (40 if quick else 200)
    args.throttle_events = args.throttle_events or (100 if quick else 400)
    return args


# orchestration
Plan = Callable[[Stack, httpx.AsyncClient], Awaitable[list[tuple[str, Step]]]]


class Bench:
    def __init__(self, args: argparse.Namespace, folder: Path, results: dict[str, Any]) -> None:
        self.args = args
        self.folder = folder
        self.results = results
        self.receiver = Receiver(free_port(), folder / "receiver.log")
        self.stacks: list[Stack] = []
        self.limits: dict[str, float] = {}  # scenarios that need more than --timeout
        self.brokers: brokers.Brokers | None = None  # group R's, closed at the end

    async def group(self, name: str, plan: Plan, env: dict[str, str] | None = None,
                    make: Callable[[Path], Stack] | None = None) -> None:
        """A fresh stack, bootstrapped by the CLI; warm up; run the steps; stop it."""
        folder = self.folder / f"stack-{name}"
        folder.mkdir()
        stack = make(folder) if make else Stack(folder, env)
        self.stacks.append(stack)
        info: dict[str, Any] = {"env": env or {}}
        self.results["stacks"][name] = info
        try:
            info["startup_s"] = round(await stack.start(), 2)
            info["processes"] = dict(stack.roles)
            log(f"stack {name} up in {info['startup_s']} s at {stack.api_url} {stack.roles}")
            key = stack.bootstrap()
            c = self.args.concurrency
            async with httpx.AsyncClient(base_url=stack.api_url, timeout=30, trust_env=False,
                                         headers={"Authorization": f"Bearer {key}"},
                                         limits=httpx.Limits(max_connections=c * 2)) as api:
                warm = await self.target(api, f"warm{name}", 1)
                only = set(filter(None, self.args.steps.split(",")))
                steps = [(f"warmup_{name}", self.publishing(api, stack, warm, 4 * c)),
                         *[(step, run) for step, run in await plan(stack, api)
                           if not only or step in only]]
                for step, run in steps:
                    limit = self.limits.get(step, self.args.timeout)
                    if step.startswith("memory_"):
                        limit = max(limit, int(step.split("_")[1]) / 15)
                    profiled = step in PROFILED or step.startswith("deliver_")
                    await scenario(step, run, limit, stack, self.receiver, self.results, name,
                                   log, self.args.profile and profiled)
            info["memory_mb"] = memory(stack)
        finally:
            log(f"stopping stack {name}")
            stack.stop()

    async def target(self, api: httpx.AsyncClient, tag: str, endpoints: int) -> Target:
        return await scenarios.create_target(api, self.receiver, f"bench-{tag}", tag, endpoints)

    def publishing(self, api: httpx.AsyncClient, stack: Stack, target: Target, n: int) -> Step:
        return lambda out: scenarios.publish(
            api, self.receiver, stack, target, n=n, concurrency=self.args.concurrency,
            timeout=self.args.timeout if n < 2000 else max(self.args.timeout, n / 15), out=out)

    def own_pacing(self, api: httpx.AsyncClient, stack: Stack, target: Target, share: float
                   ) -> Step:
        """Events at `share` of this run's closed-loop one-endpoint rate (publish_1's
        deliveries/s) to one endpoint: the latency a user sees at that share of what
        Hookline itself delivers."""
        async def run(out: Out) -> None:
            own = report.get(self.results["scenarios"], "publish_1", "e2e", "per_s")
            out["rate_basis"] = f"{share} x " + (f"publish_1 {own}/s" if own else
                                                 f"--paced-rate {self.args.paced_rate}/s")
            await scenarios.paced(api, self.receiver, stack, target,
                                  per_s=share * (own or self.args.paced_rate),
                                  seconds=self.args.paced_seconds, timeout=self.args.timeout,
                                  out=out)
        return run

    def pacing(self, api: httpx.AsyncClient, stack: Stack, target: Target, share: float
               ) -> Step:
        """Deliveries at `share` of the best pattern's rate as measured earlier in this run
        (events at that rate divided by the consumer's endpoints)."""
        async def run(out: Out) -> None:
            best = report.get(self.results["scenarios"], "ceiling_best", "e2e", "per_s")
            out["rate_basis"] = f"{share} x " + (f"ceiling_best {best}/s" if best else
                                                 f"--paced-rate {self.args.paced_rate}/s")
            per_s = share * (best or self.args.paced_rate) / len(target.endpoint_ids)
            await scenarios.paced(api, self.receiver, stack, target, per_s=per_s,
                                  seconds=self.args.paced_seconds, timeout=self.args.timeout,
                                  out=out)
        return run

    # the groups
    async def plan_a(self, stack: Stack, api: httpx.AsyncClient) -> list[tuple[str, Step]]:
        a, client = self.args, stack.client
        assert client is not None
        one = await self.target(api, "pub1", 1)
        return [
            ("ceiling_sender", lambda out: ceilings.sender(
                self.receiver, one.secrets[0], n=a.events, concurrency=a.concurrency,
                timeout=a.timeout, out=out, client=a.client)),
            ("ceiling_best", lambda out: ceilings.best_pattern(
                self.receiver, client, one.secrets[0], n=a.events,
                starters=a.pattern_starters, timeout=a.timeout, out=out, http=a.client)),
            *([("ceiling_best_labelled", lambda out: ceilings.best_pattern(
                self.receiver, client, one.secrets[0], n=a.events,
                starters=a.pattern_starters, timeout=a.timeout, out=out, labels=True,
                http=a.client))]
              if a.labelled_pattern else []),
            ("publish_1", self.publishing(api, stack, one, a.events)),
            *[(f"own_{pct}", self.own_pacing(api, stack, await self.target(api, f"own{pct}", 1),
                                             pct / 100)) for pct in (50, 80)],
            *[(f"paced_{pct}{suffix}", self.pacing(
                api, stack, await self.target(api, f"p{pct}x{n}", n), pct / 100))
              for pct in (80, 100) for n, suffix in ((1, ""), (10, "_10"))],
        ]

    async def plan_b(self, stack: Stack, api: httpx.AsyncClient) -> list[tuple[str, Step]]:
        a = self.args
        return [("ingest", lambda out: scenarios.ingest(
            api, self.receiver, stack, n=a.ingest, concurrency=a.concurrency,
            timeout=a.timeout, out=out))]

    async def plan_c(self, stack: Stack, api: httpx.AsyncClient) -> list[tuple[str, Step]]:
        ten = await self.target(api, "pub10", 10)
        return [("publish_10", self.publishing(api, stack, ten, self.args.events))]

    async def plan_f(self, stack: Stack, api: httpx.AsyncClient) -> list[tuple[str, Step]]:
        filtered = await scenarios.create_target(api, self.receiver, "bench-pub10f", "pub10f",
                                                 10, filters=list(scenarios.HALF_MATCHING))
        filtered.receiving = 5
        return [("publish_10_filtered", self.publishing(api, stack, filtered,
                                                        self.args.events))]

    async def plan_t(self, stack: Stack, api: httpx.AsyncClient) -> list[tuple[str, Step]]:
        shaped = await scenarios.create_target(api, self.receiver, "bench-pub10t", "pub10t",
                                               10, transformation=scenarios.SLACK)
        return [("publish_10_transformed", self.publishing(api, stack, shaped,
                                                           self.args.events))]

    async def plan_u(self, stack: Stack, api: httpx.AsyncClient) -> list[tuple[str, Step]]:
        """Issue 47: tenants' code beside other tenants (bench/tenant_code.py)."""
        self.limits["costly_filter"] = self.limits["looping_transformations"] = 240
        return [
            ("costly_filter", lambda out: tenant_code.costly_filter(
                api, self.receiver, stack, per_s=20, seconds=20, concurrency=4, timeout=90,
                out=out)),
            ("looping_transformations", lambda out: tenant_code.looping_transformations(
                api, self.receiver, stack, loopers=10, looping_events=200, per_s=10,
                seconds=20, concurrency=8, timeout=90, out=out)),
        ]

    async def plan_n(self, stack: Stack, api: httpx.AsyncClient) -> list[tuple[str, Step]]:
        """Issue 64: one tenant's backlog beside another tenant's steady load
        (bench/tenants.py); tenant B is an organization of its own."""
        a = self.args
        self.limits["tenants"] = limit = max(a.timeout, 4 * (a.tenant_events / 15 + 60))
        self.limits["tenant_previews"] = 4 * a.tenant_seconds + 120
        key = stack.bootstrap("bench-b")

        def other() -> httpx.AsyncClient:
            return httpx.AsyncClient(base_url=stack.api_url, timeout=30, trust_env=False,
                                     headers={"Authorization": f"Bearer {key}"})

        async def run(out: Out) -> None:
            async with other() as b:
                await tenants.tenants(api, b, self.receiver, stack, events=a.tenant_events,
                                      concurrency=a.concurrency, b_rate=a.tenant_rate,
                                      b_seconds=a.tenant_seconds, timeout=limit / 4, out=out)

        def beside(scenario: Callable[..., Awaitable[None]]) -> Step:
            async def step(out: Out) -> None:
                async with other() as b:
                    await scenario(api, b, self.receiver, stack, b_rate=a.tenant_rate,
                                   b_seconds=a.tenant_seconds, timeout=60, out=out)
            return step
        self.limits["tenant_hanging"] = self.limits["tenant_looping"] = \
            4 * a.tenant_seconds + 300
        # Publishing the Deliveries to recover (about 500/s), then their recovery (about 90/s).
        recovery_s = a.tenant_recovered / 50 + 4 * a.tenant_seconds + 120
        self.limits["tenant_recovery"] = recovery_s + 30

        async def recovery(out: Out) -> None:
            async with other() as b:
                await tenants.recovery(api, b, self.receiver, stack,
                                       events=a.tenant_recovered, concurrency=a.concurrency,
                                       b_rate=a.tenant_rate, b_seconds=a.tenant_seconds,
                                       timeout=recovery_s, out=out)
        return [("tenants", run), ("tenant_previews", beside(tenants.previews)),
                ("tenant_looping", beside(tenants.looping)),
                ("tenant_hanging", beside(tenants.hanging)),
                ("tenant_recovery", recovery)]

    async def plan_r(self, stack: Stack, api: httpx.AsyncClient) -> list[tuple[str, Step]]:
        """Issue 53: deliveries/s to Kafka and RabbitMQ against HTTP (bench/brokers.py)."""
        broker_folder = self.folder / "brokers"
        broker_folder.mkdir(exist_ok=True)
        self.brokers = found = brokers.Brokers(broker_folder)
        a = self.args
        warmed = await asyncio.to_thread(found.warm, a.kinds.split(","))
        self.results["stacks"]["R"]["brokers_warmed_s"] = warmed
        log(f"brokers warmed with {brokers.WARM_RECORDS} records each: {warmed} s")
        kinds = a.kinds.split(",")
        steps: list[tuple[str, Step]] = []
        targets = {}
        for kind in kinds:
            targets[kind] = target = await brokers.target(api, self.receiver, found, kind,
                                                          f"q{kind}")
            # Each kind's path warm before it is timed, as the HTTP receiver's is by the
            # group's warmup: the target's publisher made.
            warm = 4 * a.concurrency
            steps.append((f"warm_{kind}", partial(
                brokers.confirmed, api, stack, target, n=warm, concurrency=a.concurrency,
                timeout=max(a.timeout, warm / 5))))
        for step, kind in brokers.mirrored(kinds, a.rounds):
            steps.append((step, partial(
                brokers.confirmed, api, stack, targets[kind], n=a.events,
                concurrency=a.concurrency, timeout=max(a.timeout, a.events / 15))))
        return steps

    async def plan_d(self, stack: Stack, api: httpx.AsyncClient) -> list[tuple[str, Step]]:
        from hookline.settings import Settings

        a = self.args
        settings = Settings(attempt_timeout=a.attempt_timeout)
        shown = {"HOOKLINE_ATTEMPT_TIMEOUT": settings.attempt_timeout,
                 "HOOKLINE_TARGET_MAX_IN_FLIGHT": str(settings.target_max_in_flight),
                 "HOOKLINE_CIRCUIT_FAILURES": str(settings.circuit_failures),
                 "HOOKLINE_CIRCUIT_OPEN": settings.circuit_open}
        phase = max(30.0, a.healthy / a.healthy_rate + 30)
        self.limits["isolation"] = 4 * phase + 30
        self.limits["throttle"] = max(a.timeout, a.throttle_events / a.rate_limit + 60)
        self.limits["slow_endpoint"] = a.slow_seconds + 120
        return [
            ("throttle", lambda out: fairness.throttle(
                api, self.receiver, stack, limit=a.rate_limit, n=a.throttle_events,
                concurrency=a.concurrency, timeout=self.limits["throttle"], out=out)),
            ("isolation", lambda out: fairness.isolation(
                api, self.receiver, stack, hanging=a.hanging, healthy=a.healthy,
                per_s=a.healthy_rate, concurrency=a.concurrency, phase_timeout=phase,
                settings=shown, out=out)),
            ("slow_endpoint", lambda out: adaptive.slow_endpoint(
                api, self.receiver, stack, answer_s=a.slow_answer, per_s=a.slow_rate,
                seconds=a.slow_seconds, timeout=self.limits["slow_endpoint"] - 10, out=out)),
        ]

    async def plan_o(self, stack: Stack, api: httpx.AsyncClient) -> list[tuple[str, Step]]:
        a, state = self.args, outage.Outage()
        self.limits["outage"] = a.outage_seconds + 90
        self.limits["outage_drain"] = max(a.timeout, a.outage_seconds)
        return [
            ("outage", lambda out: outage.outage(
                api, self.receiver, state, seconds=a.outage_seconds, per_s=a.outage_rate,
                out=out)),
            ("outage_drain", lambda out: outage.outage_drain(
                api, self.receiver, stack, state, seconds=a.outage_seconds,
                timeout=self.limits["outage_drain"], out=out)),
        ]

    async def plan_p(self, stack: Stack, api: httpx.AsyncClient) -> list[tuple[str, Step]]:
        a = self.args
        window = sum(parse_schedule(a.forever_schedule))
        self.limits["outage_forever"] = max(a.forever_seconds, window) + 120
        return [("outage_forever", lambda out: outage.outage_forever(
            api, self.receiver, stack, seconds=a.forever_seconds, per_s=a.outage_rate,
            timeout=self.limits["outage_forever"] - 30, out=out))]

    def plan_k(self, prefix: str) -> Plan:
        async def plan(stack: Stack, api: httpx.AsyncClient) -> list[tuple[str, Step]]:
            one, ten = await self.target(api, f"{prefix}x1", 1), \
                await self.target(api, f"{prefix}x10", 10)
            return [(f"{prefix}_publish_1", self.publishing(api, stack, one, self.args.events)),
                    (f"{prefix}_publish_10", self.publishing(api, stack, ten,
                                                             self.args.events))]
        return plan

    async def clusters(self, env: dict[str, str]) -> None:
        from bench.cluster import ClusterStack
        from tests.support.postgres import throwaway_postgres

        with throwaway_postgres(max_connections=400) as url:
            for workers in (1, 2):
                await self.group(f"K{workers}", self.plan_k(f"cluster{workers}"), env, partial(
                    ClusterStack, postgres_url=url, name=f"k{workers}", workers=workers,
                    env=env))

    async def capacity(self, env: dict[str, str]) -> None:
        """The capacity plan's groups (`--capacity`): Temporal split into its services."""
        from bench.cluster import ClusterStack
        from tests.support.postgres import throwaway_postgres

        with throwaway_postgres(max_connections=400) as url:
            for name, workers, apis in (("Q1", 1, 1), ("Q2", 2, 1), ("QA", 1, 2)):
                given = {**env, "HOOKLINE_API_WORKERS": str(apis)}
                await self.group(name, self.plan_k(f"cap_{name.lower()}"), given, partial(
                    ClusterStack, postgres_url=url, name=name.lower(), workers=workers,
                    env=given, split=True))

    async def run(self) -> None:
        self.receiver.start()
        log(f"receiver on {self.receiver.base}; stacks under {self.folder}")
        a = self.args
        given = dict(item.split("=", 1) for item in a.env)
        try:
            if a.memory_check:
                async def memory_plan(stack: Stack, api: httpx.AsyncClient
                                      ) -> list[tuple[str, Step]]:
                    return [(f"memory_{n}", self.publishing(
                        api, stack, await self.target(api, f"mem{n}", 1), n))
                        for n in (2000, 10000)]
                await self.group("M", memory_plan, given)
                return
            if a.capacity:
                await self.capacity(given)
                return
            short = {**given, "HOOKLINE_ATTEMPT_TIMEOUT": a.attempt_timeout}
            forever = {**given, "HOOKLINE_RETRY_SCHEDULE": a.forever_schedule}
            for name, plan, env in (("A", self.plan_a, given), ("B", self.plan_b, given),
                                    ("C", self.plan_c, given), ("F", self.plan_f, given),
                                    ("T", self.plan_t, given), ("U", self.plan_u, given),
                                    ("R", self.plan_r, given), ("N", self.plan_n, given),
                                    ("D", self.plan_d, short),
                                    ("O", self.plan_o, given), ("P", self.plan_p, forever)):
                if name in a.groups.upper():
                    await self.group(name, plan, env)
            if a.cluster:
                await self.clusters(given)
        finally:
            await self.receiver.close()
            if self.brokers is not None:
                self.results["brokers_vs_http"] = brokers.ratios(self.results["scenarios"])
                self.brokers.close()

    def stop_everything(self) -> None:
        for stack in self.stacks:
            stack.stop()
        self.receiver.stop()


def _on_sigterm(_signum: int, _frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    signal.signal(signal.SIGTERM, _on_sigterm)
    folder = Path(tempfile.mkdtemp(prefix="hookline-bench-"))
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    results: dict[str, Any] = {
        "timestamp": stamp,
        "mode": "memory-check" if args.memory_check else "quick" if args.quick else "full",
        "config": {k: v for k, v in vars(args).items() if k not in ("keep", "memory_check")},
        "code": code_version(),
        "machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0],
                    "loadavg_at_start": os.getloadavg()},
        "ceilings": ceilings.describe(args.client), "stacks": {}, "scenarios": {},
    }
    bench = Bench(args, folder, results)
    failed = False
    try:
        import uvloop

        with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
            runner.run(bench.run())
    except Exception as exc:
        failed = True
        results["error"] = repr(exc)
        log(f"failed: {exc!r}; logs kept in {folder}")
        traceback.print_exc(file=sys.stderr)
    except KeyboardInterrupt:
        failed = True
        results["error"] = "interrupted"
        log(f"interrupted; logs kept in {folder}")
    finally:
        bench.stop_everything()
    results["total_s"] = round(time.monotonic() - STARTED, 1)
    summary = report.summarize(results)
    for line in report.lines(results):
        log(line)
    OUT_DIR.mkdir(exist_ok=True)
    path = OUT_DIR / f"results-{stamp}.json"
    path.write_text(json.dumps(results, indent=2) + "\n")
    log(f"results written to {path}")
    if not (failed or args.keep):
        shutil.rmtree(folder, ignore_errors=True)
    print(json.dumps(results, indent=2))
    if args.memory_check:
        peaks = [report.get(results["scenarios"], f"memory_{n}", "memory_mb", "api+worker",
                            "hwm_mb") for n in (2000, 10000)]
        print(f"bench-memory: rss_mb_2000={report.fmt(peaks[0])} "
              f"rss_mb_10000={report.fmt(peaks[1])}")
    print(report.summary_line(summary), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
