"""What is measured around every scenario: CPU seconds per process (and per delivery) from
/proc, the machine's busy time, memory, the Temporal dev server's counters, the history of
one delivered workflow, and optionally profiles (py-spy, and perf for every process)."""

from __future__ import annotations

import asyncio
import os
import sys
import time
import traceback
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bench import temporal_stats
from bench.profile import Profiler
from bench.receiver import Receiver
from bench.scenarios import Out
from bench.stack import Stack, all_cpu, children_of, machine_busy_s, sample

OUT_DIR = Path(__file__).resolve().parent / "out"
SERVICE = ("api", "worker")
PER_DELIVERY = ("api", "worker", "temporal", "api+worker", "bench", "receiver",
                # on the cluster only (bench/cluster.py); the services with --capacity
                "postgres", "temporal_frontend", "temporal_history", "temporal_matching",
                "temporal_worker")
SETTLE = 1.0  # seconds between a scenario's end and its "after" measurements
Step = Callable[[Out], Awaitable[None]]
Log = Callable[[str], None]


def _snapshot(stack: Stack, receiver: Receiver) -> dict[str, Any]:
    samples: dict[str, Any] = dict(stack.samples())
    samples["receiver"] = sample(receiver.pid() or -1)
    samples["bench"] = sample(os.getpid())
    return samples


def memory(stack: Stack) -> dict[str, Any]:
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
         machine: dict[str, float]) -> int:
    """CPU seconds per process over the scenario, and ms per delivery; returns how many
    deliveries arrived (the largest `arrived` among the scenario's parts)."""
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
            for role in PER_DELIVERY if role in cpu}
    return delivered


async def scenario(name: str, run: Step, timeout: float, stack: Stack, receiver: Receiver,
                   results: dict[str, Any], group: str, log: Log, profile: bool = False
                   ) -> Out:
    """Run one scenario with its time limit, measured; its figures go to
    results["scenarios"][name]."""
    out: Out = {"stack": group}
    results["scenarios"][name] = out
    log(f"{name}: start (limit {timeout:.0f} s)")
    profiler = Profiler(OUT_DIR, f"{results['timestamp']}-{name}")
    if profile:
        python = ({"bench": os.getpid()} if name.startswith("ceiling_") else
                  {r: p for r, p in stack.roles.items() if r in SERVICE})
        go = {r: p for r, p in stack.roles.items() if r == "temporal"}
        profiler.start(python | go, timeout)
    everyone = all_cpu()
    counters = await temporal_stats.read(stack.metrics_urls())
    stored = await asyncio.to_thread(stack.storage)
    before, busy, t0 = _snapshot(stack, receiver), machine_busy_s(), time.monotonic()
    try:
        await asyncio.wait_for(run(out), timeout + 90)  # the scenario stops itself at timeout
    except TimeoutError:
        out["status"] = "hard-timeout"
    except Exception as exc:
        out["status"] = f"error: {exc!r}"
        traceback.print_exc(file=sys.stderr)
    out["wall_s"] = round(time.monotonic() - t0, 2)
    await asyncio.sleep(SETTLE)  # the last workflows' completions, after their arrivals
    after = _snapshot(stack, receiver)
    delivered = _cpu(out, before, after, {k: v - busy[k] for k, v in machine_busy_s().items()})
    out["temporal"] = temporal_stats.per_delivery(
        counters, await temporal_stats.read(stack.metrics_urls()), delivered)
    if stored is not None and delivered:
        grown = await asyncio.to_thread(stack.storage)
        out["postgres_per_delivery"] = {key: round((grown[key] - value) / delivered, 2)
                                        for key, value in stored.items()} if grown else None
    ours = {s.pid for s in after.values() if s} | {stack.proc.pid if stack.proc else -1}
    ours |= {child for pid in list(ours) for child in children_of(pid)}  # uvicorn workers
    out["cpu_s"]["top_others"] = _others(everyone, ours)
    out["memory_mb"] = memory(stack)
    if profile:
        out["profile"] = profiler.stop()
    await _history(stack, out)
    if "status" not in out:
        partial = any(isinstance(v, dict) and v.get("complete") is False
                      for v in [out, *out.values()])
        out["status"] = "partial (time limit)" if partial else "ok"
    log(f"{name}: {out['status']} in {out['wall_s']} s")
    return out


async def _history(stack: Stack, out: Out) -> None:
    """The history of one delivered workflow of the scenario, when it names one."""
    workflow_id = out.get("sample_workflow_id")
    if workflow_id and stack.client is not None:
        try:
            out["history"] = await temporal_stats.history(stack.client, workflow_id)
        except Exception as exc:
            out["history"] = {"error": repr(exc)}
