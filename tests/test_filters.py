"""Issue 35, filters: a CEL `filter` on endpoints and destinations decides at fan-out whether
an event or a message makes a Delivery for them. Set, read, patched, cleared and refused
like any field; evaluated end to end against real receivers."""

from __future__ import annotations

import time
from typing import Any

import pytest
from standardwebhooks.webhooks import Webhook

from hookline.tenant_code import filters
from tests.support.api import deliveries_of, ok, publish, setup_endpoint, wait_delivery
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant
from tests.test_forwarding import deliveries_of as message_deliveries
from tests.test_platform_http import assert_problem
from tests.test_sources import make_source, post_in
from tests.test_target_settings import Kind
from tests.test_target_settings import kind as kind

BIG = 'type.startsWith("invoice.") && data.amount > 100'


def refused_filter(response: Any) -> dict[str, Any]:
    problem = assert_problem(response, 422)
    assert [e["field"] for e in problem["errors"]] == ["filter"], problem
    return problem


def test_a_filter_is_set_read_patched_and_cleared(kind: Kind) -> None:
    created = kind.create(filter=BIG)
    assert created["filter"] == BIG and kind.read(created["id"])["filter"] == BIG
    other = 'data.region in ["eu", "us"]'
    assert kind.patch(created["id"], {"description": "x"})["filter"] == BIG  # absent: kept
    assert kind.patch(created["id"], {"filter": other})["filter"] == other
    assert kind.patch(created["id"], {"filter": None})["filter"] is None
    assert kind.create()["filter"] is None


@pytest.mark.parametrize("bad", ["type ==", 'data.amount > "', "a &&& b", "(", " ", 5, True,
                                 ["type"], "x" * 4097])
def test_a_bad_filter_is_refused_and_changes_nothing(kind: Kind, bad: Any) -> None:
    refused_filter(kind.tenant.client.post(kind.create_path, json=kind.body(filter=bad)))
    created = kind.create(filter=BIG)
    refused_filter(kind.tenant.client.patch(f"{kind.path}/{created['id']}",
                                            json={"filter": bad, "description": "changed"}))
    after = kind.read(created["id"])
    assert after["filter"] == BIG and after["description"] is None


def test_a_compile_error_names_its_position(kind: Kind) -> None:
    problem = refused_filter(kind.tenant.client.post(
        kind.create_path, json=kind.body(filter="type.startsWith(")))
    assert "line 1, column 17" in problem["detail"], problem


def test_publish_makes_deliveries_only_where_the_filter_matches(tenant: Tenant,
                                                               receiver: Receiver) -> None:
    big = setup_endpoint(tenant, receiver.url("/large"))
    ok(tenant.client.patch(f"/v1/endpoints/{big['id']}", json={"filter": BIG}))
    eu = setup_endpoint(tenant, receiver.url("/eu"))
    ok(tenant.client.patch(f"/v1/endpoints/{eu['id']}", json={
        "filter": 'consumer == "acme" && data.region == "eu" && eventId.startsWith("evt_")'}))
    every = setup_endpoint(tenant, receiver.url("/all"))

    small = publish(tenant, {"amount": 50, "region": "us"})
    assert (small["deliveries"], small["filtered"]) == (1, 2)
    assert [d["endpointId"] for d in deliveries_of(tenant, small["id"])] == [every["id"]]

    large = publish(tenant, {"amount": 150, "region": "eu"})
    assert (large["deliveries"], large["filtered"]) == (3, 0)
    for delivery in deliveries_of(tenant, large["id"]):
        assert wait_delivery(tenant, delivery["id"])["status"] == "delivered"
    receiver.wait(1, "/large")
    receiver.wait(1, "/eu")
    receiver.wait(2, "/all")
    assert len(receiver.at("/large")) == 1 and len(receiver.at("/eu")) == 1
    assert ok(tenant.client.get(f"/v1/events/{small['id']}"))["filtered"] == 2


def test_an_evaluation_error_is_no_match(tenant: Tenant, receiver: Receiver) -> None:
    endpoint = setup_endpoint(tenant, receiver.url())
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}",
                           json={"filter": "data.missing.deeper > 1"}))
    assert publish(tenant, {"n": 1})["filtered"] == 1
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}", json={"filter": 'data.n > "x"'}))
    assert publish(tenant, {"n": 1})["filtered"] == 1
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}", json={"filter": "data.n"}))
    assert publish(tenant, {"n": 1})["filtered"] == 1  # not a bool


