"""Svix's messages under /api/v1 (issue 51), driven by Svix's own Python SDK (svix 2.9.1,
unchanged) and over plain HTTP for what the SDK hides: a message is an Event of the
application's Consumer, its `eventId` the idempotency key (a second one is Svix's 409), its
channels choose the endpoints that take it, and it reads back in Svix's shapes, by id or
eventId, in pages. Bad input is Svix's error and writes nothing. The API in-process on
each database (api tier); what arrives at a receiver is `test_svix_delivery.py`."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from svix.api import (
    ApplicationIn,
    EndpointIn,
    EventTypeIn,
    MessageGetOptions,
    MessageIn,
    MessageListOptions,
    Svix,
)
from svix.exceptions import HttpError

from tests.support import svix_sdk
from tests.support.api import ok
from tests.support.in_process import in_process_stack
from tests.support.stack import Stack, Tenant
from tests.support.svix_sdk import sdk, status_of

stack = in_process_stack()
seen, ledger, svix, http = svix_sdk.fixtures()
URL = "http://127.0.0.1:9/hooks"  # never sent to here: these tests deliver nothing


def _setup(svix: Svix, *uids: str) -> None:
    for uid in uids:
        svix.application.create(ApplicationIn(name=uid.title(), uid=uid))
    for name in ("user.signup", "invoice.paid"):
        svix.event_type.create(EventTypeIn(name=name, description=name))


def _deliveries(tenant: Tenant, event_id: str) -> int:
    return int(ok(tenant.client.get(f"/v1/events/{event_id}"))["deliveries"])


def _events(tenant: Tenant) -> int:
    return len(ok(tenant.client.get("/v1/events", params={"limit": 100}))["items"])


def test_a_message_is_an_event_and_its_event_id_is_taken_once(svix: Svix, tenant: Tenant
                                                              ) -> None:
    _setup(svix, "acme")
    svix.endpoint.create("acme", EndpointIn(url=URL))
    made = svix.message.create("acme", MessageIn(
        event_type="user.signup", payload={"email": "ada@example.com"}, event_id="signup-1",
        channels=["eu"], tags=["vip"]))
    # The SDK (v2) asks for no content unless told: Svix answers `payload: {}` then.
    assert (made.event_type, made.payload, made.event_id, made.channels) == (
        "user.signup", {}, "signup-1", ["eu"])
    event = ok(tenant.client.get(f"/v1/events/{made.id}"))
    assert (event["type"], event["consumer"], event["data"], event["deliveries"]) == (
        "user.signup", "acme", {"email": "ada@example.com"}, 1)
    for ref in (made.id, "signup-1"):  # by id and by eventId
        found = svix.message.get("acme", ref, MessageGetOptions(with_content=True))
        assert (found.id, found.payload) == (made.id, {"email": "ada@example.com"})
    with pytest.raises(HttpError) as again:
        svix.message.create("acme", MessageIn(event_type="user.signup", payload={},
                                              event_id="signup-1"))
    assert status_of(again) == (409, "conflict")
    # The idempotency-key header the SDKs send on every POST is no eventId.
    plain = svix.message.create("acme", MessageIn(event_type="invoice.paid", payload={}))
    assert plain.event_id is None and _events(tenant) == 2
    body = {"eventType": "invoice.paid", "payload": {"n": 1}}
    first = ok(tenant.client.post("/api/v1/app/acme/msg", json=body,
                                  headers={"idempotency-key": "auto_1"}), 202)
    assert first["payload"] == {"n": 1}  # with content unless told otherwise, as in Svix
    bare = ok(tenant.client.post("/api/v1/app/acme/msg?with_content=false", json=body), 202)
    assert bare["payload"] == {} and _events(tenant) == 4


def test_channels_choose_the_endpoints(svix: Svix, tenant: Tenant) -> None:
    """An endpoint with channels takes only messages on one of them; one without takes
    every message, with channels or without (Svix's rule)."""
    _setup(svix, "acme")
    svix.endpoint.create("acme", EndpointIn(url=URL + "/eu", channels=["eu", "uk"]))
    svix.endpoint.create("acme", EndpointIn(url=URL + "/all"))
    for channels, wanted in ((["eu"], 2), (["us"], 1), (None, 1), (["us", "uk"], 2)):
        made = svix.message.create("acme", MessageIn(event_type="user.signup", payload={},
                                                     channels=channels))
        assert _deliveries(tenant, made.id) == wanted, channels


def test_messages_page_newest_first_and_filter(svix: Svix, http: httpx.Client) -> None:
    _setup(svix, "acme", "beta")
    ids = [svix.message.create("acme", MessageIn(
        event_type="user.signup" if n % 2 else "invoice.paid", payload={"n": n},
        channels=["even" if n % 2 == 0 else "odd_1"])).id for n in range(5)]
    svix.message.create("beta", MessageIn(event_type="user.signup", payload={}))
    first = svix.message.list("acme", MessageListOptions(limit=2))
    assert [m.id for m in first.data] == [ids[4], ids[3]] and not first.done
    rest = svix.message.list("acme", MessageListOptions(limit=2, iterator=first.iterator))
    assert [m.id for m in rest.data] == [ids[2], ids[1]] and not rest.done
    back = ok(http.get("/api/v1/app/acme/msg", params={"limit": 2,
                                                       "iterator": rest.prev_iterator}))
    assert [m["id"] for m in back["data"]] == [ids[4], ids[3]]
    odd = svix.message.list("acme", MessageListOptions(channel="odd_1"))
    assert [m.id for m in odd.data] == [ids[3], ids[1]]
    # `_` is a channel name's character, not a wildcard
    assert svix.message.list("acme", MessageListOptions(channel="odd-1")).data == []
    typed = svix.message.list("acme", MessageListOptions(event_types=["invoice.paid"]))
    assert [m.id for m in typed.data] == [ids[4], ids[2], ids[0]]
    assert svix.message.list("acme", MessageListOptions(
        before=datetime.now(UTC) - timedelta(hours=1))).data == []
    assert ok(http.get("/api/v1/app/acme/msg", params={
        "with_content": "false", "limit": 1}))["data"][0]["payload"] == {}


def test_expunged_content_reads_expired(svix: Svix, tenant: Tenant) -> None:
    _setup(svix, "acme")
    made = svix.message.create("acme", MessageIn(event_type="user.signup",
                                                 payload={"secret": "x"}))
    svix.message.expunge_content("acme", made.id)
    assert svix.message.get("acme", made.id, MessageGetOptions(with_content=True)
                            ).payload == {"expired": True}
    assert ok(tenant.client.get(f"/v1/events/{made.id}"))["payloadErased"] is True


def _bad(http: httpx.Client, path: str, body: Any, status: int, shape: Any,
         method: str = "POST") -> None:
    answer = http.request(method, path, json=body)
    assert answer.status_code == status, (path, body, answer.text)
    found = answer.json()
    if isinstance(shape, dict):
        assert found.items() >= shape.items() and isinstance(found["detail"], str), found
    else:
        assert [item["loc"] for item in found["detail"]][:1] == [shape], (body, found)


def test_bad_message_input_is_svix_shaped_and_changes_nothing(
        svix: Svix, http: httpx.Client, stack: Stack, tenant: Tenant,
        seen: set[tuple[str, str]]) -> None:
    _setup(svix, "acme", "beta")
    taken = svix.message.create("beta", MessageIn(event_type="user.signup", payload={},
                                                  event_id="taken"))
    base = "/api/v1/app/acme/msg"
    ok_body = {"eventType": "user.signup", "payload": {}}
    refused: list[tuple[str, Any, int, Any]] = [
        (base, {"eventType": 7, "payload": {}}, 422, ["body", "eventType"]),
        (base, {"eventType": "user.signup", "payload": "text"}, 422, ["body", "payload"]),
        (base, {"eventType": "user.signup"}, 422, ["body", "payload"]),
        (base, {**ok_body, "eventId": "evt_1"}, 422, ["body", "eventId"]),
        (base, {**ok_body, "eventId": "has space"}, 422, ["body", "eventId"]),
        (base, {**ok_body, "channels": [f"c{n}" for n in range(6)]}, 422, ["body", "channels"]),
        (base, {**ok_body, "channels": []}, 422, ["body", "channels"]),
        (base, {**ok_body, "payloadRetentionPeriod": 1}, 422,
         ["body", "payloadRetentionPeriod"]),
        (base, {"eventType": "user.gone", "payload": {}}, 422, ["body", "eventType"]),
        (base, {"eventType": "user.signup", "payload": {"x": "y" * (1 << 20)}}, 413,
         {"code": "payload_too_large"}),
        # the eventId another application holds: the environment's idempotency key
        (base, {**ok_body, "eventId": "taken"}, 409, {"code": "conflict"}),
        ("/api/v1/app/nobody/msg", ok_body, 404, {"code": "not_found"}),
        ("/api/v1/app/nobody/msg", {**ok_body, "application": {"name": "N", "uid": "other"}},
         422, ["body", "application", "uid"]),
        (base + "?iterator=csm_x", None, 422, ["query", "iterator"]),
        (base + "?limit=251", None, 422, ["query", "limit"]),
        (base + "?channel=has%20space", None, 422, ["query", "channel"]),
        # a time UTC cannot hold (year 1 at +05:00)
        (base + "?before=0001-01-01T00:00:00%2B05:00", None, 422, ["query", "before"]),
        (f"{base}/{taken.id}", None, 404, {"code": "not_found"}),
        (f"{base}/taken", None, 404, {"code": "not_found"}),
    ]
    for path, body, status, shape in refused:
        _bad(http, path, body, status, shape, "GET" if body is None else "POST")
    _bad(http, f"{base}/{taken.id}/content", None, 404, {"code": "not_found"}, "DELETE")
    other = stack.tenant()
    elsewhere = sdk(stack, other.key, seen)
    elsewhere.application.create(ApplicationIn(name="Beta", uid="beta"))
    with pytest.raises(HttpError) as other_environment:
        elsewhere.message.get("beta", taken.id)
    assert status_of(other_environment) == (404, "not_found")
    other.client.close()
    assert svix.message.list("acme").data == [] and _events(tenant) == 1
    assert ok(http.get("/api/v1/app")).get("data") and \
        [a["uid"] for a in ok(http.get("/api/v1/app"))["data"]] == ["acme", "beta"]


def test_a_message_makes_its_application(svix: Svix) -> None:
    """Svix's `application`: the application `{app_id}` names, made with the message."""
    svix.event_type.create(EventTypeIn(name="user.signup", description="s"))
    made = svix.message.create("newco", MessageIn(
        event_type="user.signup", payload={}, application=ApplicationIn(name="New",
                                                                        uid="newco")))
    assert svix.application.get("newco").name == "New"
    assert svix.message.get("newco", made.id).id == made.id


def test_a_message_id_names_that_message_whatever_keys_say(svix: Svix, tenant: Tenant
                                                           ) -> None:
    """An Idempotency-Key equal to another event's id (possible through /v1) never makes
    `{msg_id}` name the newer event: the id is looked up first."""
    _setup(svix, "acme")
    first = svix.message.create("acme", MessageIn(event_type="user.signup", payload={"n": 1}))
    ok(tenant.client.post("/v1/events", headers={"Idempotency-Key": first.id}, json={
        "type": "user.signup", "consumer": "acme", "data": {"n": 2}}), 201)
    found = svix.message.get("acme", first.id, MessageGetOptions(with_content=True))
    assert (found.id, found.payload) == (first.id, {"n": 1})
