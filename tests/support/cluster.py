"""`make test-cluster`: the same tests against a real Temporal server (`hookline
temporal-server`, PostgreSQL persistence and visibility, 4 history shards) and a stack of
two APIs and two workers on one PostgreSQL database. `HOOKLINE_TEST_CLUSTER=1` selects it;
the tests marked `cluster` are the subset that `make test-cluster` runs."""

from __future__ import annotations

import os
import random
import socket
import time
from pathlib import Path

import httpx

from cli.temporal_server import STORES
from tests.support import canaries
from tests.support.procs import hookline, spawn, stop

CLUSTER = os.environ.get("HOOKLINE_TEST_CLUSTER") == "1"
PORTS = 9  # the frontend's gRPC port and the eight after it (`cli/temporal_server.py`)


def free_port_run(count: int = PORTS) -> int:
    """The first of `count` consecutive free loopback ports, below 32768 as Temporal's
    membership table needs (`cli/temporal_server.py`), and below the kernel's ephemeral
    range, where other tests' free ports come from."""
    for _ in range(200):
        first = random.randrange(20000, 32768 - count)
        if all(_free(first + i) for i in range(count)):
            return first
    raise RuntimeError(f"no run of {count} free ports")


def _free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


class ClusterServer:
    """The session's Temporal server, as `hookline temporal-server` runs it; like the dev
    server's fixture, a test can stop and start it like an outage (its state is in
    PostgreSQL)."""

    def __init__(self, folder: Path, postgres_url: str) -> None:
        self.folder = folder
        self.postgres_url = postgres_url
        self.port = free_port_run()
        self.address = f"127.0.0.1:{self.port}"
        self.start()

    def start(self) -> None:
        log = self.folder / "cluster.log"
        seen = log.read_text() if log.exists() else ""
        self.proc = spawn(hookline("temporal-server", "--postgres", self.postgres_url,
                                   "--dir", str(self.folder), "--port", str(self.port)),
                          {}, log)
        deadline = time.monotonic() + 180
        while "Temporal server up" not in log.read_text()[len(seen):]:
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"hookline temporal-server did not come up; see {log}")
            time.sleep(0.3)

    def stop(self) -> None:
        stop(self.proc, seconds=40)

    def stored_bytes(self) -> bytes:
        """Everything the server keeps: its two databases, dumped."""
        return canaries.postgres_bytes(self.postgres_url, list(STORES.values()))


class RoundRobin(httpx.HTTPTransport):
    """Sends each request to the next of several API processes in turn, so every test of
    the subset goes through both of the cluster stack's APIs."""

    def __init__(self, ports: list[int]) -> None:
        super().__init__()
        self.ports = ports
        self.turn = 0

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        request.url = request.url.copy_with(port=self.ports[self.turn % len(self.ports)])
        self.turn += 1
        return super().handle_request(request)
