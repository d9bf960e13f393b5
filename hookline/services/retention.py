"""Retention: events and messages older than their environment's retention are deleted with
their Deliveries and attempts, once nothing more can happen to them.

The unit is an Event (or a Message) with its Deliveries and their attempts, deleted together
in one transaction, and only when it was created before the cutoff and each of its Deliveries
is terminal (delivered, exhausted, cancelled) and last changed before the cutoff too. So a
Delivery still pending, retrying, waiting in the outbox or retried by hand within the
retention keeps its whole unit, and a pass stopped anywhere (kill -9) has deleted whole units
only. Each environment is walked in id order (ids are time-ordered) from a cursor, a batch
per transaction, so a pass resumes where it stopped and never reads a kept row twice.

An environment's `retentionDays` overrides HOOKLINE_RETENTION; a hidden operational
environment follows the environment it belongs to."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, or_, select
from sqlmodel import Session, col

from hookline.contracts import FINAL_STATUSES
from hookline.ids import first_id_at
from hookline.persistence.models import Attempt, AttemptLease, Delivery, Environment, Event, Message

DAY = 86400.0


@dataclass(frozen=True)
class Owner:
    """What a Delivery belongs to: its table, its ids' prefix and the Delivery's column."""

    kind: str
    model: Any
    prefix: str
    column: Any


OWNERS = (Owner("events", Event, "evt", col(Delivery.event_id)),
          Owner("messages", Message, "msg", col(Delivery.message_id)))


@dataclass
class Tally:
    events: int = 0
    messages: int = 0
    deliveries: int = 0
    attempts: int = 0

    def add(self, other: Tally) -> None:
        self.events += other.events
        self.messages += other.messages
        self.deliveries += other.deliveries
        self.attempts += other.attempts


def kept_seconds(days: int | None, default_seconds: float) -> float | None:
    """How long an environment with this `retentionDays` keeps its data; None: for ever."""
    seconds = days * DAY if days is not None else default_seconds
    return seconds if seconds > 0 else None


def cutoffs(session: Session, default_seconds: float, now: datetime) -> dict[str, datetime]:
    """Each environment's cutoff: what was created before it may go. Environments that keep
    everything (HOOKLINE_RETENTION 0 and no `retentionDays`) are left out."""
    rows = session.execute(select(col(Environment.id), col(Environment.retention_days),
                                  col(Environment.operational_of))).all()
    own = {env_id: days for env_id, days, _ in rows}
    found: dict[str, datetime] = {}
    for env_id, days, parent in rows:
        if days is None and parent is not None:
            days = own.get(parent)
        seconds = kept_seconds(days, default_seconds)
        if seconds is not None:
            found[env_id] = now - timedelta(seconds=seconds)
    return found


def purge_batch(session: Session, owner: Owner, env_id: str, cutoff: datetime, after: str,
                limit: int) -> tuple[Tally, str | None]:
    """One transaction: the next `limit` events or messages of the environment after the id
    `after` that were created before `cutoff`, each deleted with its Deliveries and attempts
    unless one of its Deliveries may still change. Returns what went, and the id to go on
    after (None: the environment has no more)."""
    model = owner.model
    # Locked (on PostgreSQL; SQLite's writer holds the database) so that a manual retry or a
    # replay waits for this transaction instead of changing a unit it is deleting.
    ids = list(session.execute(
        select(model.id).where(model.environment_id == env_id, model.id > after,
                               model.id < first_id_at(owner.prefix, cutoff.timestamp()),
                               model.created_at < cutoff)
        .order_by(model.id).limit(limit).with_for_update()).scalars())
    if not ids:
        return Tally(), None
    rows = session.execute(
        select(col(Delivery.id), owner.column,
               or_(col(Delivery.status).not_in(FINAL_STATUSES),
                   col(Delivery.updated_at) >= cutoff).label("live"))
        .where(owner.column.in_(ids)).with_for_update()).all()
    kept = {row[1] for row in rows if row.live}
    gone = [i for i in ids if i not in kept]
    deliveries = select(col(Delivery.id)).where(owner.column.in_(gone))
    tally = Tally()
    if gone:
        tally.attempts = _deleted(session, delete(Attempt).where(
            col(Attempt.delivery_id).in_(deliveries)))
        _deleted(session, delete(AttemptLease).where(
            col(AttemptLease.delivery_id).in_(deliveries)))
        tally.deliveries = _deleted(session, delete(Delivery).where(owner.column.in_(gone)))
        setattr(tally, owner.kind, _deleted(session, delete(model).where(model.id.in_(gone))))
    return tally, (ids[-1] if len(ids) == limit else None)


def _deleted(session: Session, statement: Any) -> int:
    done = session.execute(statement.execution_options(synchronize_session=False))
    return int(done.rowcount)  # type: ignore[attr-defined]