def test_replay_applies_the_filter_in_force_now(tenant: Tenant, receiver: Receiver) -> None:
    endpoint = setup_endpoint(tenant, receiver.url())
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}", json={"filter": "data.n > 5"}))
    event = publish(tenant, {"n": 1})
    assert (event["deliveries"], event["filtered"]) == (0, 1)
    assert ok(tenant.client.post(f"/v1/events/{event['id']}/replay"), 202)["deliveries"] == []
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}", json={"filter": "data.n < 5"}))
    replayed = ok(tenant.client.post(f"/v1/events/{event['id']}/replay"), 202)["deliveries"]
    assert len(replayed) == 1
    assert wait_delivery(tenant, replayed[0])["status"] == "delivered"
    assert ok(tenant.client.get(f"/v1/events/{event['id']}"))["filtered"] == 2


def test_a_destination_filter_sees_body_headers_query_type_and_provider(
        tenant: Tenant, receiver: Receiver) -> None:
    source = make_source(tenant)
    path = f"/v1/ingest/sources/{source['id']}/destinations"
    chosen = ('body.action == "opened" && headers["x-event"] == "pr" && query.team == "core" '
              '&& contentType == "application/json" && provider == "generic"')
    ids = {name: ok(tenant.client.post(path, json={"url": receiver.url(f"/{name}"), **extra}),
                    201)["id"]
           for name, extra in (("chosen", {"filter": chosen}),
                               ("plain", {"filter": "body == null"}), ("all", {}))}

    opened = post_in(source["url"] + "?team=core", b'{"action": "opened"}',
                     headers={"X-Event": "pr"})
    assert opened.status_code == 202, opened.text
    closed = post_in(source["url"] + "?team=core", b'{"action": "closed"}',
                     headers={"X-Event": "pr"})
    text = post_in(source["url"], b"not json", headers={"content-type": "text/plain"})
    for answer, expected in ((opened, {"chosen", "all"}), (closed, {"all"}),
                             (text, {"plain", "all"})):
        found = message_deliveries(tenant, answer.json()["id"])
        assert {d["destinationId"] for d in found} == {ids[name] for name in expected}
    receiver.wait(1, "/chosen")
    receiver.wait(1, "/plain")
    receiver.wait(3, "/all")
    assert len(receiver.at("/chosen")) == 1 and len(receiver.at("/plain")) == 1


@pytest.mark.usefixtures("tool_cel")
def test_a_filtered_fan_out_is_counted() -> None:
    """The metrics of the fan-out: what the filters kept out and how many evaluations
    failed (counted in the process that fanned out: here, this one)."""
    from prometheus_client import REGISTRY

    from hookline.persistence.models import Endpoint

    def value(name: str) -> float:
        return REGISTRY.get_sample_value(name, {"target": "endpoint"}) or 0.0

    before = value("hookline_filtered_total"), value("hookline_filter_errors_total")
    targets = [Endpoint(id=f"ep_{i}", environment_id="env", consumer_id="c", url="u",
                        secret="s", filter=f) for i, f in
               enumerate([None, "data.n > 1", "data.nope > 1", "data.n < 1"])]
    kept, out = filters.admitted(targets, lambda: filters.event_variables(
        "a.b", {"n": 5}, "c", "evt_1"))
    assert [t.id for t in kept] == ["ep_0", "ep_1"] and out == 2
    assert value("hookline_filtered_total") - before[0] == 2
    assert value("hookline_filter_errors_total") - before[1] == 1


