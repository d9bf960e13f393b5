"""The run's figures side by side: the summary line, the rates against the two ceilings, CPU
and Temporal work per delivery, and the targets of issues 22 (engine efficiency) and 18
(fair delivery), each met or not."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bench.stats import ratio

# Whose CPU counts as the service's: Hookline's three processes; the best pattern's worker
# (and starters) run in the benchmark process.
HOOKLINE_SERVICE = ("api", "worker", "temporal")
PATTERN_SERVICE = ("bench", "temporal")
# On the cluster (`--cluster`), PostgreSQL holds Temporal's state and Hookline's: it counts.
CLUSTER_SERVICE = (*HOOKLINE_SERVICE, "postgres")
CLUSTER_RUNS = (("dev server", ""), ("cluster, 1 worker", "cluster1_"),
                ("cluster, 2 workers", "cluster2_"))
RATES = (
    ("publish_1 publish events", ("publish_1", "publish", "events_per_s")),
    ("publish_10 publish events", ("publish_10", "publish", "events_per_s")),
    ("ingest accept", ("ingest", "accept", "accepted_per_s")),
    ("publish_1 e2e", ("publish_1", "e2e", "per_s")),
    ("publish_10 e2e", ("publish_10", "e2e", "per_s")),
    ("own_50 e2e", ("own_50", "e2e", "per_s")),
    ("own_80 e2e", ("own_80", "e2e", "per_s")),
    ("paced_80 e2e", ("paced_80", "e2e", "per_s")),
    ("paced_80_10 e2e", ("paced_80_10", "e2e", "per_s")),
    ("paced_100 e2e", ("paced_100", "e2e", "per_s")),
    ("paced_100_10 e2e", ("paced_100_10", "e2e", "per_s")),
    ("ingest forward", ("ingest", "forward", "per_s")),
    ("memory_2000 e2e", ("memory_2000", "e2e", "per_s")),
    ("memory_10000 e2e", ("memory_10000", "e2e", "per_s")),
)


def get(data: Any, *path: str) -> Any:
    for key in path:
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data


def service_cpu(scenario: dict[str, Any], roles: tuple[str, ...]) -> float | None:
    per = scenario.get("cpu_ms_per_delivery") or {}
    return round(sum(per[r] for r in roles), 2) if all(r in per for r in roles) else None


def _work(s: dict[str, Any]) -> dict[str, Any]:
    """Per scenario that delivered: CPU ms per delivery per process and for the service,
    the dev server's persistence requests and frontend RPCs per delivery."""
    rows = {}
    for name, scenario in s.items():
        if not isinstance(scenario, dict) or not scenario.get("cpu_ms_per_delivery") \
                or name.startswith("warmup_"):
            continue
        roles = PATTERN_SERVICE if name.startswith("ceiling_best") else \
            CLUSTER_SERVICE if name.startswith("cluster") else HOOKLINE_SERVICE
        rows[name] = {
            "cpu_ms": scenario["cpu_ms_per_delivery"], "service_roles": "+".join(roles),
            "service_cpu_ms": service_cpu(scenario, roles),
            "persistence": get(scenario, "temporal", "persistence_requests", "per_delivery"),
            "visibility": get(scenario, "temporal", "visibility_persistence_requests",
                              "per_delivery"),
            "frontend_rpcs": get(scenario, "temporal", "service_requests",
                                 "frontend_per_delivery"),
            # a workflow task queued in matching: a start that was not eager (or a retry)
            "queued_tasks": get(scenario, "temporal", "service_requests", "by_operation",
                                "matching/AddWorkflowTask") or 0,
            "history_events": get(scenario, "history", "events")}
    return rows


