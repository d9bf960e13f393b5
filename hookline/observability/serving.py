"""Serving the metrics of `hookline.observability.metrics`: the API's `GET /metrics` body
(with several uvicorn processes, prometheus_client's multiprocess mode, which `hookline api`
switches on), and the worker's port with what is read at scrape time: the collectors the
worker passes in (the engine's gauges, `hookline.delivery.gauges`) and the Temporal SDK's
own metrics."""

from __future__ import annotations

import json
import logging
import os
import socket
import threading
from collections.abc import Iterable
from socketserver import ThreadingMixIn
from typing import Any, Protocol
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer

import httpx
from prometheus_client import (
    REGISTRY,
    CollectorRegistry,
    generate_latest,
    make_wsgi_app,
    multiprocess,
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


class Probes(Protocol):
    def alive(self) -> bool: ...

    def checks(self) -> dict[str, str]: ...


def serve_worker(listening: socket.socket, temporal_metrics_url: str | None,
                 collectors: Iterable[Collector] = (), probes: Probes | None = None) -> None:
    """The worker's metrics port, on a socket already listening (daemon threads): this
    process's metrics, the
    `collectors` read at scrape time and, when given, the Temporal SDK's metrics; with
    `probes`, GET /healthz (200 while alive) and /readyz (200 while every check is ok)."""
    for collector in collectors:
        REGISTRY.register(collector)
    if temporal_metrics_url:
        REGISTRY.register(PassThroughCollector(temporal_metrics_url))
    metrics_app = make_wsgi_app(REGISTRY)

    def app(environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if probes is None or path not in ("/healthz", "/readyz"):
            return metrics_app(environ, start_response)  # type: ignore[no-any-return]
        if path == "/healthz":
            ok, body = probes.alive(), {}
        else:
            body = {"checks": probes.checks()}
            ok = all(state == "ok" for state in body["checks"].values())
        answer = json.dumps({"status": "ok" if ok else "unavailable", **body}).encode()
        start_response("200 OK" if ok else "503 Service Unavailable",
                       [("Content-Type", "application/json"),
                        ("Content-Length", str(len(answer)))])
        return [answer]

    server = _Server(listening)
    server.set_app(app)
    threading.Thread(target=server.serve_forever, name="metrics", daemon=True).start()
    log.info("metrics on http://%s:%d/metrics", *server.server_address[:2])


class _Quiet(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass  # every scrape and probe would be a line


class _Server(ThreadingMixIn, WSGIServer):
    """wsgiref's server on a socket bound and listening already (`hookline.ports`), so that the
    port was never free between its choice and this server."""

    daemon_threads = True

    def __init__(self, listening: socket.socket) -> None:
        self.address_family = listening.family
        super().__init__(listening.getsockname(), _Quiet, bind_and_activate=False)
        self.socket.close()
        self.socket = listening
        # What server_bind would have set, for the WSGI environ.
        self.server_address = listening.getsockname()
        self.server_name, self.server_port = str(self.server_address[0]), self.server_address[1]
        self.setup_environ()


def free_loopback_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
