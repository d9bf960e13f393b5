"""A worker's own limit on its attempts under way (`hookline.delivery.pace`): it backs off
while the worker lags, grows while the worker keeps time and uses half of it, stays
between its floor and ceiling, and the relay's room is what it leaves."""

from __future__ import annotations

import asyncio
import time

from hookline.delivery.handoff import Handoff
from hookline.delivery.pace import FLOOR, LAG, Pace


def test_a_lagging_worker_backs_off_to_the_floor_and_no_lower() -> None:
    pace = Pace(ceiling=1000, start=100)
    assert pace.decide(LAG * 2, under_way=100) == 80
    for _ in range(50):
        pace.decide(1.0, under_way=100)
    assert pace.limit == FLOOR


def test_a_worker_that_keeps_time_grows_while_half_the_limit_is_used() -> None:
    pace = Pace(ceiling=130, start=100)
    assert pace.decide(0.0, under_way=49) == 100  # half of it sat unused: no reason to grow
    assert pace.decide(0.0, under_way=50) == 125
    assert pace.decide(0.0, under_way=125) == 130  # the ceiling


def test_the_relay_has_the_room_the_limit_leaves() -> None:
    handoff: Handoff[str] = Handoff(Pace(ceiling=100, start=10))
    handoff.hand({"dlv_1": "row", "dlv_2": "row"})
    handoff.running = 5
    assert handoff.under_way() == 7 and handoff.room() == 3
    handoff.running = 12
    assert handoff.room() == 0
    assert Handoff[str]().room() > 10_000  # a test's or benchmark's own: no limit


def test_it_watches_the_worker_it_runs_in() -> None:
    pace = Pace(ceiling=1000, start=100)

    async def idle_then_busy() -> None:
        watching = asyncio.create_task(pace.watch(lambda: 100, lambda: 0.0))
        await asyncio.sleep(0.7)  # a window of an idle loop: it grows
        assert pace.limit == 125 and pace.worst < LAG
        deadline = asyncio.get_running_loop().time() + 1.5
        while asyncio.get_running_loop().time() < deadline:  # a loop kept busy: it backs off
            time.sleep(2 * LAG)  # work that holds the loop
            await asyncio.sleep(0)
        await asyncio.sleep(0.1)
        watching.cancel()

    asyncio.run(idle_then_busy())
    assert pace.limit < 125 and pace.worst > LAG


def test_calls_waiting_for_a_thread_are_lag_though_the_loop_keeps_time() -> None:
    pace = Pace(ceiling=1000, start=100)

    async def waiting_threads() -> None:
        watching = asyncio.create_task(pace.watch(lambda: 100, lambda: 2 * LAG))
        await asyncio.sleep(1.2)
        watching.cancel()

    asyncio.run(waiting_threads())
    assert pace.limit < 100 and pace.worst >= 2 * LAG
