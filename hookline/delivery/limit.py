"""The adaptive concurrency limit of each endpoint and destination: how many attempts its gate
(`hookline.delivery.gate`) admits at once. AIMD, as Netflix's concurrency-limits `AIMDLimit`
with a latency trigger from its Gradient2: every outcome is one verdict, and the limit only
moves when a verdict moves it.

- A success that answered promptly, while the target used at least half its limit, adds one
  (so a limit the traffic does not use does not grow, and a busy one doubles each round trip).
- A success well slower than the target's recent baseline multiplies it by SLOW_BACKOFF.
- An outcome that says the receiver is down or overloaded (timeout, connection error, 5xx,
  429: the breaker's) multiplies it by DOWN_BACKOFF.
- Anything else (a 4xx, an attempt never sent) leaves it.

It starts at FLOOR, never goes below it and never above HOOKLINE_TARGET_MAX_IN_FLIGHT: a
target that hangs or fails stays at its floor, one that answers well grows to what it is
sent."""

from __future__ import annotations

from collections import OrderedDict
from enum import Enum

FLOOR = 1.0
SLOW_BACKOFF = 0.9
DOWN_BACKOFF = 0.5
# "Well slower": above TOLERANCE times the baseline plus SLACK. The slack keeps a fast
# receiver's few milliseconds, and this worker's own scheduling noise, from reading as a
# slowdown; the factor catches a slow receiver getting slower.
TOLERANCE = 2.0
SLACK_MS = 250.0
# The baseline is an exponential average of a target's successful attempts' durations over
# about this many of them: recent, but not moved by one outlier.
BASELINE_SAMPLES = 64
# Targets whose baselines one worker keeps (least recently attempted forgotten first).
BASELINES_KEPT = 10_000


class Verdict(Enum):
    GROW = "grow"
    SLOW = "slow"
    DOWN = "down"


def verdict(succeeded: bool, down: bool, slow: bool) -> Verdict | None:
    """What one outcome says of the target's limit (None: nothing)."""
    if succeeded:
        return Verdict.SLOW if slow else Verdict.GROW
    return Verdict.DOWN if down else None


def grows(limit: float, in_flight: int | None, ceiling: int) -> bool:
    """A prompt success grows the limit only while the target used half of it or more when
    the attempt was admitted (`in_flight` counts it), and below the ceiling."""
    return in_flight is not None and limit < ceiling and in_flight * 2 >= limit


def shown(limit: float | None, ceiling: int | None = None) -> int:
    """The limit as the gate applies it: whole attempts, within floor and ceiling. (A limit
    above a ceiling lowered since is brought down by the target's next success.)"""
    whole = max(int(FLOOR), int(limit if limit is not None else FLOOR))
    return whole if ceiling is None else min(ceiling, whole)


class Baselines:
    """Each target's recent attempt duration, as one worker saw it: in memory, because it is
    read and moved by every success, and a worker that restarts learns it again within a few
    attempts. The limit itself is shared, in the target's gate row."""

    def __init__(self, kept: int = BASELINES_KEPT) -> None:
        self._ms: OrderedDict[str, float] = OrderedDict()
        self._kept = kept

    def slow(self, target_id: str, duration_ms: float) -> bool:
        """Whether a successful attempt took well longer than the target's baseline; the
        attempt then moves the baseline."""
        baseline = self._ms.pop(target_id, None)
        if baseline is None:
            self._ms[target_id] = duration_ms
            is_slow = False
        else:
            is_slow = duration_ms > TOLERANCE * baseline + SLACK_MS
            self._ms[target_id] = baseline + (duration_ms - baseline) / BASELINE_SAMPLES
        if len(self._ms) > self._kept:
            self._ms.popitem(last=False)
        return is_slow
