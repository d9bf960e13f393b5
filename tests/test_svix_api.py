"""The Svix-compatible API (/api/v1, issue 51) driven by Svix's own Python SDK (svix 2.9.1,
unchanged: only its server URL points here), and over plain HTTP for what the SDK hides
(error bodies, iterators, region-suffixed keys). Applications are Consumers, event types
Hookline's own. The API in-process on each database (api tier); the ledger of the 41
operations is `tests/support/svix_ledger.py`."""

from __future__ import annotations

import importlib
import re
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from fastapi.routing import APIRoute
from svix.api import (
    ApplicationIn,
    ApplicationListOptions,
    ApplicationPatch,
    AppPortalAccessIn,
    EventTypeDeleteOptions,
    EventTypeIn,
    EventTypeListOptions,
    EventTypePatch,
    EventTypeUpsertIn,
    Ordering,
    Svix,
)
from svix.exceptions import HttpError, HTTPValidationError

from api.svix import routes as svix_routes
from api.svix.errors import PREFIX
from tests.support import svix_ledger, svix_sdk
from tests.support.in_process import in_process_stack
from tests.support.portal import PortalClient
from tests.support.stack import Stack, Tenant
from tests.support.svix_sdk import sdk, status_of

stack = in_process_stack()
seen, ledger, svix, http = svix_sdk.fixtures()
SCHEMA = {"type": "object", "properties": {"email": {"type": "string"}},
          "required": ["email"]}


def test_an_application_is_a_consumer(svix: Svix, tenant: Tenant) -> None:
    """Created with a uid, read by uid and by id, replaced (PUT), patched, and deleted; the
    Consumer /v1 sees is the same one."""
    made = svix.application.create(ApplicationIn(name="Acme", uid="acme",
                                                 metadata={"tier": "gold"}))
    assert (made.uid, made.name, made.metadata) == ("acme", "Acme", {"tier": "gold"})
    assert made.id.startswith("csm_") and made.throttle_rate is None
    assert svix.application.get("acme").id == svix.application.get(made.id).id == made.id
    consumer = tenant.client.get("/v1/consumers/acme").json()
    assert (consumer["id"], consumer["externalId"], consumer["name"]) == (made.id, "acme", "Acme")

    assert svix.application.get_or_create(ApplicationIn(name="Other", uid="acme")).id == made.id
    with pytest.raises(HttpError) as taken:
        svix.application.create(ApplicationIn(name="Other", uid="acme"))
    assert status_of(taken) == (409, "conflict")

    put = svix.application.upsert("acme", ApplicationIn(name="Acme Inc", uid="acme",
                                                        throttle_rate=10))
    assert (put.id, put.name, put.throttle_rate, put.metadata) == (made.id, "Acme Inc", 10, {})
    assert put.updated_at >= made.updated_at and put.created_at == made.created_at
    patched = svix.application.patch(made.id, ApplicationPatch(metadata={"tier": "platinum"},
                                                                uid="acme-2"))
    assert (patched.name, patched.uid, patched.metadata) == ("Acme Inc", "acme-2",
                                                             {"tier": "platinum"})
    assert svix.application.patch("acme-2", ApplicationPatch(uid=None)).uid is None
    with pytest.raises(HttpError) as renamed:
        svix.application.get("acme-2")
    assert status_of(renamed) == (404, "not_found")

    # PUT of an application that does not exist makes it, with the body's uid.
    fresh = svix.application.upsert("nobody", ApplicationIn(name="Fresh", uid="fresh"))
    assert fresh.id != made.id and svix.application.get("fresh").name == "Fresh"
    svix.application.delete(made.id)
    with pytest.raises(HttpError) as gone:
        svix.application.get(made.id)
    assert status_of(gone) == (404, "not_found")
    assert tenant.client.get(f"/v1/consumers/{made.id}").status_code == 404


