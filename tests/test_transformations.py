"""Issue 35, transformations: a target's JavaScript `handler(webhook)` reshapes what each
attempt sends (Svix's contract), in a V8 context of its own with a time and a memory limit.
Set, read, patched and refused like any field; run end to end against real receivers on
SQLite and PostgreSQL."""

from __future__ import annotations

import json
from typing import Any

import pytest
from standardwebhooks.webhooks import Webhook

from tests.support.api import attempts, deliveries_of, ok, publish, setup_endpoint, wait_delivery
from tests.support.receiver import Receiver
from tests.support.stack import Tenant
from tests.test_forwarding import deliveries_of as message_deliveries
from tests.test_platform_http import assert_problem
from tests.test_sources import make_source, post_in
from tests.test_target_settings import Kind
from tests.test_target_settings import kind as kind  # the fixture, shared

SLACK = """
function handler(webhook) {
  webhook.payload = {text: `${webhook.eventType}: ${webhook.payload.data.amount} EUR`};
  webhook.headers["x-shaped"] = "slack";
  webhook.headers["webhook-signature"] = "forged";
  return webhook;
}"""


def refused_code(response: Any) -> dict[str, Any]:
    problem = assert_problem(response, 422)
    assert [e["field"] for e in problem["errors"]] == ["transformation"], problem
    return problem


def with_code(tenant: Tenant, receiver: Receiver, code: str, path: str = "/ok"
              ) -> dict[str, Any]:
    endpoint = setup_endpoint(tenant, receiver.url(path))
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}", json={"transformation": code}))
    return endpoint


def only_delivery(tenant: Tenant, event: dict[str, Any]) -> dict[str, Any]:
    [delivery] = deliveries_of(tenant, event["id"])
    return wait_delivery(tenant, delivery["id"])


def test_a_transformation_is_set_read_patched_and_cleared(kind: Kind) -> None:
    created = kind.create(transformation=SLACK)
    assert created["transformation"] == SLACK
    assert kind.read(created["id"])["transformation"] == SLACK
    assert kind.patch(created["id"], {"description": "x"})["transformation"] == SLACK
    assert kind.patch(created["id"], {"transformation": None})["transformation"] is None
    assert kind.create()["transformation"] is None


@pytest.mark.parametrize("bad, says", [
    ("function handler(w) {", "does not parse"),
    ("function transform(w) { return w }", "handler"),
    ("throw new Error('no')", "threw"),
    ("while (true) {}", "time limit"),
    ("x" * (64 * 1024 + 1), "64 KB"),
    (42, "string"),
])
def test_bad_code_is_refused_and_changes_nothing(kind: Kind, bad: Any, says: str) -> None:
    problem = refused_code(kind.tenant.client.post(kind.create_path,
                                                   json=kind.body(transformation=bad)))
    assert says in problem["detail"], problem
    created = kind.create(transformation=SLACK)
    refused_code(kind.tenant.client.patch(f"{kind.path}/{created['id']}",
                                          json={"transformation": bad, "description": "y"}))
    after = kind.read(created["id"])
    assert after["transformation"] == SLACK and after["description"] is None


def test_the_handler_reshapes_what_is_signed_and_sent(tenant: Tenant,
                                                     receiver: Receiver) -> None:
    endpoint = with_code(tenant, receiver, SLACK, "/slack")
    ok(tenant.client.put(f"/v1/endpoints/{endpoint['id']}/headers",
                         json={"headers": {"x-team": "billing"}}))
    event = publish(tenant, {"amount": 42})
    assert only_delivery(tenant, event)["status"] == "delivered"
    [got] = receiver.wait(1, "/slack")
    assert json.loads(got.body) == {"text": "invoice.paid: 42 EUR"}
    assert got.headers["x-shaped"] == "slack" and got.headers["x-team"] == "billing"
    assert got.headers["content-type"] == "application/json"
    Webhook(endpoint["secret"]).verify(got.body, got.headers)  # the new body, our signature
    # The stored event keeps what was published: only what is sent changes.
    assert ok(tenant.client.get(f"/v1/events/{event['id']}"))["data"] == {"amount": 42}


def test_cancel_sends_nothing_and_cancels_the_delivery(tenant: Tenant,
                                                      receiver: Receiver) -> None:
    with_code(tenant, receiver, """
        function handler(webhook) {
          webhook.cancel = webhook.payload.data.amount < 10;
          return webhook;
        }""", "/maybe")
    small, large = publish(tenant, {"amount": 5}), publish(tenant, {"amount": 50})
    assert only_delivery(tenant, small)["status"] == "cancelled"
    assert only_delivery(tenant, large)["status"] == "delivered"
    [got] = receiver.wait(1, "/maybe")
    assert json.loads(got.body)["data"] == {"amount": 50}
    assert attempts(tenant, deliveries_of(tenant, small["id"])[0]["id"]) == []


@pytest.mark.parametrize("code, says", [
    ("function handler(w) { throw new Error('bad shape') }", "bad shape"),
    ("function handler(w) { while (true) {} }", "time limit"),
    ("function handler(w) { const a = []; while (true) { a.push(new Array(1e5).fill(1)) } }",
     "memory limit"),
    ("function handler(w) { return 'not an object' }", "webhook object"),
    ("function handler(w) { w.payload = {n: 10n}; return w }", "BigInt"),
    ("function handler(w) { setTimeout(() => 1, 0); return w }", "setTimeout"),
    ("function handler(w) { return require('fs') }", "require"),
])
def test_a_failing_handler_fails_the_attempt_and_the_delivery_follows_its_schedule(
        tenant: Tenant, receiver: Receiver, code: str, says: str) -> None:
    with_code(tenant, receiver, code, "/never")
    delivery = only_delivery(tenant, publish(tenant))
    assert delivery["status"] == "exhausted" and delivery["attempts"] == 4
    tries = attempts(tenant, delivery["id"])
    assert {a["errorType"] for a in tries} == {"transformation"}
    assert all(says in a["errorMessage"] for a in tries), tries
    assert receiver.at("/never") == []


