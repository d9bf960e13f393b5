"""Percentiles and small summaries of latency samples."""

from __future__ import annotations

import math
from collections.abc import Sequence


def percentile(values: Sequence[float], q: float) -> float | None:
    """Linear interpolation between closest ranks (numpy's default); None when empty."""
    if not values:
        return None
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    low, high = math.floor(pos), math.ceil(pos)
    if low == high:
        return ordered[low]
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def _ms(value: float | None) -> float | None:
    return None if value is None else round(value * 1000, 2)


def latency_ms(seconds: Sequence[float]) -> dict[str, float | int | None]:
    """p50/p95/p99/max/mean in milliseconds of samples given in seconds."""
    return {
        "n": len(seconds),
        "p50": _ms(percentile(seconds, 50)),
        "p95": _ms(percentile(seconds, 95)),
        "p99": _ms(percentile(seconds, 99)),
        "max": _ms(max(seconds)) if seconds else None,
        "mean": _ms(sum(seconds) / len(seconds)) if seconds else None,
    }


def rate(count: int, seconds: float) -> float | None:
    return round(count / seconds, 1) if count and seconds > 0 else None


def ratio(ours: float | None, ceiling: float | None) -> float | None:
    if ours is None or not ceiling:
        return None
    return round(ours / ceiling, 3)