def summarize(results: dict[str, Any]) -> dict[str, Any]:
    s = results["scenarios"]
    sender = get(s, "ceiling_sender", "per_s")
    best = get(s, "ceiling_best", "e2e", "per_s")
    results["comparison"] = {
        label: {"per_s": ours, "sender_dps": sender, "best_dps": best,
                "ratio_sender": ratio(ours, sender), "ratio_best": ratio(ours, best)}
        for label, path in RATES if (ours := get(s, *path)) is not None}
    work = results["work_per_delivery"] = _work(s)
    # The one-machine stacks' peaks: a cluster group's sums two workers.
    peaks = [p for name, g in results.get("stacks", {}).items() if not name.startswith("K")
             and (p := get(g, "memory_mb", "api+worker", "hwm_mb")) is not None]
    e2e, e2e10 = get(s, "publish_1", "e2e", "per_s"), get(s, "publish_10", "e2e", "per_s")
    summary = {
        "publish_p99_ms": get(s, "publish_1", "publish", "latency_ms", "p99"),
        "e2e_dps": e2e, "e2e10_dps": e2e10, "best_dps": best, "sender_dps": sender,
        "ratio_best": ratio(e2e, best), "ratio_best_10": ratio(e2e10, best),
        "ratio_1_to_10": ratio(e2e, e2e10),
        "p99_own50_ms": get(s, "own_50", "e2e", "latency_ms", "p99"),
        "p99_own80_ms": get(s, "own_80", "e2e", "latency_ms", "p99"),
        "ratio_sender": ratio(e2e, sender),
        "p99_at80_ms": get(s, "paced_80", "e2e", "latency_ms", "p99"),
        "p99_at80_10_ms": get(s, "paced_80_10", "e2e", "latency_ms", "p99"),
        "p99_at100_ms": get(s, "paced_100", "e2e", "latency_ms", "p99"),
        "p99_at100_10_ms": get(s, "paced_100_10", "e2e", "latency_ms", "p99"),
        "cpu_ms": get(work, "publish_1", "service_cpu_ms"),
        "best_cpu_ms": get(work, "ceiling_best", "service_cpu_ms"),
        "persist_pd": get(work, "publish_1", "persistence"),
        "best_persist_pd": get(work, "ceiling_best", "persistence"),
        "ingest_mps": get(s, "ingest", "accept", "accepted_per_s"),
        "ingest_p99_ms": get(s, "ingest", "accept", "latency_ms", "p99"),
        "rss_mb": max(peaks) if peaks else None,
        "iso_p99_ms": get(s, "isolation", "healthy", "p99_ms"),
        "iso_ratio": get(s, "isolation", "healthy", "throughput_ratio"),
        "iso_hanging_open": get(s, "isolation", "hanging_after", "most_open_at_receiver"),
        "slow_dps": get(s, "slow_endpoint", "steady_per_s"),
        "throttle_max_s": get(s, "throttle", "at_receiver", "max_per_clock_second"),
        "throttle_dps": get(s, "throttle", "at_receiver", "drain_per_s"),
        "outage_requests": get(s, "outage_drain", "requests_during_outage"),
        "outage_drain_s": get(s, "outage_drain", "drain_s"),
        "outage_lost": get(s, "outage_drain", "lost"),
        "outage_dup": get(s, "outage_drain", "duplicates"),
        "forever_disabled_s": get(s, "outage_forever", "disabled_after_s"),
    }
    results["summary"] = summary
    results["targets"] = _targets(s, summary)
    return summary


def _check(value: Any, ok: Callable[[Any], bool], complete: Any = True) -> dict[str, Any]:
    """A target's value and verdict; a figure from a scenario that did not finish (some
    deliveries never arrived) is not met, whatever it says."""
    met = None if value is None else bool(ok(value)) and complete is not False
    return {"value": value, "met": met, **({"complete": False} if complete is False else {})}


def _below(bound: float) -> Callable[[Any], bool]:
    return lambda value: bool(value < bound)


def _at_least(bound: float) -> Callable[[Any], bool]:
    return lambda value: bool(value >= bound)