def test_a_fixed_transformation_applies_to_the_next_retry(tenant: Tenant,
                                                         receiver: Receiver) -> None:
    endpoint = with_code(tenant, receiver, "function handler(w) { throw new Error('v1') }",
                         "/fixed")
    event = publish(tenant)
    [delivery] = deliveries_of(tenant, event["id"])
    wait_delivery(tenant, delivery["id"], {"retrying"})
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}", json={
        "transformation": "function handler(w) { w.payload = {v: 2}; return w }"}))
    assert wait_delivery(tenant, delivery["id"])["status"] == "delivered"
    [got] = receiver.wait(1, "/fixed")
    assert json.loads(got.body) == {"v": 2}


def test_a_url_the_guard_refuses_is_not_sent(tenant: Tenant, receiver: Receiver) -> None:
    with_code(tenant, receiver, """
        function handler(w) { w.url = "http://169.254.169.254/latest/meta-data"; return w }""",
              "/guarded")
    delivery = only_delivery(tenant, publish(tenant))
    assert delivery["status"] == "exhausted"
    assert {a["errorType"] for a in attempts(tenant, delivery["id"])} == {"blocked_url"}


def test_the_handler_may_route_to_another_url(tenant: Tenant, receiver: Receiver) -> None:
    target = receiver.url("/routed")
    with_code(tenant, receiver, f"""
        function handler(w) {{ if (w.eventType === "invoice.paid") w.url = "{target}";
                               return w }}""", "/first")
    assert only_delivery(tenant, publish(tenant))["status"] == "delivered"
    receiver.wait(1, "/routed")
    assert receiver.at("/first") == []


def test_one_targets_code_cannot_see_anothers(tenant: Tenant, receiver: Receiver) -> None:
    with_code(tenant, receiver, """
        var secret = "mine";
        function handler(w) { globalThis.leaked = "A's"; Object.prototype.polluted = 1;
                              w.payload = {a: true}; return w }""", "/a")
    with_code(tenant, receiver, """
        function handler(w) {
          w.payload = {secret: typeof secret, leaked: typeof leaked,
                       polluted: typeof ({}).polluted};
          return w;
        }""", "/b")
    for _ in range(2):  # A's handler has run once before B's second run
        for delivery in deliveries_of(tenant, publish(tenant)["id"]):
            assert wait_delivery(tenant, delivery["id"])["status"] == "delivered"
    seen = [json.loads(r.body) for r in receiver.wait(2, "/b")]
    assert seen == [{"secret": "undefined", "leaked": "undefined",
                     "polluted": "undefined"}] * 2


def test_a_destination_transformation_sees_the_providers_body(tenant: Tenant,
                                                              receiver: Receiver) -> None:
    source = make_source(tenant)
    ok(tenant.client.post(f"/v1/ingest/sources/{source['id']}/destinations", json={
        "url": receiver.url("/dst"), "transformation": """
        function handler(w) {
          if (w.payload.action !== "opened") { w.cancel = true; }
          w.payload = {pr: w.payload.number, event: w.eventType};
          return w;
        }"""}), 201)
    opened = post_in(source["url"], b'{"action": "opened", "number": 7}')
    closed = post_in(source["url"], b'{"action": "closed", "number": 8}')
    [got] = receiver.wait(1, "/dst")
    assert json.loads(got.body) == {"pr": 7, "event": None}
    for answer, status in ((opened, "delivered"), (closed, "cancelled")):
        [found] = message_deliveries(tenant, answer.json()["id"])
        assert wait_delivery(tenant, found["id"])["status"] == status


def test_a_preview_runs_an_unsaved_transformation(tenant: Tenant, receiver: Receiver) -> None:
    endpoint = setup_endpoint(tenant, receiver.url("/preview"))
    event = publish(tenant, {"amount": 7})
    path = f"/v1/endpoints/{endpoint['id']}/preview"
    shaped = ok(tenant.client.post(path, json={"eventId": event["id"], "transformation": SLACK}))
    assert shaped["matched"] is True and shaped["cancelled"] is False
    assert json.loads(shaped["body"]) == {"text": "invoice.paid: 7 EUR"}
    assert shaped["headers"]["x-shaped"] == "slack"
    assert shaped["headers"]["webhook-signature"].startswith("v1,")
    cancelled = ok(tenant.client.post(path, json={
        "eventId": event["id"],
        "transformation": "function handler(w) { w.cancel = true; return w }"}))
    assert cancelled["cancelled"] is True and cancelled["body"] is None
    failed = ok(tenant.client.post(path, json={
        "eventId": event["id"], "transformation": "function handler(w) { throw 'nope' }"}))
    assert "nope" in failed["error"] and failed["url"] is None
    refused_code(tenant.client.post(path, json={"eventId": event["id"],
                                                "transformation": "function ("}))
    assert ok(tenant.client.get(f"/v1/endpoints/{endpoint['id']}"))["transformation"] is None
