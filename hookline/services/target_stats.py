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

import sqlalchemy as sa
from sqlmodel import Session

from hookline.delivery import targets
from hookline.delivery.targets import Target
from hookline.ids import first_id_at
from hookline.persistence.models import Attempt, Delivery, table_of
from hookline.services.explorer import ID_SLACK
from hookline.timeutil import aware

_D, _A = table_of(Delivery), table_of(Attempt)
# What receivers answered: an attempt never sent (`circuit_open`) is not among them.
OUTCOMES = ("2xx", "3xx", "4xx", "5xx", "timeout", "connection", "dns", "tls", "blocked")
_OUTCOME = sa.case(
    *((_A.c.status_code.between(c * 100, c * 100 + 99), f"{c}xx") for c in (2, 3, 4, 5)),
    (_A.c.error_type == "blocked_url", "blocked"),
    else_=_A.c.error_type)


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


def stats(session: Session, target: Target, since: datetime) -> TargetStats:
    since = aware(since)
    target_column = _D.c[target.DELIVERY_COLUMN]
    deliveries = dict(session.execute(
        sa.select(_D.c.status, sa.func.count()).where(
            target_column == target.id, *_window(_D, "dlv", since)).group_by(_D.c.status)
    ).tuples().all())
    window = (_A.c.target_id == target.id, *_window(_A, "att", since))
    outcome = _OUTCOME.label("outcome")
    attempts = {str(k): int(v) for k, v in session.execute(
        sa.select(outcome, sa.func.count()).where(*window).group_by(outcome)).tuples()}
    total = sum(attempts.values())
    succeeded = int(session.execute(sa.select(sa.func.count()).where(
        *window, _A.c.status == "succeeded")).scalar_one())
    last_success = _last(session, target.id, "succeeded")
    last_failure = _last(session, target.id, "failed")
    after_success = (_A.c.id > last_success.id,) if last_success is not None else ()
    consecutive = int(session.execute(sa.select(sa.func.count()).where(
        _A.c.target_id == target.id, *after_success)).scalar_one())
    status = target.status
    return TargetStats(
        since=since, deliveries={k: int(v) for k, v in deliveries.items()},
        attempts={k: attempts.get(k, 0) for k in OUTCOMES},
        success_rate=round(succeeded / total, 4) if total else None,
        duration_p50_ms=_percentile(session, window, total, 0.5),
        duration_p95_ms=_percentile(session, window, total, 0.95),
        last_success_at=last_success.created_at if last_success is not None else None,
        last_failure=None if last_failure is None else {
            "at": last_failure.created_at, "statusCode": last_failure.status_code,
            "errorType": last_failure.error_type,
            "errorMessage": last_failure.error_message},
        consecutive_failures=consecutive, status=status,
        disabled_reason=targets.DISABLED_REASONS.get(status))


def _window(table: sa.Table, prefix: str, since: datetime) -> tuple[Any, ...]:
    return (table.c.id >= first_id_at(prefix, since.timestamp() - ID_SLACK),
            table.c.created_at >= since)


def _percentile(session: Session, window: tuple[Any, ...], total: int, share: float
                ) -> int | None:
    """The nearest-rank percentile of the attempts' durations: the database sorts and
    skips to that one row."""
    if not total:
        return None
    found = session.execute(sa.select(_A.c.duration_ms).where(*window)
                            .order_by(_A.c.duration_ms)
                            .offset(int(share * (total - 1))).limit(1)).scalar()
    return None if found is None else int(found)


def _last(session: Session, target_id: str, status: str) -> Any:
    return session.execute(sa.select(_A).where(_A.c.target_id == target_id,
                                               _A.c.status == status)
                           .order_by(_A.c.id.desc()).limit(1)).first()
