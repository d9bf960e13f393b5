"""Issue 50 (7): the Grafana dashboard, deploy/grafana/hookline.json. It picks its Prometheus
at import (a `datasource` variable, no data source uid written in), has the panels the
issue asks for on a grid without overlaps, and the PromQL reader that holds its queries to
a running stack's scrape (`test_metrics.py`) catches a misspelt name. The chart's copy is
checked in `test_helm_chart.py`."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families

from hookline.observability.metrics import OUTCOMES
from tests.support import grafana
from tests.support.promql import PromQLError, Query, Selector, exported, read, unexported

DATASOURCE = {"type": "prometheus", "uid": "${datasource}"}

# The panels of the issue, each by a metric its queries must read.
ASKED = {
    "deliveries by outcome": "hookline_deliveries_finished_total",
    "attempt latency percentiles": "hookline_attempt_duration_seconds_bucket",
    "backlog: the outbox": "hookline_outbox_depth",
    "backlog: retrying": "hookline_deliveries_retrying",
    "open circuits": "hookline_targets_by_circuit",
    "concurrency limits": "hookline_target_concurrency_limit",
    "filter errors": "hookline_filter_errors_total",
    "transformation errors": "hookline_transform_executor_restarts_total",
    "ingestion by provider and verification": "hookline_ingest_messages_total",
    "API request rate and errors": "hookline_api_request_duration_seconds_count",
    # Issue 68: the proxy's own failures, and the workers' health from the Temporal SDK.
    "egress proxy failures": "hookline_egress_proxy_failures_total",
    "workflow tasks waiting for a worker":
        "temporal_workflow_task_schedule_to_start_latency_seconds_bucket",
    "worker task slots": "temporal_worker_task_slots_used",
}

SCRAPE = """\
# HELP hookline_api_request_duration_seconds Time to answer.
# TYPE hookline_api_request_duration_seconds histogram
hookline_api_request_duration_seconds_bucket{route="publish",status="2xx",le="0.005"} 1.0
hookline_api_request_duration_seconds_bucket{route="publish",status="2xx",le="+Inf"} 1.0
hookline_api_request_duration_seconds_count{route="publish",status="2xx"} 1.0
hookline_api_request_duration_seconds_sum{route="publish",status="2xx"} 0.004
# HELP hookline_attempts HTTP attempts.
# TYPE hookline_attempts counter
hookline_attempts_total{outcome="transformation",target="endpoint"} 0.0
# HELP hookline_outbox_depth Starts waiting.
# TYPE hookline_outbox_depth gauge
hookline_outbox_depth 0.0
"""


def _walk(node: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield key, value
            yield from _walk(value)
    elif isinstance(node, list):
        for item in node:
            yield from _walk(item)


def test_the_dashboard_asks_for_its_prometheus_and_writes_in_no_uid() -> None:
    dashboard = grafana.load()
    assert dashboard["schemaVersion"] >= 39  # Grafana 11 and later
    variables = {v["name"]: v for v in dashboard["templating"]["list"]}
    assert variables["datasource"]["type"] == "datasource"
    assert variables["datasource"]["query"] == "prometheus"
    for panel in grafana.panels(dashboard):
        assert panel["datasource"] == DATASOURCE, panel["title"]
        assert panel["targets"], panel["title"]
        for target in panel["targets"]:
            assert target["datasource"] == DATASOURCE, panel["title"]
    # Grafana's own annotation source aside, a data source is only ever the variable.
    sources = [value for key, value in _walk(dashboard) if key == "datasource"]
    assert {s["uid"] for s in sources} == {"${datasource}", "-- Grafana --"}


def test_it_has_the_panels_the_issue_asks_for() -> None:
    dashboard = grafana.load()
    read_by = {
        selector.metric
        for expr in grafana.expressions(dashboard)
        for selector in read(expr).selectors
    }
    assert {topic for topic, metric in ASKED.items() if metric not in read_by} == set()
    titles = [panel["title"] for panel in grafana.panels(dashboard)]
    assert len(titles) == len(set(titles))
    quantiles = [
        expr
        for expr in grafana.expressions(dashboard)
        if "hookline_attempt_duration_seconds_bucket" in expr
    ]
    assert all(expr.startswith("histogram_quantile(") and "by (le" in expr for expr in quantiles)
    assert any('outcome="transformation"' in expr for expr in grafana.expressions(dashboard))


def test_panels_sit_on_the_grid_without_overlapping() -> None:
    taken: set[tuple[int, int]] = set()
    ids = []
    for panel in grafana.load()["panels"]:
        grid = panel["gridPos"]
        assert grid["x"] + grid["w"] <= 24, panel["title"]
        cells = {
            (x, y)
            for x in range(grid["x"], grid["x"] + grid["w"])
            for y in range(grid["y"], grid["y"] + grid["h"])
        }
        assert not cells & taken, panel["title"]
        taken |= cells
        ids.append(panel["id"])
    assert len(ids) == len(set(ids))


def test_the_reader_finds_selectors_matchers_and_groupings() -> None:
    expr = (
        'histogram_quantile(0.99, sum by (le, route) (rate(a_bucket{status=~"4xx|5xx",'
        "route!='x'}[$__rate_interval] offset 5m))) / on (route) group_left "
        "sum without (le) (b_count) > bool 0.5 and sum(c)"
    )
    assert read(expr) == Query(
        selectors=(
            Selector("a_bucket", (("status", "=~", "4xx|5xx"), ("route", "!=", "x"))),
            Selector("b_count", ()),
            Selector("c", ()),
        ),
        grouping=frozenset({"le", "route"}),
    )
    assert read("max(x) by (state)").grouping == {"state"}
    assert read("rate(y[5m:30s])").selectors == (Selector("y", ()),)


@pytest.mark.parametrize(
    ("expr", "missing"),
    [
        (
            "sum by (route, status) (rate(hookline_api_request_duration_seconds_count"
            '{status=~"4xx|5xx"}[$__rate_interval]))',
            [],
        ),
        ('sum by (target) (rate(hookline_attempts_total{outcome="transformation"}[5m]))', []),
        (
            "histogram_quantile(0.99, sum by (le) "
            "(rate(hookline_api_request_duration_seconds_bucket[5m])))",
            [],
        ),
        ("max(hookline_outbox_depth)", []),
        (
            "sum(rate(hookline_api_request_duration_second_count[5m]))",
            ["metric hookline_api_request_duration_second_count"],
        ),
        ("sum(rate(hookline_attempts[5m]))", ["metric hookline_attempts"]),
        (
            "sum by (rout) (rate(hookline_api_request_duration_seconds_count[5m]))",
            ["label rout of hookline_api_request_duration_seconds_count"],
        ),
        (
            'sum(rate(hookline_attempts_total{outcom="transformation"}[5m]))',
            ["label outcom of hookline_attempts_total"],
        ),
        (
            'sum(rate(hookline_attempts_total{outcome="transform"}[5m]))',
            ['value outcome="transform" of hookline_attempts_total'],
        ),
        (
            "histogram_quantile(0.5, sum by (le) (rate(hookline_api_request_duration_seconds_count"
            "[5m])))",
            ["label le of hookline_api_request_duration_seconds_count"],
        ),
    ],
    ids=[
        "regex",
        "value",
        "buckets",
        "gauge",
        "metric",
        "no-suffix",
        "grouping-label",
        "matcher-label",
        "matcher-value",
        "le-of-count",
    ],
)
def test_a_misspelt_name_is_caught(expr: str, missing: list[str]) -> None:
    found = exported(
        (sample.name, sample.labels.items())
        for family in text_string_to_metric_families(SCRAPE)
        for sample in family.samples
    )
    assert unexported(expr, found) == missing


@pytest.mark.parametrize(
    "expr",
    [
        "histogram_quantil(0.9, sum by (le) (rate(x_bucket[5m])))",
        'sum(rate({__name__="x"}[5m]))',
        "sum by (le (x)",
        'x{a="1}',
    ],
)
def test_what_the_reader_cannot_vouch_for_is_an_error(expr: str) -> None:
    with pytest.raises(PromQLError):
        read(expr)


def test_every_attempt_outcome_is_named_in_the_docs_and_on_the_dashboard() -> None:
    """Issue 68 (4): each `outcome` the worker can export on `hookline_attempts_total` is
    named in docs/METRICS.md's row for it and in the dashboard's panel description."""
    [row] = [line for line in (Path(__file__).parents[1] / "docs" / "METRICS.md")
             .read_text().splitlines() if line.startswith("| `hookline_attempts_total`")]
    [panel] = [p for p in grafana.panels(grafana.load()) if p["title"] == "Attempts by outcome"]
    for outcome in OUTCOMES:
        assert f"`{outcome}`" in row, outcome
        assert outcome in re.findall(r"[a-z0-9_]+", panel["description"]), outcome


def test_units_mean_what_the_panels_show() -> None:
    """Issue 68: a rate of CPU seconds is a share of a core, not seconds; a panel of
    durations is in seconds; counters' rates are per second."""
    units = {panel["title"]: panel["fieldConfig"]["defaults"].get("unit")
             for panel in grafana.panels(grafana.load())}
    assert units["CPU in tenants' code"] == "percentunit"
    for panel in grafana.panels(grafana.load()):
        exprs = [t["expr"] for t in panel["targets"]]
        if all(e.startswith("histogram_quantile(") for e in exprs):
            assert units[panel["title"]] == "s", panel["title"]
        elif all("rate(" in e and "_seconds_total" not in e for e in exprs):
            assert units[panel["title"]] in ("ops", "reqps"), panel["title"]
