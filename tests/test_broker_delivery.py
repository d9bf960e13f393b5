"""Issue 53, end to end, Kafka and RabbitMQ: endpoints whose URL names a real broker on
loopback (started by the tests) on the running service, on both databases. For each kind:
20 events consumed back with their bodies and headers as sent and the signature verified
(Standard Webhooks' own verifier); bad credentials end the Delivery `exhausted` with
`broker_auth`; a route that takes nothing is `broker_refused`. Kafka: one key always lands
on one partition, the key taken from the URL's expression. (A broker stopped mid-load:
test_broker_outage.py.) A cluster whose metadata names a private broker is refused there,
`blocked_url`, at once."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from standardwebhooks import Webhook

from tests.support.api import attempts, deliveries_of, ok, publish, wait_delivery
from tests.support.brokers import Kafka, RabbitMQ
from tests.support.kafka import ELSEWHERE
from tests.support.stack import Tenant

# The attempt reads a broker target's credentials from its JSON column through the one
# query every attempt reads, on each database.
pytestmark = pytest.mark.both_databases

EVENTS = 20


def endpoint(tenant: Tenant, url: str, consumer: str = "acme", **fields: Any) -> dict[str, Any]:
    tenant.client.post("/v1/event-types", json={"name": "invoice.paid"})
    tenant.client.post("/v1/consumers", json={"externalId": consumer, "name": consumer})
    return ok(tenant.client.post("/v1/endpoints", json={
        "consumer": consumer, "url": url, **fields}), 201)


def verified(secret: str, body: bytes, headers: dict[str, Any]) -> Any:
    """The message as a consumer checks it: Standard Webhooks' own verifier."""
    found = {name: str(value) for name, value in headers.items()}
    return Webhook(secret).verify(body, found)


def delivered_all(tenant: Tenant, events: list[str], timeout: float = 60) -> None:
    for event in events:
        [delivery] = deliveries_of(tenant, event)
        assert wait_delivery(tenant, delivery["id"], timeout=timeout)["status"] == "delivered", \
            [(a["errorType"], a["errorMessage"], a["createdAt"]) for a in
             attempts(tenant, delivery["id"])]


def test_kafka_gets_every_event_signed_and_one_key_on_one_partition(
        tenant: Tenant, kafka: Kafka) -> None:
    topic = f"orders{int(time.time() * 1000)}"
    kafka.create_topic(topic, partitions=3)
    port = kafka.bootstrap.rsplit(":", 1)[1]
    created = endpoint(tenant, f"kafka://127.0.0.1:{port}/{topic}?key=data.customer")
    events = [publish(tenant, {"n": n, "customer": f"c{n % 2}"})["id"] for n in range(EVENTS)]
    delivered_all(tenant, events)
    records = kafka.consume(topic, EVENTS, settle=1)
    assert sorted(r.headers["webhook-id"] for r in records) == sorted(events)
    partitions: dict[bytes | None, set[int]] = {}
    for record in records:
        verified(created["secret"], record.value, record.headers)
        payload = json.loads(record.value)
        assert record.key == payload["data"]["customer"].encode()
        assert record.headers["webhook-event-type"] == "invoice.paid"
        assert record.headers["content-type"] == "application/json"
        partitions.setdefault(record.key, set()).add(record.partition)
    assert set(partitions) == {b"c0", b"c1"}
    assert all(len(found) == 1 for found in partitions.values()), partitions


def test_rabbitmq_gets_every_event_signed_persistent_and_confirmed(
        tenant: Tenant, rabbitmq: RabbitMQ) -> None:
    exchange, queue = f"hooks{int(time.time() * 1000)}", f"q{int(time.time() * 1000)}"
    rabbitmq.declare(exchange, queue, routing_key="invoices")
    port = rabbitmq.url.rsplit(":", 1)[1]
    created = endpoint(tenant, f"amqp://127.0.0.1:{port}/?exchange={exchange}"
                               "&routingKey=invoices")
    events = [publish(tenant, {"n": n})["id"] for n in range(EVENTS)]
    delivered_all(tenant, events)
    messages = rabbitmq.read(queue, EVENTS)
    assert sorted(m.headers["webhook-id"] for m in messages) == sorted(events)
    for message in messages:
        assert message.persistent and message.content_type == "application/json"
        verified(created["secret"], message.body, message.headers)


def test_bad_credentials_end_exhausted_as_broker_auth(tenant: Tenant, kafka: Kafka,
                                                      rabbitmq: RabbitMQ) -> None:
    topic = f"auth{int(time.time() * 1000)}"
    kafka.create_topic(topic, partitions=1)
    sasl_port = kafka.sasl_bootstrap.rsplit(":", 1)[1]
    amqp_port = rabbitmq.url.rsplit(":", 1)[1]
    for url, credentials in (
            (f"kafka://127.0.0.1:{sasl_port}/{topic}",
             {"username": kafka.user, "password": "wrong", "mechanism": "PLAIN"}),
            (f"amqp://127.0.0.1:{amqp_port}/?exchange=amq.topic&routingKey=x",
             {"username": rabbitmq.user, "password": "wrong"})):
        created = endpoint(tenant, url, consumer=f"auth{sasl_port}{len(url)}",
                           credentials=credentials)
        event = publish(tenant, consumer=f"auth{sasl_port}{len(url)}")["id"]
        [delivery] = deliveries_of(tenant, event)
        assert wait_delivery(tenant, delivery["id"], timeout=60)["status"] == "exhausted"
        tried = attempts(tenant, delivery["id"])
        assert {a["errorType"] for a in tried} == {"broker_auth"}, (url, tried)
        assert "wrong" not in json.dumps(tried) and created["id"]


