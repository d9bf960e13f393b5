"""Issue 65, part 1, end to end: the keys change while webhooks flow. A stack starts on its
first key (SQLite: the development key it makes beside the database, as `make run` does;
PostgreSQL: a key of the setting). Its processes restart with a new key first, and
`hookline keys rotate` runs while events are published and delivered. Every event arrives,
signed with the endpoint's secret. The rotation leaves every stored credential sealed under
the new key, and the old key can then be removed: the stack restarts on the new key alone
and delivers on. On PostgreSQL the new key is an AWS KMS key (moto): a process's sealing
and opening call KMS once per data key, not once per value. Neither the secret nor the
header's value reaches a process's log."""

from __future__ import annotations

import base64
import os
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlmodel import Session
from standardwebhooks import Webhook

from hookline.encryption import keys
from hookline.encryption.keyring import Keyring, for_database
from hookline.persistence.db import make_engine
from hookline.persistence.migrations import upgrade
from hookline.persistence.models import Endpoint, Environment
from hookline.persistence.queries import sealed_values
from tests.support.aws import Moto
from tests.support.procs import hookline, stop
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant, own_database

pytestmark = pytest.mark.both_databases

NEW = keys.new_key()
SECRET = "whsec_" + base64.b64encode(b"rotation-canary-secret-32-bytes!").decode()
HEADER = "Bearer rotation-canary-header"


class Counted:
    """boto3's KMS client, counting the calls made through it."""

    def __init__(self, client: object) -> None:
        self.client, self.calls = client, 0

    def __getattr__(self, name: str) -> object:
        self.calls += 1
        return getattr(self.client, name)


@pytest.fixture
def kms_key(moto: Moto) -> str:
    arn: str = moto.client("kms").create_key()["KeyMetadata"]["Arn"]
    return arn


def keyed_stack(database_url: str, temporal: str, folder: Path, first: str, keyring: Keyring,
                env: dict[str, str]) -> Stack:
    db_url = own_database(database_url, folder)
    engine = make_engine(db_url, keyring)
    upgrade(db_url, keyring)
    stack = Stack(name=folder.name, db_url=db_url, engine=engine, temporal_address=temporal,
                  folder=folder, env={**env, "HOOKLINE_ENCRYPTION_KEYS": first,
                                      "HOOKLINE_TASK_QUEUE": f"hookline-{folder.name}"})
    stack.start()
    return stack


def restart(stack: Stack, setting: str) -> None:
    stack.env["HOOKLINE_ENCRYPTION_KEYS"] = setting
    for proc in (stack.api, stack.worker):
        assert proc is not None
        stop(proc)
    stack.worker = stack.start_worker()
    stack.api, stack.base_url = stack.start_api()


def publish(tenant: Tenant, stack: Stack, count: int, start: int) -> None:
    for n in range(start, start + count):
        answer = tenant.client.post(stack.base_url + "/v1/events", json={
            "consumer": "acme", "type": "order.paid", "data": {"n": n}})
        assert answer.status_code in (200, 201, 202), answer.text


@pytest.fixture
def stacks(database_url: str, temporal: str, tmp_path: Path, moto: Moto, kms_key: str
           ) -> Iterator[tuple[Stack, str, str, Keyring, Counted | None]]:
    """(stack, its first setting, the rotation's setting, the test's keyring, KMS calls)."""
    if database_url.startswith("sqlite"):
        first, db_file = "", tmp_path / "own.db"
        for_database(f"sqlite:///{db_file}", "")  # makes the development key, as a start would
        rotated = f"{NEW},file:{db_file}.key"
        keyring = Keyring(keys.parse(rotated))
        env: dict[str, str] = {}
        counted = None
    else:
        first = keys.new_key()
        counted = Counted(moto.client("kms"))
        kms = keys.KmsKey(kms_key, client=counted)
        keyring = Keyring([kms, *keys.parse(first)])
        rotated = f"kms:{kms_key},{first}"
        env = {"AWS_ENDPOINT_URL_KMS": moto.endpoint, "AWS_ACCESS_KEY_ID": moto.access_key_id,
               "AWS_SECRET_ACCESS_KEY": moto.secret_access_key}
    stack = keyed_stack(database_url, temporal, tmp_path, first, keyring, env)
    yield stack, first, rotated, keyring, counted
    stack.stop_all()
    stack.engine.dispose()


def test_keys_rotate_while_webhooks_flow(
        stacks: tuple[Stack, str, str, Keyring, Counted | None], receiver: Receiver) -> None:
    stack, first, rotated, keyring, counted = stacks
    tenant = stack.tenant()
    for path, body in (("/v1/consumers", {"externalId": "acme", "name": "Acme"}),
                       ("/v1/event-types", {"name": "order.paid"})):
        assert tenant.client.post(path, json=body).status_code == 201
    made = tenant.client.post("/v1/endpoints", json={
        "url": receiver.url("/rotation"), "consumer": "acme", "secret": SECRET,
        "headers": {"Authorization": HEADER}})
    assert made.status_code == 201, made.text
    publish(tenant, stack, 10, 0)
    receiver.wait(10, "/rotation", timeout=60)

    restart(stack, rotated)
    flowing, published = threading.Event(), [10]

    def keep_publishing() -> None:
        while not flowing.is_set():
            publish(tenant, stack, 1, published[0])
            published[0] += 1
            time.sleep(0.05)

    publisher = threading.Thread(target=keep_publishing)
    publisher.start()
    try:
        done = subprocess.run(hookline("keys", "rotate", "--json"), capture_output=True,
                              text=True, env={**os.environ, **stack.settings_env()},
                              timeout=300, check=False)
    finally:
        flowing.set()
        publisher.join()
    assert done.returncode == 0, done.stderr
    assert '"remaining": {}' in done.stdout
    with stack.engine.connect() as connection:
        assert sealed_values.key_ids(connection) == {keyring.newest}

    # The old key is gone from the setting: everything still opens and is still delivered.
    restart(stack, rotated.split(",")[0])
    publish(tenant, stack, 10, published[0])
    total = published[0] + 10
    arrived = receiver.wait(total, "/rotation", timeout=120)
    numbers = set()
    for request in arrived:
        assert request.headers["authorization"] == HEADER
        numbers.add(Webhook(SECRET).verify(request.body, request.headers)["data"]["n"])
    assert numbers == set(range(total))
    logs = b"".join(path.read_bytes() for path in stack.folder.glob("*.log"))
    assert SECRET.encode() not in logs and HEADER.encode() not in logs
    if counted is not None:
        assert first.encode() not in logs
        # The rotation sealed with one data key: opening its values asks KMS once.
        counted.calls = 0
        with Session(stack.engine) as session:
            environment = session.get(Environment, tenant.environment_id)
            endpoint = session.get(Endpoint, made.json()["id"])
        assert environment is not None and endpoint is not None
        assert endpoint.secret == SECRET and endpoint.custom_headers == {"Authorization": HEADER}
        assert counted.calls == 1
