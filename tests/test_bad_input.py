"""Hostile bodies, paths and queries: each gets a 4xx problem+json and changes nothing, on
SQLite and on PostgreSQL (which refuses NUL in text where SQLite stores it)."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from sqlmodel import Session, select

from hookline.persistence.models import Message
from tests.support.api import ok, setup_endpoint
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant
from tests.test_platform_http import assert_problem
from tests.test_sources import make_source, post_in

# PostgreSQL refuses NUL in text where SQLite stores it: each database meets hostile input.
pytestmark = pytest.mark.both_databases

JSON = {"content-type": "application/json"}


def _publish_raw(tenant: Tenant, content: bytes, content_type: str = "application/json"
                 ) -> httpx.Response:
    return tenant.client.post("/v1/events", content=content,
                              headers={"content-type": content_type})


def _envelope(data_json: str) -> bytes:
    return f'{{"type": "invoice.paid", "consumer": "acme", "data": {data_json}}}'.encode()


def _events(tenant: Tenant) -> list[dict[str, Any]]:
    return ok(tenant.client.get("/v1/events"))["items"]


def test_bodies_that_are_not_utf8_json_are_422_everywhere(tenant: Tenant,
                                                          receiver: Receiver) -> None:
    """The first 500 schemathesis found: bytes that are no text in JSON's encodings. One
    decoder serves publish (which reads its own body) and every route FastAPI parses, so
    the same body gets the same problem."""
    endpoint = setup_endpoint(tenant, receiver.url())
    source = make_source(tenant, "bytes")
    for content in (b"\xff\xfe{", b'{"externalId": "\xe9", "name": "x"}', b"\xc3\x28"):
        published = assert_problem(_publish_raw(tenant, content), 422)
        for method, path in (("POST", "/v1/consumers"), ("POST", "/v1/endpoints"),
                             ("PATCH", f"/v1/endpoints/{endpoint['id']}"),
                             ("POST", "/v1/event-types"),
                             ("PATCH", f"/v1/ingest/sources/{source['id']}")):
            modelled = assert_problem(
                tenant.client.request(method, path, content=content, headers=JSON), 422)
            assert (modelled["detail"], modelled["errors"]) == \
                (published["detail"], published["errors"]), (method, path)
        assert "not valid" in published["detail"]
    assert _events(tenant) == []
    assert [c["externalId"] for c in ok(tenant.client.get("/v1/consumers"))["items"]] == ["acme"]


def test_a_declared_charset_is_honoured_or_refused(tenant: Tenant, receiver: Receiver) -> None:
    setup_endpoint(tenant, receiver.url())
    latin1 = _envelope('{"city": "São Paulo"}').decode().encode("latin-1")
    event = ok(_publish_raw(tenant, latin1, "application/json; charset=latin-1"), 201)
    assert ok(tenant.client.get(f"/v1/events/{event['id']}"))["data"] == {"city": "São Paulo"}
    delivered = receiver.wait(1)[0]
    assert json.loads(delivered.body)["data"] == {"city": "São Paulo"}  # sent as UTF-8
    assert_problem(_publish_raw(tenant, latin1, "application/json; charset=klingon"), 415)
    # Declared UTF-8 but not UTF-8: refused, not guessed.
    assert_problem(_publish_raw(tenant, latin1, "application/json; charset=utf-8"), 422)
    assert len(_events(tenant)) == 1


@pytest.mark.parametrize(("data_json", "says"), [
    ("[" * 5000 + "]" * 5000, "deeper than 64"),  # past Python's recursion limit
    ("[" * 70 + "]" * 70, "deeper than 64"),
    ('{"n": ' + "9" * 5000 + "}", "4300 digits"),
    ('{"n": 1e999}', "out of range"),
    ('{"n": NaN}', "NaN"),
    ('{"n": -Infinity}', "Infinity"),
    ('{"n": "\\ud800"}', "surrogate"),
    ('{"\\udc00": 1}', "surrogate"),
    ('{"n": "\\ud83d"}', "surrogate"),  # half a pair
])
def test_hostile_json_is_422_and_stores_nothing(tenant: Tenant, receiver: Receiver,
                                                data_json: str, says: str) -> None:
    setup_endpoint(tenant, receiver.url())
    problem = assert_problem(_publish_raw(tenant, _envelope(data_json)), 422)
    assert says in problem["detail"]
    assert _events(tenant) == []


def test_deep_but_allowed_nesting_and_odd_characters_are_delivered_as_published(
        tenant: Tenant, receiver: Receiver) -> None:
    """Valid JSON a user publishes arrives as published on both databases: NUL and other
    control characters, a surrogate pair (one character), 60 levels of nesting."""
    setup_endpoint(tenant, receiver.url())
    data = {"text": "a\u0000b\u0001\u001f\u007f", "emoji": "\U0001F600", "sep": "\u2028",
            "deep": json.loads("[" * 60 + "]" * 60)}
    raw = _envelope('{"text": "a\\u0000b\\u0001\\u001f\\u007f", "emoji": "\\ud83d\\ude00", '
                    '"sep": "\\u2028", "deep": ' + "[" * 60 + "]" * 60 + "}")
    event = ok(_publish_raw(tenant, raw), 201)
    assert ok(tenant.client.get(f"/v1/events/{event['id']}"))["data"] == data
    assert json.loads(receiver.wait(1)[0].body)["data"] == data


@pytest.mark.parametrize(("path", "body"), [
    ("/v1/consumers", {"externalId": "a\u0000b", "name": "x"}),
    ("/v1/consumers", {"externalId": "x", "name": "a\u0000"}),
    ("/v1/event-types", {"name": "a.b", "description": "\u0000"}),
    ("/v1/endpoints", {"consumer": "acme", "url": "http://127.0.0.1:9/", "description": "\u0000"}),
    ("/v1/endpoints", {"consumer": "a\u0000cme", "url": "http://127.0.0.1:9/"}),
    ("/v1/endpoints", {"consumer": "\ud800", "url": "http://127.0.0.1:9/"}),
    ("/v1/endpoints", {"consumer": "acme", "url": "http://127.0.0.1:9/",
                       "headers": {"X-Key": "a\u0000b"}}),
    ("/v1/ingest/sources", {"name": "a\u0000b"}),
])
def test_nul_and_surrogates_in_text_fields_are_422(tenant: Tenant, path: str,
                                                   body: dict[str, Any]) -> None:
    ok(tenant.client.post("/v1/consumers", json={"externalId": "acme", "name": "Acme"}), 201)
    content = json.dumps(body).encode()  # ensure_ascii: NUL and surrogates as \u escapes
    problem = assert_problem(tenant.client.post(path, content=content, headers=JSON), 422)
    assert problem["errors"], problem
    assert len(ok(tenant.client.get("/v1/consumers"))["items"]) == 1
    assert ok(tenant.client.get("/v1/event-types"))["items"] == []
    assert ok(tenant.client.get("/v1/endpoints")) == []
    assert ok(tenant.client.get("/v1/ingest/sources")) == []


def test_nul_in_patches_and_headers_is_422_and_changes_nothing(tenant: Tenant,
                                                               receiver: Receiver) -> None:
    endpoint = setup_endpoint(tenant, receiver.url())
    source = make_source(tenant, "patched")
    patches = [
        (f"/v1/endpoints/{endpoint['id']}", {"description": "x\u0000"}, "PATCH"),
        (f"/v1/endpoints/{endpoint['id']}/headers", {"headers": {"X-A": "\u0000"}}, "PUT"),
        (f"/v1/ingest/sources/{source['id']}", {"name": "\u0000"}, "PATCH"),
        (f"/v1/ingest/sources/{source['id']}", {"cronPayload": "{}\u0000"}, "PATCH"),
        (f"/v1/ingest/sources/{source['id']}/secret", {"secret": "s\u0000"}, "PUT"),
        ("/v1/consumers/acme", {"name": "\u0000"}, "PATCH"),
    ]
    for path, body, method in patches:
        response = tenant.client.request(method, path, content=json.dumps(body).encode(),
                                         headers=JSON)
        assert_problem(response, 422)
    assert ok(tenant.client.get(f"/v1/endpoints/{endpoint['id']}"))["description"] is None
    assert ok(tenant.client.get(f"/v1/ingest/sources/{source['id']}"))["name"] == "patched"


@pytest.mark.parametrize("path", [
    "/v1/endpoints/%00", "/v1/consumers/%00", "/v1/event-types/%00",
    "/v1/ingest/sources/%00", "/v1/ingest/destinations/%00", "/v1/events/%00",
    "/v1/deliveries/%00", "/v1/ingest/messages/%00", "/v1/events/evt_%00/deliveries",
])
def test_nul_in_a_path_is_404(tenant: Tenant, path: str) -> None:
    method = "PATCH" if path.startswith("/v1/ingest/destinations") else "GET"
    kwargs: dict[str, Any] = {"json": {}} if method == "PATCH" else {}
    assert_problem(tenant.client.request(method, path, **kwargs), 404)


def test_nul_in_the_ingestion_path_is_404(stack: Stack) -> None:
    assert_problem(post_in(f"{stack.base_url}/in/%00"), 404)
    assert_problem(post_in(f"{stack.base_url}/in/tok%00en"), 404)


@pytest.mark.parametrize(("path", "params"), [
    ("/v1/events", {"type": "\u0000"}), ("/v1/events", {"consumer": "a\u0000"}),
    ("/v1/events", {"cursor": "\u0000"}), ("/v1/endpoints", {"consumer": "\u0000"}),
    ("/v1/consumers", {"cursor": "x\u0000"}),
])
def test_nul_in_a_query_is_422(tenant: Tenant, path: str, params: dict[str, str]) -> None:
    problem = assert_problem(tenant.client.get(path, params=params), 422)
    assert problem["errors"][0]["field"] == next(iter(params))


@pytest.mark.parametrize("provider", ["discord", "paddle", "slack", "stripe", "typeform"])
@pytest.mark.parametrize("bad_id", ["\\ud800", "a\\u0000b"])
def test_an_event_id_no_column_can_hold_is_stored_as_no_id(stack: Stack, tenant: Tenant,
                                                           provider: str, bad_id: str) -> None:
    """Ingestion never refuses what a provider sends: the message is kept byte for byte and
    answered as one whose id the provider did not give (so it is not deduplicated)."""
    source = make_source(tenant, f"hostile-{provider}", provider=provider)
    key = "id" if provider in ("discord", "stripe") else "event_id"
    body = f'{{"{key}": "{bad_id}", "type": 2}}'.encode()
    answers = [post_in(source["url"], body) for _ in range(2)]
    assert [a.status_code for a in answers] == [202, 202], [a.text for a in answers]
    ids = [a.json()["id"] for a in answers]
    assert ids[0] != ids[1]  # no id, so no dedupe
    for message_id in ids:
        assert ok(tenant.client.get(f"/v1/ingest/messages/{message_id}"))[
            "providerEventId"] is None
    with Session(stack.engine) as session:
        stored = session.exec(select(Message.body).where(Message.id == ids[0])).one()
    assert stored == body


@pytest.mark.parametrize("kind", ["development", "production"])
@pytest.mark.parametrize("url", [
    "https://[::127.0.0.1]/", "https://[::7f00:1]/", "https://[::10.0.0.1]/",
    "https://[::169.254.169.254]/", "https://[::ffff:0:7f00:1]/",
    "https://[64:ff9b:1::7f00:1]/", "https://[::FFFF:0:7F00:1]/",
    "https://[0000:0000:0000:0000:0000:0000:7f00:0001]/", "https://[fe80::1%25eth0]/",
    "https://1.1.1.1:0/",
])
def test_private_ipv6_spellings_and_port_zero_are_refused(stack: Stack, kind: str,
                                                          url: str) -> None:
    """The stack allows loopback (127.0.0.0/8, ::1) for its receivers: the IPv4-compatible,
    translated and NAT64 spellings of it must still be refused."""
    tenant = stack.tenant(kind)
    try:
        # Loopback is allowed in the test stack; nothing is published, so nothing is sent.
        endpoint = setup_endpoint(tenant, "https://127.0.0.1:9/")
        source = make_source(tenant, "guarded")
        assert_problem(tenant.client.post("/v1/endpoints", json={"consumer": "acme",
                                                                 "url": url}), 422)
        assert_problem(tenant.client.patch(f"/v1/endpoints/{endpoint['id']}",
                                           json={"url": url}), 422)
        assert_problem(tenant.client.post(f"/v1/ingest/sources/{source['id']}/destinations",
                                          json={"url": url}), 422)
        assert [e["url"] for e in ok(tenant.client.get("/v1/endpoints"))] == \
            ["https://127.0.0.1:9/"]
    finally:
        tenant.client.close()
