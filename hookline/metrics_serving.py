"""Serving the metrics of `hookline.metrics`: the API's `GET /metrics` body (with several
uvicorn processes, prometheus_client's multiprocess mode, which `hookline api` switches on),
and the worker's port with what is read at scrape time: the outbox and breaker gauges from
the database, and the Temporal SDK's own metrics."""

from __future__ import annotations

import logging
import os
import socket
import time
from collections.abc import Iterable

import httpx
from prometheus_client import (
    REGISTRY,
    CollectorRegistry,
    generate_latest,
    multiprocess,
    start_http_server,
)
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.parser import text_string_to_metric_families
from prometheus_client.registry import Collector
from sqlmodel import Session

from hookline.db import get_read_engine
from hookline.delivery import gate, outbox
from hookline.metrics import (
    CIRCUIT_TARGETS,
    CIRCUITS,
    CONCURRENCY_LIMIT,
    LIMIT_STATS,
    OUTBOX_DEPTH,
    OUTBOX_OLDEST,
)

log = logging.getLogger("hookline.metrics")


def exposition() -> bytes:
    """The API's /metrics body: this process's registry, or in multiprocess mode (several
    uvicorn processes, PROMETHEUS_MULTIPROC_DIR set by `hookline api`) every process's."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return generate_latest(registry)
    return generate_latest(REGISTRY)


class DatabaseCollector(Collector):
    """The outbox's depth and oldest start, targets by breaker state and their concurrency
    limits by kind: four small queries at scrape time, in a read transaction. A database
    that does not answer leaves them out of that scrape."""

    def describe(self) -> Iterable[Metric]:
        return []  # registering must not query

    def collect(self) -> Iterable[Metric]:
        try:
            with Session(get_read_engine()) as session:
                depth, oldest = outbox.waiting(session)
                circuits = gate.circuit_counts(session)
                limits = gate.limit_stats(session)
        except Exception as exc:
            log.warning("metrics: database not readable: %s", exc)
            return []
        age = max(0.0, time.time() - oldest) if oldest is not None else 0.0
        by_state = GaugeMetricFamily(
            CIRCUIT_TARGETS, "Endpoints and destinations the delivery engine has gated (any "
            "that had a Delivery admitted), by circuit breaker state.", labels=["state"])
        for state in CIRCUITS:
            by_state.add_metric([state], circuits.get(state, 0))
        by_kind = GaugeMetricFamily(
            CONCURRENCY_LIMIT, "The adaptive concurrency limits of gated endpoints and "
            "destinations (attempts each may have in flight): their min, mean and max by "
            "kind.", labels=["target_kind", "stat"])
        for kind, values in limits.items():
            for stat, value in zip(LIMIT_STATS, values, strict=True):
                by_kind.add_metric([kind, stat], value)
        return [
            GaugeMetricFamily(OUTBOX_DEPTH, "Delivery workflow starts waiting in the "
                              "outbox: not yet admitted by their target's gate or taken by "
                              "a relay.", value=depth),
            GaugeMetricFamily(OUTBOX_OLDEST, "How long the oldest start in the outbox has "
                              "waited, in seconds (0 when it is empty).", value=age),
            by_state, by_kind]


class PassThroughCollector(Collector):
    """Another exporter's metrics (the Temporal SDK's, on a loopback port), read at scrape
    time and parsed by prometheus_client's own parser. One that does not answer leaves
    them out of that scrape."""

    def __init__(self, url: str) -> None:
        self.url = url

    def describe(self) -> Iterable[Metric]:
        return []  # registering must not fetch

    def collect(self) -> Iterable[Metric]:
        try:
            text = httpx.get(self.url, timeout=2).raise_for_status().text
        except httpx.HTTPError as exc:
            log.warning("metrics: %s did not answer: %s", self.url, exc)
            return []
        return list(text_string_to_metric_families(text))


def serve_worker(host: str, port: int, temporal_metrics_url: str | None) -> None:
    """The worker's metrics port (a daemon thread): this process's metrics, the database
    gauges and, when given, the Temporal SDK's metrics."""
    REGISTRY.register(DatabaseCollector())
    if temporal_metrics_url:
        REGISTRY.register(PassThroughCollector(temporal_metrics_url))
    start_http_server(port, addr=host)
    log.info("metrics on http://%s:%d/metrics", host, port)


def free_loopback_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