def test_an_endpoint_preview_tries_a_filter_on_a_stored_event_and_on_a_sample(
        tenant: Tenant, receiver: Receiver) -> None:
    endpoint = setup_endpoint(tenant, receiver.url("/preview"))
    ok(tenant.client.put(f"/v1/endpoints/{endpoint['id']}/headers", json={"headers": {
        "x-team": "billing"}}))
    event = publish(tenant, {"amount": 150})
    path = f"/v1/endpoints/{endpoint['id']}/preview"

    stored = ok(tenant.client.post(path, json={"eventId": event["id"], "filter": BIG}))
    assert stored["matched"] is True and stored["cancelled"] is False and stored["error"] is None
    assert stored["url"] == receiver.url("/preview")
    sent = ok(tenant.client.get(f"/v1/events/{event['id']}"))
    assert stored["body"].startswith('{"type":"invoice.paid"') and '"amount":150' in stored["body"]
    headers = stored["headers"]
    assert headers["webhook-id"] == sent["id"] and headers["x-team"] == "billing"
    assert headers["content-type"] == "application/json"
    assert headers["webhook-signature"].startswith("v1,")
    Webhook(endpoint["secret"]).verify(stored["body"], headers)  # as a receiver would

    kept_out = ok(tenant.client.post(path, json={"type": "invoice.paid",
                                                 "data": {"amount": 5}, "filter": BIG}))
    assert kept_out["matched"] is False
    assert (kept_out["url"], kept_out["headers"], kept_out["body"]) == (None, None, None)
    failed = ok(tenant.client.post(path, json={"type": "x.y", "data": {},
                                               "filter": "data.amount > 1"}))
    assert failed["matched"] is False and "amount" in failed["error"]
    assert isinstance(failed["durationMs"], float | int)

    # Without `filter`, the saved one; null tries none.
    ok(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}", json={"filter": "data.n == 1"}))
    assert ok(tenant.client.post(path, json={"type": "a.b", "data": {"n": 2}}))["matched"] is False
    assert ok(tenant.client.post(path, json={"type": "a.b", "data": {"n": 2},
                                             "filter": None}))["matched"] is True
    # Nothing was sent or stored by the previews: the event's one Delivery, one arrival.
    assert ok(tenant.client.get(f"/v1/events/{event['id']}"))["deliveries"] == 1
    assert len(receiver.wait(1, "/preview")) == 1
    time.sleep(1)
    assert len(receiver.at("/preview")) == 1


def test_a_preview_refuses_what_it_cannot_try(stack: Stack, tenant: Tenant,
                                              receiver: Receiver) -> None:
    endpoint = setup_endpoint(tenant, receiver.url())
    path = f"/v1/endpoints/{endpoint['id']}/preview"
    for body, field in (({}, "eventId"), ({"type": "a.b"}, "eventId"),
                        ({"eventId": "evt_nope"}, "eventId"),
                        ({"type": "a.b", "data": {}, "filter": "data.("}, "filter")):
        problem = assert_problem(tenant.client.post(path, json=body), 422)
        assert [e["field"] for e in problem["errors"]] == [field], (body, problem)
    other = stack.tenant()
    try:
        setup_endpoint(other, receiver.url())
        elsewhere = publish(other)
        problem = assert_problem(tenant.client.post(path, json={"eventId": elsewhere["id"]}),
                                 422)
        assert [e["field"] for e in problem["errors"]] == ["eventId"]
    finally:
        other.client.close()
    assert_problem(tenant.client.post("/v1/endpoints/ep_nope/preview",
                                      json={"type": "a.b", "data": {}}), 404)


def test_a_destination_preview_tries_a_stored_message_and_a_sample(
        tenant: Tenant, receiver: Receiver) -> None:
    source = make_source(tenant)
    destination = ok(tenant.client.post(
        f"/v1/ingest/sources/{source['id']}/destinations",
        json={"url": receiver.url("/dst"), "filter": 'body.action == "opened"'}), 201)
    path = f"/v1/ingest/destinations/{destination['id']}/preview"
    posted = post_in(source["url"] + "?team=core", b'{"action": "opened"}')
    message_id = posted.json()["id"]
    stored = ok(tenant.client.post(path, json={"messageId": message_id}))
    assert stored["matched"] is True and stored["body"] == '{"action": "opened"}'
    assert stored["headers"]["webhook-id"] == message_id
    assert stored["url"] == receiver.url("/dst")

    sample = ok(tenant.client.post(path, json={
        "body": {"action": "closed"}, "headers": {"X-Event": "pr"}, "query": "team=core",
        "contentType": "application/json",
        "filter": 'headers["x-event"] == "pr" && query.team == "core" && body.action == "closed"'}))
    assert sample["matched"] is True and sample["body"] == '{"action":"closed"}'
    raw = ok(tenant.client.post(path, json={"body": "a=1", "contentType": "text/plain",
                                            "filter": "body == null"}))
    assert raw["matched"] is True and raw["body"] == "a=1"
    assert ok(tenant.client.post(path, json={"body": {"action": "closed"}}))["matched"] is False
    problem = assert_problem(tenant.client.post(path, json={}), 422)
    assert [e["field"] for e in problem["errors"]] == ["messageId"]
