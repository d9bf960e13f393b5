"""What a worker's relay hands that worker's attempts, and what they hand back: one object
the worker makes and passes to both (`relay.relay_forever`, `engine.AttemptEngine`).

- The relay reads, in one query per pass, what the first attempts of the Deliveries it
  admitted will send (`attempts.read_admitted`); the attempt takes its row instead of
  reading the Delivery again, if the row is fresh.
- An attempt that recorded its outcome and released its lease wakes the relay, so a target
  at its limit gets its next start at once, not an interval later.
- The attempts under way in this worker, and what the relay handed that has not begun,
  against the worker's own limit (`pace.Pace`): the relay admits no more than its room."""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any, Generic

from typing_extensions import TypeVar

from hookline.delivery.pace import Pace

# What the relay read for one first attempt (the worker's: `queries.deliveries.ToSend`).
Row = TypeVar("Row", default=Any)

# How long what the relay read for a first attempt may stand in for the attempt's own read.
# An eager start's attempt begins within milliseconds; one that waited longer (a start that
# fell back to the server's matching and ran elsewhere, a saturated worker) reads again.
HANDED_FOR = 2.0
UNPACED = 1_000_000


class Handoff(Generic[Row]):
    def __init__(self, pace: Pace | None = None, handed_for: float = HANDED_FOR) -> None:
        self.handed_for = handed_for
        self.kept: OrderedDict[str, tuple[float, Row]] = OrderedDict()
        self.freed = asyncio.Event()
        # Without one (a test's, a benchmark's), no limit of the worker's own.
        self.pace = pace or Pace(ceiling=UNPACED, start=UNPACED)
        self.running = 0  # attempts under way in this worker's engine

    def under_way(self) -> int:
        """Attempts under way, and first attempts handed that have not begun yet."""
        return self.running + len(self.kept)

    def room(self) -> int:
        """How many more starts the relay may admit for this worker now."""
        return self.pace.room(self.under_way())

    def hand(self, rows: Mapping[str, Row]) -> None:
        """The relay's rows for the first attempts it is about to start."""
        now = time.monotonic()
        while self.kept and now - next(iter(self.kept.values()))[0] > self.handed_for:
            self.kept.popitem(last=False)  # its attempt ran on another worker, or never asked
        for delivery_id, row in rows.items():
            self.kept[delivery_id] = (now, row)

    def handed(self, delivery_id: str) -> Row | None:
        """What the relay read for the Delivery's first attempt (`attempts.ready` turns it
        into what to send), if it read it moments ago; else None. Once only."""
        kept = self.kept.pop(delivery_id, None)
        if kept is None or time.monotonic() - kept[0] > self.handed_for:
            return None
        return kept[1]

    def slot_freed(self) -> None:
        """An attempt of this worker has recorded its outcome and released its lease."""
        self.freed.set()
