"""Issue 53, point 3: the URL guard judges a broker target's address at every attempt, as it
does a receiver's, with the product's rules (no private range allowed): a broker or an AWS
service endpoint on loopback or a private network is `blocked_url` before any connection;
a name is judged by what it resolves to when the attempt runs, not when it was saved; a
broker port outside HOOKLINE_ALLOWED_PORTS and the brokers' own is refused; production
environments require TLS. No broker is needed: nothing gets as far as connecting."""

from __future__ import annotations

import asyncio

import pytest

from hookline.contracts import AttemptResult
from hookline.delivery.model import Outgoing
from hookline.delivery.sender import Sender
from hookline.signing import new_secret

pytestmark = pytest.mark.unit


def attempt(url: str, *, override: str | None = None, production: bool = False
            ) -> AttemptResult:
    async def run() -> AttemptResult:
        sender = Sender(timeout=2, allowed_ports=frozenset({80, 443}), any_port=False,
                        allowed_networks=[])
        try:
            return await sender.send(Outgoing(
                url=url, msg_id="evt_1", body=b"{}", content_type="application/json",
                custom_headers={}, secrets=[new_secret()], require_https=production,
                target_id="ep_guard", endpoint_override=override, key="acme"))
        finally:
            await sender.aclose()
    return asyncio.run(run())


@pytest.mark.parametrize(("url", "override", "refusal"), [
    ("kafka://127.0.0.1:9092/orders", None, "private or reserved"),
    ("kafka://localhost:9092/orders", None, "private or reserved"),  # a name, resolved now
    ("amqp://10.0.0.8/?exchange=hooks", None, "private or reserved"),
    ("amqps://[::1]/?exchange=hooks", None, "private or reserved"),
    ("sqs://us-east-1/orders", "http://127.0.0.1", "private or reserved"),
    ("s3://bucket/in", "http://169.254.169.254/latest", "private or reserved"),
    ("kafka://93.184.216.34:22/orders", None, "port 22 is not allowed"),
    ("sqs://us-east-1/orders", "http://93.184.216.34:8080", "port 8080 is not allowed"),
])
def test_a_private_or_unlisted_broker_is_blocked_before_connecting(
        url: str, override: str | None, refusal: str) -> None:
    result = attempt(url, override=override)
    assert (result.succeeded, result.error_type) == (False, "blocked_url"), result
    assert refusal in (result.error_message or ""), result


def test_production_requires_tls_to_a_broker() -> None:
    for url in ("kafka://93.184.216.34:9092/orders", "amqp://93.184.216.34/?exchange=x"):
        result = attempt(url, production=True)
        assert result.error_type == "blocked_url" and "TLS" in (result.error_message or "")
    result = attempt("sqs://us-east-1/q", override="http://93.184.216.34", production=True)
    assert result.error_type == "blocked_url" and "https" in (result.error_message or "")
