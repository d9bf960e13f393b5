"""Issue 36: every named provider end to end, through the real ingestion URL, on SQLite and
PostgreSQL: the request its case builder signs (tests/providers, independently of the
verifier) is stored `verified` with its event id and without its credential headers, a
second copy is a duplicate, a tampered body is 401 and stored `failed`, and a stale
timestamp is refused where the scheme has one."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import httpx
import pytest

from hookline.providers.base import Incoming
from tests.providers.cases import Case
from tests.providers.conftest import Env
from tests.providers.test_provider_signatures import CASES, STALE
from tests.support.in_process import in_process_stack
from tests.support.stack import Tenant
from tests.test_ingest import message
from tests.test_sources import make_source

# Only the API's answers and rows: the API in-process, on both databases.
stack = in_process_stack()

Builder = Callable[..., Case]
# Their documentation counts anything but 200 as a failed delivery.
ANSWERED_200 = {"mailgun", "xero"}


def _env(url: str = "https://hooks.example.com/in/x") -> Env:
    """What a builder needs to sign for this Source's URL, now (the server's clock)."""
    now = int(time.time())

    def make(body: bytes = b"", headers: Mapping[str, str] | None = None, *,
             method: str = "POST", url: str = url, now: float = now) -> Incoming:
        return Incoming(method=method, url=url, headers={k.lower(): v for k, v in
                                                         (headers or {}).items()},
                        body=body, query=dict(parse_qsl(urlsplit(url).query)), now=now)

    return Env(make=make, now=now, url=url)


def _source_for(tenant: Tenant, build: Builder, age: int = 0) -> tuple[dict[str, Any], Case]:
    """A Source set up for the case's provider, and the case signed for its URL, now."""
    sample = build(_env())
    source = make_source(tenant, f"p-{sample.code}", provider=sample.code,
                         providerConfig=sample.config or None)
    case = build(_env(source["url"]), age=age)
    put = tenant.client.put(f"/v1/ingest/sources/{source['id']}/secret",
                            json={"secret": case.secret})
    assert put.status_code == 200, put.text
    return source, case


def _send(incoming: Incoming, body: bytes | None = None) -> httpx.Response:
    return httpx.request(incoming.method, incoming.url, headers=dict(incoming.headers),
                         content=incoming.body if body is None else body, timeout=30)


def _id(build: Builder) -> str:
    return build.__name__.removesuffix("_case")


@pytest.mark.parametrize("build", CASES, ids=_id)
def test_signed_request_is_stored_verified(tenant: Tenant, build: Builder) -> None:
    _, case = _source_for(tenant, build)
    answer = _send(case.incoming)
    accepted = 200 if case.code in ANSWERED_200 else 202
    assert answer.status_code == accepted, answer.text
    stored = message(tenant, answer.json()["id"])
    assert stored["verification"] == "verified"
    assert stored["providerEventId"] == case.event_id
    assert stored["body"] is not None
    provider = next(p for p in tenant.client.get("/v1/ingest/providers").json()
                    if p["code"] == case.code)
    assert not set(provider["strippedHeaders"]) & set(stored["headers"])
    if case.event_id is not None:
        again = _send(case.incoming)
        assert again.status_code == accepted and again.json()["id"] == stored["id"]
    if case.body_signed:
        forged = _send(case.incoming, case.incoming.body + b" ")
        assert forged.status_code == 401, forged.text
        assert forged.headers["content-type"] == "application/problem+json"


@pytest.mark.parametrize(("build", "tolerance"), STALE, ids=[_id(b) for b, _ in STALE])
def test_stale_timestamp_is_refused(tenant: Tenant, build: Builder, tolerance: int) -> None:
    _, case = _source_for(tenant, build, age=tolerance + 30)
    answer = _send(case.incoming)
    assert answer.status_code == 401, answer.text
    assert "timestamp too old" in answer.json()["detail"]
