"""Issue 48: Hookline on a secured Temporal, as `hookline temporal-server` builds it (real
temporal-server on PostgreSQL) with certificates and tokens this test makes:
- TLS on the frontend with `requireClientAuth` (mTLS): Hookline delivers through it with its
  client certificate, and without one the worker stops at start with one clear line;
- TLS with Temporal's default JWT authorizer and claim mapper, the JWKS served on loopback:
  Hookline delivers with an API key (a JWT the test signs), and a key signed by anyone else
  is refused in one line.
Collected only by `make test-cluster`."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric import rsa

from hookline.persistence.db import make_engine
from hookline.persistence.migrations import upgrade
from tests.support.api import deliveries_of, publish, setup_endpoint, wait_delivery
from tests.support.certs import Authority, Pair
from tests.support.procs import hookline, stop
from tests.support.receiver import Receiver
from tests.support.secured_temporal import Keys, Secured, start_secured
from tests.support.stack import Stack, own_database

pytestmark = pytest.mark.cluster


@pytest.fixture(scope="module")
def ca(tmp_path_factory: pytest.TempPathFactory) -> Authority:
    return Authority(tmp_path_factory.mktemp("certs"))


@pytest.fixture(scope="module")
def server_pair(ca: Authority) -> Pair:
    return ca.issue("temporal-frontend", server=True)


@pytest.fixture(scope="module")
def mtls(ca: Authority, server_pair: Pair, postgres_server: str,
         tmp_path_factory: pytest.TempPathFactory) -> Iterator[Secured]:
    client = ca.issue("hookline-client")
    env = {"HOOKLINE_TEMPORAL_TLS": "true", "HOOKLINE_TEMPORAL_TLS_CA": str(ca.path),
           "HOOKLINE_TEMPORAL_TLS_CERT": str(client.cert),
           "HOOKLINE_TEMPORAL_TLS_KEY": str(client.key)}
    server = start_secured(tmp_path_factory.mktemp("mtls"), postgres_server, "mtls",
                    ["--tls-cert", str(server_pair.cert), "--tls-key", str(server_pair.key),
                     "--tls-client-ca", str(ca.path)], env)
    yield server
    stop(server.proc, seconds=40)


@pytest.fixture(scope="module")
def keys() -> Iterator[Keys]:
    found = Keys()
    yield found
    found.server.shutdown()


@pytest.fixture(scope="module")
def with_key(ca: Authority, server_pair: Pair, keys: Keys, postgres_server: str,
             tmp_path_factory: pytest.TempPathFactory) -> Iterator[Secured]:
    folder = tmp_path_factory.mktemp("jwt")
    key_file = folder / "api-key"
    key_file.write_text(keys.token())
    env = {"HOOKLINE_TEMPORAL_TLS": "true", "HOOKLINE_TEMPORAL_TLS_CA": str(ca.path),
           "HOOKLINE_TEMPORAL_API_KEY_FILE": str(key_file)}
    server = start_secured(folder, postgres_server, "jwt",
                    ["--tls-cert", str(server_pair.cert), "--tls-key", str(server_pair.key),
                     "--jwks-url", keys.url], env)
    yield server
    stop(server.proc, seconds=40)


def _delivers(server: Secured, postgres: str, folder: Path, receiver: Receiver) -> None:
    db_url = own_database(postgres, folder)
    upgrade(db_url)
    stack = Stack(name=folder.name, db_url=db_url, engine=make_engine(db_url),
                  temporal_address=server.address, folder=folder, env=server.env)
    stack.start()
    try:
        tenant = stack.tenant()
        setup_endpoint(tenant, receiver.url("/secured"))
        event = publish(tenant, {"secured": True})
        [delivery] = deliveries_of(tenant, event["id"])
        assert wait_delivery(tenant, delivery["id"], timeout=90)["status"] == "delivered"
        [got] = receiver.wait(1, "/secured")
        assert got.headers["webhook-id"] == event["id"]
        assert all(p.poll() is None for p in (stack.api, stack.worker) if p is not None)
    finally:
        stack.stop_all()
        stack.engine.dispose()


def _refused_worker(server: Secured, folder: Path, command: str = "worker", **env: str) -> str:
    """A worker (or an API) with these settings instead of the server's: it must exit, in
    one line."""
    done = subprocess.run(hookline(command), capture_output=True, text=True, timeout=90,
                          cwd=folder, env={
                              "PATH": "/usr/bin:/bin", "HOME": str(folder),
                              "HOOKLINE_DATABASE_URL": f"sqlite:///{folder}/h.db",
                              "HOOKLINE_TEMPORAL_ADDRESS": server.address, **env})
    assert done.returncode != 0, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    return done.stderr


def test_hookline_delivers_through_mtls(mtls: Secured, postgres_server: str,
                                       tmp_path: Path, receiver: Receiver) -> None:
    _delivers(mtls, postgres_server, tmp_path, receiver)


def test_without_its_client_certificate_the_worker_stops_with_one_line(
        mtls: Secured, ca: Authority, tmp_path: Path) -> None:
    said = _refused_worker(mtls, tmp_path, HOOKLINE_TEMPORAL_TLS="true",
                           HOOKLINE_TEMPORAL_TLS_CA=str(ca.path))
    assert "hookline: " in said and mtls.address in said, said
    other = Authority(tmp_path / "other", "another-ca")
    said = _refused_worker(mtls, tmp_path, HOOKLINE_TEMPORAL_TLS="true",
                           HOOKLINE_TEMPORAL_TLS_CA=str(other.path),
                           HOOKLINE_TEMPORAL_TLS_CERT=mtls.env["HOOKLINE_TEMPORAL_TLS_CERT"],
                           HOOKLINE_TEMPORAL_TLS_KEY=mtls.env["HOOKLINE_TEMPORAL_TLS_KEY"])
    assert "TLS handshake" in said and "HOOKLINE_TEMPORAL_TLS_CA" in said, said


def test_hookline_delivers_with_an_api_key(with_key: Secured, postgres_server: str,
                                          tmp_path: Path, receiver: Receiver) -> None:
    _delivers(with_key, postgres_server, tmp_path, receiver)


def test_a_key_nobody_trusted_signed_is_refused_with_one_line(
        with_key: Secured, keys: Keys, ca: Authority, tmp_path: Path) -> None:
    forged = keys.token(rsa.generate_private_key(public_exponent=65537, key_size=2048))
    said = _refused_worker(with_key, tmp_path, HOOKLINE_TEMPORAL_TLS="true",
                           HOOKLINE_TEMPORAL_TLS_CA=str(ca.path),
                           HOOKLINE_TEMPORAL_API_KEY=forged)
    assert "refused the API key (HOOKLINE_TEMPORAL_API_KEY)" in said, said
    assert forged not in said
    said = _refused_worker(with_key, tmp_path, "api", HOOKLINE_TEMPORAL_TLS="true",
                           HOOKLINE_TEMPORAL_TLS_CA=str(ca.path),
                           HOOKLINE_TEMPORAL_API_KEY=forged)
    assert "refused the API key (HOOKLINE_TEMPORAL_API_KEY)" in said, said
