"""Issue 69, broker sources end to end: a Source that reads a real broker on loopback
(started by the tests), on the running service's worker, on both databases. Each message
is published as an Event through the same path as `POST /v1/events` and delivered to the
Consumer's endpoint; one that can never be published goes to the dead-letter target with
its reason, and never holds the messages behind it; the group's offset is committed past
every message once it is done with; the Source's record shows its lag."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from sqlmodel import Session, select

from hookline.persistence.db import committed
from hookline.persistence.models import Event, Source
from hookline.services import accounts
from tests.support.api import ok, setup_endpoint
from tests.support.brokers import Kafka, Moto, RabbitMQ
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant

pytestmark = pytest.mark.both_databases


def source(tenant: Tenant, **body: Any) -> dict[str, Any]:
    return ok(tenant.client.post("/v1/ingest/sources", json={"name": f"s{time.time_ns()}",
                                                              **body}), 201)


def kafka_source(tenant: Tenant, kafka: Kafka, name: str, partitions: int = 1,
                 **body: Any) -> tuple[dict[str, Any], str]:
    """A Kafka Source of a new topic (`name`, made unique) read from its start, with a dead
    letter topic beside it: the Source's record, and its topic."""
    topic = f"{name}{time.time_ns()}"
    kafka.create_topic(topic, partitions=partitions)
    kafka.create_topic(f"{topic}-dead", partitions=1)
    port = kafka.bootstrap.rsplit(":", 1)[1]
    return source(tenant, url=f"kafka://127.0.0.1:{port}/{topic}",
                  deadLetter=f"kafka://127.0.0.1:{port}/{topic}-dead",
                  consumption={"startFrom": "earliest"}, **body), topic


def until(check: Any, timeout: float = 60, every: float = 0.25) -> Any:
    end = time.monotonic() + timeout
    while True:
        found = check()
        if found or time.monotonic() > end:
            return found
        time.sleep(every)


def test_a_kafka_topic_is_published_as_events_and_its_poison_dead_lettered(
        tenant: Tenant, kafka: Kafka, receiver: Receiver) -> None:
    setup_endpoint(tenant, receiver.url("/hooks"), event_type="order.paid")
    created, topic = kafka_source(tenant, kafka, "orders", partitions=2, type="kafka",
                                  mapping={"consumer": "customer", "eventType": "kind"})
    good: list[tuple[bytes, dict[str, str]]] = [
        (json.dumps({"n": n, "customer": "acme", "kind": "order.paid"}).encode(), {})
        for n in range(8)]
    named = [(json.dumps({"n": 8}).encode(), {"hookline-consumer": "acme",
                                              "hookline-event-type": "order.paid",
                                              "hookline-idempotency-key": "order-8"})]
    poison: list[tuple[bytes, dict[str, str]]] = [
        (b"not json", {}),
              (json.dumps({"customer": "acme", "kind": "no.such-type"}).encode(), {}),
              (json.dumps({"customer": "nobody", "kind": "order.paid"}).encode(), {})]
    kafka.produce(topic, good[:4] + poison[:2] + good[4:] + poison[2:] + named)

    got = receiver.wait(9, "/hooks", timeout=90)
    assert sorted(json.loads(r.body)["data"].get("n") for r in got) == list(range(9))
    assert all(json.loads(r.body)["type"] == "order.paid" for r in got)
    dead = kafka.consume(f"{topic}-dead", 3, timeout=30)
    reasons = sorted(r.headers["hookline-dead-letter-reason"] for r in dead)
    assert len(reasons) == 3, reasons
    assert any("not JSON" in r for r in reasons), reasons
    assert any("no.such-type" in r for r in reasons), reasons
    assert any("nobody" in r for r in reasons), reasons
    assert sorted(r.value for r in dead) == sorted(body for body, _ in poison)
    # Every message is done with: the group's offsets are past all 12.
    assert until(lambda: kafka.committed(f"hookline-{created['id']}", topic) == 12), \
        kafka.committed(f"hookline-{created['id']}", topic)
    page = ok(tenant.client.get("/v1/events", params={"limit": 50}))
    keys = {e["id"] for e in page["items"]}
    assert len(keys) == 9
    # The Source's record tells where it is.
    shown = until(lambda: (s := ok(tenant.client.get(f"/v1/ingest/sources/{created['id']}")))
                  ["lag"] and s, timeout=30)
    assert shown["lag"]["messages"] == 0 and shown["lastMessageAt"] is not None
    # Nothing is published twice, however long it runs.
    time.sleep(2)
    assert len(receiver.at("/hooks")) == 9


