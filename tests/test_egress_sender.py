"""Issue 52, part 3: the egress proxy in the Sender, through a real proxy on loopback (pproxy,
HTTP CONNECT and SOCKS5): every request goes through it asking for the checked address
(never the name), TLS keeps the name, HOOKLINE_NO_PROXY bypasses it, a dead proxy is
errorType `proxy`, and the URL guard still refuses a private address before any tunnel."""

from __future__ import annotations

import asyncio
import ipaddress
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest
from prometheus_client import REGISTRY
from pydantic import ValidationError

from hookline.contracts import AttemptResult
from hookline.delivery.credentials import ClientTLS, OAuth2
from hookline.delivery.kinds.http.egress import Egress, NoProxy
from hookline.delivery.model import Outgoing
from hookline.delivery.sender import Sender
from hookline.settings import Settings, describe
from hookline.signing import new_secret
from tests.support.certs import Authority
from tests.support.proxy import Proxy
from tests.support.receiver import Receiver
from tests.test_client_tls_sender import HttpsReceiver, identity

LOOPBACK = [ipaddress.ip_network("127.0.0.0/8")]


def send(egress: Egress, *urls: str, networks: list[ipaddress.IPv4Network] | None = None,
         tls: ClientTLS | None = None, auth: OAuth2 | None = None) -> list[AttemptResult]:
    return asyncio.run(sending(egress, *urls, networks=networks, tls=tls, auth=auth))


async def sending(egress: Egress, *urls: str, networks: list[ipaddress.IPv4Network] | None = None,
                  tls: ClientTLS | None = None, auth: OAuth2 | None = None
                  ) -> list[AttemptResult]:
    sender = Sender(timeout=5, allowed_ports=frozenset(), any_port=True,
                    allowed_networks=LOOPBACK if networks is None else networks, egress=egress)
    try:
        return [await sender.send(Outgoing(
            url=url, msg_id="evt_egress", body=b"{}", content_type="application/json",
            custom_headers={}, secrets=[new_secret()], require_https=False, tls=tls,
            auth=auth, target_id="ep_egress")) for url in urls]
    finally:
        await sender.aclose()


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


def proxy_failures(request: str) -> float:
    return REGISTRY.get_sample_value("hookline_egress_proxy_failures_total",
                                     {"request": request}) or 0.0


def test_a_dead_proxy_is_errortype_proxy(proxy: Proxy, receiver: Receiver) -> None:
    proxy.stop()
    counted = proxy_failures("receiver")
    [result] = send(Egress.of(proxy.url, ""), receiver.url("/ok"))
    assert (result.succeeded, result.error_type, result.status_code) == (False, "proxy", None)
    assert "egress proxy" in (result.error_message or "")
    assert proxy_failures("receiver") == counted + 1
    assert receiver.at("/ok") == []


def test_a_dead_proxy_on_the_way_to_the_token_endpoint_is_the_proxys(
        proxy: Proxy, receiver: Receiver) -> None:
    """Not `oauth`, which would count the exhausted Delivery toward disabling the target."""
    proxy.stop()
    counted = proxy_failures("token")
    [result] = send(Egress.of(proxy.url, ""), receiver.url("/ok"),
                    auth=OAuth2(token_url=receiver.url("/token"), client_id="hookline",
                                client_secret="s3cret"))
    assert (result.succeeded, result.error_type) == (False, "proxy"), result
    assert "token endpoint" in (result.error_message or "")
    assert proxy_failures("token") == counted + 1
    assert receiver.at("/token") == [] and receiver.at("/ok") == []


