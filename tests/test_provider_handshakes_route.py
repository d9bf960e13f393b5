"""Issue 36: the handshakes of the providers it adds, through the real ingestion URL on
SQLite and PostgreSQL (the first ones, Slack, Zoom, Meta and Discord, are in test_ingest):
each is answered as its provider documents it, with the status, body and headers it
expects, and none is stored as a message."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
import uuid
from typing import Any

import httpx
import pytest

from tests.support.in_process import in_process_stack
from tests.support.stack import Tenant
from tests.test_ingest import message, messages_of
from tests.test_sources import make_source

# Only the API's answers and rows: the API in-process, on both databases.
stack = in_process_stack()

SECRET = "handshake-secret-0123456789"


def _mac(msg: bytes, secret: str = SECRET) -> bytes:
    return hmac.new(secret.encode(), msg, hashlib.sha256).digest()


def _source(tenant: Tenant, provider: str, secret: str | None = SECRET) -> dict[str, Any]:
    source = make_source(tenant, f"hs-{provider}", provider=provider)
    if secret is not None:
        put = tenant.client.put(f"/v1/ingest/sources/{source['id']}/secret",
                                json={"secret": secret})
        assert put.status_code == 200, put.text
    return source


def _answered(tenant: Tenant, source: dict[str, Any], method: str, *, params: Any = None,
              headers: dict[str, str] | None = None, body: bytes = b"") -> httpx.Response:
    answer = httpx.request(method, source["url"], params=params, headers=headers or {},
                           content=body, timeout=30)
    assert messages_of(tenant, source) == []  # a handshake is never stored
    return answer


def test_asana_secret_handshake_then_signed_events(tenant: Tenant) -> None:
    source = _source(tenant, "asana", secret=None)
    answer = _answered(tenant, source, "POST", headers={"X-Hook-Secret": SECRET})
    assert answer.status_code == 200 and answer.headers["x-hook-secret"] == SECRET
    got = tenant.client.get(f"/v1/ingest/sources/{source['id']}").json()
    assert got["hasSecret"] is True  # the handshake delivered it
    body = json.dumps({"events": [{"action": "changed"}]}).encode()
    event = httpx.post(source["url"], content=body,
                       headers={"X-Hook-Signature": _mac(body).hex()}, timeout=30)
    assert event.status_code == 202, event.text
    assert message(tenant, event.json()["id"])["verification"] == "verified"
    # A second handshake with another secret cannot replace the one the Source keeps.
    other = httpx.post(source["url"], headers={"X-Hook-Secret": "another-secret"}, timeout=30)
    assert other.status_code == 409


def test_trello_head(tenant: Tenant) -> None:
    answer = _answered(tenant, _source(tenant, "trello"), "HEAD")
    assert answer.status_code == 200 and answer.content == b""


def test_dropbox_challenge(tenant: Tenant) -> None:
    answer = _answered(tenant, _source(tenant, "dropbox"), "GET", params={"challenge": "abc1"})
    assert answer.status_code == 200 and answer.text == "abc1"
    assert answer.headers["content-type"].startswith("text/plain")
    assert answer.headers["x-content-type-options"] == "nosniff"


def test_okta_verification(tenant: Tenant) -> None:
    source = _source(tenant, "okta")
    challenge = {"X-Okta-Verification-Challenge": "chal-9"}
    answer = _answered(tenant, source, "GET", headers={**challenge, "Authorization": SECRET})
    assert answer.status_code == 200 and answer.json() == {"verification": "chal-9"}
    refused = _answered(tenant, source, "GET", headers={**challenge, "Authorization": "no"})
    assert refused.status_code == 401


def test_x_crc(tenant: Tenant) -> None:
    answer = _answered(tenant, _source(tenant, "x"), "GET", params={"crc_token": "tok-1"})
    expected = "sha256=" + base64.b64encode(_mac(b"tok-1")).decode()
    assert answer.status_code == 200 and answer.json() == {"response_token": expected}


def test_microsoft_graph_validation(tenant: Tenant) -> None:
    answer = _answered(tenant, _source(tenant, "microsoft-graph"), "POST",
                       params={"validationToken": "Validation: Testing client"})
    assert answer.status_code == 200 and answer.text == "Validation: Testing client"
    assert answer.headers["content-type"].startswith("text/plain")


def test_monday_challenge(tenant: Tenant) -> None:
    answer = _answered(tenant, _source(tenant, "monday"), "POST",
                       body=json.dumps({"challenge": "3eZbrw1aB"}).encode())
    assert answer.status_code == 200 and answer.json() == {"challenge": "3eZbrw1aB"}


def test_twitch_callback_verification(tenant: Tenant) -> None:
    source = _source(tenant, "twitch")
    body = json.dumps({"challenge": "pogchamp-kappa-360noscope-vohiyo",
                       "subscription": {"type": "channel.follow"}}).encode()
    msg_id, ts = str(uuid.uuid4()), time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    signature = "sha256=" + _mac(msg_id.encode() + ts.encode() + body).hex()
    headers = {"Twitch-Eventsub-Message-Type": "webhook_callback_verification",
               "Twitch-Eventsub-Message-Id": msg_id, "Twitch-Eventsub-Message-Timestamp": ts,
               "Twitch-Eventsub-Message-Signature": signature}
    answer = _answered(tenant, source, "POST", headers=headers, body=body)
    assert answer.status_code == 200 and answer.text == "pogchamp-kappa-360noscope-vohiyo"
    forged = _answered(tenant, source, "POST", body=body,
                       headers={**headers, "Twitch-Eventsub-Message-Signature": "sha256=00"})
    assert forged.status_code == 403


def test_woocommerce_ping(tenant: Tenant) -> None:
    answer = _answered(tenant, _source(tenant, "woocommerce"), "POST", body=b"webhook_id=12",
                       headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert answer.status_code == 200


@pytest.mark.parametrize(("provider", "ok", "refused"), [("line", 200, 401), ("xero", 200, 401)])
def test_signed_url_check(tenant: Tenant, provider: str, ok: int, refused: int) -> None:
    # LINE's "Verify" and Xero's intent to receive: a signed POST whose events are empty.
    source = _source(tenant, provider)
    body = json.dumps({"destination": "U1", "events": [], "firstEventSequence": 0}).encode()
    name = {"line": "X-Line-Signature", "xero": "x-xero-signature"}[provider]
    good = base64.b64encode(_mac(body)).decode()
    assert _answered(tenant, source, "POST", headers={name: good}, body=body).status_code == ok
    bad = base64.b64encode(_mac(body, "not-the-key")).decode()
    assert _answered(tenant, source, "POST", headers={name: bad},
                     body=body).status_code == refused