def test_applications_page_through_with_iterators(svix: Svix) -> None:
    """limit=2 over five: `iterator` goes on, `done` ends it, `prevIterator` goes back;
    ascending by id unless `order` says descending."""
    ids = [svix.application.create(ApplicationIn(name=f"App {n}")).id for n in range(5)]
    pages, iterator = [], None
    while True:
        page = svix.application.list(ApplicationListOptions(limit=2, iterator=iterator))
        pages.append([app.id for app in page.data])
        iterator = page.iterator
        if page.done:
            break
    assert pages == [ids[0:2], ids[2:4], ids[4:5]]
    second = svix.application.list(ApplicationListOptions(limit=2, iterator=ids[1]))
    back = svix.application.list(ApplicationListOptions(limit=2,
                                                        iterator=second.prev_iterator))
    assert [app.id for app in back.data] == ids[0:2] and back.done
    newest = svix.application.list(ApplicationListOptions(limit=2, order=Ordering.DESCENDING))
    assert [app.id for app in newest.data] == [ids[4], ids[3]] and not newest.done
    empty = svix.application.list(ApplicationListOptions(iterator=ids[4]))
    assert (empty.data, empty.iterator, empty.done) == ([], None, True)


def test_event_types_are_archived_then_made_again_or_expunged(svix: Svix, tenant: Tenant
                                                              ) -> None:
    """`schemas` is `{"1": <JSON Schema>}`; lists leave it out unless `with_content`; DELETE
    archives (listed only with include_archived, and no longer publishable) unless
    `expunge`; creating an archived type again starts it afresh."""
    made = svix.event_type.create(EventTypeIn(name="user.signup", description="A user signed up",
                                              schemas={"1": SCHEMA}))
    assert (made.schemas, made.archived, made.deprecated) == ({"1": SCHEMA}, False, False)
    assert svix.event_type.get("user.signup").schemas == {"1": SCHEMA}
    listed = svix.event_type.list().data
    assert [(t.name, t.schemas) for t in listed] == [("user.signup", None)]
    full = svix.event_type.list(EventTypeListOptions(with_content=True)).data
    assert full[0].schemas == {"1": SCHEMA}
    with pytest.raises(HttpError) as exists:
        svix.event_type.create(EventTypeIn(name="user.signup", description="again"))
    assert status_of(exists) == (409, "event_type_exists")

    put = svix.event_type.upsert("user.signup", EventTypeUpsertIn(description="Signed up"))
    assert (put.description, put.schemas) == ("Signed up", None)  # PUT replaces: no schema
    assert svix.event_type.upsert("user.left", EventTypeUpsertIn(description="Left")).name \
        == "user.left"
    assert svix.event_type.patch("user.left", EventTypePatch(deprecated=True)).deprecated

    svix.event_type.delete("user.signup")
    assert [t.name for t in svix.event_type.list().data] == ["user.left"]
    archived = svix.event_type.list(EventTypeListOptions(include_archived=True)).data
    assert [(t.name, t.archived) for t in archived] == [("user.left", False),
                                                        ("user.signup", True)]
    assert svix.event_type.get("user.signup").archived
    refused = tenant.client.post("/v1/events", json={"type": "user.signup", "consumer": "x",
                                                     "data": {}})
    assert refused.status_code == 422 and "archived" in refused.json()["detail"]
    # /v1 keeps its own rule: a name that exists, archived or not, is a conflict.
    assert tenant.client.post("/v1/event-types", json={"name": "user.signup"}
                              ).status_code == 409
    long = tenant.client.put(f"/api/v1/event-type/a.{'b' * 200}", json={"description": "x"})
    assert (long.status_code, long.json()["detail"][0]["loc"][-1]) == (422, "name"), long.text

    again = svix.event_type.create(EventTypeIn(name="user.signup", description="Back"))
    assert (again.archived, again.description, again.created_at) == (False, "Back",
                                                                    made.created_at)
    svix.event_type.delete("user.signup", EventTypeDeleteOptions(expunge=True))
    with pytest.raises(HttpError) as expunged:
        svix.event_type.get("user.signup")
    assert status_of(expunged) == (404, "not_found")


