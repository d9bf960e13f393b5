"""Requests per second per organization, counted in the database so that every API process
serving the organization shares one budget."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from sqlalchemy import text
from sqlmodel import Session

_HIT = text(
    "INSERT INTO rate_windows (org_id, epoch_second, count) VALUES (:org, :window, 1) "
    "ON CONFLICT (org_id, epoch_second) DO UPDATE SET count = rate_windows.count + 1 "
    "RETURNING count"
)
_PRUNE = text("DELETE FROM rate_windows WHERE org_id = :org AND epoch_second < :before")


@dataclass(frozen=True)
class RateDecision:
    allowed: bool
    limit: int
    remaining: int
    reset_seconds: int  # until the next window opens


def hit(session: Session, org_id: str, limit: int, now: float | None = None) -> RateDecision:
    now = time.time() if now is None else now
    window = int(now)
    count = int(session.execute(_HIT, {"org": org_id, "window": window}).scalar_one())
    if count == 1:
        session.execute(_PRUNE, {"org": org_id, "before": window - 5})
    session.commit()
    reset = max(1, math.ceil(window + 1 - now))
    return RateDecision(allowed=count <= limit, limit=limit,
                        remaining=max(0, limit - count), reset_seconds=reset)
