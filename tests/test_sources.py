"""Issue 4: ingestion Sources: create, read, alter with every validation, secret, URL
rotation, delete, the plan limit, and the provider catalogue."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlmodel import Session

from hookline.persistence.db import committed
from hookline.services import accounts
from tests.support.in_process import in_process_stack
from tests.support.stack import Stack, Tenant
from tests.test_platform_http import assert_problem

# Only the API's answers and rows: the API in-process, on both databases.
stack = in_process_stack()


def make_source(tenant: Tenant, name: str = "shop", **patch: Any) -> dict[str, Any]:
    """A Source, altered by `patch` (camelCase fields) when given."""
    kind = patch.pop("type", "webhook")
    created = tenant.client.post("/v1/ingest/sources", json={"name": name, "type": kind})
    assert created.status_code == 201, created.text
    source: dict[str, Any] = created.json()
    if patch:
        changed = tenant.client.patch(f"/v1/ingest/sources/{source['id']}", json=patch)
        assert changed.status_code == 200, changed.text
        source = changed.json()
    return source


def post_in(url: str, body: bytes = b'{"hello": "world"}', **kwargs: Any) -> httpx.Response:
    headers = {"content-type": "application/json", **kwargs.pop("headers", {})}
    return httpx.post(url, content=body, headers=headers, timeout=30, **kwargs)


def test_create_read_list(stack: Stack, tenant: Tenant) -> None:
    source = make_source(tenant, "zeta")
    assert source["id"].startswith("src_")
    assert source["url"].startswith(stack.base_url + "/in/")
    assert len(source["url"].rsplit("/", 1)[1]) >= 32  # unguessable token
    expected = {"name": "zeta", "type": "webhook", "status": "enabled", "provider": "generic",
                "hasSecret": False, "providerConfig": None, "cronExpression": None,
                "cronTimezone": None, "cronPayload": None, "nextRunAt": None,
                "lastRunAt": None, "lastMessageAt": None, "silenceAlertMinutes": None,
                "alertEmails": None, "lastAlertAt": None, "destinations": 0}
    assert expected.items() <= source.items()
    assert source["createdAt"].endswith("Z")
    cron = make_source(tenant, "Alpha", type="cron")
    assert cron["type"] == "cron" and cron["cronTimezone"] == "UTC"
    make_source(tenant, "beta")
    make_source(tenant, "Bravo")
    assert tenant.client.get(f"/v1/ingest/sources/{source['id']}").json() == source
    names = [s["name"] for s in tenant.client.get("/v1/ingest/sources").json()]
    assert names == ["Alpha", "beta", "Bravo", "zeta"]  # alphabetical, not by case


@pytest.mark.parametrize("body", [
    {}, {"name": ""}, {"name": "n" * 201}, {"name": "ok", "type": "scheduled"},
    {"name": "ok", "type": None},
])
def test_create_validation(tenant: Tenant, body: dict[str, Any]) -> None:
    assert_problem(tenant.client.post("/v1/ingest/sources", json=body), 422)
    assert tenant.client.get("/v1/ingest/sources").json() == []


def test_duplicate_name_is_422_but_other_environment_is_fine(stack: Stack,
                                                             tenant: Tenant) -> None:
    make_source(tenant, "dup")
    body = assert_problem(tenant.client.post("/v1/ingest/sources", json={"name": "dup"}), 422)
    assert body["errors"][0]["field"] == "name"
    make_source(stack.tenant(), "dup")


def test_plan_limit_is_402(stack: Stack, tenant: Tenant) -> None:
    with Session(stack.engine) as session:
        committed(session, accounts.set_plan, tenant.org_id, max_sources=2)
    make_source(tenant, "one")
    make_source(tenant, "two")
    assert_problem(tenant.client.post("/v1/ingest/sources", json={"name": "three"}), 402)
    assert len(tenant.client.get("/v1/ingest/sources").json()) == 2


def test_patch_every_field(tenant: Tenant) -> None:
    source = make_source(tenant, "s")
    changed = tenant.client.patch(f"/v1/ingest/sources/{source['id']}", json={
        "name": "renamed", "status": "disabled", "provider": "meta",
        "providerConfig": {"verifyToken": "abc"}, "silenceAlertMinutes": "60",
        "alertEmails": " ops@example.com, dev@example.org ,ops@example.com"})
    assert changed.status_code == 200, changed.text
    expected = {"name": "renamed", "status": "disabled", "provider": "meta",
                "providerConfig": {"verifyToken": "abc"}, "silenceAlertMinutes": 60,
                "alertEmails": "ops@example.com,dev@example.org"}
    assert expected.items() <= changed.json().items()
    cleared = tenant.client.patch(f"/v1/ingest/sources/{source['id']}", json={
        "alertEmails": None, "providerConfig": None, "silenceAlertMinutes": 0})
    assert {"alertEmails": None, "providerConfig": None,
            "silenceAlertMinutes": 0}.items() <= cleared.json().items()
    assert cleared.json()["name"] == "renamed"  # absent fields stay


def test_patch_cron_fields(tenant: Tenant) -> None:
    cron = make_source(tenant, "tick", type="cron")
    changed = tenant.client.patch(f"/v1/ingest/sources/{cron['id']}", json={
        "cronExpression": "*/5 * * * *", "cronTimezone": "Europe/Lisbon",
        "cronPayload": '{"ping": true}'})
    assert changed.status_code == 200, changed.text
    assert {"cronExpression": "*/5 * * * *", "cronTimezone": "Europe/Lisbon",
            "cronPayload": '{"ping": true}'}.items() <= changed.json().items()
    reset = tenant.client.patch(f"/v1/ingest/sources/{cron['id']}", json={"cronTimezone": None})
    assert reset.json()["cronTimezone"] == "UTC"


PATCH_ERRORS: list[tuple[dict[str, Any], str]] = [
    ({"name": "taken"}, "name"),
    ({"name": ""}, "name"),
    ({"name": "n" * 201}, "name"),
    ({"name": None}, "name"),
    ({"provider": "nope"}, "provider"),
    ({"provider": None}, "provider"),
    ({"status": "paused"}, "status"),
    ({"alertEmails": "not-an-address"}, "alertEmails"),
    ({"alertEmails": "a@example.com,b@"}, "alertEmails"),
    ({"alertEmails": ",".join(f"u{i}@example.com" for i in range(6))}, "alertEmails"),
    ({"silenceAlertMinutes": -1}, "silenceAlertMinutes"),
    ({"silenceAlertMinutes": 43201}, "silenceAlertMinutes"),
    ({"silenceAlertMinutes": "1.5"}, "silenceAlertMinutes"),
    ({"silenceAlertMinutes": True}, "silenceAlertMinutes"),
    ({"providerConfig": "text"}, "providerConfig"),
    ({"providerConfig": {"verifyToken": 5}, "provider": "meta"}, "providerConfig.verifyToken"),
    ({"cronExpression": "* * * * *"}, "cronExpression"),  # on a webhook source
    ({"cronPayload": "{}"}, "cronPayload"),
]
CRON_ERRORS: list[tuple[dict[str, Any], str]] = [
    ({"cronExpression": "* * * *"}, "cronExpression"),
    ({"cronExpression": "0 * * * * *"}, "cronExpression"),
    ({"cronExpression": "61 * * * *"}, "cronExpression"),
    ({"cronExpression": "every day"}, "cronExpression"),
    ({"cronTimezone": "Mars/Olympus"}, "cronTimezone"),
    ({"cronPayload": "[1, 2]"}, "cronPayload"),
    ({"cronPayload": "{nope"}, "cronPayload"),
    ({"cronExpression": "* * * * *", "cronPayload": "1"}, "cronPayload"),
]


@pytest.mark.parametrize(("kind", "body", "field"),
                         [("webhook", b, f) for b, f in PATCH_ERRORS]
                         + [("cron", b, f) for b, f in CRON_ERRORS])
def test_patch_validation_changes_nothing(tenant: Tenant, kind: str, body: dict[str, Any],
                                          field: str) -> None:
    make_source(tenant, "taken")
    source = make_source(tenant, "mine", type=kind)
    url = f"/v1/ingest/sources/{source['id']}"
    problem = assert_problem(tenant.client.patch(url, json={"status": "disabled", **body}),
                             422)
    assert field in {e["field"] for e in problem["errors"]}, problem
    assert tenant.client.get(url).json() == source


def test_unknown_and_foreign_sources_are_404(stack: Stack, tenant: Tenant) -> None:
    source = make_source(tenant)
    other = stack.tenant()
    for path in (f"/v1/ingest/sources/{source['id']}", "/v1/ingest/sources/src_nope"):
        assert_problem(other.client.get(path), 404)
        assert_problem(other.client.patch(path, json={"name": "x"}), 404)
        assert_problem(other.client.delete(path), 404)
        assert_problem(other.client.put(path + "/secret", json={"secret": "s"}), 404)
        assert_problem(other.client.post(path + "/rotate-token"), 404)
        assert_problem(other.client.get(path + "/messages"), 404)
    assert tenant.client.get(f"/v1/ingest/sources/{source['id']}").status_code == 200


def test_secret_set_and_cleared(tenant: Tenant) -> None:
    source = make_source(tenant)
    url = f"/v1/ingest/sources/{source['id']}/secret"
    # Ids are lowercase base32, so a secret with capitals and a dash can't turn up in one by chance.
    set_ = tenant.client.put(url, json={"secret": "Not-Shown-Ever"})
    assert set_.status_code == 200 and set_.json()["hasSecret"] is True
    assert "Not-Shown-Ever" not in set_.text
    assert_problem(tenant.client.put(url, json={"secret": "  "}), 422)
    assert_problem(tenant.client.put(url, json={}), 422)
    cleared = tenant.client.put(url, json={"secret": None})
    assert cleared.json()["hasSecret"] is False


def test_rotate_token_kills_old_url_at_once(tenant: Tenant) -> None:
    source = make_source(tenant)
    assert post_in(source["url"]).status_code == 202
    rotated = tenant.client.post(f"/v1/ingest/sources/{source['id']}/rotate-token")
    assert rotated.status_code == 200
    assert rotated.json()["url"] != source["url"] and rotated.json()["id"] == source["id"]
    assert_problem(post_in(source["url"]), 404)
    assert post_in(rotated.json()["url"]).status_code == 202


def test_delete_removes_source_destinations_and_messages(tenant: Tenant) -> None:
    source = make_source(tenant)
    destination = tenant.client.post(f"/v1/ingest/sources/{source['id']}/destinations",
                                     json={"url": "http://127.0.0.1:9/never"})
    assert destination.status_code == 201, destination.text
    message_id = post_in(source["url"]).json()["id"]
    assert tenant.client.delete(f"/v1/ingest/sources/{source['id']}").status_code == 204
    assert_problem(post_in(source["url"]), 404)
    assert_problem(tenant.client.get(f"/v1/ingest/sources/{source['id']}"), 404)
    assert_problem(tenant.client.get(f"/v1/ingest/messages/{message_id}"), 404)
    assert_problem(tenant.client.patch(f"/v1/ingest/destinations/{destination.json()['id']}",
                                       json={"description": "x"}), 404)
    assert tenant.client.get("/v1/ingest/sources").json() == []
    make_source(tenant)  # the name is free again


def test_provider_catalogue(tenant: Tenant) -> None:
    response = tenant.client.get("/v1/ingest/providers")
    assert response.status_code == 200
    providers = {p["code"]: p for p in response.json()}
    assert {"generic", "github", "stripe", "shopify", "slack", "twilio", "standard-webhooks",
            "gitlab", "linear", "paddle", "zoom", "meta"} <= providers.keys()
    gitlab = providers["gitlab"]
    assert set(gitlab) == {"code", "name", "scheme", "needsSecret", "configFields",
                           "eventIdLocation", "strippedHeaders", "verification", "handshake"}
    assert "x-gitlab-token" in gitlab["strippedHeaders"]
    assert {"authorization", "cookie", "proxy-authorization"} <= set(gitlab["strippedHeaders"])
    assert providers["github"]["needsSecret"] is True
    assert "X-GitHub-Delivery" in providers["github"]["eventIdLocation"]
    assert {"name": "verifyToken", "required": False}.items() <= \
        providers["meta"]["configFields"][0].items()
    assert_problem(httpx.get(str(tenant.client.base_url) + "/v1/ingest/providers"), 401)
