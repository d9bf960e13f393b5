"""Every statement on the `attempts` table: the engine's INSERT of an outcome, a Delivery's
attempts, the explorer's attempts to one target, a target's health figures and the deletes
of retention and of a Source. Svix's lists are the Svix layer's (`api/svix/queries.py`)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, select

from hookline.persistence.models import Attempt, Delivery, table_of
from hookline.persistence.queries.explorer import Filter, newest_first, since_window
from hookline.statuses import AttemptStatus, ErrorType

_A = table_of(Attempt)
_INSERT = _A.insert()
# What receivers answered: an attempt never sent (`circuit_open`) is not among them.
OUTCOMES = ("2xx", "3xx", "4xx", "5xx", ErrorType.TIMEOUT, ErrorType.CONNECTION, ErrorType.DNS,
            ErrorType.TLS, "blocked")
_OUTCOME = sa.case(
    *((_A.c.status_code.between(c * 100, c * 100 + 99), f"{c}xx") for c in (2, 3, 4, 5)),
    (_A.c.error_type == ErrorType.BLOCKED_URL.value, "blocked"),
    else_=_A.c.error_type).label("outcome")


def insert(session: Session, row: dict[str, Any] | list[dict[str, Any]]) -> None:
    """One attempt's row, or many in one statement."""
    session.execute(_INSERT, row)


def of_delivery(session: Session, delivery_id: str, after: int | None, limit: int
                ) -> list[Attempt]:
    """A Delivery's attempts in order; limit+1 rows for the pager."""
    query = select(Attempt).where(Attempt.delivery_id == delivery_id)
    if after is not None:
        query = query.where(col(Attempt.attempt) > after)
    return list(session.exec(query.order_by(col(Attempt.attempt), col(Attempt.id))
                             .limit(limit + 1)).all())


def search(session: Session, target_id: str, found: Filter, before: str | None, limit: int
           ) -> list[Attempt]:
    """The explorer's page of the attempts to one endpoint or destination, newest first."""
    query = select(Attempt).where(Attempt.target_id == target_id)
    if found.status:
        query = query.where(Attempt.status == found.status)
    if found.error_type:
        query = query.where(Attempt.error_type == found.error_type)
    if found.response:
        code = found.response.code
        low, high = (code, code) if code else (found.response.status_class * 100,
                                               found.response.status_class * 100 + 99)
        query = query.where(col(Attempt.status_code).between(low, high))
    return newest_first(session, query, Attempt, "att", found, before, limit)


def by_id(session: Session, attempt_id: str) -> Attempt | None:
    return session.get(Attempt, attempt_id)


def of_event(session: Session, event_id: str, attempt_id: str) -> Attempt | None:
    """One attempt of an Event's Deliveries: another Event's is as good as missing."""
    return session.exec(select(Attempt).join(
        Delivery, col(Delivery.id) == col(Attempt.delivery_id)).where(
        Attempt.id == attempt_id, Delivery.event_id == event_id)).first()


def _since(target_id: str, since: datetime) -> tuple[Any, ...]:
    """A target's attempts created since `since`, over its own index range."""
    return (_A.c.target_id == target_id, *since_window(_A, "att", since))


def by_outcome(session: Session, target_id: str, since: datetime) -> dict[str, int]:
    return {str(k): int(v) for k, v in session.execute(
        sa.select(_OUTCOME, sa.func.count()).where(*_since(target_id, since))
        .group_by(_OUTCOME)).tuples()}


def succeeded_since(session: Session, target_id: str, since: datetime) -> int:
    return _count(session, *_since(target_id, since), _A.c.status == AttemptStatus.SUCCEEDED.value)


def count_after(session: Session, target_id: str, attempt_id: str | None) -> int:
    """A target's attempts after this one (all of them for None)."""
    after = (_A.c.id > attempt_id,) if attempt_id is not None else ()
    return _count(session, _A.c.target_id == target_id, *after)


def last_run_error(session: Session, target_id: str) -> str | None:
    """The errorType of the target's latest attempt that the breaker let run (None: it
    succeeded, or there is none)."""
    found = last_run(session, target_id)
    return found[0] if found else None


def last_run(session: Session, target_id: str) -> tuple[str | None, int | None] | None:
    """(errorType, statusCode) of the target's latest attempt that the breaker let run;
    None when there is none."""
    row = session.execute(sa.select(_A.c.error_type, _A.c.status_code).where(
        _A.c.target_id == target_id,
        sa.or_(_A.c.error_type.is_(None), _A.c.error_type != ErrorType.CIRCUIT_OPEN.value))
        .order_by(_A.c.id.desc()).limit(1)).first()
    return (row[0], row[1]) if row else None


def _count(session: Session, *where: Any) -> int:
    return int(session.execute(sa.select(sa.func.count()).select_from(_A).where(*where))
               .scalar_one())


def duration_at(session: Session, target_id: str, since: datetime, rank: int) -> int | None:
    """The duration of a target's attempt since `since` at this rank (0-based) by duration:
    the database sorts and skips to that one row."""
    found = session.execute(sa.select(_A.c.duration_ms).where(*_since(target_id, since))
                            .order_by(_A.c.duration_ms).offset(rank).limit(1)).scalar()
    return None if found is None else int(found)


def last(session: Session, target_id: str, status: str) -> Any:
    return session.execute(sa.select(_A).where(_A.c.target_id == target_id,
                                               _A.c.status == status)
                           .order_by(_A.c.id.desc()).limit(1)).first()


def delete_of_deliveries(session: Session, delivery_ids: Any) -> int:
    """Delete the attempts of these Deliveries (ids, or a subquery of them)."""
    done = session.execute(sa.delete(Attempt).where(col(Attempt.delivery_id).in_(delivery_ids))
                           .execution_options(synchronize_session=False))
    return int(done.rowcount)  # type: ignore[attr-defined]
