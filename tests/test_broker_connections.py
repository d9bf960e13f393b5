"""Issue 53, point 4, end to end: a broker target's connections close when it is deleted
or disabled, in every process that opened one: the worker's (its Deliveries') and the
API's (a test send), within the publishers' sweep (`brokers.pool.SWEEP`, 30 s). Counted by
the kernel on a RabbitMQ of this module's own, which nothing else connects to."""

from __future__ import annotations

import time

from hookline.delivery.kinds.brokers.pool import SWEEP
from tests.support.api import deliveries_of, ok, publish, wait_delivery
from tests.support.brokers import RabbitMQ
from tests.support.sockets import clients_of
from tests.support.stack import Tenant


def test_a_deleted_or_disabled_targets_connections_close(tenant: Tenant, rabbitmq: RabbitMQ
                                                          ) -> None:
    port = int(rabbitmq.url.rsplit(":", 1)[1])
    tenant.client.post("/v1/event-types", json={"name": "invoice.paid"})
    made = []
    for ending in ("deleted", "disabled"):
        name = f"{ending}{int(time.time() * 1000)}"
        rabbitmq.declare(name, name, routing_key="#")
        tenant.client.post("/v1/consumers", json={"externalId": name, "name": name})
        created = ok(tenant.client.post("/v1/endpoints", json={
            "consumer": name, "url": f"amqp://127.0.0.1:{port}/?exchange={name}"}), 201)
        tested = ok(tenant.client.post(f"/v1/endpoints/{created['id']}/test"))
        assert tested["success"], tested
        [delivery] = deliveries_of(tenant, publish(tenant, consumer=name)["id"])
        assert wait_delivery(tenant, delivery["id"])["status"] == "delivered"
        made.append(created["id"])
    assert clients_of(port) == 4  # each target's publisher in the API and in the worker
    deleted, disabled = made
    assert tenant.client.delete(f"/v1/endpoints/{deleted}").status_code == 204
    ok(tenant.client.patch(f"/v1/endpoints/{disabled}", json={"status": "disabled"}))
    deadline = time.monotonic() + SWEEP + 15
    while clients_of(port) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert clients_of(port) == 0
