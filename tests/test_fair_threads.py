"""The worker's threads for the attempts' database work take turns by environment
(`hookline.fair_threads`): a newcomer's call waits for at most one call of each other key,
not for every call queued before it; a key alone gets every thread."""

from __future__ import annotations

import asyncio
import contextvars
import threading
import time

import pytest

from hookline.fair_threads import FairThreads

WHO: contextvars.ContextVar[str] = contextvars.ContextVar("who", default="nobody")


def test_a_newcomer_waits_for_one_call_of_the_backlog_not_for_all_of_it() -> None:
    threads = FairThreads(1)
    ran: list[str] = []
    hold = threading.Event()

    def call(name: str) -> None:
        if name == "A0":
            hold.wait(5)
        ran.append(name)

    async def scenario() -> None:
        first = asyncio.ensure_future(threads.run("env_a", call, "A0"))
        await asyncio.sleep(0.05)  # the thread has taken A0, and holds
        backlog = [asyncio.ensure_future(threads.run("env_a", call, f"A{i}"))
                   for i in range(1, 200)]
        newcomer = asyncio.ensure_future(threads.run("env_b", call, "B0"))
        await asyncio.sleep(0.05)
        hold.set()
        await asyncio.gather(first, newcomer, *backlog)

    asyncio.run(scenario())
    threads.close()
    assert len(ran) == 201
    # A0 held the only thread; then one more of A's (its key came first), then B's.
    assert ran.index("B0") == 2, ran[:5]
    assert [n for n in ran if n != "B0"] == [f"A{i}" for i in range(200)]  # A's in order


def test_a_key_alone_gets_every_thread() -> None:
    threads = FairThreads(4)
    together = threading.Barrier(4, timeout=5)

    async def scenario() -> list[int]:
        return await asyncio.gather(*(threads.run("env_a", together.wait) for _ in range(4)))

    assert sorted(asyncio.run(scenario())) == [0, 1, 2, 3]  # all four ran at once
    threads.close()


def test_a_call_returns_raises_and_sees_its_callers_context_as_to_thread_does() -> None:
    threads = FairThreads(2)

    def fails() -> None:
        raise ValueError("no")

    async def scenario() -> str:
        WHO.set("caller")
        with pytest.raises(ValueError, match="no"):
            await threads.run("env_a", fails)
        return await threads.run("env_a", WHO.get)

    assert asyncio.run(scenario()) == "caller"
    threads.close()


def test_waited_is_how_long_the_oldest_waiting_call_has_waited() -> None:
    threads = FairThreads(1)
    hold = threading.Event()

    async def scenario() -> float:
        first = asyncio.ensure_future(threads.run("env_a", hold.wait, 5))
        await asyncio.sleep(0.05)
        second = asyncio.ensure_future(threads.run("env_b", time.monotonic))
        await asyncio.sleep(0.2)
        waited = threads.waited()
        hold.set()
        await asyncio.gather(first, second)
        return waited

    assert 0.15 <= asyncio.run(scenario()) < 2.0
    assert threads.waited() == 0.0
    threads.close()
