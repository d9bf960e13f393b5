"""Issue 69: a broker Source's message is acknowledged only after its Event is committed,
and a worker killed between the two publishes nothing twice. For Kafka, RabbitMQ and SQS:
the test holds the database's writes while the worker reads a message (the publish waits
for them), cuts the broker off (stops Kafka or RabbitMQ; shuts the gate before moto, which
keeps its queues in memory), lets the write go, sees the Event committed with the message
not acknowledged, and kills the worker there. Once the broker is back a new worker reads
the message again: its publish is a replay (its idempotency key), and it is acknowledged.
On a stack of its own (a worker to kill), with the product's defaults, on both
databases."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlmodel import Session, col, func, select

from hookline.persistence.models import Delivery, Event
from tests.support.api import setup_endpoint
from tests.support.brokers import Kafka, Moto, RabbitMQ
from tests.support.gate import Gate
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant
from tests.test_broker_sources import kafka_source, source, until

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


@dataclass
class Reading:
    """A broker Source under test: how a message is sent to it, how many of its messages
    are done with (acknowledged), and how its broker is cut off and brought back."""

    send: Callable[[int], None]
    acknowledged: Callable[[], int]
    cut: Callable[[], None]
    restore: Callable[[], None]


HEADERS = {"hookline-consumer": "acme", "hookline-event-type": "order.paid"}


def kafka_reading(tenant: Tenant, request: pytest.FixtureRequest) -> Reading:
    kafka: Kafka = request.getfixturevalue("kafka")
    created, topic = kafka_source(tenant, kafka, "crash")
    return Reading(
        send=lambda n: kafka.produce(topic, [(json.dumps({"n": n}).encode(), HEADERS)]),
        acknowledged=lambda: kafka.committed(f"hookline-{created['id']}", topic),
        cut=lambda: kafka.stop(kill=True), restore=kafka.start)


def amqp_reading(tenant: Tenant, request: pytest.FixtureRequest) -> Reading:
    rabbitmq: RabbitMQ = request.getfixturevalue("rabbitmq")
    queue = f"crash{time.time_ns()}"
    rabbitmq.declare(queue, queue, routing_key=queue)
    rabbitmq.declare(f"{queue}-dead", f"{queue}-dead")
    port, sent = rabbitmq.port, []
    source(tenant, url=f"amqp://127.0.0.1:{port}/?queue={queue}",
           deadLetter=f"amqp://127.0.0.1:{port}/?exchange=&routingKey={queue}-dead")

    def send(n: int) -> None:
        rabbitmq.send(queue, [(json.dumps({"n": n}).encode(), HEADERS)])
        sent.append(n)

    # Done with: sent, and neither ready on the queue nor delivered unacknowledged.
    return Reading(send=send, acknowledged=lambda: len(sent) - rabbitmq.waiting(queue),
                   cut=lambda: rabbitmq.stop(kill=True), restore=rabbitmq.start)


def sqs_reading(tenant: Tenant, request: pytest.FixtureRequest) -> Reading:
    moto: Moto = request.getfixturevalue("moto")
    gate = Gate(moto.port)
    request.addfinalizer(gate.shut)
    name = f"crash{time.time_ns()}"
    queue, _ = moto.sqs_queue(name), moto.sqs_queue(f"{name}-dead")
    sqs = moto.client("sqs")
    # A message not deleted comes back 3 s after it was handed out.
    sqs.set_queue_attributes(QueueUrl=queue.url, Attributes={"VisibilityTimeout": "3"})
    source(tenant, url=f"sqs://{moto.region}/{name}",
           deadLetter=f"sqs://{moto.region}/{name}-dead",
           endpointOverride=f"http://127.0.0.1:{gate.port}",
           credentials={"accessKeyId": moto.access_key_id,
                        "secretAccessKey": moto.secret_access_key})
    sent: list[int] = []

    def send(n: int) -> None:
        sqs.send_message(QueueUrl=queue.url, MessageBody=json.dumps({"n": n}),
                         MessageAttributes={k: {"DataType": "String", "StringValue": v}
                                            for k, v in HEADERS.items()})
        sent.append(n)

    def acknowledged() -> int:
        left = sqs.get_queue_attributes(QueueUrl=queue.url, AttributeNames=[
            "ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible"])
        return len(sent) - sum(int(v) for v in left["Attributes"].values())

    # moto keeps its queues in memory: the gate before it is cut, not moto.
    return Reading(send=send, acknowledged=acknowledged, cut=gate.shut, restore=gate.open)


READINGS = {"kafka": kafka_reading, "amqp": amqp_reading, "sqs": sqs_reading}


@pytest.mark.parametrize("kind", list(READINGS))
def test_a_worker_killed_between_the_commit_and_the_ack_publishes_nothing_twice(
        stack: Stack, receiver: Receiver, tmp_path: Path, kind: str,
        request: pytest.FixtureRequest) -> None:
    own = stack.sibling(tmp_path)
    try:
        tenant = own.tenant()
        setup_endpoint(tenant, receiver.url("/crash"), event_type="order.paid")
        reading = READINGS[kind](tenant, request)
        reading.send(0)
        receiver.wait(1, "/crash", timeout=60)
        assert until(lambda: reading.acknowledged() == 1)

        with writes_held(own) as events:
            reading.send(1)
            time.sleep(3)  # read, and waiting on the write
            assert reading.acknowledged() == 1
            assert events(tenant.environment_id) == 1
            reading.cut()
        try:
            # The write goes through; the acknowledgement cannot follow, the broker being
            # away.
            assert until(lambda: counted(own, tenant.environment_id)[0] == 2, timeout=60), \
                "the Event was never committed"
            own.restart_worker(kill=True)
        finally:
            reading.restore()

        assert until(lambda: reading.acknowledged() == 2, timeout=90), reading.acknowledged()
        time.sleep(2)
        assert counted(own, tenant.environment_id) == (2, 2)
        got = receiver.wait(2, "/crash", timeout=60)
        assert sorted({json.loads(r.body)["data"]["n"] for r in got}) == [0, 1]
    finally:
        own.stop_all()
        own.engine.dispose()