def test_a_cluster_that_names_a_private_broker_is_refused_there(tenant: Tenant, kafka: Kafka
                                                                 ) -> None:
    """The URL's host passes the guard, but the cluster's metadata sends producers to a
    private address: the producer never connects there, and the attempt is `blocked_url`,
    naming the broker the cluster gave (without the guard it would be an unreachable broker,
    after trying)."""
    topic = f"elsewhere{int(time.time() * 1000)}"
    kafka.create_topic(topic, partitions=1)
    port = kafka.elsewhere_bootstrap.rsplit(":", 1)[1]
    endpoint(tenant, f"kafka://127.0.0.1:{port}/{topic}", consumer="misled")
    event = publish(tenant, consumer="misled")["id"]
    [delivery] = deliveries_of(tenant, event)
    deadline = time.monotonic() + 30
    while not (tried := attempts(tenant, delivery["id"])) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert tried, delivery
    assert tried[0]["errorType"] == "blocked_url", tried
    assert f"{ELSEWHERE}:{kafka.port}" in tried[0]["errorMessage"], tried
    assert kafka.consume(topic, 1, timeout=1) == []


def test_a_topic_or_route_that_takes_nothing_is_refused(tenant: Tenant, rabbitmq: RabbitMQ
                                                         ) -> None:
    amqp_port = rabbitmq.url.rsplit(":", 1)[1]
    # amq.direct exists, but no queue is bound for this key: the broker returns the message.
    endpoint(tenant, f"amqp://127.0.0.1:{amqp_port}/?exchange=amq.direct&routingKey=nobody",
             consumer="unrouted")
    event = publish(tenant, consumer="unrouted")["id"]
    [delivery] = deliveries_of(tenant, event)
    assert wait_delivery(tenant, delivery["id"], timeout=60)["status"] == "exhausted"
    assert {a["errorType"] for a in attempts(tenant, delivery["id"])} == {"broker_refused"}


def test_a_transformation_sets_the_routing_key(tenant: Tenant, rabbitmq: RabbitMQ) -> None:
    """A broker target's `webhook.key` is the message's key; on an AMQP URL with no
    `routingKey`, the routing key."""
    name = f"shaped{int(time.time() * 1000)}"
    rabbitmq.declare(name, name, routing_key="#")
    port = rabbitmq.url.rsplit(":", 1)[1]
    created = endpoint(tenant, f"amqp://127.0.0.1:{port}/?exchange={name}", consumer="shaped",
                       transformation="function handler(webhook) {\n"
                       "  webhook.key = 'invoice.' + webhook.payload.data.n;\n"
                       "  return webhook;\n}")
    events = [publish(tenant, {"n": n}, consumer="shaped")["id"] for n in range(3)]
    delivered_all(tenant, events)
    messages = rabbitmq.read(name, 3)
    assert sorted(m.routing_key for m in messages) == ["invoice.0", "invoice.1", "invoice.2"]
    for message in messages:
        verified(created["secret"], message.body, message.headers)


def test_a_kafka_batch_is_one_record_per_event_in_order(tenant: Tenant, kafka: Kafka) -> None:
    """Issue 67: a batched broker target gets its batch as one record per event, in the
    order accepted, each signed as its own."""
    topic = f"batched{int(time.time() * 1000)}"
    kafka.create_topic(topic, partitions=1)
    port = kafka.bootstrap.rsplit(":", 1)[1]
    # Each record is shaped as it would be alone; one the transformation cancels is left out.
    code = ("function handler(webhook) { if (webhook.payload.data.n === 3) { webhook.cancel = "
            "true; } webhook.headers['x-n'] = String(webhook.payload.data.n); return webhook; }")
    created = endpoint(tenant, f"kafka://127.0.0.1:{port}/{topic}",
                       batch={"maxSize": 5, "maxWaitMs": 60_000}, transformation=code)
    events = [publish(tenant, {"n": n})["id"] for n in range(10)]
    delivered_all(tenant, events[:3] + events[4:])
    [cancelled] = deliveries_of(tenant, events[3])
    assert wait_delivery(tenant, cancelled["id"])["status"] == "cancelled"
    records = kafka.consume(topic, 9, settle=1)
    sent = [n for n in range(10) if n != 3]
    assert [json.loads(r.value)["data"]["n"] for r in records] == sent
    assert [r.headers["x-n"] for r in records] == [str(n) for n in sent]
    assert [r.headers["webhook-id"] for r in records] == events[:3] + events[4:]
    for record in records:
        verified(created["secret"], record.value, record.headers)
