"""Issue 53, end to end: brokers stopped mid-load and started again lose nothing. Kafka,
RabbitMQ and moto (all five AWS kinds) go down at once under load (one test, one wait):
each target's attempts fail as `broker_unreachable`, its breaker opens and holds its
Deliveries, its probe finds the broker back, and every event arrives. Moto comes back
empty: what it got before the outage is read before it, and its resources made again."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

from hookline.target_kinds import AWS_KINDS
from tests.support.api import ok, publish
from tests.support.brokers import Kafka, Moto, RabbitMQ
from tests.support.stack import Stack
from tests.test_broker_delivery import delivered_all, endpoint

# This test's own stack: the shared schedule (three retries a second apart) ends a Delivery
# before a broker has restarted, and the breaker (the product's: open 30 s after 5
# failures) holds a Delivery until its window ends; this window (63 s) outlasts both.
OUTAGE_SCHEDULE = "1s,2s,4s,8s,16s,32s"


@pytest.fixture(scope="module")
def patient(stack: Stack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    own = stack.sibling(tmp_path_factory.mktemp("patient"),
                        HOOKLINE_RETRY_SCHEDULE=OUTAGE_SCHEDULE)
    yield own
    own.stop_all()
    own.engine.dispose()


class AwsSinks:
    """Moto's five kinds under one name: made (again: moto comes back empty), and the ids
    of what each got."""

    def __init__(self, moto: Moto, name: str) -> None:
        self.moto, self.name = moto, name
        self.made: dict[str, Any] = {}

    def make(self) -> None:
        moto, name = self.moto, self.name
        moto.kinesis_stream(name, shards=1)
        moto.s3_bucket(name)
        self.made = {"sqs": moto.sqs_queue(name), "sns": moto.sns_topic(name),
                     "eventbridge": moto.eventbridge_bus(name)}

    def urls(self) -> dict[str, str]:
        region, name = self.moto.region, self.name
        return {kind: f"s3://{name}/in?region={region}" if kind == "s3"
                else f"{kind}://{region}/{name}" for kind in AWS_KINDS}

    def ids(self, kind: str, n: int) -> list[str]:
        moto, made = self.moto, self.made
        if kind == "sqs":
            return [str(m.attributes["webhook-id"]) for m in moto.sqs_read(made["sqs"], n)]
        if kind == "sns":
            return [str(m.attributes["webhook-id"])
                    for m in moto.sqs_read(made["sns"].queue, n)]
        if kind == "eventbridge":
            return [json.loads(m.body)["detail"]["headers"]["webhook-id"]
                    for m in moto.sqs_read(made["eventbridge"].queue, n)]
        if kind == "kinesis":
            return [json.loads(r.data)["headers"]["webhook-id"]
                    for r in moto.kinesis_read(self.name, n)]
        return [o.metadata["webhook-id"] for o in moto.s3_objects(self.name, "in/")]


def test_brokers_stopped_mid_load_lose_nothing(patient: Stack, kafka: Kafka,
                                               rabbitmq: RabbitMQ, moto: Moto) -> None:
    # Seven kinds' Deliveries polled to the end: more than the default plan's 100 requests
    # a second, a tenant's plan, not a setting of the service.
    tenant = patient.tenant(rps=1000)
    name = f"outage{int(time.time() * 1000)}"
    kafka.create_topic(name, partitions=3)
    rabbitmq.declare(name, name, routing_key="#")
    aws = AwsSinks(moto, name)
    aws.make()
    urls = {"kafka": f"kafka://127.0.0.1:{kafka.bootstrap.rsplit(':', 1)[1]}/{name}",
            "amqp": f"amqp://127.0.0.1:{rabbitmq.url.rsplit(':', 1)[1]}/?exchange={name}"
                    "&routingKey=k", **aws.urls()}
    signed_in = {"endpointOverride": moto.endpoint, "credentials": {
        "accessKeyId": moto.access_key_id, "secretAccessKey": moto.secret_access_key}}
    targets = {kind: endpoint(tenant, url, consumer=kind,
                              **(signed_in if kind in AWS_KINDS else {}))["id"]
               for kind, url in urls.items()}
    events: dict[str, list[str]] = {kind: [] for kind in urls}

    def load(numbers: range) -> None:
        for n in numbers:
            for kind in urls:
                events[kind].append(publish(tenant, {"n": n}, consumer=kind)["id"])

    load(range(5))
    for kind in urls:  # moto forgets everything when it stops: read what it has now
        delivered_all(tenant, events[kind][:5], timeout=60)
    got = {kind: aws.ids(kind, 5) for kind in AWS_KINDS}
    with kafka.outage(), rabbitmq.outage(), moto.outage():
        load(range(5, 10))
        time.sleep(1.5)  # attempts fail meanwhile
    aws.make()  # moto comes back empty: its queues, topic, bus, stream and bucket again
    for kind in urls:
        delivered_all(tenant, events[kind], timeout=120)
    failed = {kind: [a["errorType"] for a in ok(tenant.client.get(
        f"/v1/endpoints/{target}/attempts", params={"status": "failed", "limit": 100}))["items"]]
        for kind, target in targets.items()}
    for kind, types in failed.items():
        # Moto is up a moment before its resources are made again: an attempt then may
        # meet no such queue (a real AWS service forgets nothing when it restarts).
        down = {"broker_unreachable", "timeout"} | (
            {"broker_refused"} if kind in AWS_KINDS else set())
        assert types and set(types) <= down, (kind, types)
    got["kafka"] = [r.headers["webhook-id"] for r in kafka.consume(name, 10, settle=1)]
    got["amqp"] = [m.headers["webhook-id"] for m in rabbitmq.read(name, 10)]
    for kind in AWS_KINDS:
        got[kind] += aws.ids(kind, 5)
    for kind in urls:
        assert set(got[kind]) == set(events[kind]), kind
    tenant.client.close()
