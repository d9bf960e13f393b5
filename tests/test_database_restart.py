"""Issue 54: at least once, not twice. Events go at 40/s to one endpoint that answers
after 1.5 s while the database goes away mid-load with many attempts in flight: PostgreSQL
crashed (an immediate shutdown, as `kill -9` leaves it) and started again 3 s later, and
SQLite held by another writer for longer than its busy timeout (30 s). Every accepted event
arrives; an answered request is never sent again for want of a write (before: one
duplicate per attempt in flight, 96-100 in the issue's run). A request whose attempt was
recorded as failed (its answer came past the attempt timeout on a loaded machine) is
retried by the schedule, not resent for want of a write, and is not counted against it.
Each stack is the product's defaults on a database of its own; the figures are printed
(`pytest -s`)."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from sqlmodel import Session, select

from hookline.persistence.db import make_engine
from hookline.persistence.migrations import upgrade
from hookline.persistence.models import Attempt
from tests.support.api import attempts, deliveries_of, ok, publish, setup_endpoint
from tests.support.canaries import planted
from tests.support.postgres import crashable_postgres
from tests.support.procs import stop
from tests.support.receiver import Receiver
from tests.support.stack import Stack, own_database

SLOW = "/slow/1.5/ok"  # answers 200 after 1.5 s
LOAD = 8.0  # seconds of publishing before the database goes
RATE = 40  # events a second, as in the issue
IN_FLIGHT = 5  # attempts in flight at the fault, at least: one resend each would show


def _run(db_url: str, temporal: str, folder: Path, receiver: Receiver,
         outage: Callable[[Stack], int | None], allowed: int | None) -> None:
    """Publish for LOAD s, then `outage`; every event must arrive, and at most `allowed`
    twice (None: at most as many as were in flight when it came, which `outage` may count
    at the fault itself)."""
    upgrade(db_url)
    folder.mkdir(exist_ok=True)
    stack = Stack(name=folder.name, db_url=db_url, engine=make_engine(db_url),
                  temporal_address=temporal, folder=folder)
    stack.start()
    try:
        tenant = stack.tenant(rps=10_000)
        setup_endpoint(tenant, receiver.url(SLOW))
        events: list[str] = []
        started = time.monotonic()
        # LOAD s, and on until enough requests are open for the fault to find them in
        # flight (a loaded machine's adaptive limit grows slowly: 1 in flight after 8 s,
        # where the precondition below needs 5).
        while time.monotonic() - started < LOAD or (
                receiver.open_now(SLOW) < IN_FLIGHT and time.monotonic() - started < 4 * LOAD):
            events.append(publish(tenant, {"n": len(events)})["id"])
            time.sleep(max(0.0, started + len(events) / RATE - time.monotonic()))
        in_flight = receiver.open_now(SLOW)
        in_flight = max(in_flight, outage(stack) or 0)
        _wait_for_each(receiver, events)
        time.sleep(3)  # what would arrive twice has had time to
        per_event = Counter(r.headers["webhook-id"] for r in receiver.at(SLOW))
        lost = len(set(events) - set(per_event))
        duplicates = sum(n - 1 for n in per_event.values())
        # An attempt recorded as failed (on a loaded machine, the 1.5 s answer can come past
        # the 2 s attempt timeout) is rightly retried: its request is not a resend.
        failed = _attempts(stack, "failed")
        print(f"\n{folder.name}: {len(events)} events, {in_flight} attempts in flight when "
              f"the fault came, lost={lost} duplicates={duplicates} failed attempts={failed}")
        # Enough in flight that the old behaviour (one resend each) would fail the target.
        assert in_flight >= IN_FLIGHT, in_flight
        assert lost == 0 and duplicates - failed <= (
            in_flight if allowed is None else allowed), (lost, duplicates, _failures(folder))
    finally:
        stack.stop_all()
        stack.engine.dispose()


def _wait_for_each(receiver: Receiver, events: list[str], stalled: float = 60,
                   longest: float = 600) -> None:
    """Until every event has arrived once (a count of requests would let resends stand in
    for events still waiting their retry), or none has for `stalled` seconds: on a loaded
    machine the endpoint's adaptive limit grows slowly, and a fixed wait (180 s) called
    late arrivals lost (lost=153 and 242 in two full runs)."""
    last_change = started = time.monotonic()
    missing = len(events)
    while time.monotonic() - last_change < stalled and time.monotonic() - started < longest:
        now_missing = len(set(events) - {r.headers["webhook-id"] for r in receiver.at(SLOW)})
        if now_missing == 0:
            return
        if now_missing < missing:
            missing, last_change = now_missing, time.monotonic()
        time.sleep(0.2)


def _attempts(stack: Stack, status: str | None = None) -> int:
    """The attempts recorded in this stack's own database (of `status`)."""
    query = select(Attempt.id)
    if status is not None:
        query = query.where(Attempt.status == status)
    with Session(stack.engine) as session:
        return len(session.exec(query).all())


