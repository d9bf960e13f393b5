"""The URL guard at attempt time: a real Sender resolves the host itself at every attempt, so
a name registered while public can answer a private address later. No network is used: the
event loop's getaddrinfo, which the Sender's guard calls, answers for the test."""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import pytest

from hookline.contracts import AttemptResult
from hookline.delivery.model import Outgoing
from hookline.delivery.sender import Sender
from hookline.signing import new_secret


def attempt(monkeypatch: pytest.MonkeyPatch, url: str, answer: str,
            looked_up: list[str]) -> AttemptResult:
    async def getaddrinfo(host: str, port: int, **_kwargs: Any) -> list[Any]:
        looked_up.append(host)
        return [(socket.AF_INET6, socket.SOCK_STREAM, 6, "", (answer, port, 0, 0))]

    async def run() -> AttemptResult:
        monkeypatch.setattr(asyncio.get_running_loop(), "getaddrinfo", getaddrinfo)
        sender = Sender(timeout=5, allowed_ports=frozenset({80, 443}), any_port=False,
                        allowed_networks=[])
        try:
            return await sender.send(Outgoing(
                url=url, msg_id="msg_attempt", body=b"{}", content_type="application/json",
                custom_headers={}, secrets=[new_secret()], require_https=True))
        finally:
            await sender.aclose()

    return asyncio.run(run())


@pytest.mark.parametrize("answer", ["::7f00:1", "::7f00:1%eth0", "::ffff:0:7f00:1",
                                    "64:ff9b:1::7f00:1"])
def test_a_name_answering_an_embedded_loopback_is_blocked(
        monkeypatch: pytest.MonkeyPatch, answer: str) -> None:
    looked_up: list[str] = []
    result = attempt(monkeypatch, "https://hooks.example.com/in", answer, looked_up)
    assert looked_up == ["hooks.example.com"]  # the attempt resolved the name itself
    assert not result.succeeded
    assert result.error_type == "blocked_url"
    assert result.error_message is not None and answer in result.error_message


@pytest.mark.parametrize("url", ["https://[::7f00:1]/in", "https://hooks.example.com:0/in"])
def test_a_literal_or_port_zero_is_blocked_without_resolving(
        monkeypatch: pytest.MonkeyPatch, url: str) -> None:
    looked_up: list[str] = []
    result = attempt(monkeypatch, url, "::7f00:1", looked_up)
    assert looked_up == []
    assert result.error_type == "blocked_url"
