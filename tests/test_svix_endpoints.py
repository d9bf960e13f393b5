"""Svix's endpoints under /api/v1 (issue 51), driven by Svix's own Python SDK (svix 2.9.1,
unchanged) and over plain HTTP for the bodies the SDK hides: an endpoint is an Endpoint of
the application's Consumer, with its fixed headers, secret and stats; bad input is Svix's
error and changes nothing. The API in-process on each database (api tier); what needs a
delivery (signatures, send-example, recover) is `test_svix_delivery.py`."""

from __future__ import annotations

import base64
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from sqlmodel import Session
from svix.api import (
    ApplicationIn,
    EndpointGetStatsOptions,
    EndpointHeadersIn,
    EndpointHeadersPatchIn,
    EndpointIn,
    EndpointListOptions,
    EndpointPatch,
    EndpointSecretRotateIn,
    EndpointUpsertIn,
    EventTypeIn,
    Ordering,
    Svix,
)
from svix.exceptions import HttpError

from hookline.persistence.models import Endpoint
from hookline.timeutil import aware, utcnow
from tests.support import svix_sdk
from tests.support.in_process import in_process_stack
from tests.support.signatures import SVIX_KEY, SVIX_PUBLIC_KEY
from tests.support.stack import Stack, Tenant
from tests.support.svix_sdk import sdk, status_of

stack = in_process_stack()
seen, ledger, svix, http = svix_sdk.fixtures()
URL = "http://127.0.0.1:9/hooks"  # never sent to here: these tests deliver nothing
SECRET = "whsec_" + base64.b64encode(b"s" * 32).decode()
STATS = {"success": 0, "pending": 0, "sending": 0, "fail": 0, "canceled": 0}


def _apps(svix: Svix, *uids: str) -> None:
    for uid in uids:
        svix.application.create(ApplicationIn(name=uid.title(), uid=uid))
    for name in ("user.signup", "invoice.paid"):
        svix.event_type.create(EventTypeIn(name=name, description=name))


def _row(stack: Stack, endpoint_id: str) -> Endpoint:
    with Session(stack.engine, expire_on_commit=False) as session:
        found = session.get(Endpoint, endpoint_id)
        assert found is not None
        return found