def test_a_rabbitmq_queue_is_published_as_events_and_its_poison_dead_lettered(
        tenant: Tenant, rabbitmq: RabbitMQ, receiver: Receiver) -> None:
    queue = f"orders{time.time_ns()}"
    rabbitmq.declare(queue, queue, routing_key=queue)
    rabbitmq.declare(f"{queue}-dead", f"{queue}-dead", routing_key="#")
    setup_endpoint(tenant, receiver.url("/hooks"), event_type="order.paid")
    port = rabbitmq.port
    source(tenant, type="amqp", url=f"amqp://127.0.0.1:{port}/?queue={queue}",
           deadLetter=f"amqp://127.0.0.1:{port}/?exchange=&routingKey={queue}-dead",
           mapping={"eventType": "kind"})
    named = {"hookline-consumer": "acme"}
    rabbitmq.send(queue, [(json.dumps({"n": n, "kind": "order.paid"}).encode(), named)
                          for n in range(5)] + [(b"{oops", named)])
    # Without message ids: known by their contents, each published once.
    rabbitmq.send(queue, [(json.dumps({"n": n, "kind": "order.paid"}).encode(), named)
                          for n in range(5, 7)], message_ids=False)

    got = receiver.wait(7, "/hooks", timeout=90)
    assert sorted(json.loads(r.body)["data"]["n"] for r in got) == list(range(7))
    [dead] = rabbitmq.read(f"{queue}-dead", 1, timeout=30)
    assert dead.body == b"{oops" and "not JSON" in str(dead.headers[
        "hookline-dead-letter-reason"]), dead
    assert until(lambda: rabbitmq.count(queue) == 0, timeout=30)
    time.sleep(2)
    assert len(receiver.at("/hooks")) == 7


def test_an_sqs_queue_is_published_as_events_and_its_poison_dead_lettered(
        tenant: Tenant, moto: Moto, receiver: Receiver) -> None:
    name = f"orders{time.time_ns()}"
    queue, dead = moto.sqs_queue(name), moto.sqs_queue(f"{name}-dead")
    setup_endpoint(tenant, receiver.url("/hooks"), event_type="order.paid")
    source(tenant, type="sqs", url=f"sqs://{moto.region}/{name}",
           deadLetter=f"sqs://{moto.region}/{name}-dead", endpointOverride=moto.endpoint,
           credentials={"accessKeyId": moto.access_key_id,
                        "secretAccessKey": moto.secret_access_key})
    sqs = moto.client("sqs")
    named = {"hookline-consumer": {"DataType": "String", "StringValue": "acme"},
             "hookline-event-type": {"DataType": "String", "StringValue": "order.paid"}}
    bodies = [json.dumps({"n": n}) for n in range(20)]
    poison = ["{not json", json.dumps({"n": "x"})]
    for body in bodies[:10] + poison[:1] + bodies[10:] + poison[1:]:
        attributes = named if body != poison[1] else {
            **named, "hookline-consumer": {"DataType": "String", "StringValue": "nobody"}}
        sqs.send_message(QueueUrl=queue.url, MessageBody=body, MessageAttributes=attributes)

    got = receiver.wait(20, "/hooks", timeout=90)
    assert sorted(json.loads(r.body)["data"]["n"] for r in got) == list(range(20))
    letters = moto.sqs_read(dead, 2, timeout=30)
    assert sorted(m.body for m in letters) == sorted(poison)
    reasons = [str(m.attributes["hookline-dead-letter-reason"]) for m in letters]
    assert any("not JSON" in r for r in reasons) and any("nobody" in r for r in reasons)

    def drained() -> bool:
        left = sqs.get_queue_attributes(QueueUrl=queue.url, AttributeNames=[
            "ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible"])
        return set(left["Attributes"].values()) == {"0"}

    assert until(drained, timeout=30)
    time.sleep(2)
    assert len(receiver.at("/hooks")) == 20


