"""Issue 53 in the consumer portal, end to end: an endpoint a Consumer adds through the
portal's form, a Kafka topic behind SASL (a real broker on loopback), gets the portal's test
event and a published event, signed; saved again with the password left blank, it still
signs in; its Delivery's page and the filter's preview say where it goes; with a wrong
password, the test says the broker refused the credentials, without showing them. (The
form's rules and pages: test_portal_brokers.py.)"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator

import pytest
from sqlmodel import Session
from standardwebhooks import Webhook

from hookline.persistence.models import Endpoint
from tests.support.api import deliveries_of, ok, publish, wait_delivery
from tests.support.brokers import Kafka, KafkaRecord
from tests.support.portal import PortalClient, consumer, endpoint_ids, opened
from tests.support.stack import Stack, Tenant


@pytest.fixture
def browser(stack: Stack) -> Iterator[PortalClient]:
    client = PortalClient(stack.base_url)
    yield client
    client.close()


def verified(secret: str, record: KafkaRecord) -> dict[str, object]:
    """The record as a consumer checks it: Standard Webhooks' own verifier."""
    found: dict[str, object] = Webhook(secret).verify(record.value, dict(record.headers))
    return found


def test_an_endpoint_added_in_the_portal_gets_its_test_event_on_a_kafka_topic(
        stack: Stack, tenant: Tenant, browser: PortalClient, kafka: Kafka) -> None:
    topic = f"portal{int(time.time() * 1000)}"
    kafka.create_topic(topic, partitions=1)
    port = kafka.sasl_bootstrap.rsplit(":", 1)[1]
    url = f"kafka://127.0.0.1:{port}/{topic}"
    consumer(tenant, "acme", "invoice.paid")
    opened(browser, tenant)
    browser.get("/portal/endpoints/new")
    sign_in = {"broker_username": kafka.user, "broker_password": kafka.password,
               "broker_mechanism": "SCRAM-SHA-256"}
    created = browser.post("/portal/endpoints", {"url": url, "events": [], **sign_in})
    assert created.status_code == 200, created.text
    secret = re.search(r"whsec_[A-Za-z0-9+/=]+", created.text)
    assert secret is not None
    [endpoint_id] = endpoint_ids(tenant)

    tested = browser.post(f"/portal/endpoints/{endpoint_id}/test")
    assert "Test event succeeded" in tested.text, tested.text
    assert f"published to Kafka topic {topic} on 127.0.0.1:{port}" in tested.text
    [record] = kafka.consume(topic, 1)
    assert verified(secret.group(0), record)["type"] == "endpoint.test"
    assert record.headers["webhook-event-type"] == "endpoint.test"  # marked as the test

    # Saved with the password blank: the stored one stays, and still signs in.
    browser.get(f"/portal/endpoints/{endpoint_id}")
    kept = {"url": url, "events": [], "description": "orders", **sign_in,
            "broker_password": ""}
    assert browser.post(f"/portal/endpoints/{endpoint_id}", kept).status_code == 200
    with Session(stack.engine) as session:
        row = session.get(Endpoint, endpoint_id)
        assert row is not None and row.credentials == {
            "username": kafka.user, "password": kafka.password, "mechanism": "SCRAM-SHA-256"}
    event = publish(tenant, {"invoice": "in_53"})["id"]
    [delivery] = deliveries_of(tenant, event)
    assert wait_delivery(tenant, delivery["id"], timeout=60)["status"] == "delivered"
    records = kafka.consume(topic, 2)
    assert [verified(secret.group(0), r)["type"] for r in records] == [
        "endpoint.test", "invoice.paid"]
    assert json.loads(records[1].value)["data"] == {"invoice": "in_53"}
    shown = browser.get(f"/portal/deliveries/{delivery['id']}")
    assert f"Kafka topic {topic} on 127.0.0.1:{port}" in shown
    tried = browser.post(f"/portal/endpoints/{endpoint_id}/preview", {
        **kept, "filter": 'data.invoice == "in_53"', "event": event})
    assert f"this event would be sent to Kafka topic {topic} on 127.0.0.1:{port}, with the " \
        "key <code>acme</code>." in tried.text, tried.text

    wrong = {**kept, "broker_password": "wrong-password-53"}
    assert browser.post(f"/portal/endpoints/{endpoint_id}", wrong).status_code == 200
    failed = browser.post(f"/portal/endpoints/{endpoint_id}/test")
    assert "Test event failed" in failed.text and "broker_auth" in failed.text, failed.text
    assert "The broker refused the credentials set on this endpoint" in failed.text
    assert "wrong-password-53" not in failed.text and kafka.password not in failed.text
    assert ok(tenant.client.get(f"/v1/endpoints/{endpoint_id}"))["credentials"][
        "username"] == kafka.user
