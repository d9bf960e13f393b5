"""Every statement of a polling endpoint's pulls (`services/polling`): who holds its token,
a page of its Deliveries in id order, and a commit's moves (its Deliveries `delivered`, its
cursor forward)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy import bindparam
from sqlmodel import Session

from hookline.persistence.models import Delivery, Endpoint, Environment, Event, Plan, table_of
from hookline.statuses import DeliveryStatus

_D, _EV, _EP = table_of(Delivery), table_of(Event), table_of(Endpoint)
_ENV, _PLANS = table_of(Environment), table_of(Plan)

# The endpoint, its token and cursor, and its environment's plan: what a pull is
# authenticated and counted with.
_HOLDER = sa.select(
    _EP.c.id, _EP.c.url, _EP.c.status, _EP.c.poll_token, _EP.c.poll_cursor,
    _EP.c.environment_id, _EP.c.secret, _EP.c.previous_secret, _EP.c.previous_secret_expires_at,
    _EP.c.signature_headers, _ENV.c.kind, _ENV.c.org_id, _PLANS.c.rps, _PLANS.c.monthly_events,
).select_from(_EP.join(_ENV, _ENV.c.id == _EP.c.environment_id)
              .outerjoin(_PLANS, _PLANS.c.org_id == _ENV.c.org_id)).where(
    _EP.c.id == bindparam("endpoint"))
# Shown to the Consumer: waiting for its commit, or (after a seek back) delivered already.
_SHOWN = [DeliveryStatus.PENDING.value, DeliveryStatus.DELIVERED.value]
_PAGE = sa.select(
    _D.c.id, _D.c.status, _EV.c.id.label("event_id"), _EV.c.type.label("event_type"),
    _EV.c.payload, _EV.c.created_at,
).select_from(_D.join(_EV, _EV.c.id == _D.c.event_id)).where(
    _D.c.endpoint_id == bindparam("endpoint"), _D.c.id > bindparam("after"),
    _D.c.id < bindparam("before"), _D.c.status.in_(_SHOWN),
    _EV.c.payload_erased.is_(False)).order_by(_D.c.id).limit(bindparam("limit"))
_COVERED = sa.select(_D.c.id).where(
    _D.c.endpoint_id == bindparam("endpoint"), _D.c.id > bindparam("after"),
    _D.c.id <= bindparam("until"), _D.c.id < bindparam("before"),
    _D.c.status == DeliveryStatus.PENDING.value).order_by(_D.c.id).limit(bindparam("limit"))
_COMMIT = sa.update(_D).where(
    _D.c.id.in_(_COVERED.scalar_subquery()), _D.c.status == DeliveryStatus.PENDING.value,
).values(status=DeliveryStatus.DELIVERED.value, attempts=_D.c.attempts + 1,
         last_attempt_at=bindparam("now"), updated_at=bindparam("now"), next_attempt_at=None,
         last_status_code=None, last_status_class=None, last_error_type=None,
         last_duration_ms=0).returning(_D.c.id, _D.c.attempts)
_WAITING = sa.select(sa.func.count()).select_from(_D).where(
    _D.c.endpoint_id == bindparam("endpoint"), _D.c.status == DeliveryStatus.PENDING.value)
_LOCK = sa.select(_EP.c.poll_cursor).where(_EP.c.id == bindparam("endpoint"))
_MOVE_CURSOR = sa.update(_EP).where(_EP.c.id == bindparam("endpoint")).values(
    poll_cursor=bindparam("cursor"), updated_at=bindparam("now"))


def holder(session: Session, endpoint_id: str) -> Any:
    """The row `_HOLDER` reads, or None for no such endpoint."""
    return session.execute(_HOLDER, {"endpoint": endpoint_id}).first()


def page(session: Session, endpoint_id: str, after: str, before: str, limit: int
         ) -> list[Any]:
    """Its Deliveries shown to its Consumer with ids after `after` and before `before`,
    oldest first."""
    return list(session.execute(_PAGE, {"endpoint": endpoint_id, "after": after,
                                         "before": before, "limit": limit}))


# The oldest transaction under way but the reader's own (PostgreSQL): a Delivery made
# before it began is committed, or never will be. Its own role's sessions are visible to
# the role without pg_read_all_stats.
_OLDEST = sa.text(
    "SELECT min(xact_start) FROM pg_stat_activity WHERE datname = current_database() "
    "AND pid <> pg_backend_pid() AND xact_start IS NOT NULL")


def oldest_transaction(session: Session) -> datetime | None:
    """When the oldest transaction still under way began; None on SQLite, whose one writer
    at a time leaves none under way but a short write."""
    if session.get_bind().dialect.name != "postgresql":
        return None
    found = session.execute(_OLDEST).scalar()
    return found if isinstance(found, datetime) else None


def waiting(session: Session, endpoint_id: str) -> int:
    """Its Deliveries waiting for a commit (`ix_deliveries_endpoint_status`)."""
    return int(session.execute(_WAITING, {"endpoint": endpoint_id}).scalar_one())


def locked_cursor(session: Session, endpoint_id: str) -> str | None:
    """Its committed cursor, the row locked (PostgreSQL) until the caller's commit: commits
    of one endpoint take turns. SQLite's writer already holds the database."""
    query = _LOCK.with_for_update() if session.get_bind().dialect.name == "postgresql" \
        else _LOCK
    found = session.execute(query, {"endpoint": endpoint_id}).scalar()
    return str(found) if found is not None else None


def commit(session: Session, endpoint_id: str, after: str, until: str, before: str,
           now: datetime, limit: int) -> list[tuple[str, int]]:
    """Its first `limit` pending Deliveries with ids in (after, until] and before `before`
    become `delivered`, each with one more attempt; returns (id, attempt number) of each,
    in id order."""
    return sorted((str(row.id), int(row.attempts)) for row in session.execute(_COMMIT, {
        "endpoint": endpoint_id, "after": after, "until": until, "before": before,
        "now": now, "limit": limit}))


def move_cursor(session: Session, endpoint_id: str, cursor: str | None, now: datetime) -> None:
    session.execute(_MOVE_CURSOR, {"endpoint": endpoint_id, "cursor": cursor, "now": now})
