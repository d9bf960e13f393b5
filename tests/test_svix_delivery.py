"""What Svix's endpoints deliver (issue 51), on the full stack: an endpoint made through
/api/v1 signs with svix-* headers that Svix's own `Webhook.verify` accepts (one made with
`signatureHeaders: webhook` with Standard Webhooks' names), both secrets sign after a
rotation, send-example sends an event type's example to that endpoint alone, recover
re-sends what failed, and stats count it; a message is sent as Svix sends it (its payload
alone), once per eventId, to the endpoints its channels choose. Svix's Python SDK (svix
2.9.1) unchanged."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from standardwebhooks.webhooks import Webhook as StandardWebhook
from svix.api import (
    ApplicationIn,
    EndpointIn,
    EndpointSecretRotateIn,
    EventExampleIn,
    EventTypeIn,
    MessageIn,
    RecoverIn,
    Svix,
)
from svix.exceptions import HttpError
from svix.webhooks import Webhook, WebhookVerificationError

from tests.support import svix_sdk
from tests.support.api import deliveries_of, ok, publish, wait_delivery
from tests.support.receiver import Receiver
from tests.support.stack import Tenant

seen, ledger, svix, http = svix_sdk.fixtures()
EXAMPLE = {"email": "ada@example.com"}
SCHEMA = {"type": "object", "properties": {"email": {"type": "string"}},
          "examples": [EXAMPLE]}


def _setup(svix: Svix) -> None:
    svix.application.create(ApplicationIn(name="Acme", uid="acme"))
    svix.event_type.create(EventTypeIn(name="user.signup", description="A user signed up",
                                       schemas={"1": SCHEMA}))


def _eventually(read: Callable[[], Any], wanted: Any, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while (found := read()) != wanted:
        assert time.monotonic() < deadline, f"{found} is not {wanted}"
        time.sleep(0.2)


def test_svix_headers_verify_and_an_example_goes_to_its_endpoint_alone(
        svix: Svix, http: httpx.Client, tenant: Tenant, receiver: Receiver) -> None:
    _setup(svix)
    ours = svix.endpoint.create("acme", EndpointIn(url=receiver.url("/ok/svix"),
                                                   event_types=["user.signup"]))
    plain = ok(http.post("/api/v1/app/acme/endpoint", json={
        "url": receiver.url("/ok/standard"), "signatureHeaders": "webhook"}), 201)
    secret = svix.endpoint.get_secret("acme", ours.id).key
    event = publish(tenant, {"email": "bob@example.com"}, event_type="user.signup")

    [signed] = receiver.wait(1, "/ok/svix")
    assert signed.headers["svix-id"] == event["id"] and "webhook-id" not in signed.headers
    Webhook(secret).verify(signed.body, signed.headers)
    with pytest.raises(WebhookVerificationError):  # Standard Webhooks' libraries read
        StandardWebhook(secret).verify(signed.body, signed.headers)  # webhook-* only
    [standard] = receiver.wait(1, "/ok/standard")
    assert "svix-id" not in standard.headers
    plain_secret = svix.endpoint.get_secret("acme", plain["id"]).key
    for verifier in (Webhook(plain_secret), StandardWebhook(plain_secret)):
        verifier.verify(standard.body, standard.headers)

    rotated = svix.endpoint.rotate_secret("acme", ours.id, EndpointSecretRotateIn()).key
    message = svix.endpoint.send_example("acme", ours.id,
                                         EventExampleIn(event_type="user.signup"))
    assert (message.event_type, message.payload) == ("user.signup", EXAMPLE)
    example = receiver.wait(2, "/ok/svix")[1]
    assert example.headers["svix-id"] == message.id
    assert json.loads(example.body) == EXAMPLE  # the payload alone, as Svix sends it
    assert len(example.headers["svix-signature"].split(" ")) == 2
    for key in (rotated, secret):
        Webhook(key).verify(example.body, example.headers)
    # To that endpoint alone, though the other takes every type.
    assert ok(tenant.client.get(f"/v1/events/{message.id}"))["deliveries"] == 1
    _eventually(lambda: svix.endpoint.get_stats("acme", ours.id).success, 2)
    assert len(receiver.at("/ok/standard")) == 1


def test_recover_resends_what_failed(svix: Svix, tenant: Tenant, receiver: Receiver) -> None:
    """A Delivery exhausted on the retry schedule (4 attempts, each answered 503) is sent
    again by recover, under the same svix-id, and then succeeds."""
    _setup(svix)
    flaky = receiver.url("/flaky/4")
    made = svix.endpoint.create("acme", EndpointIn(url=flaky))
    event = publish(tenant, EXAMPLE, event_type="user.signup")
    [delivery] = deliveries_of(tenant, event["id"])
    wait_delivery(tenant, delivery["id"], {"exhausted"})
    assert svix.endpoint.get_stats("acme", made.id).fail == 1

    started = svix.endpoint.recover("acme", made.id, RecoverIn(
        since=datetime.now(UTC) - timedelta(hours=1)))
    assert (started.status, started.task) == ("running", "endpoint.recover")
    arrived = receiver.wait(5, "/flaky/4")
    assert {r.headers["svix-id"] for r in arrived} == {event["id"]}
    secret = svix.endpoint.get_secret("acme", made.id).key
    Webhook(secret).verify(arrived[-1].body, arrived[-1].headers)
    wait_delivery(tenant, delivery["id"], {"delivered"})
    stats = svix.endpoint.get_stats("acme", made.id)
    assert (stats.success, stats.fail) == (1, 0)


@pytest.mark.both_databases
def test_a_message_arrives_as_svix_sends_it(svix: Svix, tenant: Tenant, receiver: Receiver
                                            ) -> None:
    """The body is the payload as given (no envelope), signed under svix-id, the message's
    id; the same eventId again is a 409 and sends nothing more; an endpoint with channels
    gets only the messages on one of them."""
    _setup(svix)
    every = svix.endpoint.create("acme", EndpointIn(url=receiver.url("/ok/every")))
    svix.endpoint.create("acme", EndpointIn(url=receiver.url("/ok/eu"), channels=["eu"]))
    payload = {"email": "ada@example.com", "nested": {"n": [1, 2.5, None]}}
    made = svix.message.create("acme", MessageIn(event_type="user.signup", payload=payload,
                                                 event_id="signup-1", channels=["eu"]))
    with pytest.raises(HttpError):
        svix.message.create("acme", MessageIn(event_type="user.signup", payload=payload,
                                              event_id="signup-1", channels=["eu"]))
    other = svix.message.create("acme", MessageIn(event_type="user.signup", payload={"n": 2},
                                                  channels=["us"]))
    secret = svix.endpoint.get_secret("acme", every.id).key
    arrived = receiver.wait(2, "/ok/every")
    assert {r.headers["svix-id"] for r in arrived} == {made.id, other.id}
    first = next(r for r in arrived if r.headers["svix-id"] == made.id)
    assert json.loads(first.body) == payload
    Webhook(secret).verify(first.body, first.headers)
    [eu] = receiver.wait(1, "/ok/eu")
    assert eu.headers["svix-id"] == made.id
    time.sleep(1)  # what would arrive twice has had time to
    assert len(receiver.at("/ok/every")) == 2 and len(receiver.at("/ok/eu")) == 1
