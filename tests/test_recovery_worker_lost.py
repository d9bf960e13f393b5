"""Issue 71, part 6: a recovery whose batch a killed worker held goes on in seconds. The test
holds the row locks of the Deliveries to recover (PostgreSQL), so the batch is surely in
flight, blocked on them, when the worker is killed; a new worker then takes the batch over
once it misses its heartbeats, not at the batch's two-minute timeout: tests/test_recovery.py
once waited 90 s for nothing that way ("0 of 25 requests arrived"). Each Delivery is
re-sent once."""

from __future__ import annotations

import time

import pytest
import sqlalchemy as sa

from tests.support.api import attempts, ok, wait_delivery
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant
from tests.test_recovery import _failed, _recover, _wait_done

# PostgreSQL's row locks pin the batch in flight; SQLite's one writer lock would hold the
# API's request for the recovery too.
pytestmark = pytest.mark.parametrize("database_url", ["postgres"], indirect=True,
                                     scope="session")


def blocked_on_locks(stack: Stack) -> int:
    with stack.engine.connect() as connection:
        found: int = connection.scalar(sa.text(
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
            "AND datname = current_database()"))
        return found


def test_a_batch_a_killed_worker_held_is_taken_over_in_seconds(
        stack: Stack, tenant: Tenant, receiver: Receiver) -> None:
    endpoint, ids = _failed(tenant, receiver, 5)
    before = {d: len(attempts(tenant, d)) for d in ids}
    holder = stack.engine.connect()
    held = holder.begin()
    holder.execute(sa.text("SELECT id FROM deliveries WHERE id = ANY(:ids) FOR UPDATE"),
                   {"ids": ids})
    try:
        started = ok(_recover(tenant, endpoint), 202)
        deadline = time.monotonic() + 30
        while blocked_on_locks(stack) == 0:  # the batch waits on the rows held here
            assert time.monotonic() < deadline, "the batch never reached the held rows"
            time.sleep(0.1)
        stack.restart_worker(kill=True)
    finally:
        held.rollback()
        holder.close()
    began = time.monotonic()
    receiver.wait(5, "/ok/recovered", timeout=60)
    for delivery_id in ids:
        wait_delivery(tenant, delivery_id, {"delivered"}, timeout=30)
    assert time.monotonic() - began < 60
    done = _wait_done(tenant, started["id"])
    assert (done["status"], done["recovered"]) == ("done", 5)
    after = {d: len(attempts(tenant, d)) for d in ids}
    assert all(after[d] == before[d] + 1 for d in ids), (before, after)  # each re-sent once
