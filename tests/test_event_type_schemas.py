"""Event-type schemas: checked as draft 2020-12 schemas when set, examples checked against
them, versions kept, and payloads validated on publish (off, warn, enforce)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.api import deliveries_of, ok
from tests.support.receiver import Receiver
from tests.support.stack import Tenant
from tests.test_platform_http import assert_problem

INVOICE: dict[str, Any] = {
    "type": "object",
    "required": ["invoice", "amount"],
    "properties": {
        "invoice": {"type": "string", "pattern": "^in_"},
        "amount": {"type": "integer", "minimum": 0},
        "email": {"type": "string", "format": "email"},
        "paidAt": {"type": "string", "format": "date-time"},
        "lines": {"type": "array", "items": {"type": "object", "required": ["sku"]}},
    },
}
GOOD = {"invoice": "in_1", "amount": 42, "email": "a@example.com",
        "paidAt": "2026-11-23T12:00:00Z", "lines": [{"sku": "x"}]}


def _type(tenant: Tenant, name: str = "invoice.paid", **fields: Any) -> dict[str, Any]:
    return ok(tenant.client.post("/v1/event-types", json={"name": name, **fields}), 201)


def _publish(tenant: Tenant, data: Any, event_type: str = "invoice.paid") -> Any:
    return tenant.client.post("/v1/events", json={"type": event_type, "consumer": "acme",
                                                  "data": data})


def _events(tenant: Tenant) -> list[dict[str, Any]]:
    return ok(tenant.client.get("/v1/events"))["items"]


@pytest.fixture
def consumer(tenant: Tenant, receiver: Receiver) -> None:
    ok(tenant.client.post("/v1/consumers", json={"externalId": "acme", "name": "Acme"}), 201)
    ok(tenant.client.post("/v1/endpoints", json={"consumer": "acme",
                                                 "url": receiver.url()}), 201)


def test_a_type_keeps_its_schema_examples_and_validation(tenant: Tenant) -> None:
    created = _type(tenant, schema=INVOICE, examples=[GOOD], validation="enforce")
    assert (created["schema"], created["schemaVersion"]) == (INVOICE, 1)
    assert created["examples"] == [GOOD] and created["validation"] == "enforce"
    read = ok(tenant.client.get("/v1/event-types/invoice.paid"))
    assert read == created
    listed = ok(tenant.client.get("/v1/event-types"))["items"]
    assert listed == [created]
    plain = _type(tenant, "user.created")
    assert (plain["schema"], plain["schemaVersion"], plain["validation"]) == (None, None, "off")


@pytest.mark.parametrize(("fields", "field"), [
    ({"schema": {"type": "nope"}}, "schema/type"),
    ({"schema": {"minimum": "zero"}}, "schema/minimum"),
    ({"schema": {"required": "invoice"}}, "schema/required"),
    ({"schema": INVOICE, "examples": [{"invoice": "x1", "amount": -1}]}, "examples/0"),
    ({"schema": INVOICE, "examples": [GOOD, "not an object"]}, "examples/1"),
    ({"validation": "enforce"}, "validation"),  # nothing to validate against
    ({"validation": "strict"}, "validation"),
    ({"schema": [1, 2]}, "schema"),
])
def test_bad_schemas_and_examples_are_422_and_create_nothing(
        tenant: Tenant, fields: dict[str, Any], field: str) -> None:
    problem = assert_problem(tenant.client.post(
        "/v1/event-types", json={"name": "invoice.paid", **fields}), 422)
    assert any(e["field"].startswith(field) for e in problem["errors"]), problem
    assert ok(tenant.client.get("/v1/event-types"))["items"] == []


def test_enforce_refuses_what_does_not_match_and_stores_nothing(
        tenant: Tenant, receiver: Receiver, consumer: None) -> None:
    _type(tenant, schema=INVOICE, validation="enforce")
    published = ok(_publish(tenant, GOOD), 201)
    assert published["schemaVersion"] == 1 and published["schemaErrors"] is None
    bad = {"invoice": "x_1", "amount": "42", "email": "not-an-email",
           "paidAt": "yesterday", "lines": [{}]}
    problem = assert_problem(_publish(tenant, bad), 422)
    pointers = {e["pointer"] for e in problem["errors"]}
    assert pointers == {"/invoice", "/amount", "/email", "/paidAt", "/lines/0"}, problem
    assert all(e["field"] == "data" + e["pointer"] for e in problem["errors"])
    missing = assert_problem(_publish(tenant, {}), 422)
    assert [e["pointer"] for e in missing["errors"]] == ["", ""]  # two required, at the root
    assert [e["id"] for e in _events(tenant)] == [published["id"]]
    receiver.wait(1)
    assert len(receiver.received) == 1


def test_warn_publishes_and_keeps_the_violations(tenant: Tenant, consumer: None) -> None:
    _type(tenant, schema=INVOICE, validation="warn")
    published = ok(_publish(tenant, {"invoice": "in_2", "amount": -5}), 201)
    assert published["schemaVersion"] == 1
    assert published["schemaErrors"] == [
        {"pointer": "/amount", "message": "-5 is less than the minimum of 0"}]
    read = ok(tenant.client.get(f"/v1/events/{published['id']}"))
    assert read["schemaErrors"] == published["schemaErrors"]
    assert len(deliveries_of(tenant, published["id"])) == 1  # delivered all the same
    assert ok(_publish(tenant, GOOD), 201)["schemaErrors"] is None


def test_a_changed_schema_is_a_new_version_and_the_old_ones_stay(
        tenant: Tenant, consumer: None) -> None:
    _type(tenant, schema=INVOICE, validation="enforce")
    stricter = {**INVOICE, "properties": {**INVOICE["properties"],
                                          "amount": {"type": "integer", "minimum": 100}}}
    changed = ok(tenant.client.patch("/v1/event-types/invoice.paid",
                                     json={"schema": stricter}))
    assert (changed["schemaVersion"], changed["validation"]) == (2, "enforce")
    same = ok(tenant.client.patch("/v1/event-types/invoice.paid",
                                  json={"schema": stricter, "description": "paid"}))
    assert same["schemaVersion"] == 2 and same["description"] == "paid"  # unchanged schema
    assert_problem(_publish(tenant, GOOD), 422)  # 42 < 100 under version 2
    assert ok(_publish(tenant, {**GOOD, "amount": 100}), 201)["schemaVersion"] == 2
    versions = ok(tenant.client.get("/v1/event-types/invoice.paid/schemas"))
    assert [(v["version"], v["schema"]) for v in versions["items"]] == [
        (2, stricter), (1, INVOICE)]
    assert all(v["createdAt"].endswith("Z") for v in versions["items"])
    assert_problem(tenant.client.patch("/v1/event-types/invoice.paid",
                                       json={"schema": None}), 422)  # enforce needs one
    removed = ok(tenant.client.patch("/v1/event-types/invoice.paid",
                                     json={"schema": None, "validation": "off"}))
    assert (removed["schema"], removed["schemaVersion"]) == (None, None)
    assert ok(_publish(tenant, {"anything": True}), 201)["schemaVersion"] is None
    kept = ok(tenant.client.get("/v1/event-types/invoice.paid/schemas"))["items"]
    assert [v["version"] for v in kept] == [2, 1]
    assert_problem(tenant.client.get("/v1/event-types/nope.none/schemas"), 404)


def test_validation_off_ignores_the_schema(tenant: Tenant, consumer: None) -> None:
    _type(tenant, schema=INVOICE)
    published = ok(_publish(tenant, {"nothing": "like it"}), 201)
    assert (published["schemaVersion"], published["schemaErrors"]) == (None, None)


def test_edge_payloads(tenant: Tenant, consumer: None) -> None:
    schema = {"type": "object", "properties": {
        "name": {"type": "string", "maxLength": 3},
        "big": {"type": "integer", "maximum": 10**30},
        "deep": {"type": "array"}}}
    _type(tenant, schema=schema, validation="enforce")
    assert ok(_publish(tenant, {"name": "héé", "big": 10**30,
                                "deep": [[[[[[1]]]]]]}), 201)  # 3 characters, not bytes
    problem = assert_problem(_publish(tenant, {"name": "😀😀😀😀", "big": 10**30 + 1}), 422)
    assert {e["pointer"] for e in problem["errors"]} == {"/name", "/big"}
