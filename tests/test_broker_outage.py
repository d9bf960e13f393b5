"""Issue 53, end to end: brokers stopped mid-load and started again lose nothing. Kafka,
RabbitMQ and moto's SQS go down at once under load (one test, one wait): each target's
attempts fail as `broker_unreachable`, its breaker opens and holds its Deliveries, its probe
finds the broker back, and every event arrives."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

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


def test_brokers_stopped_mid_load_lose_nothing(patient: Stack, kafka: Kafka,
                                               rabbitmq: RabbitMQ, moto: Moto) -> None:
    tenant = patient.tenant()
    name = f"outage{int(time.time() * 1000)}"
    kafka.create_topic(name, partitions=3)
    rabbitmq.declare(name, name, routing_key="#")
    moto.sqs_queue(name)
    urls = {"kafka": f"kafka://127.0.0.1:{kafka.bootstrap.rsplit(':', 1)[1]}/{name}",
            "amqp": f"amqp://127.0.0.1:{rabbitmq.url.rsplit(':', 1)[1]}/?exchange={name}"
                    "&routingKey=k",
            "sqs": f"sqs://{moto.region}/{name}"}
    aws = {"endpointOverride": moto.endpoint, "credentials": {
        "accessKeyId": moto.access_key_id, "secretAccessKey": moto.secret_access_key}}
    targets = {kind: endpoint(tenant, url, consumer=kind,
                              **(aws if kind == "sqs" else {}))["id"]
               for kind, url in urls.items()}
    events: dict[str, list[str]] = {kind: [] for kind in urls}

    def load(numbers: range) -> None:
        for n in numbers:
            for kind in urls:
                events[kind].append(publish(tenant, {"n": n}, consumer=kind)["id"])

    load(range(10))
    for kind in urls:  # moto forgets everything when it stops: read what it has now
        delivered_all(tenant, events[kind][:10], timeout=60)
    before = [m.attributes["webhook-id"] for m in moto.sqs_read(name, 10)]
    with kafka.outage(), rabbitmq.outage(), moto.outage():
        load(range(10, 20))
        time.sleep(1.5)  # attempts fail meanwhile
    moto.sqs_queue(name)  # moto comes back empty: the queue is made again
    for kind in urls:
        delivered_all(tenant, events[kind], timeout=120)
    failed = {kind: [a["errorType"] for a in ok(tenant.client.get(
        f"/v1/endpoints/{target}/attempts", params={"status": "failed", "limit": 100}))["items"]]
        for kind, target in targets.items()}
    for kind, types in failed.items():
        assert types and set(types) <= {"broker_unreachable", "timeout"}, (kind, types)
    got = {"kafka": [r.headers["webhook-id"] for r in kafka.consume(name, 20, settle=1)],
           "amqp": [m.headers["webhook-id"] for m in rabbitmq.read(name, 20)],
           "sqs": before + [m.attributes["webhook-id"] for m in moto.sqs_read(name, 10)]}
    for kind in urls:
        assert set(got[kind]) == set(events[kind]), kind
    tenant.client.close()
