"""The capacity plan's model (docs/SCALING.md), from a `--capacity` run's measured costs:

    python -m bench.capacity_model bench/out/results-<stamp>.json [--scenario cap_q1_publish_1]

prints, for 100, 1,000 and 10,000 deliveries/s, the cores of each component, PostgreSQL's
write load and storage, the history shards to choose and the workers per frontend. Every
assumption is a named constant below and is printed with the tables."""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

RATES = (100, 1_000, 10_000)
# Assumptions (docs/SCALING.md says why each):
UTILIZATION = 0.6  # plan cores to run at 60% busy: headroom for bursts and retries' backlog
HOOKLINE_RETENTION_DAYS = 30  # HOOKLINE_RETENTION's default
TEMPORAL_RETENTION_DAYS = 7  # HOOKLINE_TEMPORAL_RETENTION's default (the namespace's)
# A shard runs one persistence operation at a time (history.shardIOConcurrency = 1), so it
# sustains 1000 / latency writes/s; planned at a quarter of that, with a PostgreSQL write
# taking 5 ms under load, that is 50 writes/s per shard.
SHARD_WRITE_MS = 5.0
SHARD_BUSY = 0.25
SHARD_WRITES_PER_S = SHARD_BUSY * 1000 / SHARD_WRITE_MS
SHARD_HEADROOM = 2  # shards are fixed for life: plan for twice the target rate
MIN_SHARDS = 512  # the usual floor for a production cluster (../shared/reference/temporal.md)
VISIBILITY_SQL_ROWS = 100e6  # past this many retained visibility rows, Elasticsearch/OpenSearch
VISIBILITY_SQL_WRITES_PER_S = 1_000  # or past this many visibility writes per second
SVIX_RATE = 2_880  # Svix's published deliveries/s across ten endpoints
BOX_CORES = (2, 8, 16)
COMPONENTS = (("API", ("api",)), ("worker", ("worker",)),
              ("Temporal frontend", ("temporal_frontend",)),
              ("Temporal history", ("temporal_history",)),
              ("Temporal matching + worker", ("temporal_matching", "temporal_worker")),
              ("PostgreSQL", ("postgres",)))
WRITES = ("CreateWorkflowExecution", "UpdateWorkflowExecution", "ConflictResolveWorkflowExecution",
          "SetWorkflowExecution", "AppendHistoryNodes", "CompleteHistoryTask",
          "RangeCompleteHistoryTasks", "UpdateShard", "DeleteWorkflowExecution")


def costs(scenario: dict[str, Any]) -> dict[str, Any]:
    """The per-delivery inputs of one scenario."""
    cpu = scenario["cpu_ms_per_delivery"]
    persistence = scenario["temporal"]["persistence_requests"]
    writes = sum(value or 0 for op, value in persistence["by_operation"].items()
                 if op in WRITES)
    return {"cpu_ms": {name: round(sum(cpu.get(role) or 0 for role in roles), 2)
                       for name, roles in COMPONENTS},
            "persistence": persistence["per_delivery"],
            "history_writes": round(writes, 3),
            "visibility": scenario["temporal"]["visibility_persistence_requests"]["per_delivery"],
            "pg": scenario["postgres_per_delivery"],
            "e2e_per_s": scenario["e2e"]["per_s"]}


