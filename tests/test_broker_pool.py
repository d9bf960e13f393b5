"""Issue 53, point 4, the pool's bookkeeping (unit): one publisher per target and
configuration, kept for the next attempt; a changed URL or credentials closes the old one;
at most `kept` per worker, the least recently used closed first; idle ones closed; those of
disabled or deleted targets closed by `close_gone`. The publishers here only count what
was asked of them: the brokers' own connections are tested end to end
(test_broker_sender.py, test_broker_delivery.py)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from hookline.delivery.credentials import ClientTLS
from hookline.delivery.kinds.brokers.address import BrokerAddress, parse
from hookline.delivery.kinds.brokers.guard import BrokerGuard, Checked
from hookline.delivery.kinds.brokers.message import BrokerMessage
from hookline.delivery.kinds.brokers.pool import Publishers

pytestmark = pytest.mark.unit


class Counted:
    def __init__(self, url: str) -> None:
        self.url, self.closed = url, False

    async def publish(self, message: BrokerMessage) -> None:
        return None

    async def close(self) -> None:
        self.closed = True


def pool(kept: int = 64, idle: float = 300.0) -> tuple[Publishers, list[Counted]]:
    made: list[Counted] = []

    def factory(address: BrokerAddress, checked: Checked, credentials: dict[str, Any] | None,
                tls: ClientTLS | None, timeout: float, guard: BrokerGuard) -> Counted:
        made.append(Counted(address.url))
        return made[-1]

    guard = BrokerGuard(allowed_ports=frozenset(), any_port=True, allowed_networks=[])
    return Publishers(guard, 2.0, factories={"kafka": factory}, kept=kept, idle=idle), made


def get(publishers: Publishers, target: str, topic: str = "t",
        credentials: dict[str, Any] | None = None) -> Any:
    url = f"kafka://broker.example:9092/{topic}"
    return publishers.publisher(target, parse(url), Checked("broker.example", 9092,
                                                            "93.184.216.34"), credentials, None)


def test_the_pool_keeps_bounds_and_closes() -> None:
    async def run() -> None:
        publishers, made = pool(kept=2)
        first = get(publishers, "ep_a")
        assert get(publishers, "ep_a") is first and len(made) == 1  # kept
        changed = get(publishers, "ep_a", credentials={"username": "u", "password": "p"})
        assert changed is not first
        await asyncio.sleep(0)
        assert first.closed  # the configuration changed: the old one closes
        get(publishers, "ep_b")
        get(publishers, "ep_c")  # a third: the least recently used (ep_a's) goes
        await asyncio.sleep(0)
        assert changed.closed and publishers.held() == ["ep_b", "ep_c"]
        publishers.close_gone(["ep_c"])  # ep_b disabled or deleted
        await asyncio.sleep(0)
        assert made[2].closed and not made[3].closed and publishers.held() == ["ep_c"]
        await publishers.aclose()
        assert made[3].closed and publishers.held() == []

    asyncio.run(run())


def test_idle_publishers_close() -> None:
    async def run() -> None:
        publishers, made = pool(idle=0.05)
        get(publishers, "ep_a")
        await asyncio.sleep(0.1)
        publishers.sweep(asyncio.get_running_loop().time() + 3600)
        await asyncio.sleep(0)
        assert made[0].closed and publishers.held() == []

    asyncio.run(run())
