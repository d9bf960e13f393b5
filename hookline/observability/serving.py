"""Serving the metrics of `hookline.observability.metrics`: the API's `GET /metrics` body
(with several uvicorn processes, prometheus_client's multiprocess mode, which `hookline api`
switches on), and the worker's port with what is read at scrape time: the collectors the
worker passes in (the engine's gauges, `hookline.delivery.gauges`) and the Temporal SDK's
own metrics."""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Iterable

import httpx
from prometheus_client import (
    REGISTRY,
    CollectorRegistry,
    generate_latest,
    multiprocess,
    start_http_server,
)
from prometheus_client.core import Metric
from prometheus_client.parser import text_string_to_metric_families
from prometheus_client.registry import Collector

log = logging.getLogger("hookline.metrics")


def exposition() -> bytes:
    """The API's /metrics body: this process's registry, or in multiprocess mode (several
    uvicorn processes, PROMETHEUS_MULTIPROC_DIR set by `hookline api`) every process's."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return generate_latest(registry)
    return generate_latest(REGISTRY)


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


def serve_worker(host: str, port: int, temporal_metrics_url: str | None,
                 collectors: Iterable[Collector] = ()) -> None:
    """The worker's metrics port (a daemon thread): this process's metrics, the
    `collectors` read at scrape time and, when given, the Temporal SDK's metrics."""
    for collector in collectors:
        REGISTRY.register(collector)
    if temporal_metrics_url:
        REGISTRY.register(PassThroughCollector(temporal_metrics_url))
    start_http_server(port, addr=host)
    log.info("metrics on http://%s:%d/metrics", host, port)


def free_loopback_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
