"""What Svix's message attempts show of real deliveries, and what a resend delivers (issue
51), on the full stack: the engine's attempts read through Svix's lists, and a resend sends
the message again to that endpoint alone, signed under the same svix-id. Svix's Python SDK
(svix 2.9.1) unchanged; the messages are published through /v1 until Svix's messages are
built."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from svix.api import (
    ApplicationIn,
    EndpointIn,
    EventTypeIn,
    MessageAttemptListByMsgOptions,
    MessageStatus,
    Svix,
)
from svix.webhooks import Webhook

from tests.support import svix_sdk
from tests.support.api import deliveries_of, publish, wait_delivery
from tests.support.receiver import Receiver
from tests.support.stack import Tenant

seen, ledger, svix, http = svix_sdk.fixtures()


def _eventually(read: Callable[[], Any], wanted: Any, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while (found := read()) != wanted:
        assert time.monotonic() < deadline, f"{found} is not {wanted}"
        time.sleep(0.2)


def test_resend_delivers_the_message_again(svix: Svix, tenant: Tenant,
                                           receiver: Receiver) -> None:
    """A message delivered after a 503 shows both attempts, newest first, with what the
    receiver answered; resent, it arrives again at that endpoint alone (the other endpoint
    took it once), under the same svix-id and verified by Svix's `Webhook`, and its third
    attempt is listed."""
    svix.application.create(ApplicationIn(name="Acme", uid="acme"))
    svix.event_type.create(EventTypeIn(name="user.signup", description="A user signed up"))
    flaky = svix.endpoint.create("acme", EndpointIn(url=receiver.url("/flaky/1"), uid="main"))
    svix.endpoint.create("acme", EndpointIn(url=receiver.url("/ok/other")))
    event = publish(tenant, {"email": "ada@example.com"}, event_type="user.signup")
    for delivery in deliveries_of(tenant, event["id"]):
        wait_delivery(tenant, delivery["id"], {"delivered"})

    content = MessageAttemptListByMsgOptions(endpoint_id="main", with_content=True)
    first = svix.message_attempt.list_by_msg("acme", event["id"], content).data
    assert [(a.response_status_code, a.status, a.url) for a in first] == [
        (200, MessageStatus.SUCCESS, receiver.url("/flaky/1")),
        (503, MessageStatus.FAIL, receiver.url("/flaky/1"))]
    assert json.loads(first[0].response) == {"received": True, "status": 200}

    svix.message_attempt.resend("acme", event["id"], flaky.id)
    arrived = receiver.wait(3, "/flaky/1")
    assert {r.headers["svix-id"] for r in arrived} == {event["id"]}
    assert arrived[2].body == arrived[1].body
    Webhook(svix.endpoint.get_secret("acme", flaky.id).key).verify(arrived[2].body,
                                                                  arrived[2].headers)
    _eventually(lambda: len(svix.message_attempt.list_by_msg("acme", event["id"]).data), 4)
    assert len(receiver.at("/ok/other")) == 1
    places = svix.message_attempt.list_attempted_destinations("acme", event["id"]).data
    assert [p.status for p in places] == [MessageStatus.SUCCESS] * 2
