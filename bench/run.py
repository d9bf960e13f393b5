"""`make bench` (flags: `make bench BENCH_ARGS="--quick"`): start Hookline like a user,
measure it, and compare it with two ceilings measured in the same run.

Each group of scenarios runs on its own fresh `hookline up` (own temp folder, database and
Temporal dev server), so the backlog that a scenario cut off by its time limit leaves behind
cannot slow down the next one:
  A: warmup, ceiling_sender, ceiling_engine, publish_1   (the ceilings share A's dev server)
  B: warmup, ingest
  C: warmup, publish_10
Progress goes to stderr; stdout gets one JSON object and a last summary line. The JSON is
also written to bench/out/results-<timestamp>.json."""

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
from pathlib import Path
from types import FrameType
from typing import Any

import httpx

from bench import ceilings, scenarios
from bench.profile import Profiler
from bench.receiver import Receiver
from bench.scenarios import Out, Target
from bench.stack import (
    Stack,
    all_cpu,
    children_of,
    code_version,
    free_port,
    machine_busy_s,
    sample,
)
from bench.stats import ratio

OUT_DIR = Path(__file__).resolve().parent / "out"
SERVICE = ("api", "worker")
STARTED = time.monotonic()
Step = Callable[[Out], Awaitable[None]]


def log(message: str) -> None:
    print(f"[bench {time.monotonic() - STARTED:6.1f}s] {message}", file=sys.stderr, flush=True)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.run", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, help="events per publish scenario (2000)")
    parser.add_argument("--ingest", type=int, help="POSTs in the ingestion scenario (5000)")
    parser.add_argument("--concurrency", type=int, default=16, help="publishers (16)")
    parser.add_argument("--timeout", type=float, help="seconds per scenario (150; quick 45)")
    parser.add_argument("--quick", action="store_true", help="small counts: a smoke test")
    parser.add_argument("--memory-check", action="store_true",
                        help="instead of the scenarios: publish 2000 then 10000 events "
                             "(1 endpoint) on one stack; API+worker peak memory after each")
    parser.add_argument("--groups", default="ABC",
                        help="which stacks to run (ABC): A sending and the ceilings, "
                             "B ingestion, C ten endpoints; fewer make a quicker loop")
    parser.add_argument("--keep", action="store_true", help="keep the temp folder (logs, DBs)")
    parser.add_argument("--profile", action="store_true",
                        help="py-spy the API and worker during publish_1 and ingest "
                             "(needs `.venv/bin/pip install py-spy`); sampling pauses them, "
                             "so that run's rates are lower than a plain run's")
    args = parser.parse_args(argv)
    args.events = args.events or (100 if args.quick else 2000)
    args.ingest = args.ingest if args.ingest is not None else (200 if args.quick else 5000)
    args.timeout = args.timeout or (45.0 if args.quick else 150.0)
    return args


# measurements around a scenario
def _snapshot(stack: Stack, receiver: Receiver) -> dict[str, Any]:
    samples: dict[str, Any] = dict(stack.samples())
    samples["receiver"] = sample(receiver.pid() or -1)
    samples["bench"] = sample(os.getpid())
    return samples


def _memory(stack: Stack) -> dict[str, Any]:
    rows: dict[str, Any] = {role: (vars(s) if s else None)
                            for role, s in stack.samples().items()}
    service: list[dict[str, Any]] = [rows[r] for r in SERVICE if rows.get(r)]
    rows["api+worker"] = {"hwm_mb": round(sum(s["hwm_mb"] for s in service), 1),
                          "rss_mb": round(sum(s["rss_mb"] for s in service), 1)}
    return rows


def _others(before: dict[int, tuple[str, float]], ours: set[int]) -> list[tuple[str, float]]:
    """The three processes outside this benchmark that used the most CPU meanwhile."""
    spent = []
    for pid, (argv, cpu) in all_cpu().items():
        if pid not in ours and pid in before and cpu - before[pid][1] >= 0.5:
            spent.append((argv or f"pid {pid}", round(cpu - before[pid][1], 1)))
    return sorted(spent, key=lambda item: -item[1])[:3]