# Latency at a load: (issue, % of the rate, of which rate, summary key, scenario, bound ms).
_LATENCY_TARGETS = (
    *(("#22", pct, f"best rate, {label}", f"at{pct}{suffix}", f"paced_{pct}{suffix}", bound)
      for pct, bound in ((80, 1000), (100, 2000))
      for suffix, label in (("", "1 endpoint"), ("_10", "10 endpoints"))),
    *(("#32", pct, "own 1-endpoint rate", f"own{pct}", f"own_{pct}", bound)
      for pct, bound in ((50, 250), (80, 1000))))


def _targets(s: dict[str, Any], summary: dict[str, Any]) -> dict[str, Any]:
    cpu_ratio = ratio(summary["cpu_ms"], summary["best_cpu_ms"])
    limit = get(s, "throttle", "rate_limit") or 20
    hanging = get(s, "isolation", "hanging")
    targets = {
        "#22 e2e, 1 endpoint >= 0.9 x best pattern": _check(summary["ratio_best"],
                                                            _at_least(0.9)),
        "#22 e2e, 10 endpoints >= 0.9 x best pattern": _check(summary["ratio_best_10"],
                                                              _at_least(0.9)),
        **{f"{issue} publish->arrival p99 at {pct / 100:g} x {basis} < {bound} ms":
           _check(summary[f"p99_{key}_ms"], _below(bound), get(s, name, "e2e", "complete"))
           for issue, pct, basis, key, name, bound in _LATENCY_TARGETS},
        "#32 e2e, 1 endpoint >= 0.95 x 10 endpoints": _check(summary["ratio_1_to_10"],
                                                            _at_least(0.95)),
        "#32 e2e, 1 endpoint >= 0.85 x best pattern": _check(summary["ratio_best"],
                                                            _at_least(0.85)),
        f"#32 slow endpoint ({fmt(get(s, 'slow_endpoint', 'answer_s'))} s) >= 20 deliveries/s":
            _check(summary["slow_dps"], _at_least(20),
                   get(s, "slow_endpoint", "complete")),
        "#32 hanging endpoint: at most its floor + a probe open at the receiver": _check(
            summary["iso_hanging_open"], lambda v: v <= 2),
        "#32 outage: only probes reach the down endpoint": _check(
            summary["outage_requests"], lambda v: v <= _probes_only(s)),
        "#22 service CPU per delivery <= 1.1 x best pattern's": _check(cpu_ratio,
                                                                      lambda v: v <= 1.1),
        "#22 publish p99 (1 endpoint) < 50 ms": _check(summary["publish_p99_ms"],
                                                       lambda v: v < 50),
        "#22 ingest >= 1000 msg/s": _check(summary["ingest_mps"], _at_least(1000)),
        "#22 ingest p99 < 50 ms": _check(summary["ingest_p99_ms"], lambda v: v < 50),
        "#22 ingest stored = accepted": _check(get(s, "ingest", "stored_equals_accepted"),
                                               lambda v: v),
        "#22 API+worker peak < 400 MB": _check(summary["rss_mb"], lambda v: v < 400),
        "#35 publish p99 (10 endpoints with filters, 5 match) < 50 ms": _check(
            get(s, "publish_10_filtered", "publish", "latency_ms", "p99"), lambda v: v < 50),
        "#35 e2e with a transformation on every endpoint >= 0.85 x publish_10": _check(
            ratio(get(s, "publish_10_transformed", "e2e", "per_s"),
                  get(s, "publish_10", "e2e", "per_s")), _at_least(0.85)),
        "#47 others' publish p99 beside a costly filter <= 1.2 x without": _check(
            get(s, "costly_filter", "ratio"), lambda v: v <= 1.2,
            get(s, "costly_filter", "complete")),
        "#47 healthy publish->arrival p99 < 1000 ms beside 10 looping transformations":
            _check(get(s, "looping_transformations", "healthy", "p99_ms"), lambda v: v < 1000,
                   get(s, "looping_transformations", "complete")),
        "earlier: publish p99 (10 endpoints) < 100 ms": _check(
            get(s, "publish_10", "publish", "latency_ms", "p99"), lambda v: v < 100),
        f"#18 healthy p99 < 1000 ms while {hanging} hang": _check(
            summary["iso_p99_ms"], lambda v: v < 1000,
            get(s, "isolation", "with", "paced", "e2e", "complete")),
        "#18 healthy throughput >= 0.8 x alone": _check(summary["iso_ratio"],
                                                        _at_least(0.8)),
        f"#18 throttle: no clock second > {limit} arrivals": _check(
            summary["throttle_max_s"], lambda v: v <= limit),
        f"#18 throttle: drain {limit}/s +-10%": _check(
            summary["throttle_dps"], lambda v: abs(v - limit) <= 0.1 * limit,
            get(s, "throttle", "e2e", "complete")),
    }
    peaks = [get(s, f"memory_{n}", "memory_mb", "api+worker", "hwm_mb") for n in (2000, 10000)]
    if None not in peaks:
        targets["#22 peak flat 2000 -> 10000 (ratio < 1.10)"] = _check(
            round(peaks[1] / peaks[0], 3), lambda v: v < 1.10)
    return {k: v for k, v in targets.items() if v["value"] is not None}


