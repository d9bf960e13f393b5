"""Issue 52, parts 1 and 2, API side: a target's `auth` (OAuth2 client credentials) and `tls`
(client certificate and key, CA bundle) on create, read, patch and removal, secrets
write-only, and every bad input a 422 naming its field with nothing saved. Endpoints and
destinations alike, on both databases (the API in-process)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from sqlmodel import Session

from hookline.persistence.models import Destination, Endpoint
from tests import test_target_settings
from tests.support.api import ok
from tests.support.certs import Authority
from tests.support.in_process import in_process_stack
from tests.support.oauth_server import TokenServer
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant
from tests.test_platform_http import assert_problem
from tests.test_target_settings import Kind

stack = in_process_stack()
kind = test_target_settings.kind  # the fixture: an endpoint, then a destination


def rsa_pem(bits: int = 2048) -> str:
    key = rsa.generate_private_key(public_exponent=65537, key_size=bits)
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption()).decode()


@pytest.fixture(scope="module")
def pems(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    ca = Authority(tmp_path_factory.mktemp("ca"))
    good, expired = ca.issue("client"), ca.issue("old", expired=True)

    def text(path: Path) -> str:
        return path.read_text()

    return {"ca": text(ca.path), "cert": text(good.cert), "key": text(good.key),
            "expired": text(expired.cert), "expiredKey": text(expired.key),
            "otherKey": text(ca.other_key("client")), "rsa": rsa_pem()}


def oauth(receiver_url: str, **fields: Any) -> dict[str, Any]:
    return {"type": "oauth2", "tokenUrl": receiver_url + "/token", "clientId": "hookline",
            "clientSecret": "s3cret", "scope": "webhooks", **fields}


def stored(stack: Stack, target_id: str) -> tuple[Any, Any]:
    model = Endpoint if target_id.startswith("ep") else Destination
    with Session(stack.engine) as session:
        row = session.get(model, target_id)
        assert row is not None
        return row.auth, row.tls


def test_auth_and_tls_are_set_read_patched_and_removed(stack: Stack, kind: Kind,
                                                       pems: dict[str, str]) -> None:
    tls = {"clientCertificate": pems["cert"], "clientKey": pems["key"], "caBundle": pems["ca"]}
    created = kind.create(auth=oauth(kind.url, audience="https://api.example"), tls=tls)
    shown_auth = {"type": "oauth2", "tokenUrl": kind.url + "/token", "clientId": "hookline",
                  "scope": "webhooks", "audience": "https://api.example",
                  "clientAuth": "basic"}
    shown_tls = {"clientCertificate": pems["cert"], "caBundle": pems["ca"]}
    assert created["auth"] == shown_auth and created["tls"] == shown_tls
    read = kind.read(created["id"])
    assert read["auth"] == shown_auth and read["tls"] == shown_tls
    auth, kept_tls = stored(stack, created["id"])
    assert auth["clientSecret"] == "s3cret" and kept_tls["clientKey"] == pems["key"]

    # A patch's object replaces the stored one; the write-only members it leaves out stay.
    changed = kind.patch(created["id"], {"auth": oauth(kind.url, clientSecret=None,
                                                       clientAuth="post", scope="other"),
                                         "tls": {"clientCertificate": pems["cert"]}})
    assert changed["auth"]["scope"] == "other" and changed["auth"]["audience"] is None
    assert changed["auth"]["clientAuth"] == "post"
    assert changed["tls"] == {"clientCertificate": pems["cert"], "caBundle": None}
    auth, kept_tls = stored(stack, created["id"])
    assert auth["clientSecret"] == "s3cret" and kept_tls["clientKey"] == pems["key"]

    jwt = kind.patch(created["id"], {"auth": oauth(kind.url, clientAuth="private_key_jwt",
                                                   privateKey=pems["rsa"]),
                                     "description": "x"})
    assert jwt["auth"]["clientAuth"] == "private_key_jwt" and "privateKey" not in jwt["auth"]
    assert kind.patch(created["id"], {"description": "y"})["auth"] == jwt["auth"]  # absent
    removed = kind.patch(created["id"], {"auth": None, "tls": None})
    assert removed["auth"] is None and removed["tls"] is None
    assert stored(stack, created["id"]) == (None, None)
    plain = kind.create(tls={"caBundle": pems["ca"]})
    assert plain["auth"] is None
    assert plain["tls"] == {"clientCertificate": None, "caBundle": pems["ca"]}


BAD: list[tuple[str, str, Any]] = [
    # (what, field, the body's auth or tls: a function of the test's PEMs and URL)
    ("token URL on a private address", "auth.tokenUrl",
     lambda p, u: {"auth": oauth(u, tokenUrl="http://10.1.2.3/token")}),
    ("token URL with another scheme", "auth.tokenUrl",
     lambda p, u: {"auth": oauth(u, tokenUrl="ftp://127.0.0.1/token")}),
    ("unknown clientAuth", "auth.clientAuth",
     lambda p, u: {"auth": oauth(u, clientAuth="jwt")}),
    ("unknown type", "auth.type", lambda p, u: {"auth": oauth(u, type="basic")}),
    ("no clientSecret", "auth.clientSecret",
     lambda p, u: {"auth": oauth(u, clientSecret=None)}),
    ("no clientId", "auth.clientId", lambda p, u: {"auth": oauth(u, clientId=" ")}),
    ("private_key_jwt without a key", "auth.privateKey",
     lambda p, u: {"auth": oauth(u, clientAuth="private_key_jwt")}),
    ("private_key_jwt with no PEM", "auth.privateKey",
     lambda p, u: {"auth": oauth(u, clientAuth="private_key_jwt", privateKey="nope")}),
    ("private_key_jwt with a short RSA key", "auth.privateKey",
     lambda p, u: {"auth": oauth(u, clientAuth="private_key_jwt", privateKey=rsa_pem(1024))}),
    ("a certificate that does not match its key", "tls.clientKey",
     lambda p, u: {"tls": {"clientCertificate": p["cert"], "clientKey": p["otherKey"]}}),
    ("an expired certificate", "tls.clientCertificate",
     lambda p, u: {"tls": {"clientCertificate": p["expired"], "clientKey": p["expiredKey"]}}),
    ("a certificate without its key", "tls.clientKey",
     lambda p, u: {"tls": {"clientCertificate": p["cert"]}}),
    ("a key without a certificate", "tls.clientCertificate",
     lambda p, u: {"tls": {"clientKey": p["key"]}}),
    ("a certificate that is no PEM", "tls.clientCertificate",
     lambda p, u: {"tls": {"clientCertificate": "-----BEGIN CERTIFICATE-----\nAAAA\n"
                                                "-----END CERTIFICATE-----\n",
                           "clientKey": p["key"]}}),
    ("an unparseable CA bundle", "tls.caBundle",
     lambda p, u: {"tls": {"caBundle": "not a certificate"}}),
    ("an empty tls", "tls", lambda p, u: {"tls": {}}),
]


def test_bad_auth_or_tls_is_refused_and_saves_nothing(stack: Stack, kind: Kind,
                                                      pems: dict[str, str]) -> None:
    target = kind.create(description="before")["id"]
    before = kind.listed()
    for what, field, body in BAD:
        given = body(pems, kind.url)
        for response in (kind.tenant.client.post(kind.create_path, json=kind.body(**given)),
                         kind.tenant.client.patch(f"{kind.path}/{target}",
                                                  json={**given, "description": "after"})):
            problem = assert_problem(response, 422)
            assert [e["field"] for e in problem["errors"]] == [field], (what, problem)
            for secret in ("s3cret", pems["key"], pems["otherKey"], pems["rsa"]):
                assert secret not in response.text, what
        assert kind.listed() == before, what
        assert stored(stack, target) == (None, None), what


def test_previews_show_the_bearer_redacted(kind: Kind, pems: dict[str, str]) -> None:
    target = kind.create(auth=oauth(kind.url), headers={"authorization": "fixed"})["id"]
    path, sample = (f"{kind.path}/{target}/preview",
                    {"type": "invoice.paid", "data": {"n": 1}} if kind.readable
                    else {"body": {"n": 1}})
    preview = ok(kind.tenant.client.post(path, json=sample))
    assert preview["headers"]["authorization"] == "Bearer <redacted>", preview
    assert "Authorization" not in preview["headers"] and "s3cret" not in str(preview)
    plain = kind.create()["id"]
    shown = ok(kind.tenant.client.post(f"{kind.path}/{plain}/preview", json=sample))
    assert "authorization" not in shown["headers"]


def test_the_endpoint_test_sends_with_a_token(tenant: Tenant) -> None:
    server = TokenServer(expires_in=60)
    try:
        tenant.client.post("/v1/consumers", json={"externalId": "acme", "name": "acme"})
        endpoint = ok(tenant.client.post("/v1/endpoints", json={
            "consumer": "acme", "url": server.receiver_url(), "auth": server.auth()}), 201)
        result = ok(tenant.client.post(f"/v1/endpoints/{endpoint['id']}/test"))
        assert result["success"] is True and server.delivered == ["tok-1"], result
        server.mode = "500"
        server.revoke()
        failed = ok(tenant.client.post(f"/v1/endpoints/{endpoint['id']}/test"))
        assert failed["success"] is False and failed["errorType"] == "oauth", failed
    finally:
        server.close()


def test_operational_endpoints_take_auth_and_tls_under_the_same_rules(
        stack: Stack, tenant: Tenant, receiver: Receiver, pems: dict[str, str]) -> None:
    """An operational endpoint is the operator's own receiver: it may need OAuth2 or mTLS
    too, and its token URL passes the same guard at create and at PATCH."""
    base = "/v1/operational-endpoints"
    made = ok(tenant.client.post(base, json={
        "url": receiver.url(), "auth": oauth(receiver.url()),
        "tls": {"caBundle": pems["ca"]}}), 201)
    assert made["auth"]["clientId"] == "hookline" and "clientSecret" not in made["auth"]
    assert made["tls"] == {"clientCertificate": None, "caBundle": pems["ca"]}
    for method, path in (("POST", base), ("PATCH", f"{base}/{made['id']}")):
        problem = assert_problem(tenant.client.request(method, path, json={
            "url": receiver.url(), "auth": oauth("http://10.1.2.3")}), 422)
        assert [e["field"] for e in problem["errors"]] == ["auth.tokenUrl"], problem
    assert stored(stack, made["id"])[0]["tokenUrl"] == receiver.url() + "/token"
    assert len(ok(tenant.client.get(base))) == 1