def test_portal_access_opens_the_portal(svix: Svix, stack: Stack) -> None:
    """The magic link opens Hookline's consumer portal for that application; `application`
    in the body makes the application first when the path names none."""
    svix.application.create(ApplicationIn(name="Acme", uid="acme"))
    access = svix.authentication.app_portal_access("acme", AppPortalAccessIn())
    assert access.token in access.url
    browser = PortalClient(stack.base_url)
    try:
        assert browser.open(access.url).headers["location"].startswith("/portal")
        assert "Acme" in browser.get("/portal/endpoints")
    finally:
        browser.close()
    made = svix.authentication.app_portal_access("beta", AppPortalAccessIn(
        application=ApplicationIn(name="Beta", uid="beta"), read_only=True, expiry=3600))
    assert made.url != access.url and svix.application.get("beta").name == "Beta"
    with pytest.raises(HTTPValidationError) as mismatch:
        svix.authentication.app_portal_access("gamma", AppPortalAccessIn(
            application=ApplicationIn(name="Gamma", uid="delta")))
    assert [item.type for item in mismatch.value.detail] == ["application_uid_mismatch"]
    with pytest.raises(HttpError) as unknown:
        svix.authentication.app_portal_access("nobody", AppPortalAccessIn())
    assert status_of(unknown) == (404, "not_found")


def test_health_and_logout(svix: Svix, http: httpx.Client) -> None:
    """Health answers without a key (`/health` with its checks, `/health/ping` 204);
    logout answers 501 `not_implemented`, as Svix's open-source server does."""
    svix.health.get()
    health = httpx.get(str(http.base_url.join("/api/v1/health")))
    assert health.status_code == 200 and health.json()["database"] == {"status": "ok"}
    assert set(health.json()) == {"database", "queue", "cache"}
    assert http.get("/api/v1/health/ping").status_code == 204
    assert http.head("/api/v1/health/ping").status_code == 204
    with pytest.raises(HttpError) as logout:
        svix.authentication.logout()
    assert status_of(logout) == (501, "not_implemented")


def test_errors_are_the_sdks_exceptions(svix: Svix, stack: Stack, tenant: Tenant,
                                        seen: set[tuple[str, str]]) -> None:
    """404 and 409 are HttpError with Svix's code, 422 HTTPValidationError with its items;
    another environment's application is a plain 404; a key with Svix's region suffix
    works as it is, an unknown one is 401."""
    with pytest.raises(HttpError) as missing:
        svix.application.get("nobody")
    assert status_of(missing) == (404, "not_found")
    with pytest.raises(HTTPValidationError) as invalid:
        svix.application.create(ApplicationIn(name="Bad", uid="has space"))
    assert [item.loc for item in invalid.value.detail] == [["body", "uid"]]
    with pytest.raises(HTTPValidationError):
        svix.application.create(ApplicationIn(name="Bad", throttle_rate=0))

    theirs = stack.tenant()
    other = sdk(stack, theirs.key, seen).application.create(ApplicationIn(name="T", uid="t"))
    for ref in (other.id, "t"):
        with pytest.raises(HttpError) as elsewhere:
            svix.application.get(ref)
        assert status_of(elsewhere) == (404, "not_found")
    assert sdk(stack, tenant.key + ".eu", seen).application.list().done
    with pytest.raises(HttpError) as unknown:
        sdk(stack, "hk_" + "a" * 52 + ".eu", seen).application.list()
    assert status_of(unknown) == (401, "authentication_failed")
    theirs.client.close()


def _count(http: httpx.Client) -> int:
    return len(http.get("/api/v1/app", params={"limit": 250}).json()["data"])