def test_an_endpoint_is_an_endpoint_of_the_applications_consumer(
        svix: Svix, tenant: Tenant, stack: Stack) -> None:
    """Created with Svix's fields and read by id and by uid; /v1 sees the same endpoint,
    signing with svix-* headers; its sensitive headers are shown by name only; headers
    replaced and patched; patched (disabled, every type, uid renamed), replaced by PUT (and
    made by PUT); its secret read and rotated; its stats; deleted."""
    _apps(svix, "acme")
    made = svix.endpoint.create("acme", EndpointIn(
        url=URL, uid="main", description="Main", event_types=["user.signup"],
        channels=["eu"], metadata={"team": "billing"}, throttle_rate=10, secret=SECRET,
        headers={"X-Api-Key": "k1", "X-Tenant": "t1"}))
    assert made.id.startswith("ep_") and (made.uid, made.url, made.description) == \
        ("main", URL, "Main")
    assert (made.event_types, made.channels, made.metadata, made.throttle_rate,
            made.disabled) == (["user.signup"], ["eu"], {"team": "billing"}, 10, False)
    assert svix.endpoint.get("acme", "main").id == svix.endpoint.get("acme", made.id).id
    hookline = tenant.client.get(f"/v1/endpoints/{made.id}").json()
    assert (hookline["consumer"], hookline["events"], hookline["rateLimit"],
            hookline["signatureHeaders"], hookline["status"]) == \
        ("acme", ["user.signup"], 10, "svix", "Enabled")

    assert svix.endpoint.get_secret("acme", "main").key == SECRET
    headers = svix.endpoint.get_headers("acme", "main")
    assert (headers.headers, headers.sensitive) == ({"X-Tenant": "t1"}, ["X-Api-Key"])
    svix.endpoint.set_headers("acme", "main", EndpointHeadersIn(headers={"X-A": "1",
                                                                        "X-B": "2"}))
    svix.endpoint.patch_headers("acme", "main", EndpointHeadersPatchIn(
        headers={"X-C": "3"}, delete_headers=["x-a"]))
    assert svix.endpoint.get_headers("acme", "main").headers == {"X-B": "2", "X-C": "3"}
    nulled = tenant.client.patch(f"/api/v1/app/acme/endpoint/{made.id}/headers",
                                 json={"headers": {"X-B": None}})
    assert nulled.status_code == 204 and _row(stack, made.id).custom_headers == {"X-C": "3"}

    patched = svix.endpoint.patch("acme", "main", EndpointPatch(
        disabled=True, event_types=None, uid="primary", throttle_rate=None))
    assert (patched.disabled, patched.event_types, patched.uid, patched.throttle_rate,
            patched.channels) == (True, None, "primary", None, ["eu"])
    assert tenant.client.get(f"/v1/endpoints/{made.id}").json()["status"] == \
        "DisabledManually"
    # /v1 chooses the names too; Svix's PUT (whose SDKs never send them) keeps them.
    assert tenant.client.patch(f"/v1/endpoints/{made.id}", json={
        "signatureHeaders": "webhook"}).json()["signatureHeaders"] == "webhook"
    put = svix.endpoint.upsert("acme", "primary", EndpointUpsertIn(url=URL + "/2"))
    assert (put.id, put.url, put.uid, put.disabled, put.channels, put.metadata,
            put.description) == (made.id, URL + "/2", None, False, None, {}, "")
    assert put.updated_at > made.updated_at and put.created_at == made.created_at
    assert _row(stack, made.id).signature_headers == "webhook"
    v1 = tenant.client.post("/v1/endpoints", json={"consumer": "acme", "url": URL})
    assert v1.json()["signatureHeaders"] == "webhook"  # /v1's default
    fresh = svix.endpoint.upsert("acme", "fresh", EndpointUpsertIn(url=URL, uid="fresh"))
    assert fresh.id != made.id and svix.endpoint.get_secret("acme", "fresh").key != SECRET

    rotated = svix.endpoint.rotate_secret("acme", made.id, EndpointSecretRotateIn(
        grace_period_seconds=60))
    assert rotated.key.startswith("whsec_") and rotated.key != SECRET
    assert svix.endpoint.get_secret("acme", made.id).key == rotated.key
    row = _row(stack, made.id)
    assert row.previous_secret == SECRET and row.previous_secret_expires_at is not None
    assert aware(row.previous_secret_expires_at) < utcnow() + timedelta(seconds=61)
    bare = base64.b64encode(b"b" * 24).decode()  # without its prefix, as Svix allows
    assert svix.endpoint.rotate_secret("acme", made.id, EndpointSecretRotateIn(
        key=bare)).key == "whsec_" + bare

    assert svix.endpoint.get_stats("acme", made.id).model_dump() == STATS
    week = EndpointGetStatsOptions(since=datetime.now(UTC) - timedelta(days=7),
                                   until=datetime.now(UTC))
    assert svix.endpoint.get_stats("acme", made.id, week).model_dump() == STATS

    svix.endpoint.delete("acme", made.id)
    with pytest.raises(HttpError) as gone:
        svix.endpoint.get("acme", made.id)
    assert status_of(gone) == (404, "not_found")
    assert tenant.client.get(f"/v1/endpoints/{made.id}").status_code == 404


