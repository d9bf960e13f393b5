"""Issues 52 (part 3) and 65, end to end: the egress proxy is no way around the URL guard,
and a tenant's own proxy is under it. A stack of its own keeps the product's guard
(HOOKLINE_ALLOWED_SUBNETS and _PORTS as shipped, so loopback is refused)
and sends through a proxy: an endpoint whose name now answers a private address (as DNS
rebinding would make it) is refused at its attempt and at its test, `blocked_url`, and
nothing reaches the proxy or the receiver."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator

import httpx
import pytest
from sqlmodel import Session

from hookline.persistence.models import Endpoint, Environment
from hookline.settings import Settings
from tests.support.api import (
    attempts,
    deliveries_of,
    ok,
    polled,
    publish,
    setup_endpoint,
    wait_delivery,
)
from tests.support.proxy import Proxy
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant
from tests.test_platform_http import assert_problem
from tests.test_url_guard import BLOCKED

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
                        HOOKLINE_ALLOWED_PORTS=Settings.model_fields["allowed_ports"].default,
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


# Issue 65: an environment's own proxy (a tenant's) is under the receivers' address rules.
# Every spelling of a private, loopback, link-local or metadata address the receivers'
# guard refuses: as literals (tests/test_url_guard.BLOCKED), and in the decimal, hex, octal
# and short forms a resolver turns into one, and by name.
SPELLINGS = [
    *(f"[{a}]" if ":" in a else a for a in BLOCKED),
    "localhost", "localhost.", "2130706433", "0x7f000001", "0177.0.0.1", "017700000001",
    "127.1", "0x7f.1", "0", "0x0", "2852039166", "0xa9fea9fe", "0251.0376.0251.0376",
    "169.254.43518", "167772165", "012.0.0.5", "10.5", "0xa.0.0.5", "3232235777",
    "[::ffff:7f00:1]", "[0:0:0:0:0:ffff:127.0.0.1]", "[::ffff:a9fe:a9fe]",
]
PROXIES = [f"{scheme}://{user}{host}:{port}" for host in SPELLINGS
           for scheme, port in (("http", 3128), ("socks5", 1080))
           for user in ("", "u:p@")]


def patched(tenant: Tenant, body: dict[str, object]) -> httpx.Response:
    """PATCH /v1/environment within the default plan's 100 requests a second: a 429 is
    waited out (its Retry-After) and the request made again."""
    while (answer := tenant.client.patch("/v1/environment", json=body)).status_code == 429:
        time.sleep(float(answer.headers["retry-after"]))
    return answer


def test_a_tenants_proxy_at_a_private_address_or_port_is_refused_and_nothing_changes(
        guarded: Stack) -> None:
    tenant = guarded.tenant()
    try:
        public = "http://93.184.215.14:3128"
        assert ok(patched(tenant, {"egressProxy": public}))["egressProxy"] == public
        accepted = []
        for proxy in [*PROXIES, "http://93.184.215.14:22", "socks5://93.184.215.14:6379",
                      "http://93.184.215.14:0", "http://no-such-host.invalid:3128"]:
            answer = patched(tenant, {"egressProxy": proxy})
            if answer.status_code != 422:
                accepted.append((proxy, answer.status_code))
                continue
            assert [e["field"] for e in assert_problem(answer, 422)["errors"]] == \
                ["egressProxy"], proxy
        assert accepted == []
        assert polled(tenant, "/v1/environment")["egressProxy"] == public
        for allowed in ("http://93.184.215.14:8080", "socks5://93.184.215.14:1080",
                        "http://93.184.215.14:443"):
            assert ok(patched(tenant, {"egressProxy": allowed}))["egressProxy"] == allowed
    finally:
        tenant.client.close()


def test_a_tenants_proxy_that_rebinds_to_loopback_is_refused_before_any_connection(
        guarded: Stack) -> None:
    """Its name answered a public address when it was set; now it answers loopback (as DNS
    rebinding would make it): the attempt and the test fail as the proxy's (`proxy`), and
    nothing connects to what listens there."""
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    listener.settimeout(0.5)
    tenant = guarded.tenant()
    try:
        ok(tenant.client.patch("/v1/environment",
                               json={"egressProxy": "http://93.184.215.14:3128"}))
        with Session(guarded.engine) as session:
            env = session.get(Environment, tenant.environment_id)
            assert env is not None
            env.egress_proxy = f"http://localhost:{port}"
            session.commit()
        endpoint = setup_endpoint(tenant, PUBLIC_URL)
        event = publish(tenant)
        [delivery] = deliveries_of(tenant, event["id"])
        deadline = time.monotonic() + 30
        while not (tried := attempts(tenant, delivery["id"])) and time.monotonic() < deadline:
            time.sleep(0.2)
        tested = ok(tenant.client.post(f"/v1/endpoints/{endpoint['id']}/test"))
    finally:
        tenant.client.close()
    assert tried and {a["errorType"] for a in tried} == {"proxy"}, tried
    assert "private or reserved" in tried[0]["errorMessage"], tried
    assert (tested["success"], tested["errorType"]) == (False, "proxy"), tested
    with pytest.raises(TimeoutError):
        listener.accept()
    listener.close()
