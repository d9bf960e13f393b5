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
from types import ModuleType
from typing import Any

from sqlmodel import Session, col

from hookline.delivery import gate
from hookline.persistence import queries
from hookline.persistence.models import Delivery

DAY = 86400.0


@dataclass(frozen=True)
class Owner:
    """What a Delivery belongs to: its table's queries (`expired`, `delete_ids`) and the
    Delivery's column that names it."""

    kind: str
    queries: ModuleType
    column: Any


OWNERS = (Owner("events", queries.events, col(Delivery.event_id)),
          Owner("messages", queries.messages, col(Delivery.message_id)))


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
    rows = queries.accounts.retention_rows(session)
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
    # Locked (on PostgreSQL; SQLite's writer holds the database) so that a manual retry or a
    # replay waits for this transaction instead of changing a unit it is deleting.
    ids = owner.queries.expired(session, env_id, after, cutoff, limit)
    if not ids:
        return Tally(), None
    kept = queries.deliveries.live_owners(session, owner.column, ids, cutoff)
    gone = [i for i in ids if i not in kept]
    tally = Tally()
    if gone:
        doomed = queries.deliveries.of_owners(owner.column, gone)
        tally.attempts = queries.attempts.delete_of_deliveries(session, doomed)
        gate.drop_leases(session, doomed)
        tally.deliveries = queries.deliveries.delete_of_owners(session, owner.column, gone)
        setattr(tally, owner.kind, owner.queries.delete_ids(session, gone))
    return tally, (ids[-1] if len(ids) == limit else None)
