"""`python -m bench.target_code`: the CPU a target's code costs (issues 35 and 47): one
payload filter evaluation, and one transformation call.

Filters run at fan-out, once per subscribed target that has one: this prints the CPU per
evaluation of a typical filter over the bench's event (`scenarios.payload`) already decoded
in cel-go, per decoding (once per fan-out), per first compile of a filter's text (later ones
hit the cache), and per fan-out of one event to ten filtered endpoints (`filters.admitted`).
Then per call of a transformation that reshapes the event for Slack in its target's warm V8
context (`delivery/shaping.shaped`, the code an attempt runs: the CPU of this process and of
its executor processes), and per first call (a new context). Each round is timed on its
own; the figures are the rounds' median."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections.abc import Callable
from dataclasses import replace

from bench.scenarios import EVENT_TYPE, HALF_MATCHING, SLACK, payload
from hookline.delivery.model import Outgoing
from hookline.delivery.shaping import shaped
from hookline.persistence.models import Endpoint
from hookline.tenant_code import celgo, filters
from hookline.tenant_code.transform_pool import ExecutorPool
from hookline.tenant_code.transformations import Limits


def _cpu() -> float:
    """CPU seconds of this process and its children (the transformation executors)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = time.process_time()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == os.getpid():  # ppid; then utime and stime at 11 and 12
            total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def _cpu_us(work: Callable[[], object], count: int) -> float:
    started = _cpu()
    for _ in range(count):
        work()
    return (_cpu() - started) / count * 1e6


def main(count: int, rounds: int) -> None:
    variables = filters.event_variables(EVENT_TYPE, payload(7), "bench", "evt_1")
    converted = filters.context(variables)
    programs = celgo.Programs(filters.COST_BUDGET)
    source = HALF_MATCHING[1]
    targets = [Endpoint(id=f"ep_{n}", environment_id="env", consumer_id="c", url="u",
                        secret="s", filter=f) for n, f in enumerate(HALF_MATCHING)]
    texts = iter(f"data.amount > {n}" for n in range(10**9))

    def compile_new() -> object:
        return programs.get(next(texts))

    def convert() -> object:
        with filters.context(variables) as made:
            return made

    def fan_out() -> object:
        return filters.admitted(targets, lambda: variables)

    body = json.dumps({"type": EVENT_TYPE, "timestamp": "2026-11-26T00:00:00.000Z",
                       "data": payload(7)}).encode()
    pool = ExecutorPool(Limits(1.0, 64 * 2**20))
    out = Outgoing(url="http://127.0.0.1/", msg_id="evt_1", body=body,
                   content_type="application/json", custom_headers={}, secrets=[],
                   require_https=False, target_id="ep_bench", transformation=SLACK,
                   event_type=EVENT_TYPE)
    targets_made = iter(range(10**9))
    shaped(pool, out)  # the executors start before the rounds

    def cold() -> object:
        return shaped(pool, replace(out, target_id=f"ep_{next(targets_made)}"))

    found: dict[str, list[float]] = {"evaluate_us": [], "convert_us": [], "compile_us": [],
                                     "fan_out_10_us": [], "transform_us": [],
                                     "transform_first_us": []}
    for _ in range(rounds):
        found["evaluate_us"].append(_cpu_us(lambda: filters.evaluate(source, converted),
                                            count))
        found["convert_us"].append(_cpu_us(convert, count))
        found["compile_us"].append(_cpu_us(compile_new, max(1, count // 10)))
        found["fan_out_10_us"].append(_cpu_us(fan_out, max(1, count // 10)))
        found["transform_us"].append(_cpu_us(lambda: shaped(pool, out), max(1, count // 20)))
        found["transform_first_us"].append(_cpu_us(cold, max(1, count // 500)))
    pool.close()
    converted.__exit__()
    print(json.dumps({"filter": source, "count": count, "rounds": rounds,
                      **{k: round(statistics.median(v), 2) for k, v in found.items()}},
                     indent=1))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    main(args.count, args.rounds)
