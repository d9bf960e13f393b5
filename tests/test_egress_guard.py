"""Issue 52, part 3, end to end: the egress proxy is no way around the URL guard. A stack of
its own keeps the product's guard (HOOKLINE_ALLOWED_SUBNETS unset, so loopback is refused)
and sends through a proxy: an endpoint whose name now answers a private address (as DNS
rebinding would make it) is refused at its attempt and at its test, `blocked_url`, and
nothing reaches the proxy or the receiver."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlmodel import Session

from hookline.persistence.models import Endpoint
from tests.support.api import attempts, deliveries_of, ok, publish, setup_endpoint, wait_delivery
from tests.support.proxy import Proxy
from tests.support.receiver import Receiver
from tests.support.stack import Stack

PUBLIC_URL = "https://93.184.215.14/hooks"  # a literal public address: registration accepts it


@pytest.fixture(scope="module")
def proxy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Proxy]:
    found = Proxy(tmp_path_factory.mktemp("proxy"))
    yield found
    found.stop()


@pytest.fixture(scope="module")
def guarded(stack: Stack, proxy: Proxy, tmp_path_factory: pytest.TempPathFactory
            ) -> Iterator[Stack]:
    own = stack.sibling(tmp_path_factory.mktemp("guarded"), HOOKLINE_ALLOWED_SUBNETS="",
                        HOOKLINE_EGRESS_PROXY=proxy.url)
    yield own
    own.stop_all()
    own.engine.dispose()


def test_a_private_address_behind_the_proxy_is_refused_before_any_tunnel(
        guarded: Stack, proxy: Proxy, receiver: Receiver) -> None:
    tenant = guarded.tenant()
    try:
        endpoint = setup_endpoint(tenant, PUBLIC_URL)
        private = receiver.url("/ok").replace("127.0.0.1", "localhost")
        with Session(guarded.engine) as session:
            row = session.get(Endpoint, endpoint["id"])
            assert row is not None
            row.url = private
            session.commit()
        event = publish(tenant)
        [delivery] = deliveries_of(tenant, event["id"])
        wait_delivery(tenant, delivery["id"], timeout=60)
        errors = {a["errorType"] for a in attempts(tenant, delivery["id"])}
        tested = ok(tenant.client.post(f"/v1/endpoints/{endpoint['id']}/test"))
    finally:
        tenant.client.close()
    assert errors == {"blocked_url"}
    assert (tested["success"], tested["errorType"]) == (False, "blocked_url"), tested
    assert proxy.tunnels() == [] and receiver.at("/ok") == []
