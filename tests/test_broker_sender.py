"""Issue 53, point 4, at the Sender: a broker that accepts connections and never answers
holds only its own target. Its attempts end within the attempt timeout (`timeout` or
`broker_unreachable`), while a healthy broker's publishes beside them are confirmed at
once; and the pool keeps one connection per target for the next attempt."""

from __future__ import annotations

import asyncio
import ipaddress
import socket
import threading
import time
from collections.abc import Iterator

import pytest

from hookline.contracts import AttemptResult
from hookline.delivery.model import Outgoing
from hookline.delivery.sender import Sender
from hookline.signing import new_secret
from tests.support.brokers import RabbitMQ

TIMEOUT = 2.0


@pytest.fixture
def silent() -> Iterator[int]:
    """A TCP port that accepts and then says nothing, for ever."""
    server = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(server.accept()[0])
            except TimeoutError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield server.getsockname()[1]
    stop.set()
    thread.join()
    for conn in held:
        conn.close()
    server.close()


def outgoing(url: str, target_id: str, n: int) -> Outgoing:
    return Outgoing(url=url, msg_id=f"evt_{target_id}_{n}", body=b'{"n": %d}' % n,
                    content_type="application/json", custom_headers={},
                    secrets=[new_secret()], require_https=False, target_id=target_id,
                    key="acme")


def test_a_hanging_broker_holds_only_its_own_target(silent: int, rabbitmq: RabbitMQ
                                                    ) -> None:
    rabbitmq.declare("healthy", "healthy", routing_key="#")
    healthy = f"amqp://127.0.0.1:{rabbitmq.url.rsplit(':', 1)[1]}/?exchange=healthy"

    async def run() -> tuple[list[AttemptResult], list[tuple[AttemptResult, float]], int]:
        sender = Sender(timeout=TIMEOUT, allowed_ports=frozenset(), any_port=True,
                        allowed_networks=[ipaddress.ip_network("127.0.0.0/8")])

        async def timed(out: Outgoing) -> tuple[AttemptResult, float]:
            started = time.monotonic()
            return await sender.send(out), time.monotonic() - started

        try:
            hanging = [asyncio.create_task(sender.send(outgoing(url, f"ep_hang{i}", 0)))
                       for i, url in enumerate((f"kafka://127.0.0.1:{silent}/orders",
                                                f"amqp://127.0.0.1:{silent}/?exchange=x"))]
            await asyncio.sleep(0.1)
            fine = [await timed(outgoing(healthy, "ep_fine", n)) for n in range(10)]
            held = len(sender.brokers.held())
            return list(await asyncio.gather(*hanging)), fine, held
        finally:
            await sender.aclose()

    started = time.monotonic()
    hung, fine, held = asyncio.run(run())
    for result in hung:
        assert result.error_type in ("timeout", "broker_unreachable"), result
        assert result.duration_ms <= (TIMEOUT + 1) * 1000, result
    assert time.monotonic() - started < TIMEOUT + 5
    assert all(result.succeeded for result, _ in fine), fine
    assert max(seconds for _, seconds in fine) < 1.0, fine
    assert held == 3  # one publisher per target, the healthy one kept for its next attempt
    assert len(rabbitmq.read("healthy", 10)) == 10
