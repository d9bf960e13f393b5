"""Issue 65, end to end: the instance's own AWS identity is the operator's, never a tenant's.
A stack of its own runs with the instance's AWS credentials in its environment (moto's
keys, so a request signed with them would be accepted). An SQS endpoint that has no
credentials of its own, at moto, whose environment no operator granted that identity (a
target saved before the rule, or whose grant an operator ended), fails its attempts as
`broker_auth` and its test alike: nothing reaches moto's queue. With an `endpointOverride`
at a server of the tenant's, that server sees no connection: the instance's key and
session token never leave for it."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest
from sqlmodel import Session

from hookline.persistence.db import committed
from hookline.persistence.models import Endpoint
from hookline.services import accounts
from tests.support.api import attempts, deliveries_of, ok, publish
from tests.support.brokers import Moto
from tests.support.stack import Stack, Tenant
from tests.test_broker_delivery import endpoint


@pytest.fixture(scope="module")
def instance(stack: Stack, moto: Moto, tmp_path_factory: pytest.TempPathFactory
             ) -> Iterator[Stack]:
    own = stack.sibling(tmp_path_factory.mktemp("aws-instance"),
                        AWS_ACCESS_KEY_ID=moto.access_key_id,
                        AWS_SECRET_ACCESS_KEY=moto.secret_access_key,
                        AWS_EC2_METADATA_DISABLED="true", AWS_CONFIG_FILE="/nonexistent",
                        AWS_SHARED_CREDENTIALS_FILE="/nonexistent")
    yield own
    own.stop_all()
    own.engine.dispose()


def _without_credentials(stack: Stack, tenant: Tenant, moto: Moto, url: str, override: str
                         ) -> dict[str, Any]:
    """An endpoint made with a key pair, then stripped of it in the database: as one saved
    before the rule, or in an environment whose grant an operator ended."""
    made = endpoint(tenant, url, endpointOverride=override,
                    credentials={"accessKeyId": moto.access_key_id,
                                 "secretAccessKey": moto.secret_access_key})
    with Session(stack.engine) as session:
        row = session.get(Endpoint, made["id"])
        assert row is not None
        row.credentials = None
        session.commit()
    return made


def _first_attempt(tenant: Tenant, event_id: str) -> dict[str, Any]:
    [delivery] = deliveries_of(tenant, event_id)
    deadline = time.monotonic() + 60
    while not (tried := attempts(tenant, delivery["id"])) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert tried, delivery
    return tried[0]


def test_a_tenant_never_signs_with_the_instances_aws_identity(instance: Stack, moto: Moto
                                                              ) -> None:
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.5)
    tenant = instance.tenant()
    queue = moto.sqs_queue(f"identity{int(time.time() * 1000)}")
    try:
        at_moto = _without_credentials(instance, tenant, moto,
                                       f"sqs://{moto.region}/{queue.name}", moto.endpoint)
        tried = _first_attempt(tenant, publish(tenant)["id"])
        assert (tried["errorType"], tried["statusCode"]) == ("broker_auth", None), tried
        assert "credentials" in tried["errorMessage"], tried
        tested = ok(tenant.client.post(f"/v1/endpoints/{at_moto['id']}/test"))
        assert (tested["success"], tested["errorType"]) == (False, "broker_auth"), tested
        ok(tenant.client.patch(f"/v1/endpoints/{at_moto['id']}", json={"status": "disabled"}))
        # An operator's grant does not reach an endpointOverride either.
        with Session(instance.engine) as session:
            committed(session, accounts.set_instance_aws, tenant.environment_id, True)
        port = listener.getsockname()[1]
        _without_credentials(instance, tenant, moto, f"sqs://{moto.region}/{queue.name}",
                             f"http://127.0.0.1:{port}")
        tried = _first_attempt(tenant, publish(tenant)["id"])
        assert tried["errorType"] == "broker_auth", tried
    finally:
        tenant.client.close()
    assert moto.sqs_read(queue, 0, settle=1.0) == []
    with pytest.raises(TimeoutError):
        listener.accept()
    listener.close()
