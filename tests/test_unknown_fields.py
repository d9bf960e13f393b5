"""Issue 65, part 7: a `/v1` request body refuses the fields it does not know, with a 422
naming each (as Stripe's API does), and changes nothing: a misspelt `rateLimt` or a field of
a later version is not dropped without a word. Svix's layer keeps ignoring them, as Svix's
server does for its SDKs. The API in-process, both databases."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.api import ok, setup_endpoint
from tests.support.in_process import in_process_stack
from tests.support.stack import Tenant
from tests.test_platform_http import assert_problem

stack = in_process_stack()
URL = "http://127.0.0.1:9/hooks"  # nothing is published: never sent to


def fields(answer: Any) -> list[str]:
    return sorted(e["field"] for e in assert_problem(answer, 422)["errors"])


def test_an_endpoint_with_fields_it_does_not_know_is_refused_and_not_made(
        tenant: Tenant) -> None:
    setup_endpoint(tenant, URL)
    before = ok(tenant.client.get("/v1/endpoints"))
    for body, named in (
            ({"fifo": True}, ["fifo"]),  # Svix cloud's word; ours is `ordering`
            ({"filterType": "cel"}, ["filterType"]),
            ({"rateLimt": 5, "descripton": "typo"}, ["descripton", "rateLimt"]),
            ({"auth": {"type": "oauth2", "tokenUrl": "https://auth.example.com/token",
                       "clientId": "id", "clientSecret": "s", "scopes": "x"}},
             ["auth.scopes"])):
        answer = tenant.client.post("/v1/endpoints",
                                    json={"consumer": "acme", "url": URL, **body})
        assert fields(answer) == named, answer.text
        assert "unknown field" in answer.json()["detail"]
    assert ok(tenant.client.get("/v1/endpoints")) == before


def test_a_change_with_a_field_it_does_not_know_changes_nothing(tenant: Tenant) -> None:
    endpoint = setup_endpoint(tenant, URL)
    path = f"/v1/endpoints/{endpoint['id']}"
    before = ok(tenant.client.get(path))
    assert fields(tenant.client.patch(path, json={"rateLimt": 5, "description": "new"})) == \
        ["rateLimt"]
    assert ok(tenant.client.get(path)) == before


@pytest.mark.parametrize(("method", "path", "body", "named"), [
    ("POST", "/v1/consumers", {"externalId": "c1", "name": "C", "emial": "x"}, "emial"),
    ("POST", "/v1/event-types", {"name": "a.b", "schemas": {}}, "schemas"),
    ("POST", "/v1/events", {"type": "invoice.paid", "consumer": "acme", "data": {},
                            "idempotencyKey": "k"}, "idempotencyKey"),
    ("POST", "/v1/ingest/sources", {"name": "s", "providor": "stripe"}, "providor"),
    ("PATCH", "/v1/environment", {"retentionDay": 3}, "retentionDay"),
])
def test_every_resource_refuses_what_it_does_not_know(
        tenant: Tenant, method: str, path: str, body: dict[str, Any], named: str) -> None:
    setup_endpoint(tenant, URL)
    assert fields(tenant.client.request(method, path, json=body)) == [named]


def test_svix_s_layer_ignores_fields_it_does_not_know(tenant: Tenant) -> None:
    """Svix's SDKs send fields of their newer versions; Svix's server ignores them."""
    app = tenant.client.post("/api/v1/app", json={"name": "Acme", "uid": "acme-svix",
                                                  "someFieldOfLater": 1})
    assert app.status_code == 201, app.text
    assert app.json()["uid"] == "acme-svix"