def plan(inputs: dict[str, Any], rate: int) -> dict[str, Any]:
    cpu, pg = inputs["cpu_ms"], inputs["pg"]
    cores = {name: rate * ms / 1000 / UTILIZATION for name, ms in cpu.items()}
    shard_writes = rate * inputs["history_writes"] * SHARD_HEADROOM
    shards = 2 ** math.ceil(math.log2(max(shard_writes / SHARD_WRITES_PER_S, 1)))
    visibility_rows = rate * 86400 * TEMPORAL_RETENTION_DAYS
    visibility_writes = rate * inputs["visibility"]
    day = rate * 86400
    return {
        "cores": cores, "total_cores": sum(cores.values()),
        "persistence_per_s": rate * inputs["persistence"],
        # pg_stat_database's xact_commit: every transaction, reads (Temporal's task-queue
        # polls) as well as writes
        "transactions_per_s": rate * sum(pg[f"{db}_commits"] for db in
                                         ("hookline", "temporal_default", "temporal_visibility")),
        "wal_mb_per_s": rate * pg["wal_bytes"] / 1e6,
        "stored_gb": {
            "hookline": day * pg["hookline_bytes"] * HOOKLINE_RETENTION_DAYS / 1e9,
            "temporal": day * pg["temporal_default_bytes"] * TEMPORAL_RETENTION_DAYS / 1e9,
            "visibility": day * pg["temporal_visibility_bytes"] * TEMPORAL_RETENTION_DAYS / 1e9},
        "stored_gb_per_day": day * sum(pg[f"{db}_bytes"] for db in (
            "hookline", "temporal_default", "temporal_visibility")) / 1e9,
        "shards": max(shards, MIN_SHARDS),
        "elasticsearch": (visibility_rows > VISIBILITY_SQL_ROWS
                          or visibility_writes > VISIBILITY_SQL_WRITES_PER_S),
        "visibility_rows": visibility_rows, "visibility_writes_per_s": visibility_writes,
    }


def workers_per_frontend(inputs: dict[str, Any]) -> float:
    """Worker cores one frontend core serves: their CPU per delivery, in ratio."""
    return inputs["cpu_ms"]["worker"] / max(inputs["cpu_ms"]["Temporal frontend"], 0.01)


def lines(inputs: dict[str, Any]) -> list[str]:
    out = [f"inputs per delivery: CPU ms {inputs['cpu_ms']} | persistence requests "
           f"{inputs['persistence']} (history writes {inputs['history_writes']}) | visibility "
           f"{inputs['visibility']} | PostgreSQL {inputs['pg']}",
           f"assumptions: {UTILIZATION:.0%} busy cores; retention {HOOKLINE_RETENTION_DAYS} d "
           f"(Hookline), {TEMPORAL_RETENTION_DAYS} d (Temporal); {SHARD_WRITES_PER_S:.0f} history "
           f"writes/s per shard at {SHARD_HEADROOM}x the rate, at least {MIN_SHARDS} shards; "
           f"Elasticsearch past {VISIBILITY_SQL_ROWS:.0e} visibility rows or "
           f"{VISIBILITY_SQL_WRITES_PER_S} visibility writes/s"]
    for rate in RATES:
        p = plan(inputs, rate)
        cores = " ".join(f"{name} {value:.1f}" for name, value in p["cores"].items())
        out.append(f"{rate:>6}/s: cores {cores} = {p['total_cores']:.1f} | persistence "
                   f"{p['persistence_per_s']:.0f}/s, transactions "
                   f"{p['transactions_per_s']:.0f}/s, WAL "
                   f"{p['wal_mb_per_s']:.1f} MB/s | stored GB/day {p['stored_gb_per_day']:.1f},"
                   f" retained GB " + " ".join(f"{k} {v:.0f}" for k, v in p["stored_gb"].items())
                   + f" | shards {p['shards']} | visibility {p['visibility_writes_per_s']:.0f} "
                   f"writes/s, {p['visibility_rows']:.2e} rows: "
                   + ("Elasticsearch/OpenSearch" if p["elasticsearch"] else "PostgreSQL"))
    out.append(f"worker cores per frontend core: {workers_per_frontend(inputs):.1f}")
    total_ms = sum(inputs["cpu_ms"].values())
    busy = SVIX_RATE * total_ms / 1000
    out.append(f"Svix's {SVIX_RATE}/s: {busy:.0f} busy cores at {total_ms:.1f} ms per delivery; "
               + ", ".join(f"{math.ceil(busy / UTILIZATION / cores)} boxes of {cores} cores"
                           for cores in BOX_CORES)
               + f" at {UTILIZATION:.0%}; {math.ceil(busy / 2)} boxes of 2 cores flat out")
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", type=Path)
    # publish_1 is the scenario that completes (every event delivered), so that rows
    # written and rows delivered are the same Deliveries; publish_10's fan-out writes ten
    # rows per event whether or not they arrive within the time limit.
    parser.add_argument("--scenario", default="cap_q1_publish_1")
    args = parser.parse_args(argv)
    results = json.loads(args.results.read_text())
    inputs = costs(results["scenarios"][args.scenario])
    print("\n".join(lines(inputs)))


if __name__ == "__main__":
    main()