def test_a_whsk_secret_makes_an_asymmetric_endpoint_as_in_svix(
        svix: Svix, tenant: Tenant, stack: Stack) -> None:
    """Issue 52: as in Svix, an endpoint created with a `whsk_` signing key signs `v1a`,
    and its secret reads as the `whpk_` public key; a rotation to a `whsec_` key switches
    it back."""
    _apps(svix, "acme")
    made = svix.endpoint.create("acme", EndpointIn(url=URL, secret=SVIX_KEY))
    assert svix.endpoint.get_secret("acme", made.id).key == SVIX_PUBLIC_KEY
    assert _row(stack, made.id).secret == SVIX_KEY
    hookline = tenant.client.get(f"/v1/endpoints/{made.id}").json()
    assert (hookline["signatureScheme"], hookline["publicKey"]) == ("v1a", SVIX_PUBLIC_KEY)
    assert svix.endpoint.rotate_secret("acme", made.id, EndpointSecretRotateIn(
        key=SECRET)).key == SECRET
    assert tenant.client.get(f"/v1/endpoints/{made.id}").json()["signatureScheme"] == "v1"
    assert _row(stack, made.id).previous_secret == SVIX_KEY  # still signing, beside it


def test_endpoints_page_newest_first(svix: Svix) -> None:
    """limit=2 over three, newest first unless `order=ascending`; only this application's."""
    _apps(svix, "acme", "beta")
    ids = [svix.endpoint.create("acme", EndpointIn(url=f"{URL}/{n}")).id for n in range(3)]
    svix.endpoint.create("beta", EndpointIn(url=URL))
    first = svix.endpoint.list("acme", EndpointListOptions(limit=2))
    assert [e.id for e in first.data] == [ids[2], ids[1]] and not first.done
    rest = svix.endpoint.list("acme", EndpointListOptions(limit=2, iterator=first.iterator))
    assert [e.id for e in rest.data] == [ids[0]] and rest.done
    oldest = svix.endpoint.list("acme", EndpointListOptions(order=Ordering.ASCENDING))
    assert [e.id for e in oldest.data] == ids


def _bad(http: httpx.Client, method: str, path: str, body: Any, status: int, shape: Any
         ) -> None:
    answer = http.request(method, path, json=body)
    assert answer.status_code == status, (method, path, body, answer.text)
    found = answer.json()
    if isinstance(shape, dict):
        assert found.items() >= shape.items() and isinstance(found["detail"], str), found
    else:
        assert [item["loc"] for item in found["detail"]][:1] == [shape], (body, found)