def _probes_only(s: dict[str, Any]) -> float:
    """The most requests a down endpoint may see over the outage: the failures that open
    its breaker, then one probe per open time (the defaults), and one in flight either side."""
    from hookline.settings import Settings, parse_duration

    defaults = Settings()
    down = get(s, "outage", "down_s") or 0
    return defaults.circuit_failures + down / parse_duration(defaults.circuit_open) + 2


def fmt(value: Any) -> str:
    if value is None:
        return "na"
    return f"{value:g}" if isinstance(value, float) else str(value)


def summary_line(summary: dict[str, Any]) -> str:
    return "bench: " + " ".join(f"{k}={fmt(v)}" for k, v in summary.items())


def lines(results: dict[str, Any]) -> list[str]:
    """The comparison printout, one line each."""
    out = []
    for label, row in results.get("comparison", {}).items():
        out.append(f"{label:>25}: {fmt(row['per_s'])}/s | sender {fmt(row['sender_dps'])}/s "
                   f"(x{fmt(row['ratio_sender'])}) | best pattern {fmt(row['best_dps'])}/s "
                   f"(x{fmt(row['ratio_best'])})")
    out.append("per delivery: CPU ms by process | service CPU ms | Temporal persistence "
               "requests | visibility requests | frontend RPCs | workflow tasks queued "
               "(not eager) | history events")
    for name, row in results.get("work_per_delivery", {}).items():
        cpu = " ".join(f"{role} {fmt(row['cpu_ms'].get(role))}"
                       for role in ("api", "worker", "temporal", "bench", "receiver")
                       ) + (f" postgres {fmt(row['cpu_ms'].get('postgres'))}"
                            if "postgres" in row["cpu_ms"] else "")
        out.append(f"{name:>25}: {cpu} | {row['service_roles']} {fmt(row['service_cpu_ms'])}"
                   f" | {fmt(row['persistence'])} | {fmt(row['visibility'])}"
                   f" | {fmt(row['frontend_rpcs'])} | {fmt(row['queued_tasks'])}"
                   f" | {fmt(row['history_events'])}")
    s = results.get("scenarios", {})
    for name, label in (("publish_1", "Hookline"), ("ceiling_best", "best pattern")):
        if (types := get(s, name, "history", "types")) is not None:
            out.append(f"history, {label}: {len(types)} events: {' '.join(types)}")
    out.extend(_cluster_lines(s, results.get("work_per_delivery", {})))
    out.extend(_capacity_lines(s))
    if (h := get(s, "isolation", "healthy")) is not None:
        out.append(f"isolation: healthy paced p50/p99/max {fmt(h['p50_ms'])}/{fmt(h['p99_ms'])}"
                   f"/{fmt(h['max_ms'])} ms (alone p99 {fmt(h['p99_ms_alone'])}) | burst "
                   f"{fmt(h['burst_per_s'])}/s vs {fmt(h['burst_per_s_alone'])}/s alone "
                   f"(x{fmt(h['throughput_ratio'])}) | hanging after: "
                   f"{get(s, 'isolation', 'hanging_after')}")
    out.extend(_latency_lines(s))
    if (slow := get(s, "slow_endpoint")) is not None:
        out.append(f"slow_endpoint (answers after {fmt(slow.get('answer_s'))} s, "
                   f"{fmt(slow.get('offered_per_s'))} events/s for {fmt(slow.get('seconds'))} "
                   f"s): {fmt(slow.get('steady_per_s'))} deliveries/s over the second half | "
                   f"first second with 20: {fmt(slow.get('first_second_with_20_s'))} s | most "
                   f"open at the receiver {fmt(slow.get('most_open_at_receiver'))} | "
                   f"concurrencyLimit by second {slow.get('limit_by_second')} | "
                   f"{slow.get('db_statuses')}")
    if (c := get(s, "costly_filter")) is not None:
        out.append(f"costly_filter ({c.get('filter')}, ~1 MiB events): others' publish p99 "
                   f"{c.get('others_publish_p99_ms')} ms, x{fmt(c.get('ratio'))} | hostile "
                   f"publish {get(c, 'with', 'hostile', 'latency_ms')} vs without its filter "
                   f"{get(c, 'without', 'hostile', 'latency_ms')}")
    if (lt := get(s, "looping_transformations", "healthy")) is not None:
        out.append(f"looping_transformations: healthy p50/p99/max {fmt(lt['p50_ms'])}/"
                   f"{fmt(lt['p99_ms'])}/{fmt(lt['max_ms'])} ms (alone p99 "
                   f"{fmt(lt['p99_ms_alone'])}) beside "
                   f"{fmt(get(s, 'looping_transformations', 'loopers'))} looping endpoints")
    if (t := get(s, "throttle", "at_receiver")) is not None:
        out.append(f"throttle {fmt(get(s, 'throttle', 'rate_limit'))}/s: {t}")
    out.extend(_outage_lines(s))
    for name, check in results.get("targets", {}).items():
        out.append(f"target {name}: {fmt(check['value'])} -> "
                   f"{'met' if check['met'] else 'NOT MET'}")
    return out


