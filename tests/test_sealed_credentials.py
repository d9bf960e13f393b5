"""Issue 65, part 1, API side: every credential a tenant gives (a signing secret, a `whsk_`
key, an OAuth2 client secret and private key, an mTLS key, a broker password, an AWS secret
key, a proxy password, a fixed Authorization header, a Source's secret and a provider's
verify token, a broker Source's password and mTLS key) is found nowhere in the database's
files: not in SQLite's file or its WAL, not in a `pg_dump`. Each is read back whole
through the engine, which opens what it sealed. On both databases (the API in-process)."""

from __future__ import annotations

import base64
import secrets
import subprocess
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import make_url
from sqlmodel import Session

from hookline.persistence.models import Endpoint, Environment, Source
from hookline.signing import new_signing_key
from tests.support.api import ok
from tests.support.certs import Authority
from tests.support.in_process import in_process_stack
from tests.support.postgres import pg_bin
from tests.support.stack import Stack, Tenant
from tests.test_target_credentials_api import rsa_pem

stack = in_process_stack()
TOKEN_URL = "http://127.0.0.1:9/token"


def canary(name: str) -> str:
    return f"canary-{name}-{secrets.token_hex(8)}"


def stored_bytes(stack: Stack) -> bytes:
    """Everything the database holds on disk: SQLite's file and its WAL, or a pg_dump."""
    url = make_url(stack.db_url)
    if url.get_backend_name() == "sqlite":
        path = Path(str(url.database))
        return b"".join(p.read_bytes() for p in (path, path.with_name(path.name + "-wal"))
                        if p.exists())
    dump = subprocess.run(
        [pg_bin("pg_dump"), "-h", str(url.host), "-p", str(url.port), "-U", str(url.username),
         str(url.database)], capture_output=True, check=True)
    return dump.stdout


@pytest.fixture(scope="module")
def client_pair(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    authority = Authority(tmp_path_factory.mktemp("ca"))
    issued = authority.issue("client")
    return issued.cert.read_text(), issued.key.read_text()


def endpoint(tenant: Tenant, **fields: Any) -> str:
    body = {"url": "http://127.0.0.1:9/hooks", "consumer": "acme", **fields}
    found: str = ok(tenant.client.post("/v1/endpoints", json=body), 201)["id"]
    return found


def pem_line(pem: str) -> str:
    """A line of a PEM's base64: what a dump would show of the key."""
    return pem.splitlines()[2]


def test_no_credential_is_stored_in_clear(stack: Stack, tenant: Tenant,
                                          client_pair: tuple[str, str]) -> None:
    signing_secret = "whsec_" + base64.b64encode(canary("whsec").encode()).decode()
    signing_key, private_key = new_signing_key(), rsa_pem()
    cert, client_key = client_pair
    ok(tenant.client.post("/v1/consumers", json={"externalId": "acme", "name": "Acme"}), 201)
    given = {name: canary(name) for name in (
        "oauth", "amqp", "aws", "proxy", "header", "source", "verify", "reader")}
    ids = {
        "v1": endpoint(tenant, secret=signing_secret,
                       headers={"Authorization": f"Bearer {given['header']}"}),
        "v1a": endpoint(tenant, secret=signing_key),
        "oauth": endpoint(tenant, auth={"type": "oauth2", "tokenUrl": TOKEN_URL,
                                        "clientId": "hookline", "clientSecret": given["oauth"]}),
        "jwt": endpoint(tenant, auth={"type": "oauth2", "tokenUrl": TOKEN_URL,
                                      "clientId": "hookline", "clientAuth": "private_key_jwt",
                                      "privateKey": private_key}),
        "mtls": endpoint(tenant, tls={"clientCertificate": cert, "clientKey": client_key}),
        "amqp": endpoint(tenant, url="amqp://127.0.0.1/?exchange=hooks",
                         credentials={"username": "hooks", "password": given["amqp"]}),
        "aws": endpoint(tenant, url="sqs://us-east-1/orders", credentials={
            "accessKeyId": "AKIAIOSFODNN7EXAMPLE", "secretAccessKey": given["aws"]}),
    }
    ok(tenant.client.patch("/v1/environment", json={
        "egressProxy": f"http://hooks:{given['proxy']}@93.184.215.14:3128"}))
    source = ok(tenant.client.post("/v1/ingest/sources", json={"name": "shop"}), 201)
    ok(tenant.client.patch(f"/v1/ingest/sources/{source['id']}", json={
        "provider": "meta", "providerConfig": {"verifyToken": given["verify"]}}))
    ok(tenant.client.put(f"/v1/ingest/sources/{source['id']}/secret",
                         json={"secret": given["source"]}))
    reader = ok(tenant.client.post("/v1/ingest/sources", json={
        "name": "orders", "url": "kafka://127.0.0.1:9092/orders",
        "deadLetter": "kafka://127.0.0.1:9092/dead", "tls": {
            "clientCertificate": cert, "clientKey": client_key},
        "credentials": {"username": "hooks", "password": given["reader"]}}), 201)

    held = stored_bytes(stack)
    planted = [signing_secret, signing_key.removeprefix("whsk_"), pem_line(private_key),
               pem_line(client_key), *given.values()]
    assert [c for c in planted if c.encode() in held] == []

    # The engine opens what it sealed: every value is there, whole.
    with Session(stack.engine) as session:
        rows = {name: session.get(Endpoint, target_id) for name, target_id in ids.items()}
        env = session.get(Environment, tenant.environment_id)
        src = session.get(Source, source["id"])
        broker = session.get(Source, reader["id"])
    assert rows["v1"] is not None and rows["v1"].secret == signing_secret
    assert rows["v1"].custom_headers == {"Authorization": f"Bearer {given['header']}"}
    assert rows["v1a"] is not None and rows["v1a"].secret == signing_key
    assert rows["oauth"] is not None and rows["oauth"].auth is not None
    assert rows["oauth"].auth["clientSecret"] == given["oauth"]
    assert rows["jwt"] is not None and rows["jwt"].auth is not None
    assert rows["jwt"].auth["privateKey"] == private_key
    assert rows["mtls"] is not None and rows["mtls"].tls is not None
    assert rows["mtls"].tls["clientKey"] == client_key
    assert rows["amqp"] is not None and rows["amqp"].credentials is not None
    assert rows["amqp"].credentials["password"] == given["amqp"]
    assert rows["aws"] is not None and rows["aws"].credentials is not None
    assert rows["aws"].credentials["secretAccessKey"] == given["aws"]
    assert env is not None and env.egress_proxy is not None and given["proxy"] in env.egress_proxy
    assert src is not None and src.secret == given["source"]
    assert src.provider_config == {"verifyToken": given["verify"]}
    assert broker is not None and broker.credentials is not None and broker.tls is not None
    assert broker.credentials["password"] == given["reader"]
    assert broker.tls["clientKey"] == client_key
