"""The attempt's HTTP exchange (hookline/delivery/sender.py) against a real loopback receiver:
where the connection goes, what the request carries, and how each answer is recorded."""

from __future__ import annotations

import asyncio
import ipaddress
import socket
import time
from collections.abc import Callable
from typing import Any

import pytest
from standardwebhooks.webhooks import Webhook

from hookline.contracts import AttemptResult
from hookline.delivery.model import RESPONSE_LIMIT, Outgoing
from hookline.delivery.sender import Sender
from hookline.signing import new_secret
from tests.support.receiver import Receiver

SECRET = new_secret()
LOOPBACK = [ipaddress.ip_network("127.0.0.0/8")]


def outgoing(url: str, body: bytes = b'{"type":"invoice.paid"}',
             headers: dict[str, str] | None = None) -> Outgoing:
    return Outgoing(url=url, msg_id="evt_sender", body=body, content_type="application/json",
                    custom_headers=headers or {}, secrets=[SECRET], require_https=False)


def exchange(*sends: Outgoing, timeout: float = 5,
             before: Callable[[], None] = lambda: None) -> list[AttemptResult]:
    """Each Outgoing sent in turn by one Sender, as the worker's is reused."""
    async def run() -> list[AttemptResult]:
        before()
        sender = Sender(timeout=timeout, allowed_ports=frozenset(), any_port=True,
                        allowed_networks=LOOPBACK)
        try:
            return [await sender.send(out) for out in sends]
        finally:
            await sender.aclose()

    return asyncio.run(run())


def test_the_connection_goes_to_the_checked_address_and_keeps_the_name(
        monkeypatch: pytest.MonkeyPatch, receiver: Receiver) -> None:
    """The name answers 127.0.0.1 to the guard's look-up and 127.0.0.2 (where nothing
    listens) to any later one: the webhook arrives only if the connection is pinned."""
    looked_up: list[str] = []

    async def getaddrinfo(host: str, port: int, **_kwargs: Any) -> list[Any]:
        address = "127.0.0.1" if not looked_up else "127.0.0.2"
        looked_up.append(host)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port))]

    def patch() -> None:
        monkeypatch.setattr(asyncio.get_running_loop(), "getaddrinfo", getaddrinfo)

    url = f"http://hooks.example.test:{receiver.port}/ok"
    [result] = exchange(outgoing(url), before=patch)
    assert result.succeeded, result
    assert looked_up == ["hooks.example.test"]
    [arrived] = receiver.at("/ok")
    assert arrived.headers["host"] == f"hooks.example.test:{receiver.port}"


def test_the_request_is_signed_and_carries_the_endpoints_headers(receiver: Receiver) -> None:
    body = b'{"type":"invoice.paid","data":{"n":1}}'
    [result] = exchange(outgoing(receiver.url("/ok"), body, {"X-Tenant": "acme"}))
    assert result.succeeded and result.status_code == 200 and result.error_type is None
    [arrived] = receiver.at("/ok")
    assert arrived.body == body
    assert arrived.headers["x-tenant"] == "acme"
    assert arrived.headers["content-type"] == "application/json"
    assert arrived.headers["user-agent"].startswith("Hookline")
    assert arrived.headers["webhook-id"] == "evt_sender"
    assert abs(int(arrived.headers["webhook-timestamp"]) - time.time()) < 60
    Webhook(SECRET).verify(body, arrived.headers)  # raises on a bad signature


def test_a_cookie_one_answer_set_is_never_sent_back(receiver: Receiver) -> None:
    results = exchange(outgoing(receiver.url("/cookie")), outgoing(receiver.url("/ok")))
    assert [r.status_code for r in results] == [200, 200]
    assert "cookie" not in receiver.at("/ok")[0].headers


def test_the_answer_is_kept_up_to_the_limit(receiver: Receiver) -> None:
    small, big = exchange(outgoing(receiver.url("/big/100")),
                          outgoing(receiver.url(f"/big/{RESPONSE_LIMIT * 4}")))
    assert small.response_body == "x" * 100
    assert big.succeeded and big.response_body == "x" * RESPONSE_LIMIT


def test_a_redirect_is_a_failure_and_is_not_followed(receiver: Receiver) -> None:
    [result] = exchange(outgoing(receiver.url("/redirect")))
    assert not result.succeeded
    assert (result.status_code, result.error_type) == (302, "http_status")
    assert "redirects are not followed" in (result.error_message or "")
    assert receiver.at("/ok") == []


def test_retry_after_is_read_from_a_429(receiver: Receiver) -> None:
    [result] = exchange(outgoing(receiver.url("/retry-after/429/7/x")))
    assert (result.status_code, result.error_type, result.retry_after) == (429, "http_status", 7)


@pytest.mark.parametrize(("path", "scheme", "error_type"), [
    ("/close", "http", "connection"),   # the receiver closes without answering
    ("/slow/3", "http", "timeout"),     # past the attempt's timeout
    ("/ok", "https", "tls"),            # TLS to a plain-HTTP server
])
def test_a_failed_exchange_is_told_by_its_kind(receiver: Receiver, path: str, scheme: str,
                                               error_type: str) -> None:
    url = receiver.url(path).replace("http:", f"{scheme}:", 1)
    [result] = exchange(outgoing(url), timeout=1)
    assert not result.succeeded
    assert (result.status_code, result.error_type) == (None, error_type), result


def test_a_closed_port_is_a_connection_failure() -> None:
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    [result] = exchange(outgoing(f"http://127.0.0.1:{port}/ok"))
    assert (result.succeeded, result.error_type) == (False, "connection")
