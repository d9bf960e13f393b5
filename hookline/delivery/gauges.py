"""The delivery engine's state as Prometheus gauges, read from the database at scrape time
on the worker's metrics port (`hookline.observability.serving.serve_worker`)."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable

from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector
from sqlmodel import Session

from hookline.delivery import gate, lines, outbox
from hookline.observability.metrics import (
    CIRCUIT_TARGETS,
    CIRCUITS,
    CONCURRENCY_LIMIT,
    HELD,
    LIMIT_STATS,
    LINES_BLOCKED,
    OUTBOX_DEPTH,
    OUTBOX_ENVIRONMENTS,
    OUTBOX_OLDEST,
    RETRYING,
    WAITED_OVER,
)
from hookline.persistence import queries
from hookline.persistence.db import get_read_engine

log = logging.getLogger("hookline.metrics")


class DatabaseCollector(Collector):
    """The outbox's depth, oldest start and environments waiting, the Deliveries waiting to
    be retried, targets by breaker state and their concurrency limits by kind, ordered
    lines blocked and Deliveries held: eight small queries at scrape time, in a read
    transaction. A database that does not answer leaves them out of that scrape."""

    def describe(self) -> Iterable[Metric]:
        return []  # registering must not query

    def collect(self) -> Iterable[Metric]:
        try:
            with Session(get_read_engine()) as session:
                depth, oldest = outbox.waiting(session)
                by_environment = outbox.oldest_by_environment(session)
                retrying = queries.deliveries.count_retrying(session)
                circuits = gate.circuit_counts(session)
                limits = gate.limit_stats(session)
                blocked, held = lines.counts(session)
        except Exception as exc:
            log.warning("metrics: database not readable: %s", exc)
            return []
        now = time.time()
        age = max(0.0, now - oldest) if oldest is not None else 0.0
        environments = GaugeMetricFamily(
            OUTBOX_ENVIRONMENTS, "Environments with starts waiting in the outbox, by how long "
            "their oldest has waited (over 0s: every environment with a backlog).",
            labels=["over"])
        for label, seconds in WAITED_OVER.items():
            environments.add_metric([label], sum(1 for t in by_environment
                                                 if now - t >= seconds))
        by_state = GaugeMetricFamily(
            CIRCUIT_TARGETS, "Endpoints and destinations the delivery engine has gated (any "
            "that had a Delivery admitted), by circuit breaker state.", labels=["state"])
        for state in CIRCUITS:
            by_state.add_metric([state], circuits.get(state, 0))
        by_kind = GaugeMetricFamily(
            CONCURRENCY_LIMIT, "The adaptive concurrency limits of gated endpoints and "
            "destinations (attempts each may have in flight): their min, mean and max by "
            "target (endpoint or destination).", labels=["target", "stat"])
        for kind, values in limits.items():
            for stat, value in zip(LIMIT_STATS, values, strict=True):
                by_kind.add_metric([kind, stat], value)
        return [
            GaugeMetricFamily(OUTBOX_DEPTH, "Delivery workflow starts waiting in the "
                              "outbox: not yet admitted by their target's gate or taken by "
                              "a relay.", value=depth),
            GaugeMetricFamily(OUTBOX_OLDEST, "How long the oldest start in the outbox has "
                              "waited, in seconds (0 when it is empty).", value=age),
            GaugeMetricFamily(RETRYING, "Deliveries waiting for their next attempt after a "
                              "failed one (status retrying).", value=retrying),
            GaugeMetricFamily(LINES_BLOCKED, "Lines of ordered endpoints and destinations "
                              "stopped by an exhausted head (onExhausted: block) until it is "
                              "retried or skipped.", value=blocked),
            GaugeMetricFamily(HELD, "Deliveries waiting in their line behind its head at an "
                              "ordered endpoint or destination (status held).", value=held),
            environments, by_state, by_kind]
