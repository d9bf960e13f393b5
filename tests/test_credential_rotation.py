"""Issue 71, part 5: Temporal's client certificate and API key rotated while deliveries
flow at 20/s, with no process restarted and no Delivery failed.

The secured temporal-server (mTLS and the JWT authorizer, on PostgreSQL) first trusts
client certificates of two CAs. Hookline starts with a certificate of the first and an API
key that expires within a minute, both in files mounted as a Kubernetes Secret's are. The
test rotates both files, waits out the first key, then restarts the server trusting only
the second CA: every connection is then made again, and only the new certificate is let
in. The API and the worker must have followed the files, and keep the same process.
Collected only by `make test-cluster`."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from sqlalchemy import text

from hookline.persistence.db import make_engine
from hookline.persistence.migrations import upgrade
from tests.support.api import ok, publish, setup_endpoint
from tests.support.certs import Authority
from tests.support.mounts import mounted
from tests.support.procs import stop
from tests.support.receiver import Receiver
from tests.support.secured_temporal import Keys, start_secured
from tests.support.stack import Stack, Tenant, own_database

pytestmark = pytest.mark.cluster

RATE = 20  # events a second, one Delivery each
FIRST_KEY_LASTS = 45.0  # seconds


def _publish_steadily(tenant: Tenant, stop_at: threading.Event, published: list[str]) -> None:
    while not stop_at.is_set():
        started = time.monotonic()
        for _ in range(RATE):
            published.append(publish(tenant, {"n": len(published)})["id"])
        time.sleep(max(0.0, 1 - (time.monotonic() - started)))


def _wait_log(path: Path, words: str, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while words not in (path.read_text() if path.exists() else ""):
        assert time.monotonic() < deadline, f"{path.name} never said {words!r}"
        time.sleep(0.5)


def test_rotated_certificate_and_api_key_keep_deliveries_flowing(
        postgres_server: str, tmp_path: Path, receiver: Receiver) -> None:
    first, second = Authority(tmp_path / "ca1", "ca-one"), Authority(tmp_path / "ca2", "ca-two")
    both = tmp_path / "both-cas.pem"
    both.write_bytes(first.path.read_bytes() + second.path.read_bytes())
    keys = Keys()
    mount = tmp_path / "mount"
    old = first.issue("hookline-client-1")
    env = {"HOOKLINE_TEMPORAL_TLS": "true",
           "HOOKLINE_TEMPORAL_TLS_CA": str(mounted(mount, "ca.crt", both.read_bytes())),
           "HOOKLINE_TEMPORAL_TLS_CERT": str(mounted(mount, "tls.crt", old.cert.read_bytes())),
           "HOOKLINE_TEMPORAL_TLS_KEY": str(mounted(mount, "tls.key", old.key.read_bytes())),
           "HOOKLINE_TEMPORAL_API_KEY_FILE": str(mounted(
               mount, "apiKey", keys.token(lasts=FIRST_KEY_LASTS))),
           "HOOKLINE_LOG_LEVEL": "info"}  # output only: the rotation's lines
    first_key_ends = time.time() + FIRST_KEY_LASTS
    server_one = first.issue("frontend-1", server=True)
    server = start_secured(tmp_path / "server", postgres_server, "rotation",
                           ["--tls-cert", str(server_one.cert), "--tls-key", str(server_one.key),
                            "--tls-client-ca", str(both), "--jwks-url", keys.url], env)
    db_url = own_database(postgres_server, tmp_path)
    upgrade(db_url)
    stack = Stack(name="rotation", db_url=db_url, engine=make_engine(db_url),
                  temporal_address=server.address, folder=tmp_path, env=env)
    try:
        stack.start()
        assert stack.api is not None and stack.worker is not None
        pids = stack.api.pid, stack.worker.pid
        tenant = stack.tenant()
        setup_endpoint(tenant, receiver.url("/flowing"))
        published: list[str] = []
        done = threading.Event()
        publisher = threading.Thread(target=_publish_steadily, args=(tenant, done, published))
        publisher.start()
        try:
            receiver.wait(RATE, "/flowing", timeout=60)
            new = second.issue("hookline-client-2")
            mounted(mount, "tls.crt", new.cert.read_bytes())
            mounted(mount, "tls.key", new.key.read_bytes())
            mounted(mount, "apiKey", keys.token())
            for log in (tmp_path / "worker.log", next(tmp_path.glob("api-*.log"))):
                _wait_log(log, "Temporal's TLS files changed: connected again", 30)
            time.sleep(max(0.0, first_key_ends + 5 - time.time()))  # the first key is dead
            # Every connection is made again, and only the second CA's certificate is let in.
            stop(server.proc, seconds=40)
            server_two = second.issue("frontend-2", server=True)
            server = start_secured(
                tmp_path / "server", postgres_server, "rotation",
                ["--tls-cert", str(server_two.cert), "--tls-key", str(server_two.key),
                 "--tls-client-ca", str(second.path), "--jwks-url", keys.url], env,
                port=int(server.address.rsplit(":", 1)[1]))
            time.sleep(10)
        finally:
            done.set()
            publisher.join()
        arrived = {r.headers["webhook-id"] for r in receiver.wait(
            len(published), "/flowing", timeout=180)}
        assert arrived == set(published)
        # The API reaches Temporal with the new credentials too.
        assert ok(tenant.client.get("/readyz"))["checks"]["temporal"] == "ok"
        with stack.engine.connect() as db:
            statuses: dict[str, int] = dict(db.execute(text(
                "SELECT status, count(*) FROM deliveries GROUP BY status")).all())
        assert statuses == {"delivered": len(published)}, statuses
        assert (stack.api.poll(), stack.worker.poll()) == (None, None)
        assert (stack.api.pid, stack.worker.pid) == pids
    finally:
        stack.stop_all()
        stack.engine.dispose()
        stop(server.proc, seconds=40)
        keys.server.shutdown()