def _cpu(out: Out, before: dict[str, Any], after: dict[str, Any],
         machine: dict[str, float]) -> None:
    cpu = {role: round(after[role].cpu_s - before[role].cpu_s, 2)
           for role in after if after[role] and before.get(role)}
    cpu["api+worker"] = round(sum(cpu.get(r, 0) for r in SERVICE), 2)
    ours = sum(v for k, v in cpu.items() if k != "api+worker")
    cpu["machine"] = round(machine["busy"], 2)
    cpu["machine_interrupts"] = round(machine["interrupts"], 2)
    cpu["machine_steal"] = round(machine["steal"], 2)
    # busy time not charged to our processes: other processes, and kernel work (interrupts,
    # kworkers) that no process is charged for
    cpu["others_on_machine"] = round(max(0.0, machine["busy"] - ours), 2)
    out["cpu_s"] = cpu
    delivered = max((v.get("arrived", 0) for v in out.values() if isinstance(v, dict)),
                    default=0)
    if delivered:
        out["cpu_ms_per_delivery"] = {
            role: round(cpu[role] * 1000 / delivered, 2)
            for role in ("api", "worker", "temporal", "api+worker") if role in cpu}


async def scenario(name: str, run: Step, timeout: float, stack: Stack, receiver: Receiver,
                   results: dict[str, Any], group: str, profile: bool = False) -> Out:
    out: Out = {"stack": group}
    results["scenarios"][name] = out
    log(f"{name}: start (limit {timeout:.0f} s)")
    profiler = Profiler(OUT_DIR, f"{results['timestamp']}-{name}")
    if profile:
        profiler.start({r: p for r, p in stack.roles.items() if r in SERVICE}, timeout)
    everyone = all_cpu()
    before, busy, t0 = _snapshot(stack, receiver), machine_busy_s(), time.monotonic()
    try:
        await asyncio.wait_for(run(out), timeout + 90)  # the scenario stops itself at timeout
    except TimeoutError:
        out["status"] = "hard-timeout"
    except Exception as exc:
        out["status"] = f"error: {exc!r}"
        traceback.print_exc(file=sys.stderr)
    out["wall_s"] = round(time.monotonic() - t0, 2)
    after = _snapshot(stack, receiver)
    _cpu(out, before, after, {k: v - busy[k] for k, v in machine_busy_s().items()})
    ours = {s.pid for s in after.values() if s} | {stack.proc.pid if stack.proc else -1}
    ours |= {child for pid in list(ours) for child in children_of(pid)}  # uvicorn workers
    out["cpu_s"]["top_others"] = _others(everyone, ours)
    out["memory_mb"] = _memory(stack)
    if profile:
        out["profile"] = profiler.stop()
    if "status" not in out:
        partial = any(isinstance(v, dict) and v.get("complete") is False
                      for v in [out, *out.values()])
        out["status"] = "partial (time limit)" if partial else "ok"
    log(f"{name}: {out['status']} in {out['wall_s']} s")
    return out


# summary
def _get(data: Any, *path: str) -> Any:
    for key in path:
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data


def summarize(results: dict[str, Any]) -> dict[str, Any]:
    s = results["scenarios"]
    sender_dps = _get(s, "ceiling_sender", "per_s")
    engine_wps = _get(s, "ceiling_engine", "per_s")
    e2e_dps = _get(s, "publish_1", "e2e", "per_s")
    comparison = {}
    for label, path in (("publish_1 publish events", ("publish_1", "publish", "events_per_s")),
                        ("publish_10 publish events",
                         ("publish_10", "publish", "events_per_s")),
                        ("ingest accept", ("ingest", "accept", "accepted_per_s")),
                        ("publish_1 e2e", ("publish_1", "e2e", "per_s")),
                        ("publish_10 e2e", ("publish_10", "e2e", "per_s")),
                        ("ingest forward", ("ingest", "forward", "per_s")),
                        ("memory_2000 e2e", ("memory_2000", "e2e", "per_s")),
                        ("memory_10000 e2e", ("memory_10000", "e2e", "per_s"))):
        ours = _get(s, *path)
        if ours is not None:
            comparison[label] = {"per_s": ours, "sender_dps": sender_dps,
                                 "engine_wps": engine_wps,
                                 "ratio_sender": ratio(ours, sender_dps),
                                 "ratio_engine": ratio(ours, engine_wps)}
    peaks = [_get(g, "memory_mb", "api+worker", "hwm_mb")
             for g in results.get("stacks", {}).values()]
    peaks = [p for p in peaks if p is not None]
    summary = {
        "publish_p99_ms": _get(s, "publish_1", "publish", "latency_ms", "p99"),
        "e2e_dps": e2e_dps, "sender_dps": sender_dps, "engine_wps": engine_wps,
        "ratio_sender": ratio(e2e_dps, sender_dps), "ratio_engine": ratio(e2e_dps, engine_wps),
        "ingest_mps": _get(s, "ingest", "accept", "accepted_per_s"),
        "rss_mb": max(peaks) if peaks else None,
    }
    results["comparison"] = comparison
    results["summary"] = summary
    results["targets"] = _targets(s, summary)
    return summary


