"""Issue 52, part 3: the egress proxy in the Sender, through a real proxy on loopback (pproxy,
HTTP CONNECT and SOCKS5): every request goes through it asking for the checked address
(never the name), TLS keeps the name, HOOKLINE_NO_PROXY bypasses it, a dead proxy is
errorType `proxy`, and the URL guard still refuses a private address before any tunnel."""

from __future__ import annotations

import asyncio
import ipaddress
from collections.abc import Iterator
from pathlib import Path

import pytest

from hookline.contracts import AttemptResult
from hookline.delivery.credentials import ClientTLS
from hookline.delivery.egress import Egress, NoProxy
from hookline.delivery.model import Outgoing
from hookline.delivery.sender import Sender
from hookline.settings import Settings
from hookline.signing import new_secret
from tests.support.certs import Authority
from tests.support.proxy import Proxy
from tests.support.receiver import Receiver
from tests.test_client_tls_sender import HttpsReceiver, identity

LOOPBACK = [ipaddress.ip_network("127.0.0.0/8")]


def send(egress: Egress, *urls: str, networks: list[ipaddress.IPv4Network] | None = None,
         tls: ClientTLS | None = None) -> list[AttemptResult]:
    async def run() -> list[AttemptResult]:
        sender = Sender(timeout=5, allowed_ports=frozenset(), any_port=True,
                        allowed_networks=LOOPBACK if networks is None else networks,
                        egress=egress)
        try:
            return [await sender.send(Outgoing(
                url=url, msg_id="evt_egress", body=b"{}", content_type="application/json",
                custom_headers={}, secrets=[new_secret()], require_https=False, tls=tls))
                for url in urls]
        finally:
            await sender.aclose()

    return asyncio.run(run())


@pytest.fixture(params=["http", "socks5"])
def proxy(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Proxy]:
    found = Proxy(tmp_path, request.param)
    yield found
    found.stop()


def test_every_request_goes_through_the_proxy_asking_for_the_checked_address(
        proxy: Proxy, receiver: Receiver) -> None:
    port = receiver.url().split(":")[2].split("/")[0]
    results = send(Egress.of(proxy.url, ""), receiver.url("/ok/a").replace(
        "127.0.0.1", "localhost"), receiver.url("/ok/b"))
    assert [r.succeeded for r in results] == [True, True], results
    assert {r.path for r in receiver.wait(2)} == {"/ok/a", "/ok/b"}
    # The name was resolved and checked here; the proxy only ever saw the address.
    assert proxy.tunnels() and set(proxy.tunnels()) == {f"127.0.0.1:{port}"}
    [named] = [r for r in receiver.at("/ok/a")]
    assert named.headers["host"] == f"localhost:{port}"


def test_tls_through_the_proxy_keeps_the_receivers_name(proxy: Proxy,
                                                        tmp_path: Path) -> None:
    ca = Authority(tmp_path / "ca")
    server = HttpsReceiver(ca)
    try:
        url = server.url.replace("127.0.0.1", "localhost")
        [result] = send(Egress.of(proxy.url, ""), url, tls=identity(ca, "client", ca.path))
        assert result.succeeded, result
        assert len(server.peers) == 1 and proxy.tunnels()
    finally:
        server.close()


def test_no_proxy_hosts_and_networks_go_direct(proxy: Proxy, receiver: Receiver) -> None:
    for no_proxy in ("localhost", ".localhost", "127.0.0.0/8", "*"):
        [result] = send(Egress.of(proxy.url, no_proxy),
                        receiver.url("/ok").replace("127.0.0.1", "localhost"))
        assert result.succeeded, (no_proxy, result)
    assert proxy.tunnels() == []


def test_a_dead_proxy_is_errortype_proxy(proxy: Proxy, receiver: Receiver) -> None:
    proxy.stop()
    [result] = send(Egress.of(proxy.url, ""), receiver.url("/ok"))
    assert (result.succeeded, result.error_type, result.status_code) == (False, "proxy", None)
    assert "egress proxy" in (result.error_message or "")
    assert receiver.at("/ok") == []


def test_the_guard_refuses_a_private_address_before_any_tunnel(proxy: Proxy,
                                                               receiver: Receiver) -> None:
    [result] = send(Egress.of(proxy.url, ""), receiver.url("/ok"), networks=[])
    assert (result.succeeded, result.error_type) == (False, "blocked_url")
    assert proxy.tunnels() == [] and receiver.at("/ok") == []


def test_no_proxy_reads_as_curl_reads_it() -> None:
    rules = NoProxy.parse(" example.com, .internal.test ,10.0.0.0/8, ::1 ,")
    assert rules.bypasses("example.com", "93.184.215.14")
    assert rules.bypasses("api.example.com", "93.184.215.14")
    assert rules.bypasses("svc.internal.test", "93.184.215.14")
    assert not rules.bypasses("badexample.com", "93.184.215.14")
    assert rules.bypasses("hooks.example.org", "10.2.3.4")
    assert rules.bypasses("[::1]", "::1")
    assert not rules.bypasses("hooks.example.org", "93.184.215.14")
    assert NoProxy.parse("*").bypasses("anything", "93.184.215.14")
    assert Egress.of("", "example.com").proxy_for("x.org", "93.184.215.14") is None


@pytest.mark.parametrize("bad", ["ftp://proxy:21", "socks4://proxy:1080", "proxy:3128",
                                 "http://", "http://proxy:3128/path", "http://proxy:99999"])
def test_a_proxy_url_the_service_cannot_use_refuses_to_start(bad: str) -> None:
    with pytest.raises(ValueError, match="egress_proxy"):
        Settings(egress_proxy=bad)
    assert Settings(egress_proxy="socks5://user:pw@proxy.internal:1080").egress_proxy
