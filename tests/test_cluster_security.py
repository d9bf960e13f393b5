"""Issue 48: Hookline on a secured Temporal, as `hookline temporal-server` builds it (real
temporal-server on PostgreSQL) with certificates and tokens this test makes:
- TLS on the frontend with `requireClientAuth` (mTLS): Hookline delivers through it with its
  client certificate, and without one the worker stops at start with one clear line;
- TLS with Temporal's default JWT authorizer and claim mapper, the JWKS served on loopback:
  Hookline delivers with an API key (a JWT the test signs), and a key signed by anyone else
  is refused in one line.
Collected only by `make test-cluster`."""

from __future__ import annotations

import json
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa

from hookline.persistence.db import make_engine
from hookline.persistence.migrations import upgrade
from tests.support.api import deliveries_of, publish, setup_endpoint, wait_delivery
from tests.support.certs import Authority, Pair
from tests.support.cluster import free_port_run
from tests.support.procs import hookline, spawn, stop
from tests.support.receiver import Receiver
from tests.support.stack import Stack, own_database

pytestmark = pytest.mark.cluster


@dataclass
class Secured:
    address: str
    env: dict[str, str]  # what Hookline needs to reach it
    proc: subprocess.Popen[bytes]


def _start(folder: Path, postgres: str, prefix: str, flags: list[str],
           env: dict[str, str]) -> Secured:
    port = free_port_run(11)
    log = folder / "temporal-server.log"
    proc = spawn(hookline("temporal-server", "--postgres", postgres, "--dir", str(folder),
                          "--port", str(port), "--database-prefix", prefix, *flags), env, log)
    deadline = time.monotonic() + 180
    while "Temporal server up" not in (log.read_text() if log.exists() else ""):
        if proc.poll() is not None or time.monotonic() > deadline:
            stop(proc)
            raise RuntimeError(f"the secured temporal-server did not come up; see {log}")
        time.sleep(0.3)
    return Secured(f"127.0.0.1:{port}", env, proc)


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
    server = _start(tmp_path_factory.mktemp("mtls"), postgres_server, "mtls",
                    ["--tls-cert", str(server_pair.cert), "--tls-key", str(server_pair.key),
                     "--tls-client-ca", str(ca.path)], env)
    yield server
    stop(server.proc, seconds=40)


class _Keys:
    """The JWKS the server fetches, served on loopback, and the key that signs tokens."""

    def __init__(self) -> None:
        self.signing = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        jwk = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(self.signing.public_key()))
        body = json.dumps({"keys": [{**jwk, "kid": "hookline-test", "use": "sig",
                                     "alg": "RS256"}]}).encode()

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/jwks.json"

    def token(self, signing: rsa.RSAPrivateKey | None = None) -> str:
        claims = {"sub": "hookline", "exp": int(time.time()) + 3600,
                  "permissions": ["temporal-system:admin", "default:admin"]}
        return jwt.encode(claims, signing or self.signing, algorithm="RS256",
                          headers={"kid": "hookline-test"})


@pytest.fixture(scope="module")
def keys() -> Iterator[_Keys]:
    found = _Keys()
    yield found
    found.server.shutdown()


@pytest.fixture(scope="module")
def with_key(ca: Authority, server_pair: Pair, keys: _Keys, postgres_server: str,
             tmp_path_factory: pytest.TempPathFactory) -> Iterator[Secured]:
    folder = tmp_path_factory.mktemp("jwt")
    key_file = folder / "api-key"
    key_file.write_text(keys.token())
    env = {"HOOKLINE_TEMPORAL_TLS": "true", "HOOKLINE_TEMPORAL_TLS_CA": str(ca.path),
           "HOOKLINE_TEMPORAL_API_KEY_FILE": str(key_file)}
    server = _start(folder, postgres_server, "jwt",
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
        with_key: Secured, keys: _Keys, ca: Authority, tmp_path: Path) -> None:
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