def _check(value: Any, ok: Callable[[Any], bool]) -> dict[str, Any]:
    return {"value": value, "met": None if value is None else bool(ok(value))}


def _targets(s: dict[str, Any], summary: dict[str, Any]) -> dict[str, Any]:
    targets = {
        "e2e >= 0.8 engine": _check(summary["ratio_engine"], lambda v: v >= 0.8),
        "e2e >= 0.3 sender": _check(summary["ratio_sender"], lambda v: v >= 0.3),
        "publish p99 (1 endpoint) < 50 ms": _check(summary["publish_p99_ms"], lambda v: v < 50),
        "publish p99 (10 endpoints) < 100 ms": _check(
            _get(s, "publish_10", "publish", "latency_ms", "p99"), lambda v: v < 100),
        "ingest >= 1000 msg/s": _check(summary["ingest_mps"], lambda v: v >= 1000),
        "ingest p99 < 50 ms": _check(_get(s, "ingest", "accept", "latency_ms", "p99"),
                                     lambda v: v < 50),
        "ingest stored = accepted": _check(_get(s, "ingest", "stored_equals_accepted"),
                                           lambda v: v),
        "API+worker peak < 400 MB": _check(summary["rss_mb"], lambda v: v < 400),
    }
    peaks = [_get(s, f"memory_{n}", "memory_mb", "api+worker", "hwm_mb") for n in (2000, 10000)]
    if None not in peaks:
        targets["peak flat 2000 -> 10000 (ratio < 1.10)"] = _check(
            round(peaks[1] / peaks[0], 3), lambda v: v < 1.10)
    return {k: v for k, v in targets.items() if v["value"] is not None}


def _fmt(value: Any) -> str:
    if value is None:
        return "na"
    return f"{value:g}" if isinstance(value, float) else str(value)


def summary_line(summary: dict[str, Any]) -> str:
    return "bench: " + " ".join(f"{k}={_fmt(v)}" for k, v in summary.items())


def _print_comparison(results: dict[str, Any]) -> None:
    for label, row in results.get("comparison", {}).items():
        log(f"{label:>25}: {_fmt(row['per_s'])}/s | sender {_fmt(row['sender_dps'])}/s "
            f"(x{_fmt(row['ratio_sender'])}) | engine {_fmt(row['engine_wps'])}/s "
            f"(x{_fmt(row['ratio_engine'])})")
    for name, check in results.get("targets", {}).items():
        log(f"target {name}: {_fmt(check['value'])} -> {'met' if check['met'] else 'MISSED'}")