def test_the_quota_dead_letters_and_pauses_and_the_rate_holds(
        stack: Stack, kafka: Kafka, receiver: Receiver) -> None:
    """Over the monthly quota, a message is dead-lettered and the Source pauses (a raised
    quota lets it read again); over the organization's rate, messages are held and all
    published, once."""
    tenant = stack.tenant()
    with Session(stack.engine) as session:
        committed(session, accounts.set_plan, tenant.org_id, monthly_events=3)
    setup_endpoint(tenant, receiver.url("/quota"), event_type="order.paid")
    created, topic = kafka_source(tenant, kafka, "quota")
    headers = {"hookline-consumer": "acme", "hookline-event-type": "order.paid"}
    kafka.produce(topic, [(json.dumps({"n": n}).encode(), headers) for n in range(5)])
    assert len(receiver.wait(3, "/quota", timeout=90)) == 3
    dead = kafka.consume(f"{topic}-dead", 2, timeout=30)
    assert len(dead) == 2 and all("quota" in r.headers["hookline-dead-letter-reason"]
                                  for r in dead), dead
    path = f"/v1/ingest/sources/{created['id']}"
    paused = until(lambda: (s := ok(tenant.client.get(path)))["pausedUntil"] and s)
    assert "quota" in paused["lastError"], paused
    # Paused: a new message waits, neither published nor dead-lettered.
    kafka.produce(topic, [(json.dumps({"n": 5}).encode(), headers)])
    time.sleep(3)
    assert len(receiver.at("/quota")) == 3 and len(kafka.consume(f"{topic}-dead", 3,
                                                                 timeout=1)) == 2
    # A raised quota changes the Source's reader, which reads again at once.
    with Session(stack.engine) as session:
        committed(session, accounts.set_plan, tenant.org_id, monthly_events=100, rps=2)
    assert [json.loads(r.body)["data"]["n"] for r in receiver.wait(4, "/quota", timeout=60)
            ][3:] == [5]
    # Over the rate (2 a second): held, then published, every one once.
    kafka.produce(topic, [(json.dumps({"n": n}).encode(), headers) for n in range(6, 18)])
    got = receiver.wait(16, "/quota", timeout=90)
    assert sorted(json.loads(r.body)["data"]["n"] for r in got) == list(range(18)[:3]) + \
        list(range(5, 18)), [json.loads(r.body)["data"]["n"] for r in got]
    # (Read from the database: the API shares the rate the Source is held by.)
    with Session(stack.engine) as session:
        held = session.get(Source, created["id"])
        assert held is not None and "requests per second" in (held.last_error or ""), held
    time.sleep(2)
    assert len(receiver.at("/quota")) == 16


def test_one_environments_burst_holds_no_other_environments_source(
        stack: Stack, kafka: Kafka) -> None:
    """A Source with a backlog (held to its organization's rate, the plan's default) and
    another environment's Source read side by side: the other's message is published
    while the backlog is still being read, not after it."""
    headers = {"hookline-consumer": "acme", "hookline-event-type": "order.paid"}
    made: dict[str, tuple[Tenant, str]] = {}
    for name in ("busy", "quiet"):
        tenant = stack.tenant()
        ok(tenant.client.post("/v1/event-types", json={"name": "order.paid"}), 201)
        ok(tenant.client.post("/v1/consumers", json={"externalId": "acme", "name": "acme"}),
           201)
        made[name] = (tenant, kafka_source(tenant, kafka, name)[1])
    backlog = 1000
    kafka.produce(made["busy"][1], [(json.dumps({"n": n}).encode(), headers)
                                    for n in range(backlog)])

    def events(name: str) -> int:
        with Session(stack.engine) as session:
            return len(session.exec(select(Event.id).where(
                Event.environment_id == made[name][0].environment_id)).all())

    assert until(lambda: events("busy") > 0, timeout=60)
    kafka.produce(made["quiet"][1], [(json.dumps({"n": 0}).encode(), headers)])
    assert until(lambda: events("quiet") == 1, timeout=60)
    assert events("busy") < backlog, "the quiet Source waited for the whole backlog"
    assert until(lambda: events("busy") == backlog, timeout=120)
