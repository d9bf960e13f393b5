"""Issue 69: a broker Source's message is acknowledged only after its Event is committed,
and a worker killed between the two publishes nothing twice. The test holds the database's
writes while the worker reads a Kafka message (the publish waits for them), stops Kafka,
lets the write go, sees the Event committed with the group's offset not yet past the
message, and kills the worker there. Once Kafka is back a new worker reads the message
again: its publish is a replay (its idempotency key), and the offset moves past it. On a
stack of its own (a worker to kill), with the product's defaults, on both databases."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlmodel import Session, col, func, select

from hookline.persistence.models import Delivery, Event
from tests.support.api import setup_endpoint
from tests.support.brokers import Kafka
from tests.support.receiver import Receiver
from tests.support.stack import Stack
from tests.test_broker_sources import kafka_source, until

pytestmark = pytest.mark.both_databases


@contextmanager
def writes_held(stack: Stack) -> Iterator[Callable[[str], int]]:
    """No transaction of the stack's may write an Event meanwhile: SQLite's write lock, or
    PostgreSQL's lock on `events` (reads go on). Yields how to count an environment's
    Events meanwhile: through the holding connection (on SQLite, the product's sessions
    would wait for the lock to begin)."""
    query = "SELECT count(*) FROM events WHERE environment_id = "
    if stack.db_url.startswith("sqlite"):
        holder = sqlite3.connect(stack.db_url.removeprefix("sqlite:///"), isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            yield lambda env: int(holder.execute(query + "?", (env,)).fetchone()[0])
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        return
    with stack.engine.connect() as connection, connection.begin() as held:
        connection.execute(sa.text("LOCK TABLE events IN EXCLUSIVE MODE"))
        yield lambda env: int(connection.scalar(sa.text(query + ":env"), {"env": env}))
        held.rollback()


def counted(stack: Stack, env_id: str) -> tuple[int, int]:
    with Session(stack.engine) as session:
        events = session.exec(select(func.count()).select_from(Event).where(
            Event.environment_id == env_id)).one()
        deliveries = session.exec(select(func.count()).select_from(Delivery).join(
            Event, col(Event.id) == col(Delivery.event_id)).where(
            Event.environment_id == env_id)).one()
    return events, deliveries


def test_a_worker_killed_between_the_commit_and_the_ack_publishes_nothing_twice(
        stack: Stack, kafka: Kafka, receiver: Receiver, tmp_path: Path) -> None:
    own = stack.sibling(tmp_path)
    try:
        tenant = own.tenant()
        setup_endpoint(tenant, receiver.url("/crash"), event_type="order.paid")
        created, topic = kafka_source(tenant, kafka, "crash")
        group = f"hookline-{created['id']}"
        headers = {"hookline-consumer": "acme", "hookline-event-type": "order.paid"}
        kafka.produce(topic, [(json.dumps({"n": 0}).encode(), headers)])
        receiver.wait(1, "/crash", timeout=60)
        assert until(lambda: kafka.committed(group, topic) == 1)

        with writes_held(own) as events:
            kafka.produce(topic, [(json.dumps({"n": 1}).encode(), headers)])
            time.sleep(3)  # read, and waiting on the write
            assert kafka.committed(group, topic) == 1
            assert events(tenant.environment_id) == 1
            kafka.stop(kill=True)
        try:
            # The write goes through; the offset cannot follow, the broker being away.
            assert until(lambda: counted(own, tenant.environment_id)[0] == 2, timeout=60), \
                "the Event was never committed"
            own.restart_worker(kill=True)
        finally:
            kafka.start()

        assert until(lambda: kafka.committed(group, topic) == 2, timeout=90), \
            kafka.committed(group, topic)
        time.sleep(2)
        assert counted(own, tenant.environment_id) == (2, 2)
        got = receiver.wait(2, "/crash", timeout=60)
        assert sorted({json.loads(r.body)["data"]["n"] for r in got}) == [0, 1]
    finally:
        own.stop_all()
        own.engine.dispose()