# orchestration
class Bench:
    def __init__(self, args: argparse.Namespace, folder: Path, results: dict[str, Any]) -> None:
        self.args = args
        self.folder = folder
        self.results = results
        self.receiver = Receiver(free_port(), folder / "receiver.log")
        self.stacks: list[Stack] = []

    async def group(self, name: str,
                    plan: Callable[[Stack, httpx.AsyncClient], Awaitable[list[tuple[str, Step]]]]
                    ) -> None:
        """A fresh `hookline up`, bootstrapped by the CLI; warm up; run the steps; stop it."""
        folder = self.folder / f"stack-{name}"
        folder.mkdir()
        stack = Stack(folder)
        self.stacks.append(stack)
        info: dict[str, Any] = {}
        self.results["stacks"][name] = info
        try:
            info["startup_s"] = round(stack.start(), 2)
            info["processes"] = dict(stack.roles)
            log(f"stack {name} up in {info['startup_s']} s at {stack.api_url} {stack.roles}")
            key = stack.bootstrap()
            c = self.args.concurrency
            async with httpx.AsyncClient(base_url=stack.api_url, timeout=30, trust_env=False,
                                         headers={"Authorization": f"Bearer {key}"},
                                         limits=httpx.Limits(max_connections=c * 2)) as api:
                warm = await self.target(api, f"warm{name}", 1)
                steps = [(f"warmup_{name}", self.publishing(api, stack, warm, 4 * c)),
                         *await plan(stack, api)]
                for step, run in steps:
                    limit = self.args.timeout
                    if step.startswith("memory_"):
                        limit = max(limit, int(step.split("_")[1]) / 15)
                    profile = self.args.profile and step in ("publish_1", "ingest")
                    await scenario(step, run, limit, stack, self.receiver, self.results, name,
                                   profile)
            info["memory_mb"] = _memory(stack)
        finally:
            log(f"stopping stack {name}")
            stack.stop()

    async def target(self, api: httpx.AsyncClient, tag: str, endpoints: int) -> Target:
        return await scenarios.create_target(api, self.receiver, f"bench-{tag}", tag, endpoints)

    def publishing(self, api: httpx.AsyncClient, stack: Stack, target: Target, n: int) -> Step:
        return lambda out: scenarios.publish(
            api, self.receiver, stack, target, n=n, concurrency=self.args.concurrency,
            timeout=self.args.timeout if n < 2000 else max(self.args.timeout, n / 15), out=out)

    async def run(self) -> None:
        self.receiver.start()
        log(f"receiver on {self.receiver.base}; stacks under {self.folder}")
        a = self.args
        try:
            if a.memory_check:
                async def memory(stack: Stack, api: httpx.AsyncClient) -> list[tuple[str, Step]]:
                    return [(f"memory_{n}", self.publishing(
                        api, stack, await self.target(api, f"mem{n}", 1), n))
                        for n in (2000, 10000)]
                await self.group("M", memory)
                return

            async def group_a(stack: Stack, api: httpx.AsyncClient) -> list[tuple[str, Step]]:
                one = await self.target(api, "pub1", 1)
                return [
                    ("ceiling_sender", lambda out: ceilings.sender(
                        self.receiver, one.secrets[0], n=a.events, concurrency=a.concurrency,
                        timeout=a.timeout, out=out)),
                    ("ceiling_engine", lambda out: ceilings.engine(
                        stack.temporal_address, n=a.events, concurrency=a.concurrency,
                        timeout=a.timeout, out=out)),
                    ("publish_1", self.publishing(api, stack, one, a.events)),
                ]

            async def group_b(stack: Stack, api: httpx.AsyncClient) -> list[tuple[str, Step]]:
                return [("ingest", lambda out: scenarios.ingest(
                    api, self.receiver, stack, n=a.ingest, concurrency=a.concurrency,
                    timeout=a.timeout, out=out))]

            async def group_c(stack: Stack, api: httpx.AsyncClient) -> list[tuple[str, Step]]:
                ten = await self.target(api, "pub10", 10)
                return [("publish_10", lambda out: scenarios.publish(
                    api, self.receiver, stack, ten, n=a.events, concurrency=a.concurrency,
                    timeout=a.timeout, out=out))]

            for name, plan in (("A", group_a), ("B", group_b), ("C", group_c)):
                if name in a.groups.upper():
                    await self.group(name, plan)
        finally:
            await self.receiver.close()

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
        "config": {"events": args.events, "ingest": args.ingest,
                   "concurrency": args.concurrency, "timeout_s": args.timeout},
        "code": code_version(),
        "machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0],
                    "loadavg_at_start": os.getloadavg()},
        "ceilings": ceilings.describe(), "stacks": {}, "scenarios": {},
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
    summary = summarize(results)
    _print_comparison(results)
    OUT_DIR.mkdir(exist_ok=True)
    path = OUT_DIR / f"results-{stamp}.json"
    path.write_text(json.dumps(results, indent=2) + "\n")
    log(f"results written to {path}")
    if not (failed or args.keep):
        shutil.rmtree(folder, ignore_errors=True)
    print(json.dumps(results, indent=2))
    if args.memory_check:
        peaks = [_get(results["scenarios"], f"memory_{n}", "memory_mb", "api+worker", "hwm_mb")
                 for n in (2000, 10000)]
        print(f"bench-memory: rss_mb_2000={_fmt(peaks[0])} rss_mb_10000={_fmt(peaks[1])}")
    print(summary_line(summary), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
