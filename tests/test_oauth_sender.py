"""Issue 52, part 2: OAuth2 client credentials in the Sender, against a real token endpoint and
receiver on loopback (`tests/support/oauth_server.py`): tokens kept and fetched again before
they expire, one fetch for concurrent attempts, one refresh on a 401, every client
authentication (private_key_jwt assertions verified with the public key), and a failing
token endpoint failing the attempt as `oauth` without holding up another target's."""

from __future__ import annotations

import asyncio
import ipaddress
import time
from collections.abc import Iterator
from typing import Any

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa

from hookline.contracts import AttemptResult
from hookline.delivery.credentials import OAuth2
from hookline.delivery.model import Outgoing
from hookline.delivery.sender import Sender
from hookline.signing import new_secret
from tests.support.oauth_server import TokenServer


def sender(timeout: float = 5) -> Sender:
    return Sender(timeout=timeout, allowed_ports=frozenset(), any_port=True,
                  allowed_networks=[ipaddress.ip_network("127.0.0.0/8")])


def outgoing(server: TokenServer, target_id: str = "ep_1", **auth: Any) -> Outgoing:
    return Outgoing(url=server.receiver_url(), msg_id="msg_1", body=b"{}",
                    content_type="application/json", custom_headers={"Authorization": "x"},
                    secrets=[new_secret()], require_https=False, target_id=target_id,
                    auth=OAuth2.stored(server.auth(**auth)))


@pytest.fixture
def server() -> Iterator[TokenServer]:
    found = TokenServer(expires_in=3)
    yield found
    found.close()


def run(many: Any) -> Any:
    return asyncio.run(many)


def test_tokens_are_kept_and_fetched_again_before_they_expire(server: TokenServer) -> None:
    async def ten_over_eight_seconds() -> list[AttemptResult]:
        found, started = sender(), time.monotonic()
        results = []
        for n in range(10):
            await asyncio.sleep(max(0.0, started + n * 0.8 - time.monotonic()))
            results.append(await found.send(outgoing(server)))
        await found.aclose()
        return results

    results = run(ten_over_eight_seconds())
    assert all(r.succeeded for r in results), results
    assert 3 <= server.issued <= 5, server.issued
    assert server.unauthorized == 0  # never sent an expired token


def test_concurrent_attempts_wait_for_one_fetch(server: TokenServer) -> None:
    async def twenty_at_once() -> list[AttemptResult]:
        found = sender()
        results = await asyncio.gather(*(found.send(outgoing(server)) for _ in range(20)))
        await found.aclose()
        return list(results)

    assert all(r.succeeded for r in run(twenty_at_once()))
    assert server.issued == 1


def test_a_401_fetches_one_new_token_and_sends_again_once(server: TokenServer) -> None:
    async def revoked_midway() -> list[AttemptResult]:
        found = sender()
        first = await found.send(outgoing(server))
        server.revoke()  # the receiver now refuses the token the sender keeps
        rest = await asyncio.gather(*(found.send(outgoing(server)) for _ in range(5)))
        await found.aclose()
        return [first, *rest]

    results = run(revoked_midway())
    assert all(r.succeeded for r in results), results
    assert server.issued == 2 and server.unauthorized == 5
    assert server.delivered == ["tok-1"] + ["tok-2"] * 5


def test_a_receiver_that_keeps_refusing_gets_one_retry_only(server: TokenServer) -> None:
    async def always_401() -> AttemptResult:
        found = sender()
        out = outgoing(server)
        assert (await found.send(out)).succeeded
        server.revoke()
        server.expires_in = 0  # every token it issues is dead on arrival
        result = await found.send(out)
        await found.aclose()
        return result

    result = run(always_401())
    assert result.status_code == 401 and result.error_type == "http_status"
    assert server.issued == 2 and server.unauthorized == 2


def pem(key: Any) -> str:
    return str(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                 serialization.NoEncryption()).decode())


