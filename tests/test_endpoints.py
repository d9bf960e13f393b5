"""Issue 3: the Endpoint resource over HTTP, against the real stack."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import httpx
import pytest
from sqlmodel import Session, select
from standardwebhooks.webhooks import Webhook

from hookline.ids import new_id
from hookline.persistence.models import Delivery, Endpoint
from hookline.timeutil import utcnow
from tests.support.procs import stop
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant
from tests.test_platform_http import assert_problem

PUBLIC_URL = "https://93.184.215.14/hooks"  # a literal public address: no DNS needed
RESERVED = ["Webhook-Id", "Webhook-Timestamp", "Webhook-Signature", "Content-Type",
            "Content-Length", "Host", "Connection", "Transfer-Encoding", "User-Agent"]


def register(tenant: Tenant, consumer: str = "acme", types: tuple[str, ...] = (
        "invoice.paid", "invoice.voided")) -> None:
    tenant.client.post("/v1/consumers", json={"externalId": consumer, "name": consumer})
    for name in types:
        tenant.client.post("/v1/event-types", json={"name": name})


def create(tenant: Tenant, url: str, **fields: Any) -> dict[str, Any]:
    register(tenant, fields.get("consumer", "acme"))
    response = tenant.client.post("/v1/endpoints", json={"consumer": "acme", "url": url,
                                                         **fields})
    assert response.status_code == 201, response.text
    return response.json()


def rejected(tenant: Tenant, method: str, path: str, body: Any, field: str) -> dict[str, Any]:
    problem = assert_problem(tenant.client.request(method, path, json=body), 422)
    assert field in {e["field"].split(".")[0] for e in problem["errors"]}, problem
    return problem


def read(tenant: Tenant, endpoint_id: str) -> dict[str, Any]:
    response = tenant.client.get(f"/v1/endpoints/{endpoint_id}")
    assert response.status_code == 200, response.text
    return response.json()


def row(stack: Stack, endpoint_id: str) -> Endpoint:
    with Session(stack.engine, expire_on_commit=False) as session:
        found = session.get(Endpoint, endpoint_id)
        assert found is not None
        return found


def set_row(stack: Stack, endpoint_id: str, **values: Any) -> None:
    with Session(stack.engine) as session:
        endpoint = session.get(Endpoint, endpoint_id)
        for name, value in values.items():
            setattr(endpoint, name, value)
        session.add(endpoint)
        session.commit()


def waiting_delivery(stack: Stack, tenant: Tenant, endpoint_id: str, status: str) -> str:
    """A Delivery row waiting far in the future, so no workflow or reconciler touches it."""
    with Session(stack.engine) as session:
        delivery = Delivery(id=new_id("dlv"), environment_id=tenant.environment_id,
                            endpoint_id=endpoint_id, status=status,
                            next_attempt_at=utcnow() + timedelta(days=1))
        session.add(delivery)
        session.commit()
        return delivery.id


def delivery_status(stack: Stack, delivery_id: str) -> str:
    with Session(stack.engine) as session:
        found = session.get(Delivery, delivery_id)
        assert found is not None
        return found.status


@pytest.fixture(scope="module")
def strict_api(stack: Stack) -> Iterator[str]:
    """An API with the production defaults: ports 80 and 443 only, no exempt subnets."""
    proc, url = stack.start_api(HOOKLINE_ALLOWED_PORTS="80,443", HOOKLINE_ALLOWED_SUBNETS="")
    yield url
    stop(proc)


def test_create_read_list_and_secret_shown_once(tenant: Tenant) -> None:
    created = create(tenant, PUBLIC_URL, events=["invoice.paid", "invoice.paid"],
                     description="billing", headers={"X-Api-Key": "k1"})
    assert created["id"].startswith("ep_") and created["secret"].startswith("whsec_")
    assert created["events"] == ["invoice.paid"] and created["status"] == "Enabled"
    assert created["consumer"] == "acme" and created["customHeaders"] == {"X-Api-Key": "k1"}
    record = read(tenant, created["id"])
    assert "secret" not in record
    assert {k: record[k] for k in ("url", "description", "events", "createdAt")} == \
        {k: created[k] for k in ("url", "description", "events", "createdAt")}
    assert record["updatedAt"].endswith("Z")
    second = create(tenant, PUBLIC_URL + "/2")
    listed = tenant.client.get("/v1/endpoints").json()
    assert [e["id"] for e in listed] == [second["id"], created["id"]]  # newest first
    assert all("secret" not in e for e in listed)
    assert len(tenant.client.get("/v1/endpoints", params={"consumer": "acme"}).json()) == 2
    assert tenant.client.get("/v1/endpoints", params={"consumer": "nobody"}).json() == []


def test_creation_validation_creates_nothing(tenant: Tenant) -> None:
    register(tenant)
    base = {"consumer": "acme", "url": PUBLIC_URL}
    rejected(tenant, "POST", "/v1/endpoints", {**base, "consumer": "nobody"}, "consumer")
    rejected(tenant, "POST", "/v1/endpoints", {**base, "events": ["user.created"]}, "events")
    rejected(tenant, "POST", "/v1/endpoints", {**base, "secret": "whsec_short"}, "secret")
    rejected(tenant, "POST", "/v1/endpoints", {**base, "secret": "plain"}, "secret")
    rejected(tenant, "POST", "/v1/endpoints", {**base, "headers": {"Host": "x"}}, "headers")
    rejected(tenant, "POST", "/v1/endpoints", {"consumer": "acme"}, "url")
    assert tenant.client.get("/v1/endpoints").json() == []
    chosen = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    assert create(tenant, PUBLIC_URL, secret=chosen)["secret"] == chosen


def test_url_rules_at_registration(stack: Stack, tenant: Tenant, receiver: Receiver) -> None:
    register(tenant)
    for url, words in [
        ("https://user:pass@93.184.215.14/", "user name or password"),  # rule 3
        ("https://token@93.184.215.14/", "user name or password"),
        (PUBLIC_URL + "/" + "a" * 2049, "longer than 2048"),  # rule 5
        ("https://nowhere.invalid/hooks", "does not resolve"),
        ("ftp://93.184.215.14/", "http or https"),
        ("https://93.184.215.14/a\nb", "control characters"),
    ]:
        problem = rejected(tenant, "POST", "/v1/endpoints", {"consumer": "acme", "url": url},
                           "url")
        assert words in problem["detail"], problem
    longest = receiver.url("/ok/")
    create(tenant, longest + "a" * (2048 - len(longest)))
    production = stack.tenant(kind="production")
    register(production)
    problem = rejected(production, "POST", "/v1/endpoints",
                       {"consumer": "acme", "url": "http://93.184.215.14/"}, "url")  # rule 1
    assert "https" in problem["detail"]
    assert create(production, PUBLIC_URL)["url"] == PUBLIC_URL


def test_port_and_private_address_rules(stack: Stack, strict_api: str) -> None:
    tenant = stack.tenant(base_url=strict_api)
    endpoint = create(tenant, PUBLIC_URL)
    body = {"consumer": "acme"}
    problem = rejected(tenant, "POST", "/v1/endpoints",
                       {**body, "url": "https://93.184.215.14:8443/"}, "url")  # rule 2
    assert "port 8443" in problem["detail"]
    for host in ("127.0.0.1", "10.0.0.1", "192.168.1.10", "169.254.169.254", "[::1]",
                 "100.100.100.200", "[::ffff:127.0.0.1]", "localhost"):  # rule 4
        problem = rejected(tenant, "POST", "/v1/endpoints", {**body, "url": f"http://{host}/"},
                           "url")
        assert "private or reserved" in problem["detail"], problem
        rejected(tenant, "PATCH", f"/v1/endpoints/{endpoint['id']}", {"url": f"http://{host}/"},
                 "url")
    assert [e["url"] for e in tenant.client.get("/v1/endpoints").json()] == [PUBLIC_URL]
    tenant.client.close()


def test_fixed_header_rules(tenant: Tenant) -> None:
    endpoint = create(tenant, PUBLIC_URL, headers={"X-Before": "1"})
    path = f"/v1/endpoints/{endpoint['id']}/headers"
    bad: list[dict[str, str]] = [{name: "x"} for name in RESERVED]
    bad += [{name.lower(): "x"} for name in RESERVED] + [{"WEBHOOK-SIGNATURE": "v1,x"}]
    bad += [{f"X-H{i}": "v" for i in range(21)}, {"X" * 129: "v"}, {"X-Long": "v" * 1025}]
    bad += [{name: "v"} for name in ("Bad Header", "X:Y", "", "X-Ñ", "X(1)", "X\r\nY",
                                                   "X-End\n")]
    bad += [{"X-Val": value} for value in ("a\r\nInjected: 1", "a\nb", "a\rb", "a\x00b",
                                                   "end\n", "é")]
    bad += [{"X-Dup": "1", "x-dup": "2"}]
    for headers in bad:
        rejected(tenant, "PUT", path, {"headers": headers}, "headers")
    assert read(tenant, endpoint["id"])["customHeaders"] == {"X-Before": "1"}
    limits = {f"X-H{i}": "v" for i in range(18)} | {"X" * 128: "v", "X-Long": "v" * 1024}
    response = tenant.client.put(path, json={"headers": limits})
    assert response.status_code == 200 and response.json() == limits
    assert read(tenant, endpoint["id"])["customHeaders"] == limits
    assert tenant.client.put(path, json={"headers": {}}).json() == {}
    assert read(tenant, endpoint["id"])["customHeaders"] == {}


def test_patch_changes_only_given_fields(tenant: Tenant) -> None:
    endpoint = create(tenant, PUBLIC_URL, events=["invoice.paid"], description="d")
    path = f"/v1/endpoints/{endpoint['id']}"
    changed = tenant.client.patch(path, json={"events": ["invoice.voided"]}).json()
    assert changed["events"] == ["invoice.voided"] and changed["description"] == "d"
    changed = tenant.client.patch(path, json={"events": [], "description": None}).json()
    assert changed["events"] == [] and changed["description"] is None
    changed = tenant.client.patch(path, json={"url": PUBLIC_URL + "/v2"}).json()
    assert changed["url"] == PUBLIC_URL + "/v2" and changed["events"] == []
    before = read(tenant, endpoint["id"])
    for body, field in [
        ({"status": "paused"}, "status"), ({"status": "Enabled"}, "status"),
        ({"status": ""}, "status"), ({"status": 1}, "status"), ({"status": None}, "status"),
        ({"events": ["user.created"], "description": "new"}, "events"),
        ({"events": None}, "events"), ({"url": None}, "url"),
        ({"url": "https://u:p@93.184.215.14/", "description": "new"}, "url"),
        ({"url": "https://nowhere.invalid/"}, "url"),
    ]:
        rejected(tenant, "PATCH", path, body, field)
        assert read(tenant, endpoint["id"]) == before, body


def test_disable_cancels_waiting_and_enable_resets_failures(stack: Stack,
                                                            tenant: Tenant) -> None:
    endpoint = create(tenant, PUBLIC_URL)
    path = f"/v1/endpoints/{endpoint['id']}"
    waiting = waiting_delivery(stack, tenant, endpoint["id"], "retrying")
    finished = waiting_delivery(stack, tenant, endpoint["id"], "exhausted")
    assert tenant.client.patch(path, json={"status": "disabled"}).json()["status"] == \
        "DisabledManually"
    assert delivery_status(stack, waiting) == "cancelled"
    assert delivery_status(stack, finished) == "exhausted"
    assert tenant.client.patch(path, json={"status": "enabled"}).json()["status"] == "Enabled"
    set_row(stack, endpoint["id"], status="DisabledAutomatically", failure_count=20)
    assert read(tenant, endpoint["id"])["status"] == "DisabledAutomatically"
    assert tenant.client.patch(path, json={"status": "enabled"}).json()["status"] == "Enabled"
    assert row(stack, endpoint["id"]).failure_count == 0


def test_delete_cancels_waiting_deliveries(stack: Stack, tenant: Tenant) -> None:
    endpoint = create(tenant, PUBLIC_URL)
    waiting = waiting_delivery(stack, tenant, endpoint["id"], "pending")
    response = tenant.client.delete(f"/v1/endpoints/{endpoint['id']}")
    assert response.status_code == 204 and not response.content
    assert delivery_status(stack, waiting) == "cancelled"
    assert_problem(tenant.client.get(f"/v1/endpoints/{endpoint['id']}"), 404)
    assert_problem(tenant.client.delete(f"/v1/endpoints/{endpoint['id']}"), 404)


def test_other_environment_and_unknown_ids_are_404(stack: Stack, tenant: Tenant) -> None:
    endpoint = create(tenant, PUBLIC_URL)
    other = stack.tenant()
    register(other)
    for endpoint_id in (endpoint["id"], "ep_doesnotexist"):
        path = f"/v1/endpoints/{endpoint_id}"
        calls: list[tuple[str, str, dict[str, Any] | None]] = [
            ("GET", "", None), ("PATCH", "", {"status": "disabled"}),
            ("PATCH", "", {"url": "https://nowhere.invalid/"}), ("DELETE", "", None),
            ("PUT", "/headers", {"headers": {}}), ("POST", "/rotate-secret", None),
            ("POST", "/test", None),
        ]
        for method, suffix, body in calls:
            assert_problem(other.client.request(method, path + suffix, json=body), 404)
    assert other.client.get("/v1/endpoints").json() == []
    assert read(tenant, endpoint["id"])["status"] == "Enabled"
    other.client.close()


def test_rotated_secret_signs_with_old_and_new(stack: Stack, tenant: Tenant,
                                               receiver: Receiver) -> None:
    endpoint = create(tenant, receiver.url("/ok"))
    path = f"/v1/endpoints/{endpoint['id']}"
    rotated = tenant.client.post(path + "/rotate-secret")
    assert rotated.status_code == 201, rotated.text
    new = rotated.json()["secret"]
    assert new.startswith("whsec_") and new != endpoint["secret"]
    assert tenant.client.post(path + "/test").json()["success"] is True
    [arrived] = receiver.wait(1)
    assert len(arrived.headers["webhook-signature"].split(" ")) == 2
    for secret in (endpoint["secret"], new):
        Webhook(secret).verify(arrived.body, arrived.headers)
    rejected(tenant, "POST", path + "/rotate-secret", {"secret": "whsec_bad"}, "secret")
    assert row(stack, endpoint["id"]).secret == new
    chosen = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    assert tenant.client.post(path + "/rotate-secret", json={"secret": chosen}).json() == \
        {"secret": chosen}


def test_endpoint_test_is_signed_and_never_counts(stack: Stack, tenant: Tenant,
                                                  receiver: Receiver) -> None:
    endpoint = create(tenant, receiver.url("/ok"), headers={"X-Api-Key": "k1"})
    set_row(stack, endpoint["id"], failure_count=3)
    result = tenant.client.post(f"/v1/endpoints/{endpoint['id']}/test").json()
    assert result["success"] is True and result["statusCode"] == 200
    assert result["errorType"] is None and result["errorMessage"] is None
    assert isinstance(result["durationMs"], int)
    [arrived] = receiver.wait(1)
    Webhook(endpoint["secret"]).verify(arrived.body, arrived.headers)
    assert arrived.headers["webhook-id"].startswith("evt_test_")
    assert arrived.headers["x-api-key"] == "k1"
    body = json.loads(arrived.body)
    assert body["type"] == "endpoint.test" and body["data"] == {"endpointId": endpoint["id"]}
    assert body["timestamp"].endswith("Z")
    tenant.client.patch(f"/v1/endpoints/{endpoint['id']}",
                        json={"url": receiver.url("/status/500")})
    result = tenant.client.post(f"/v1/endpoints/{endpoint['id']}/test").json()
    assert result["success"] is False and result["statusCode"] == 500
    assert result["errorType"] == "http_status" and result["errorMessage"]
    assert row(stack, endpoint["id"]).failure_count == 3
    with Session(stack.engine) as session:
        assert session.exec(select(Delivery).where(
            Delivery.endpoint_id == endpoint["id"])).all() == []


def test_openapi_documents_endpoint_errors(stack: Stack) -> None:
    paths = httpx.get(stack.base_url + "/openapi.json").json()["paths"]
    for path, method, codes in [("/v1/endpoints", "post", ("401", "422")),
                                ("/v1/endpoints/{endpoint_id}", "patch", ("404", "422")),
                                ("/v1/endpoints/{endpoint_id}/test", "post", ("404",))]:
        responses = paths[path][method]["responses"]
        for code in codes:
            assert "application/problem+json" in responses[code]["content"], (path, code)
