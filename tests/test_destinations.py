"""Issue 4: Destinations of a Source: create, list, alter, delete, rotate the secret, and
every validation (URL rules, fixed headers, 10 per Source)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant
from tests.test_platform_http import assert_problem
from tests.test_sources import make_source


def add_destination(tenant: Tenant, source: dict[str, Any], url: str, **extra: Any
                    ) -> dict[str, Any]:
    created = tenant.client.post(f"/v1/ingest/sources/{source['id']}/destinations",
                                 json={"url": url, **extra})
    assert created.status_code == 201, created.text
    found: dict[str, Any] = created.json()
    return found


def test_create_list_and_read(tenant: Tenant, receiver: Receiver) -> None:
    source = make_source(tenant)
    created = add_destination(tenant, source, receiver.url("/ok/a"), description="main",
                              headers={"X-Api-Key": "k1"})
    assert created["id"].startswith("dst_") and created["secret"].startswith("whsec_")
    assert {"url": receiver.url("/ok/a"), "description": "main", "status": "enabled",
            "customHeaders": {"X-Api-Key": "k1"}, "sourceId": source["id"]}.items() \
        <= created.items()
    assert created["createdAt"].endswith("Z")
    second = add_destination(tenant, source, receiver.url("/ok/b"))
    assert second["description"] is None and second["customHeaders"] == {}
    listed = tenant.client.get(f"/v1/ingest/sources/{source['id']}/destinations").json()
    assert [d["id"] for d in listed] == [created["id"], second["id"]]
    assert all("secret" not in d for d in listed)
    assert set(listed[0]) == {"id", "sourceId", "url", "description", "status",
                              "customHeaders", "rateLimit", "circuit", "circuitOpenedAt",
                              "circuitRetryAt", "concurrencyLimit", "createdAt", "updatedAt",
                              "filter", "transformation",  # issue 35 adds these two
                              "signatureScheme", "publicKey",  # and issue 52 these
                              "auth", "tls",
                              "credentials", "endpointOverride",  # and issue 53 these
                              "ordering", "batch"}  # and issue 67 these
    assert tenant.client.get(f"/v1/ingest/sources/{source['id']}").json()["destinations"] == 2


@pytest.mark.parametrize("body", [
    {},
    {"url": ""},
    {"url": "http://10.1.2.3/hook"},  # private network
    {"url": "ftp://example.com/x"},
    {"url": "http://user:pw@127.0.0.1/x"},
    {"url": "http://127.0.0.1/" + "a" * 2048},
    {"url": "http://no-such-host.invalid/x"},
    {"url": "OK", "headers": {"Content-Type": "text/plain"}},
    {"url": "OK", "headers": {"Webhook-Signature": "v1,forged"}},
    {"url": "OK", "headers": {f"X-H{i}": "v" for i in range(21)}},
    {"url": "OK", "headers": {"X-Long": "v" * 1025}},
    {"url": "OK", "headers": {"Bad Name": "v"}},
    {"url": "OK", "headers": "not-an-object"},
])
def test_create_validation(tenant: Tenant, receiver: Receiver, body: dict[str, Any]) -> None:
    source = make_source(tenant)
    if body.get("url") == "OK":
        body = {**body, "url": receiver.url()}
    url = f"/v1/ingest/sources/{source['id']}/destinations"
    assert_problem(tenant.client.post(url, json=body), 422)
    assert tenant.client.get(url).json() == []


def test_production_requires_https(stack: Stack, receiver: Receiver) -> None:
    tenant = stack.tenant("production")
    source = make_source(tenant)
    problem = assert_problem(tenant.client.post(
        f"/v1/ingest/sources/{source['id']}/destinations", json={"url": receiver.url()}), 422)
    assert "https" in problem["detail"]


def test_at_most_10_per_source(tenant: Tenant, receiver: Receiver) -> None:
    source = make_source(tenant)
    for i in range(10):
        add_destination(tenant, source, receiver.url(f"/ok/{i}"))
    assert_problem(tenant.client.post(f"/v1/ingest/sources/{source['id']}/destinations",
                                      json={"url": receiver.url()}), 422)
    other = make_source(tenant, "other")
    add_destination(tenant, other, receiver.url())


def test_patch_fields(tenant: Tenant, receiver: Receiver) -> None:
    source = make_source(tenant)
    created = add_destination(tenant, source, receiver.url("/ok/a"), description="d",
                              headers={"X-A": "1"})
    url = f"/v1/ingest/destinations/{created['id']}"
    changed = tenant.client.patch(url, json={"url": receiver.url("/ok/b"),
                                             "headers": {"X-B": "2"}, "status": "disabled"})
    assert changed.status_code == 200, changed.text
    assert {"url": receiver.url("/ok/b"), "customHeaders": {"X-B": "2"}, "status": "disabled",
            "description": "d"}.items() <= changed.json().items()
    assert "secret" not in changed.json()
    again = tenant.client.patch(url, json={"description": None, "headers": {},
                                           "status": "enabled"}).json()
    assert again["description"] is None and again["customHeaders"] == {}
    assert again["status"] == "enabled" and again["url"] == receiver.url("/ok/b")


@pytest.mark.parametrize("body", [
    {"status": "paused"},
    {"status": None, "url": "http://10.0.0.1/x"},
    {"url": "http://169.254.169.254/latest/meta-data"},
    {"url": ""},
    {"headers": {"Host": "evil"}},
    {"headers": {"X-A": "line\nbreak"}},
])
def test_patch_validation_changes_nothing(tenant: Tenant, receiver: Receiver,
                                          body: dict[str, Any]) -> None:
    source = make_source(tenant)
    created = add_destination(tenant, source, receiver.url(), headers={"X-A": "1"})
    created.pop("secret")
    url = f"/v1/ingest/destinations/{created['id']}"
    assert_problem(tenant.client.patch(url, json={"description": "new", **body}), 422)
    listed = tenant.client.get(f"/v1/ingest/sources/{source['id']}/destinations").json()
    assert listed == [created]


def test_missing_and_foreign_are_404(stack: Stack, tenant: Tenant, receiver: Receiver) -> None:
    source = make_source(tenant)
    created = add_destination(tenant, source, receiver.url())
    other = stack.tenant()
    path = f"/v1/ingest/destinations/{created['id']}"
    assert_problem(other.client.patch(path, json={"description": "x"}), 404)
    assert_problem(other.client.delete(path), 404)
    assert_problem(other.client.post(path + "/rotate-secret"), 404)
    sources_path = f"/v1/ingest/sources/{source['id']}/destinations"
    assert_problem(other.client.post(sources_path, json={"url": receiver.url()}), 404)
    assert_problem(other.client.get(sources_path), 404)
    assert_problem(tenant.client.patch("/v1/ingest/destinations/dst_nope",
                                       json={"status": "enabled"}), 404)


def test_delete_and_rotate_secret(tenant: Tenant, receiver: Receiver) -> None:
    source = make_source(tenant)
    created = add_destination(tenant, source, receiver.url())
    path = f"/v1/ingest/destinations/{created['id']}"
    rotated = tenant.client.post(path + "/rotate-secret")
    assert rotated.status_code == 201
    assert rotated.json()["secret"].startswith("whsec_")
    assert rotated.json()["secret"] != created["secret"]
    assert tenant.client.delete(path).status_code == 204
    assert_problem(tenant.client.delete(path), 404)
    assert tenant.client.get(f"/v1/ingest/sources/{source['id']}/destinations").json() == []