def test_bad_endpoint_input_is_svix_shaped_and_changes_nothing(
        svix: Svix, http: httpx.Client, stack: Stack, seen: set[tuple[str, str]]) -> None:
    """Wrong types, Svix's own limits and Hookline's rules are 422 at Svix's locations;
    another application's endpoint, and another environment's, are 404; a uid taken is
    409; a stats range backwards is 400; none of them writes."""
    _apps(svix, "acme", "beta")
    ours = svix.endpoint.create("acme", EndpointIn(url=URL, uid="main"))
    theirs = svix.endpoint.create("beta", EndpointIn(url=URL, uid="theirs"))
    base, one = "/api/v1/app/acme/endpoint", f"/api/v1/app/acme/endpoint/{ours.id}"
    refused: list[tuple[str, str, Any, int, Any]] = [
        ("POST", base, {"url": 7}, 422, ["body", "url"]),
        ("POST", base, {"url": URL, "eventTypes": "user.signup"}, 422, ["body", "eventTypes"]),
        ("POST", base, {"url": URL, "eventTypes": []}, 422, ["body", "eventTypes"]),
        ("POST", base, {"url": URL, "eventTypes": ["user.gone"]}, 422, ["body", "eventTypes"]),
        ("POST", base, {"url": URL, "channels": []}, 422, ["body", "channels"]),
        ("POST", base, {"url": URL, "channels": ["has space"]}, 422, ["body", "channels", "0"]),
        ("POST", base, {"url": URL, "throttleRate": "5"}, 422, ["body", "throttleRate"]),
        ("POST", base, {"url": URL, "throttleRate": 60000}, 422, ["body", "throttleRate"]),
        ("POST", base, {"url": URL, "secret": "whsec_c2hvcnQ="}, 422, ["body", "secret"]),
        ("POST", base, {"url": URL, "secret": "not base64!"}, 422, ["body", "secret"]),
        ("POST", base, {"url": URL, "secret": "whsk_" + SECRET[6:]}, 422, ["body", "secret"]),
        ("POST", base, {"url": URL, "uid": "ep_1"}, 422, ["body", "uid"]),
        ("POST", base, {"url": URL, "uid": "main"}, 409, {"code": "conflict"}),
        ("POST", base, {"url": URL, "version": 2}, 422, ["body", "version"]),
        ("POST", base, {"url": URL, "disabled": "yes"}, 422, ["body", "disabled"]),
        ("POST", base, {"url": URL, "signatureHeaders": "x"}, 422, ["body", "signatureHeaders"]),
        ("POST", base, {"url": URL, "headers": {"svix-signature": "v1,x"}}, 422,
         ["body", "headers.svix-signature"]),
        ("POST", base, {"url": "ftp://127.0.0.1/x"}, 422, ["body", "url"]),
        ("POST", "/api/v1/app/nobody/endpoint", {"url": URL}, 404, {"code": "not_found"}),
        ("PATCH", one, {"url": None}, 422, ["body", "url"]),
        ("PATCH", one, {"uid": "theirs", "eventTypes": ["user.gone"]}, 422,
         ["body", "eventTypes"]),
        ("PUT", one, {"description": "no url"}, 422, ["body", "url"]),
        ("PUT", one + "/headers", {"headers": {"Host": "x"}}, 422, ["body", "headers.Host"]),
        ("POST", one + "/secret/rotate", {"gracePeriodSeconds": 604801}, 422,
         ["body", "gracePeriodSeconds"]),
        ("POST", one + "/secret/rotate", {"key": "whsec_c2hvcnQ="}, 422, ["body", "key"]),
        ("POST", one + "/secret/rotate", {"key": SVIX_KEY[:-8] + "AAAAAA=="}, 422,
         ["body", "key"]),
        ("POST", one + "/recover", {"since": "2030-01-02T00:00:00Z",
                                    "until": "2030-01-01T00:00:00Z"}, 422, ["body", "since"]),
        ("POST", one + "/send-example", {"eventType": "user.gone"}, 404, {"code": "not_found"}),
        ("POST", one + "/send-example", {"eventType": "user.signup"}, 400,
         {"code": "invalid_scheme"}),
        ("GET", one + "/stats?since=2030-01-02T00:00:00Z&until=2030-01-01T00:00:00Z", None,
         400, {"code": "invalid_range"}),
        ("GET", one + "/stats?since=yesterday", None, 400, {"code": "generic_error"}),
        ("GET", base + "?iterator=csm_x", None, 422, ["query", "iterator"]),
    ]
    for method, path, body, status, shape in refused:
        _bad(http, method, path, body, status, shape)
    for method, suffix in (("GET", ""), ("PATCH", ""), ("DELETE", ""), ("GET", "/secret"),
                           ("GET", "/headers"), ("GET", "/stats")):
        for ref in (theirs.id, "theirs"):  # another application's, by id and by uid
            _bad(http, method, f"{base}/{ref}{suffix}", {} if method == "PATCH" else None,
                 404, {"code": "not_found"})
    other = stack.tenant()
    elsewhere = sdk(stack, other.key, seen)
    elsewhere.application.create(ApplicationIn(name="Acme", uid="acme"))
    with pytest.raises(HttpError) as other_environment:
        elsewhere.endpoint.get("acme", ours.id)
    assert status_of(other_environment) == (404, "not_found")
    other.client.close()

    assert [e.id for e in svix.endpoint.list("acme").data] == [ours.id]
    after = svix.endpoint.get("acme", ours.id)
    assert (after.uid, after.updated_at, after.event_types) == ("main", ours.updated_at, None)
    assert svix.endpoint.get_secret("acme", ours.id).key == _row(stack, ours.id).secret
    assert _row(stack, ours.id).previous_secret is None