# How proxies answer when they cannot connect to the receiver, or will not: the receiver's
# failure (`connection`, counted as a direct one is) or the proxy's own (`proxy`).
REPLIES = [
    ("http", b"HTTP/1.1 503 Service Unavailable\r\nX-Squid-Error: ERR_CONNECT_FAIL 111\r\n"
             b"Content-Length: 0\r\n\r\n", "connection"),
    ("http", b"HTTP/1.0 500 Unable to connect\r\nContent-Length: 0\r\n\r\n", "connection"),
    ("http", b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n", "connection"),
    ("http", b"HTTP/1.1 504 Gateway Timeout\r\nContent-Length: 0\r\n\r\n", "connection"),
    ("http", b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n", "proxy"),
    ("http", b"HTTP/1.1 407 Proxy Authentication Required\r\n"
             b"Proxy-Authenticate: Basic realm=\"egress\"\r\nContent-Length: 0\r\n\r\n", "proxy"),
    ("http", b"", "proxy"),  # closed without a word
    # What answers at a proxy's address stays there (issue 65): neither its status line
    # nor another service's banner reaches the attempt's error.
    ("http", b"HTTP/1.1 403 db_password=hunter2\r\nContent-Length: 0\r\n\r\n", "proxy"),
    ("http", b"SSH-2.0-OpenSSH_9.6 hunter2\r\n\r\n", "proxy"),
    ("socks5", bytes([5, 5]), "connection"),  # connection refused by the receiver
    ("socks5", bytes([5, 4]), "connection"),  # host unreachable
    ("socks5", bytes([5, 3]), "connection"),  # network unreachable
    ("socks5", bytes([5, 1]), "proxy"),  # general failure
    ("socks5", bytes([5, 2]), "proxy"),  # not allowed by the proxy's rules
]


def _reply_id(kind: str, reply: bytes) -> str:
    if not reply:
        return f"{kind}-closed"
    if not reply.startswith(b"HTTP/") and kind == "http":
        return f"{kind}-banner"
    return f"{kind}-{reply.split(b' ')[1].decode() if kind == 'http' else reply[1]}-{len(reply)}"


@pytest.mark.parametrize(("kind", "reply", "error_type"), REPLIES,
                         ids=[_reply_id(kind, reply) for kind, reply, _ in REPLIES])
def test_the_proxys_reply_says_whose_failure_it_is(kind: str, reply: bytes,
                                                   error_type: str) -> None:
    async def run() -> AttemptResult:
        server = await asyncio.start_server(
            partial(_answer_connect if kind == "http" else _answer_socks5, reply),
            "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        async with server:
            [result] = await sending(Egress.of(f"{kind}://127.0.0.1:{port}", ""),
                                     "http://127.0.0.1:9/hook")
            return result

    counted = proxy_failures("receiver")
    result = asyncio.run(run())
    assert (result.succeeded, result.error_type) == (False, error_type), result
    # Only the proxy's own failures are the proxy's metric.
    assert proxy_failures("receiver") == counted + (error_type == "proxy")
    assert "egress proxy" in (result.error_message or "")
    assert "hunter2" not in (result.error_message or "") and "Forbidden" not in (
        result.error_message or ""), result


async def _answer_connect(reply: bytes, reader: asyncio.StreamReader,
                          writer: asyncio.StreamWriter) -> None:
    await reader.readuntil(b"\r\n\r\n")
    writer.write(reply)
    await writer.drain()
    writer.close()


async def _answer_socks5(reply: bytes, reader: asyncio.StreamReader,
                         writer: asyncio.StreamWriter) -> None:
    """RFC 1928: no authentication, then a CONNECT to an IPv4 address, answered `reply`."""
    _version, methods = await reader.readexactly(2)
    await reader.readexactly(methods)
    writer.write(bytes([5, 0]))
    _version, _command, _reserved, address_type = await reader.readexactly(4)
    assert address_type == 1, "the sender names the checked IPv4 address, never a name"
    await reader.readexactly(4 + 2)
    writer.write(reply + bytes([0, 1, 0, 0, 0, 0, 0, 0]))
    await writer.drain()
    writer.close()


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


@pytest.mark.parametrize("bad", ["*,example.com", "http://proxy.internal", "10.0.0.0/33",
                                 "example.com/24"])
def test_a_no_proxy_entry_that_could_never_match_refuses_to_start(bad: str) -> None:
    with pytest.raises(ValueError, match="no_proxy"):
        Settings(no_proxy=bad)
    assert Settings(no_proxy=" *").no_proxy
    assert Settings(no_proxy=".internal, example.com,10.0.0.0/8,::1,[::1],").no_proxy


def test_a_settings_error_never_shows_the_proxys_password() -> None:
    with pytest.raises(ValidationError) as raised:
        Settings(egress_proxy="socks4://egress:hunter2@proxy.internal:1080")
    shown = describe(raised.value)
    assert "hunter2" not in shown and "socks4://egress:***@proxy.internal:1080" in shown
