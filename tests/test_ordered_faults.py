"""Issue 67: an ordered endpoint's lines keep their order through the faults that stop a
delivery mid-line: the worker killed, PostgreSQL crashed (an immediate shutdown, as
`kill -9` leaves it) and started again, and the Temporal server restarted. Each run is a
stack of its own on a database of its own; a real receiver checks every line's order. A
request whose answer the killed worker never recorded is sent again (at least once), and so
may arrive twice in a row; no event may arrive before the one ahead of it in its line."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

from hookline.persistence.db import make_engine
from hookline.persistence.migrations import upgrade
from tests.conftest import TemporalServer
from tests.support.api import ok, publish, setup_endpoint
from tests.support.cluster import ClusterServer
from tests.support.postgres import crashable_postgres
from tests.support.procs import stop
from tests.support.receiver import Receiver
from tests.support.stack import Stack

PATH = "/slow/0.2/lines"  # each request takes 0.2 s: a kill finds one in flight
KEYS = ("a", "b", "c", "d")
PER_KEY = 15


def _kill_worker(stack: Stack) -> None:
    assert stack.worker is not None
    stop(stack.worker, kill=True)
    stack.worker = stack.start_worker(log_name=f"worker-{time.monotonic_ns()}.log")


def _run(db_url: str, temporal: str, folder: Path, receiver: Receiver,
         faults: list[Callable[[Stack], None]]) -> None:
    """Publish PER_KEY events to each key's line, then one fault after each few arrivals;
    every line must arrive whole and in order."""
    upgrade(db_url)
    folder.mkdir(exist_ok=True)
    stack = Stack(name=folder.name, db_url=db_url, engine=make_engine(db_url),
                  temporal_address=temporal, folder=folder)
    stack.start()
    try:
        tenant = stack.tenant(rps=10_000)
        endpoint = setup_endpoint(tenant, receiver.url(PATH))
        ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}",
                               json={"ordering": {"key": "data.k"}}))
        for n in range(PER_KEY):
            for key in KEYS:
                publish(tenant, {"k": key, "n": n})
        for step, fault in enumerate(faults, start=1):
            receiver.wait(step * len(KEYS) * PER_KEY // (len(faults) + 1), PATH, timeout=120)
            fault(stack)
        deadline = time.monotonic() + 180
        while _arrived_once(receiver) < len(KEYS) * PER_KEY:
            assert time.monotonic() < deadline, f"{_arrived_once(receiver)} arrived"
            time.sleep(0.2)
        for key in KEYS:
            line = [b["n"] for b in _bodies(receiver) if b["k"] == key]
            # A request sent again after a kill repeats in place; nothing goes before its turn.
            collapsed = [n for i, n in enumerate(line) if i == 0 or n != line[i - 1]]
            assert collapsed == list(range(PER_KEY)), (key, line)
        print(f"\n{folder.name}: {len(receiver.at(PATH))} requests for "
              f"{len(KEYS) * PER_KEY} events in {len(KEYS)} lines")
    finally:
        stack.stop_all()
        stack.engine.dispose()


def _bodies(receiver: Receiver) -> list[dict[str, object]]:
    return [json.loads(r.body)["data"] for r in receiver.at(PATH)]


def _arrived_once(receiver: Receiver) -> int:
    return len({(b["k"], b["n"]) for b in _bodies(receiver)})


def test_lines_keep_their_order_through_worker_kills_and_a_postgres_crash(
        temporal: str, tmp_path: Path, receiver: Receiver) -> None:
    with crashable_postgres() as server:
        def crash_and_restart(_: Stack) -> None:
            server.crash()
            time.sleep(3)
            server.start()

        _run(server.url, temporal, tmp_path / "pglines", receiver,
             [_kill_worker, crash_and_restart, _kill_worker])


def test_lines_keep_their_order_through_a_worker_kill_and_a_temporal_restart_on_sqlite(
        temporal_server: TemporalServer | ClusterServer, tmp_path: Path,
        receiver: Receiver) -> None:
    def restart_temporal(_: Stack) -> None:
        temporal_server.stop()
        time.sleep(2)  # timers fall due while it is down
        temporal_server.start()

    folder = tmp_path / "sqlitelines"
    folder.mkdir()
    _run(f"sqlite:///{folder / 'lines.db'}", temporal_server.address, folder, receiver,
         [_kill_worker, restart_temporal])