def _latency_lines(s: dict[str, Any]) -> list[str]:
    """Publish->arrival latency of the open loops, one endpoint: at 50% and 80% of this run's
    own closed-loop one-endpoint rate, beside the pattern-based paced ones."""
    out = []
    for name in ("own_50", "own_80", "paced_80", "paced_100"):
        if (e2e := get(s, name, "e2e")) is None:
            continue
        ms = e2e.get("latency_ms") or {}
        out.append(f"{name:>9} ({get(s, name, 'rate_basis')} = "
                   f"{fmt(get(s, name, 'offered_per_s'))} events/s): publish->arrival "
                   f"p50/p95/p99 {fmt(ms.get('p50'))}/{fmt(ms.get('p95'))}/{fmt(ms.get('p99'))}"
                   f" ms, {fmt(e2e.get('per_s'))} deliveries/s | {e2e.get('gate')}")
    return out


def _per_s(s: dict[str, Any], name: str, role: str) -> Any:
    """A process's CPU ms per second of a scenario's wall time."""
    cpu, wall = get(s, name, "cpu_s", role), get(s, name, "wall_s")
    return round(cpu * 1000 / wall, 1) if cpu is not None and wall else None


def _outage_lines(s: dict[str, Any]) -> list[str]:
    out = []
    if (o := get(s, "outage")) is not None:
        d = get(s, "outage_drain") or {}
        out.append(f"outage {fmt(o.get('down_s'))} s at {fmt(o.get('offered_per_s'))} events/s: "
                   f"published {fmt(o.get('published'))}, requests during the outage "
                   f"{fmt(d.get('requests_during_outage', o.get('requests_at_receiver')))} | "
                   f"CPU ms/s temporal {fmt(_per_s(s, 'outage', 'temporal'))} worker "
                   f"{fmt(_per_s(s, 'outage', 'worker'))} api {fmt(_per_s(s, 'outage', 'api'))}"
                   f" | drained {fmt(d.get('drain_s'))} s after recovery | lost "
                   f"{fmt(d.get('lost'))} duplicates {fmt(d.get('duplicates'))} | "
                   f"{d.get('db_statuses')}")
    if (f := get(s, "outage_forever")) is not None:
        out.append(f"outage_forever: disabled after {fmt(f.get('disabled_after_s'))} s, "
                   f"published {fmt(f.get('published'))}, requests "
                   f"{fmt(f.get('requests_at_receiver'))}, deliveries {f.get('db_statuses')}")
    return out


