"""Consumers and event types: the spec's validation table and the routes beyond it."""

from __future__ import annotations

from typing import Any

from tests.support.in_process import in_process_stack
from tests.support.stack import Stack, Tenant
from tests.test_platform_http import assert_problem

# Only the API's answers and rows: the API in-process, on both databases.
stack = in_process_stack()

VALID_TYPES = ["invoice.paid", "a.b", "a.b.c", "user_profile.updated-v2", "v1.x9", "1.2",
               "a" * 98 + "." + "b" * 101]  # the last is exactly 200 characters
INVALID_TYPES = ["invoice", "Invoice.paid", "invoice.Paid", "invoice..paid", ".invoice",
                 "invoice.", "invoice paid", "invoice.pa!d", "inv/oice.paid", "",
                 " invoice.paid", "invoice.paid\n", "ínvoice.paid", "invoice:paid",
                 "a" * 99 + "." + "b" * 101]  # 201 characters


def created(tenant: Tenant, path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = tenant.client.post(path, json=body)
    assert response.status_code == 201, response.text
    return response.json()


def invalid(tenant: Tenant, path: str, body: Any, field: str) -> None:
    problem = assert_problem(tenant.client.post(path, json=body), 422)
    assert field in {e["field"] for e in problem["errors"]}, (body, problem)


def test_consumer_fields_and_limits(tenant: Tenant) -> None:
    consumer = created(tenant, "/v1/consumers", {"externalId": "x" * 200, "name": "n" * 200})
    assert consumer["id"].startswith("csm_") and consumer["createdAt"].endswith("Z")
    assert (consumer["externalId"], consumer["name"]) == ("x" * 200, "n" * 200)
    for body, field in [
        ({"externalId": "y" * 201, "name": "n"}, "externalId"),
        ({"externalId": "y", "name": "n" * 201}, "name"),
        ({"name": "n"}, "externalId"), ({"externalId": "y"}, "name"),
        ({"externalId": "", "name": "n"}, "externalId"),
        ({"externalId": "y", "name": ""}, "name"),
        ({"externalId": None, "name": "n"}, "externalId"),
        ({"externalId": 12, "name": "n"}, "externalId"),
    ]:
        invalid(tenant, "/v1/consumers", body, field)
    assert [c["id"] for c in tenant.client.get("/v1/consumers").json()["items"]] == \
        [consumer["id"]]


def test_duplicate_external_id_conflicts_in_one_environment_only(stack: Stack,
                                                                 tenant: Tenant) -> None:
    created(tenant, "/v1/consumers", {"externalId": "acme", "name": "First"})
    problem = assert_problem(tenant.client.post(
        "/v1/consumers", json={"externalId": "acme", "name": "Second"}), 409)
    assert "acme" in problem["detail"]
    assert tenant.client.get("/v1/consumers/acme").json()["name"] == "First"
    other = stack.tenant()
    created(other, "/v1/consumers", {"externalId": "acme", "name": "Elsewhere"})
    other.client.close()


def test_consumer_routes(stack: Stack, tenant: Tenant) -> None:
    first = created(tenant, "/v1/consumers", {"externalId": "acme", "name": "Acme"})
    second = created(tenant, "/v1/consumers", {"externalId": "globex", "name": "Globex"})
    items = tenant.client.get("/v1/consumers").json()["items"]
    assert [c["id"] for c in items] == [second["id"], first["id"]]
    assert tenant.client.get(f"/v1/consumers/{first['id']}").json() == first
    assert tenant.client.get("/v1/consumers/acme").json() == first
    renamed = tenant.client.patch("/v1/consumers/acme", json={"name": "Acme Inc"})
    assert renamed.status_code == 200 and renamed.json()["name"] == "Acme Inc"
    problem = assert_problem(tenant.client.patch("/v1/consumers/acme",
                                                 json={"name": "n" * 201}), 422)
    assert problem["errors"][0]["field"] == "name"
    assert tenant.client.get("/v1/consumers/acme").json()["name"] == "Acme Inc"
    other = stack.tenant()
    for method in ("GET", "PATCH", "DELETE"):
        body = {"name": "x"} if method == "PATCH" else None
        assert_problem(other.client.request(method, "/v1/consumers/acme", json=body), 404)
        assert_problem(tenant.client.request(method, "/v1/consumers/nobody", json=body), 404)
    other.client.close()
    assert tenant.client.delete("/v1/consumers/acme").status_code == 204
    assert_problem(tenant.client.get("/v1/consumers/acme"), 404)
    assert tenant.client.get("/v1/consumers/globex").status_code == 200


def test_deleting_a_consumer_removes_its_endpoints(tenant: Tenant) -> None:
    for external_id in ("acme", "globex"):
        created(tenant, "/v1/consumers", {"externalId": external_id, "name": external_id})
    url = "https://93.184.215.14/hooks"
    gone = created(tenant, "/v1/endpoints", {"consumer": "acme", "url": url})
    kept = created(tenant, "/v1/endpoints", {"consumer": "globex", "url": url})
    assert tenant.client.delete("/v1/consumers/acme").status_code == 204
    assert_problem(tenant.client.get(f"/v1/endpoints/{gone['id']}"), 404)
    assert [e["id"] for e in tenant.client.get("/v1/endpoints").json()] == [kept["id"]]
    assert tenant.client.get("/v1/endpoints", params={"consumer": "acme"}).json() == []


def test_event_type_names(tenant: Tenant) -> None:
    for name in VALID_TYPES:
        record = created(tenant, "/v1/event-types", {"name": name})
        assert record["name"] == name and record["description"] is None
    for name in INVALID_TYPES:
        invalid(tenant, "/v1/event-types", {"name": name}, "name")
    for body in ({}, {"name": None}, {"name": 5}, {"description": "no name"}):
        invalid(tenant, "/v1/event-types", body, "name")
    names = [t["name"] for t in tenant.client.get("/v1/event-types",
                                                  params={"limit": 100}).json()["items"]]
    assert names == sorted(VALID_TYPES)


def test_duplicate_event_type_conflicts(stack: Stack, tenant: Tenant) -> None:
    created(tenant, "/v1/event-types", {"name": "invoice.paid", "description": "Paid"})
    assert_problem(tenant.client.post("/v1/event-types", json={"name": "invoice.paid"}), 409)
    assert tenant.client.get("/v1/event-types/invoice.paid").json()["description"] == "Paid"
    other = stack.tenant()
    created(other, "/v1/event-types", {"name": "invoice.paid"})
    other.client.close()


def test_event_type_routes(stack: Stack, tenant: Tenant) -> None:
    for name in ("user.created", "invoice.paid", "invoice.voided"):
        created(tenant, "/v1/event-types", {"name": name, "description": name.upper()})
    page = tenant.client.get("/v1/event-types", params={"limit": 2}).json()
    assert [t["name"] for t in page["items"]] == ["invoice.paid", "invoice.voided"]
    rest = tenant.client.get("/v1/event-types", params={"cursor": page["nextCursor"]}).json()
    assert [t["name"] for t in rest["items"]] == ["user.created"] and not rest["nextCursor"]
    record = tenant.client.get("/v1/event-types/invoice.paid").json()
    assert record["description"] == "INVOICE.PAID" and record["createdAt"].endswith("Z")
    path = "/v1/event-types/invoice.paid"
    assert tenant.client.patch(path, json={"description": "Paid"}).json()["description"] == \
        "Paid"
    assert tenant.client.patch(path, json={}).json()["description"] == "Paid"
    assert tenant.client.patch(path, json={"description": None}).json()["description"] is None
    other = stack.tenant()
    assert_problem(other.client.get(path), 404)
    assert_problem(other.client.delete(path), 404)
    other.client.close()
    assert tenant.client.delete(path).status_code == 204
    assert_problem(tenant.client.get(path), 404)
    assert_problem(tenant.client.delete(path), 404)
    assert_problem(tenant.client.patch(path, json={"description": "x"}), 404)
