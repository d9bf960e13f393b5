"""An endpoint's or destination's health at a glance: its Deliveries by status and its
attempts by outcome since a time, success rate, attempt duration percentiles, last success
and last failure, the failures since the last success, and whether it is disabled.

All of it is counted by the database over the target's own index ranges (`(endpoint_id,
id)`, `(destination_id, id)`, `(target_id, id)`; ids sort by creation), never by loading
rows: a few aggregate queries, and one row each for the percentiles and the last outcomes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session

from hookline.delivery import targets
from hookline.delivery.targets import Target
from hookline.persistence import queries
from hookline.persistence.queries.attempts import OUTCOMES
from hookline.statuses import AttemptStatus
from hookline.timeutil import aware


@dataclass(frozen=True)
class TargetStats:
    since: datetime
    deliveries: dict[str, int]
    attempts: dict[str, int]
    success_rate: float | None  # succeeded attempts / attempts, since `since`
    duration_p50_ms: int | None
    duration_p95_ms: int | None
    last_success_at: datetime | None  # ever, not only since `since`
    last_failure: dict[str, Any] | None
    consecutive_failures: int  # attempts since the last success
    status: str
    disabled_reason: str | None  # automatic | manual


def deliveries_by_status(session: Session, target: Target, since: datetime,
                         until: datetime | None = None) -> dict[str, int]:
    """Its Deliveries created in [since, until), by status (those it has)."""
    return queries.deliveries.counts_by_status(session, target.DELIVERY_COLUMN, target.id,
                                               aware(since), until and aware(until))


def stats(session: Session, target: Target, since: datetime) -> TargetStats:
    since = aware(since)
    found = queries.attempts.by_outcome(session, target.id, since)
    total = sum(found.values())
    succeeded = queries.attempts.succeeded_since(session, target.id, since)
    last_success = queries.attempts.last(session, target.id, AttemptStatus.SUCCEEDED)
    last_failure = queries.attempts.last(session, target.id, AttemptStatus.FAILED)
    consecutive = queries.attempts.count_after(
        session, target.id, last_success.id if last_success is not None else None)
    status = target.status
    return TargetStats(
        since=since,
        deliveries=deliveries_by_status(session, target, since),
        attempts={k: found.get(k, 0) for k in OUTCOMES},
        success_rate=round(succeeded / total, 4) if total else None,
        duration_p50_ms=_percentile(session, target.id, since, total, 0.5),
        duration_p95_ms=_percentile(session, target.id, since, total, 0.95),
        last_success_at=last_success.created_at if last_success is not None else None,
        last_failure=None if last_failure is None else {
            "at": last_failure.created_at, "statusCode": last_failure.status_code,
            "errorType": last_failure.error_type,
            "errorMessage": last_failure.error_message},
        consecutive_failures=consecutive, status=status,
        disabled_reason=targets.DISABLED_REASONS.get(status))


def _percentile(session: Session, target_id: str, since: datetime, total: int, share: float
                ) -> int | None:
    """The nearest-rank percentile of the attempts' durations."""
    if not total:
        return None
    return queries.attempts.duration_at(session, target_id, since, int(share * (total - 1)))