def test_error_bodies_are_svix_shaped_and_change_nothing(http: httpx.Client) -> None:
    """What the SDK turns into exceptions, as the body it parses: JSON everywhere, unknown
    routes and refused methods included; a bad iterator, a limit past 250 and wrong types
    are 422 items; a query string that does not read is 400; none of them writes."""
    http.post("/api/v1/app", json={"name": "Acme", "uid": "acme"})
    before = _count(http)
    expected: list[tuple[str, str, dict[str, Any], int, Any]] = [
        ("GET", "/api/v1/nothing", {}, 404, {"code": "not_found"}),
        ("DELETE", "/api/v1/health", {}, 405, {"code": "method_not_allowed"}),
        ("GET", "/api/v1/app/acme/nothing", {}, 404, {"code": "not_found"}),
        ("GET", "/api/v1/app", {"params": {"iterator": "nope"}}, 422, ["query", "iterator"]),
        ("GET", "/api/v1/app", {"params": {"limit": 251}}, 422, ["query", "limit"]),
        ("GET", "/api/v1/app", {"params": {"limit": "abc"}}, 400, {"code": "generic_error"}),
        ("GET", "/api/v1/event-type", {"params": {"iterator": "not a name"}}, 422,
         ["query", "iterator"]),
        ("POST", "/api/v1/app", {"json": {"name": 7}}, 422, ["body", "name"]),
        ("POST", "/api/v1/app", {"json": {"name": "A", "throttleRate": "5"}}, 422,
         ["body", "throttleRate"]),
        ("POST", "/api/v1/app", {"json": {"name": "A", "metadata": {"k": 1}}}, 422,
         ["body", "metadata", "k"]),
        ("POST", "/api/v1/app", {"json": {"name": "A", "uid": "csm_x"}}, 422,
         ["body", "uid"]),
        ("POST", "/api/v1/app", {"content": b"{", "headers": {
            "content-type": "application/json"}}, 422, None),
        ("PATCH", "/api/v1/app/acme", {"json": {"name": None}}, 422, ["body", "name"]),
        ("POST", "/api/v1/event-type", {"json": {"name": "a.b"}}, 422,
         ["body", "description"]),
        ("POST", "/api/v1/event-type", {"json": {"name": "a.b", "description": "",
                                                 "schemas": {"2": {}}}}, 422,
         ["body", "schemas"]),
        ("POST", "/api/v1/event-type", {"json": {"name": "a.b", "description": "",
                                                 "featureFlag": "beta"}}, 422,
         ["body", "featureFlag"]),
        ("POST", "/api/v1/app", {"json": {"name": "A"}, "headers": {"authorization": "x"}},
         401, {"code": "authentication_failed"}),
    ]
    for method, path, options, status, shape in expected:
        answer = http.request(method, path, **options)
        assert answer.status_code == status, (method, path, options, answer.text)
        body = answer.json()
        if isinstance(shape, dict):
            assert body.items() >= shape.items() and isinstance(body["detail"], str)
        else:
            item = body["detail"][0]
            assert set(item) == {"loc", "msg", "type"} and isinstance(item["msg"], str)
            assert shape is None or item["loc"] == shape, (path, options, body)
    assert _count(http) == before
    assert http.get("/api/v1/event-type", params={"include_archived": "true"}
                    ).json()["data"] == []


def test_the_ledger_holds_the_41_operations_and_gives_every_route_a_test(stack: Stack
                                                                         ) -> None:
    """Each of Svix's 41 operations is answered under /api/v1 (401 without a key, never 404
    or 405) and has a test in the ledger that exists; and every route the app serves under
    /api/v1 is one of them (a route the ledger misses would have no test)."""
    operations = svix_ledger.OPERATIONS
    assert len(operations) == len({(op.method, op.path) for op in operations}) == 41
    with httpx.Client(base_url=stack.base_url, timeout=30) as anonymous:
        for op in operations:
            answer = anonymous.request(op.method, re.sub(r"\{[^}]+\}", "x", op.path))
            assert answer.status_code not in (404, 405), (op, answer.status_code)
            module, _, test = op.test.partition(".py::")
            assert hasattr(importlib.import_module(f"tests.{module}"), test), op
    served = {(method, PREFIX + route.path) for module in svix_routes.MODULES
              for route in module.router.routes if isinstance(route, APIRoute)
              for method in (route.methods or set()) - {"HEAD"}}
    assert len(served) == 41 and all(
        any(op.matches(method, path) for op in operations) for method, path in served), served


def test_a_uid_created_twice_at_once_is_one_application_and_409s(stack: Stack,
                                                                 tenant: Tenant) -> None:
    """Eight creates of one uid at the same moment: one application, the others Svix's 409
    (the database's unique index decides a race the service's check cannot see)."""
    barrier = threading.Barrier(8)

    def create(_: int) -> int:
        with httpx.Client(base_url=stack.base_url, timeout=30,
                          headers={"Authorization": f"Bearer {tenant.key}"}) as client:
            barrier.wait()
            answer = client.post("/api/v1/app", json={"name": "Race", "uid": "race"})
            assert answer.status_code in (201, 409), answer.text
            if answer.status_code == 409:
                assert answer.json()["code"] == "conflict"
            return answer.status_code

    with ThreadPoolExecutor(8) as pool:
        statuses = sorted(pool.map(create, range(8)))
    assert statuses == [201] + [409] * 7
    assert [a["uid"] for a in tenant.client.get("/api/v1/app").json()["data"]] == ["race"]
