"""Issue 65, part 5: fixed headers that are credentials (`Authorization`, `X-Api-Key`,
Svix's list) read back masked in every read of `/v1`: an endpoint's and a destination's
record and lists, a preview (the portal's form: tests/test_portal.py). A write's answer
shows what its own request gave, and nothing stored before. A set sent back with the mask
keeps the stored value; the mask for a header not stored is a 422 naming it: what is
stored, and sent, is the value. On both databases (the API in-process)."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from hookline.persistence.models import Destination, Endpoint
from hookline.services.headers import MASK
from tests.support.api import ok
from tests.support.in_process import in_process_stack
from tests.support.stack import Stack, Tenant
from tests.test_platform_http import assert_problem
from tests.test_sources import make_source

stack = in_process_stack()
URL = "http://127.0.0.1:9/hooks"
GIVEN = {"Authorization": "Bearer given-token", "X-Api-Key": "given-key", "X-Team": "billing"}
SHOWN = {"Authorization": MASK, "X-Api-Key": MASK, "X-Team": "billing"}


def stored(stack: Stack, model: Any, row_id: str) -> dict[str, str]:
    with Session(stack.engine) as session:
        row = session.get(model, row_id)
        assert row is not None
        found: dict[str, str] = row.custom_headers
        return found


def test_an_endpoints_credentials_read_back_masked(stack: Stack, tenant: Tenant) -> None:
    ok(tenant.client.post("/v1/consumers", json={"externalId": "acme", "name": "Acme"}), 201)
    created = ok(tenant.client.post("/v1/endpoints", json={
        "consumer": "acme", "url": URL, "headers": GIVEN}), 201)
    assert created["customHeaders"] == GIVEN  # its own request's: nothing new
    endpoint_id = created["id"]
    assert ok(tenant.client.get(f"/v1/endpoints/{endpoint_id}"))["customHeaders"] == SHOWN
    listed = ok(tenant.client.get("/v1/endpoints"))
    assert [e["customHeaders"] for e in listed if e["id"] == endpoint_id] == [SHOWN]
    assert "given-token" not in tenant.client.get("/v1/endpoints").text

    # A read sent back whole changes nothing; a patch of another field shows them masked.
    put = ok(tenant.client.put(f"/v1/endpoints/{endpoint_id}/headers", json={
        "headers": SHOWN}))
    assert put == SHOWN and stored(stack, Endpoint, endpoint_id) == GIVEN
    assert ok(tenant.client.patch(f"/v1/endpoints/{endpoint_id}", json={
        "description": "e"}))["customHeaders"] == SHOWN
    # The mask keeps the stored value whatever the name's case; a new value replaces it.
    put = ok(tenant.client.put(f"/v1/endpoints/{endpoint_id}/headers", json={"headers": {
        "authorization": MASK, "X-Api-Key": "new-key"}}))
    assert put == {"authorization": MASK, "X-Api-Key": "new-key"}
    assert stored(stack, Endpoint, endpoint_id) == {"authorization": "Bearer given-token",
                                                    "X-Api-Key": "new-key"}
    refused = tenant.client.put(f"/v1/endpoints/{endpoint_id}/headers", json={"headers": {
        "X-Auth-Token": MASK}})
    problem = assert_problem(refused, 422)
    assert [e["field"] for e in problem["errors"]] == ["headers.X-Auth-Token"]
    assert stored(stack, Endpoint, endpoint_id)["X-Api-Key"] == "new-key"  # nothing changed

    preview = ok(tenant.client.post(f"/v1/endpoints/{endpoint_id}/preview", json={
        "type": "invoice.paid", "data": {"n": 1}}))
    assert preview["headers"]["authorization"] == MASK
    assert preview["headers"]["X-Api-Key"] == MASK


def test_a_destinations_credentials_read_back_masked(stack: Stack, tenant: Tenant) -> None:
    source = make_source(tenant)
    created = ok(tenant.client.post(f"/v1/ingest/sources/{source['id']}/destinations",
                                    json={"url": URL, "headers": GIVEN}), 201)
    assert created["customHeaders"] == GIVEN
    listed = ok(tenant.client.get(f"/v1/ingest/sources/{source['id']}/destinations"))
    assert [d["customHeaders"] for d in listed] == [SHOWN]
    patched = ok(tenant.client.patch(f"/v1/ingest/destinations/{created['id']}",
                                     json={"headers": {**SHOWN, "X-Team": "ops"}}))
    assert patched["customHeaders"] == {**SHOWN, "X-Team": "ops"}
    assert stored(stack, Destination, created["id"]) == {**GIVEN, "X-Team": "ops"}
    other = ok(tenant.client.patch(f"/v1/ingest/destinations/{created['id']}",
                                   json={"description": "d"}))
    assert other["customHeaders"] == {**SHOWN, "X-Team": "ops"}
