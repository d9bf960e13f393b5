"""This worker's own limit on the attempts it has under way, so that what waits, waits in
the outbox, where the relay takes turns between tenants (`hookline.delivery.outbox`), and
not in this process's event loop, where it is first in, first out.

Every admitted attempt runs in the worker that admitted it (the relay starts its workflow
eagerly). Past what the process can serve, more attempts in flight deliver no faster: each
waits its turn on the loop behind all the others, and a newcomer's webhook behind every
backlog's. Measured (bench group N): with 3,000 of tenant A's Deliveries on 20 endpoints
that answer in 100 ms, about 400 were in flight and each took seconds of the worker's time
between its start and its end; tenant B's, admitted at once, waited as long.

Moved by the worker's lag, as the targets' own limits are by their receivers' latency
(`hookline.delivery.limit`): a worker whose timers wake late, or whose calls wait for a
thread, by more than LAG is saturated, and the limit backs off; one that keeps time, with
at least half the limit in use, grows it. Attempts that only wait (a hanging receiver)
cost the worker nothing, so they never hold the limit down; and an environment with few
attempts in flight passes the limit (`shares.OWN`), so that no other's attempts hold its
first ones."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

START = 64.0
FLOOR = 16.0
# Seconds late, at worst in a window, that say the worker is saturated. At 50 ms, tenant B's
# p99 beside A's backlog was 1.3 to 1.6 s; at 20 ms, 0.69 s, with A's drain at 0.92 of its
# rate alone (bench group N, 3,000 events).
LAG = 0.02
TICK = 0.05  # how often the loop's lag is sampled
WINDOW = 10  # samples a decision looks at (half a second)
BACKOFF = 0.8
# Of the limit, at least 4 attempts, per window that kept time: attempts that only wait
# (hanging receivers) raise it from 64 to 500 in about 5 s.
GROWTH = 0.25


class Pace:
    def __init__(self, ceiling: int, start: float = START) -> None:
        self.ceiling = float(ceiling)
        self.limit = min(start, self.ceiling)
        self.worst = 0.0  # the worst lag of the last window, for the metrics

    def room(self, under_way: int) -> int:
        return max(0, int(self.limit) - under_way)

    def decide(self, worst_lag: float, under_way: int) -> float:
        """One window's decision. Pure but for the limit it moves."""
        self.worst = worst_lag
        if worst_lag > LAG:
            self.limit = max(FLOOR, self.limit * BACKOFF)
        elif under_way >= self.limit / 2:
            self.limit = min(self.ceiling, self.limit + max(4.0, self.limit * GROWTH))
        return self.limit

    async def watch(self, under_way: Callable[[], int], waited: Callable[[], float]) -> None:
        """Sample the worker's lag for ever, and decide once a window. A sample is how late
        a timer wakes the loop, plus how long the longest-waiting call has waited for a
        thread (`waited`): the attempts' database work queues there, while the loop itself
        may keep time."""
        samples: list[float] = []
        while True:
            before = time.monotonic()
            await asyncio.sleep(TICK)
            samples.append(max(0.0, time.monotonic() - before - TICK) + waited())
            if len(samples) >= WINDOW:
                self.decide(max(samples), under_way())
                samples.clear()