def _failures(folder: Path) -> list[str]:
    """What the worker logged of failed activities and unanswered writes: where a
    duplicate came from, when there is one."""
    lines = (folder / "worker.log").read_text(errors="replace").splitlines()
    return [line[:300] for line in lines
            if "did not answer" in line or ("activity" in line.lower() and "fail" in line)][:20]


def test_postgres_crashed_mid_load_loses_nothing_and_resends_nothing(
        temporal: str, tmp_path: Path, receiver: Receiver) -> None:
    with crashable_postgres() as server:
        def crash_and_restart(_: Stack) -> None:
            server.crash()
            time.sleep(3)
            server.start()

        # The target: a commit the crash cut off may leave its answer unknown.
        _run(server.url, temporal, tmp_path / "pgcrash", receiver, crash_and_restart,
             allowed=2)


def test_sqlite_held_past_its_busy_timeout_loses_nothing_and_resends_nothing(
        temporal: str, tmp_path: Path, receiver: Receiver) -> None:
    folder = tmp_path / "sqlitelock"
    folder.mkdir()
    database = folder / "held.db"

    def hold_the_writer_lock(_: Stack) -> None:
        other = sqlite3.connect(database, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        time.sleep(35)  # past the 30 s busy timeout every writer waits
        other.execute("ROLLBACK")
        other.close()

    # A local file has no commit whose answer is lost: nothing may arrive twice (before,
    # each record that waited out the busy timeout sent its webhook again).
    _run(f"sqlite:///{database}", temporal, folder, receiver, hold_the_writer_lock,
         allowed=0)


def test_a_worker_killed_mid_load_resends_at_most_what_it_had_in_flight(
        postgres_server: str, temporal: str, tmp_path: Path, receiver: Receiver) -> None:
    def kill_and_restart(stack: Stack) -> int:
        """Kill the worker; returns what was in flight at the kill: every request that
        reached the receiver and whose attempt the dead worker never recorded (open, or
        answered moments before; a fixed window for the latter, 0.3 s, was too short on
        a loaded machine: 17 resends against 13 counted)."""
        assert stack.worker is not None
        stop(stack.worker, kill=True)
        time.sleep(0.5)  # what it sent just before dying has arrived
        in_flight = len(receiver.at(SLOW)) - _attempts(stack)
        stack.worker = stack.start_worker(log_name="worker-after.log")
        return in_flight

    folder = tmp_path / "workerkill"
    folder.mkdir()
    _run(own_database(postgres_server, folder), temporal, folder, receiver, kill_and_restart,
         allowed=None)


def test_an_outcome_the_database_never_took_in_time_is_recorded_after_without_resending(
        temporal: str, tmp_path: Path, receiver: Receiver) -> None:
    """Past the attempt's own time the outcome goes back to the workflow (`unrecorded`), and
    `record_attempt` stores it once the database is back: the receiver sees one request.
    What the workflow keeps holds the receiver's answer sealed (issue 65): the payload it
    echoes is in the stored attempt, never in the history."""
    with crashable_postgres() as server:
        upgrade(server.url)
        stack = Stack(name="unrecorded", db_url=server.url, engine=make_engine(server.url),
                      temporal_address=temporal, folder=tmp_path)
        stack.start()
        try:
            assert stack.worker is not None
            stop(stack.worker)  # the Delivery waits in the outbox for this test's own attempt
            tenant = stack.tenant()
            setup_endpoint(tenant, receiver.url("/slow/1/echo/200"))
            echoed = planted("unrecorded")
            [delivery] = deliveries_of(tenant, publish(tenant, {"note": echoed})["id"])
            env = {**os.environ, **stack.settings_env()}
            attempt = subprocess.Popen(
                [sys.executable, "-m", "tests.support.one_attempt", "attempt", delivery["id"]],
                env=env, stdout=subprocess.PIPE, text=True)
            deadline = time.monotonic() + 30
            while receiver.open_now("/slow/1/echo/200") == 0:  # sent, not answered yet
                assert time.monotonic() < deadline and attempt.poll() is None
                time.sleep(0.05)
            server.crash()
            out, _ = attempt.communicate(timeout=60)
            outcome = json.loads(out)
            assert outcome["unrecorded"]["result"]["status_code"] == 200, outcome
            assert echoed not in out
            server.start()
            # Twice: the second is a record whose COMMIT went through but whose answer was
            # lost (issue 71). It finds the attempt's row and writes nothing again.
            for _ in range(2):
                recorded = subprocess.run(
                    [sys.executable, "-m", "tests.support.one_attempt", "record",
                     delivery["id"]], env=env, input=json.dumps(outcome["unrecorded"]),
                    capture_output=True, text=True, timeout=60, check=True)
                assert json.loads(recorded.stdout)["status"] == "delivered", recorded.stdout
            assert len(receiver.at("/slow/1/echo/200")) == 1
            [stored] = attempts(tenant, delivery["id"])
            assert stored["statusCode"] == 200 and echoed in stored["responseBody"]
            assert stored["id"] == outcome["unrecorded"]["attempt_id"]
            assert ok(tenant.client.get(f"/v1/deliveries/{delivery['id']}"))["attempts"] == 1
        finally:
            stack.stop_all()
            stack.engine.dispose()
