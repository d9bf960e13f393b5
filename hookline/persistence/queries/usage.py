"""Every statement on the metering tables: `usage_counters` (events published per
organization and month, the plan's quota) and `rate_windows` (requests per organization and
second, shared by every API process)."""

from __future__ import annotations

from sqlalchemy import text
from sqlmodel import Session

_COUNT_EVENT = text(
    "INSERT INTO usage_counters (org_id, period, events) VALUES (:org, :period, 1) "
    "ON CONFLICT (org_id, period) DO UPDATE SET events = usage_counters.events + 1 "
    "RETURNING events"
)
_LEASE = text(
    "INSERT INTO rate_windows (org_id, epoch_second, count) VALUES (:org, :window, :n) "
    "ON CONFLICT (org_id, epoch_second) DO UPDATE SET count = rate_windows.count + :n "
    "RETURNING count"
)
_PRUNE = text("DELETE FROM rate_windows WHERE org_id = :org AND epoch_second < :before")


def count_event(session: Session, org_id: str, period: str) -> int:
    """One more event in the organization's month (`YYYY-MM`); the count now."""
    return int(session.execute(_COUNT_EVENT, {"org": org_id, "period": period}).scalar_one())


def lease_requests(session: Session, org_id: str, window: int, n: int) -> int:
    """`n` more requests in the organization's second; the shared count now."""
    return int(session.execute(_LEASE, {"org": org_id, "window": window, "n": n}).scalar_one())


def prune_windows(session: Session, org_id: str, before: int) -> None:
    session.execute(_PRUNE, {"org": org_id, "before": before})