@pytest.mark.parametrize("kind", ["rsa", "ec"])
def test_private_key_jwt_assertions_verify_with_the_public_key(kind: str) -> None:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048) if kind == "rsa" \
        else ec.generate_private_key(ec.SECP256R1())
    server = TokenServer(client_auth="private_key_jwt", public_key=key.public_key())
    try:
        async def twice() -> list[AttemptResult]:
            found = sender()
            first = await found.send(outgoing(server, clientSecret=None, privateKey=pem(key)))
            server.revoke()
            second = await found.send(outgoing(server, clientSecret=None, privateKey=pem(key)))
            await found.aclose()
            return [first, second]

        assert all(r.succeeded for r in run(twice()))
        assert server.issued == 2 and server.refused == 0
        assertions = [form["client_assertion"] for form in server.forms]
        assert len(set(assertions)) == 2  # a fresh assertion (jti) each time
        assert all("client_secret" not in form for form in server.forms)
    finally:
        server.close()


@pytest.mark.parametrize("client_auth", ["basic", "post"])
def test_client_secret_basic_and_post(client_auth: str) -> None:
    server = TokenServer(client_auth=client_auth, expires_in=60)
    try:
        result = run(_one(outgoing(server, scope="hooks", audience="https://rcv.example")))
        assert result.succeeded and server.refused == 0
        assert {"scope": "hooks", "audience": "https://rcv.example"}.items() <= \
            server.forms[0].items()
    finally:
        server.close()


async def _one(out: Outgoing, timeout: float = 5) -> AttemptResult:
    found = sender(timeout)
    try:
        return await found.send(out)
    finally:
        await found.aclose()


@pytest.mark.parametrize(("mode", "said"), [
    ("500", "answered HTTP 500"), ("badjson", "not JSON"), ("hang", "did not answer within")])
def test_a_failing_token_endpoint_fails_the_attempt_as_oauth_alone(
        server: TokenServer, mode: str, said: str) -> None:
    healthy = TokenServer(expires_in=60)
    server.mode = mode
    try:
        async def both() -> tuple[AttemptResult, AttemptResult, float]:
            found = sender(timeout=1.5)
            failing = asyncio.ensure_future(found.send(outgoing(server, "ep_failing")))
            await asyncio.sleep(0.05)
            started = time.monotonic()
            other = await found.send(outgoing(healthy, "ep_other"))
            took = time.monotonic() - started
            result = await failing
            await found.aclose()
            return result, other, took

        result, other, took = run(both())
    finally:
        healthy.close()
    assert not result.succeeded and result.error_type == "oauth", result
    assert said in (result.error_message or "") and result.status_code is None
    assert "s3cret" not in repr(result)
    assert other.succeeded and took < 1.0  # the other target's attempt waited for nothing
    assert server.unauthorized == 0  # nothing was sent to the receiver without a token


def test_a_refused_client_is_told_in_the_token_endpoints_words(server: TokenServer) -> None:
    """Issue 68: the error of an OAuth2 error answer (RFC 6749, 5.2) is in the attempt's
    message, not only its status."""
    result = run(_one(outgoing(server, clientSecret="not-the-secret")))
    assert result.error_type == "oauth"
    assert "answered HTTP 401 (invalid_client)" in (result.error_message or ""), result
    assert "not-the-secret" not in repr(result)


def test_a_token_url_on_a_refused_address_is_an_oauth_failure(server: TokenServer) -> None:
    out = outgoing(server, tokenUrl="http://10.1.2.3/token")
    result = run(_one(out))
    assert result.error_type == "oauth" and "refused" in (result.error_message or "")


def test_a_token_answer_split_across_packets_is_read_whole() -> None:
    """Issue 65: the token endpoint's JSON in two packets, a moment apart, is one answer
    (one read took only the first part, "not JSON")."""
    token = '{"access_token": "' + "t" * 3000 + '", "token_type": "Bearer", "expires_in": 60}'

    async def split(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        head = await reader.readuntil(b"\r\n\r\n")
        length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                      if line.lower().startswith(b"content-length:"))
        await reader.readexactly(length)
        body = token.encode()
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                     b"Content-Length: %d\r\n\r\n" % len(body) + body[:100])
        await writer.drain()
        await asyncio.sleep(0.2)
        writer.write(body[100:])
        await writer.drain()
        writer.close()

    async def fetch() -> Any:
        server = await asyncio.start_server(split, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        found = sender()
        try:
            async with server:
                return await found.post_form(f"http://127.0.0.1:{port}/token",
                                             "grant_type=client_credentials", {},
                                             require_https=False)
        finally:
            await found.aclose()

    answer = run(fetch())
    assert answer.status == 200 and answer.body == token.encode(), answer