def _cluster_lines(s: dict[str, Any], work: dict[str, Any]) -> list[str]:
    """`--cluster`: each publish scenario on the dev server and on the cluster, side by side."""
    if get(s, "cluster1_publish_1") is None:
        return []
    out = ["dev server vs cluster: publish events/s | publish p99 ms | e2e deliveries/s | "
           "e2e p99 ms | service CPU ms per delivery"]
    for scenario in ("publish_1", "publish_10"):
        for label, prefix in CLUSTER_RUNS:
            name = prefix + scenario
            if get(s, name) is None:
                continue
            out.append(f"{scenario:>12}, {label:>18}: "
                       f"{fmt(get(s, name, 'publish', 'events_per_s'))} | "
                       f"{fmt(get(s, name, 'publish', 'latency_ms', 'p99'))} | "
                       f"{fmt(get(s, name, 'e2e', 'per_s'))} | "
                       f"{fmt(get(s, name, 'e2e', 'latency_ms', 'p99'))} | "
                       f"{fmt(get(work, name, 'service_cpu_ms'))}")
    return out


CAPACITY_CPU = ("api", "worker", "temporal_frontend", "temporal_history", "temporal_matching",
                "temporal_worker", "postgres")
CAPACITY_PG = ("wal_bytes", "hookline_bytes", "temporal_default_bytes",
               "temporal_visibility_bytes", "hookline_commits", "temporal_default_commits",
               "temporal_visibility_commits")


def _capacity_lines(s: dict[str, Any]) -> list[str]:
    """`--capacity`: the capacity plan's inputs (docs/SCALING.md), per scenario."""
    names = [name for name in s if name.startswith("cap_")]
    if not names:
        return []
    out = ["capacity: publish events/s | e2e deliveries/s | CPU ms per delivery: "
           + " ".join(CAPACITY_CPU) + " = total | persistence, visibility requests | "
           "PostgreSQL per delivery: " + " ".join(CAPACITY_PG)]
    for name in names:
        cpu = s[name].get("cpu_ms_per_delivery", {})
        total = sum(cpu.get(role) or 0 for role in CAPACITY_CPU)
        pg = s[name].get("postgres_per_delivery") or {}
        requests = [get(s, name, "temporal", metric, "per_delivery") for metric in
                    ("persistence_requests", "visibility_persistence_requests")]
        out.append(f"{name:>22}: {fmt(get(s, name, 'publish', 'events_per_s'))} | "
                   f"{fmt(get(s, name, 'e2e', 'per_s'))} | "
                   + " ".join(fmt(cpu.get(role)) for role in CAPACITY_CPU)
                   + f" = {fmt(round(total, 2))} | "
                   + ", ".join(fmt(r) for r in requests) + " | "
                   + " ".join(fmt(pg.get(key)) for key in CAPACITY_PG))
    return out
