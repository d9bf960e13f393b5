"""Every statement on `events`: publish's INSERT and its Idempotency-Key, the API's list,
erasure of a Consumer's payloads, and retention's expired units."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy import bindparam, exists
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, col, select

from hookline.ids import first_id_at
from hookline.persistence.models import Delivery, Event, table_of
from hookline.timeutil import end_of

_BY_KEY = select(Event).where(col(Event.environment_id) == bindparam("env"),
                              col(Event.idempotency_key) == bindparam("key"))
_INSERT = sa.insert(table_of(Event))


@dataclass(frozen=True)
class EventFilter:
    type: str | None = None
    consumer: str | None = None  # the externalId the events were published to
    consumer_id: str | None = None
    status: str | None = None  # of one of its Deliveries
    since: datetime | None = None
    until: datetime | None = None


def insert(session: Session, row: dict[str, Any]) -> None:
    session.execute(_INSERT, row)


def insert_unless_held(session: Session, row: dict[str, Any]) -> bool:
    """Inserts an Event with an Idempotency-Key unless another Event of its environment
    holds the key (True: inserted). No error, so no savepoint to recover from one: the
    batch's writes run together (`persistence.batches`)."""
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    events = table_of(Event)
    statement = dialect.insert(events).values(row).on_conflict_do_nothing(
        index_elements=["environment_id", "idempotency_key"]).returning(events.c.id)
    # RETURNING, not the row count: psycopg's counts the row ON CONFLICT skipped.
    return session.execute(statement).first() is not None


def by_key(session: Session, env_id: str, key: str) -> Event | None:
    return session.scalars(_BY_KEY, {"env": env_id, "key": key}).first()


def of_consumer(session: Session, consumer_id: str, ref: str) -> Event | None:
    """One Consumer's Event by its id or else its Idempotency-Key (Svix's `eventId`): a key
    that happens to be another Event's id never stands for that Event."""
    found = session.scalars(select(Event).where(col(Event.consumer_id) == consumer_id,
                                                col(Event.id) == ref)).first()
    return found or session.scalars(select(Event).where(
        col(Event.consumer_id) == consumer_id, col(Event.idempotency_key) == ref)).first()


def page_of_consumer(session: Session, consumer_id: str, after: str | None, limit: int, *,
                     ascending: bool, channel: str | None, types: list[str] | None,
                     before: datetime | None, since: datetime | None) -> list[Event]:
    """limit + 1 of one Consumer's Events past `after` in id order (the ids' time order),
    those carrying `channel` (a name of `[a-zA-Z0-9._-]`, so its quoted form is found in
    the JSON list as it is) and of `types`, published in (since, before)."""
    order = col(Event.id).asc() if ascending else col(Event.id).desc()
    query = select(Event).where(col(Event.consumer_id) == consumer_id)
    if after is not None:
        query = query.where(col(Event.id) > after if ascending else col(Event.id) < after)
    if channel is not None:
        query = query.where(sa.cast(col(Event.channels), sa.Text).contains(
            f'"{channel}"', autoescape=True))
    if types:
        query = query.where(col(Event.type).in_(types))
    if before is not None:
        query = query.where(col(Event.created_at) < before)
    if since is not None:
        query = query.where(col(Event.created_at) > since)
    return list(session.exec(query.order_by(order).limit(limit + 1)))


def release_key(session: Session, env_id: str, key: str, older_than: datetime) -> None:
    """Free an Idempotency-Key its Event holds since before `older_than`."""
    # No synchronizing of Events loaded in the session: evaluating this criterion in Python
    # compares SQLite's naive `created_at` with an aware time (a TypeError, a 500).
    session.execute(sa.update(Event).where(
        col(Event.environment_id) == env_id, col(Event.idempotency_key) == key,
        col(Event.created_at) < older_than).values(idempotency_key=None)
        .execution_options(synchronize_session=False))


def search(session: Session, env_id: str, filters: EventFilter, after: str | None,
           limit: int) -> list[Event]:
    """Newest first; limit+1 rows for the pager."""
    query = select(Event).where(Event.environment_id == env_id)
    if filters.type:
        query = query.where(Event.type == filters.type)
    if filters.consumer:
        query = query.where(Event.consumer_external_id == filters.consumer)
    if filters.consumer_id:
        query = query.where(Event.consumer_id == filters.consumer_id)
    if filters.since:
        query = query.where(col(Event.created_at) >= filters.since)
    if filters.until:
        query = query.where(col(Event.created_at) < end_of(filters.until))
    if filters.status:
        query = query.where(exists().where(col(Delivery.event_id) == col(Event.id),
                                           col(Delivery.status) == filters.status))
    if after:
        query = query.where(col(Event.id) < after)
    return list(session.exec(query.order_by(col(Event.id).desc()).limit(limit + 1)).all())


def erase_of_consumer(session: Session, env_id: str, consumer_id: str) -> int:
    """Erase the payload of every Event of a Consumer; how many were erased."""
    erased = session.execute(sa.update(Event).where(
        col(Event.environment_id) == env_id, col(Event.consumer_id) == consumer_id,
        col(Event.payload_erased).is_(False)).values(payload="", payload_erased=True)
        .execution_options(synchronize_session=False))
    return int(erased.rowcount)  # type: ignore[attr-defined]


def expired(session: Session, env_id: str, after: str, cutoff: datetime, limit: int
            ) -> list[str]:
    """The environment's next Events after id `after` created before `cutoff`, in id order,
    locked (PostgreSQL) so that a manual retry or replay waits for retention's delete."""
    ids = col(Event.id)
    return list(session.execute(
        sa.select(ids).where(col(Event.environment_id) == env_id, ids > after,
                             ids < first_id_at("evt", cutoff.timestamp()),
                             col(Event.created_at) < cutoff)
        .order_by(ids).limit(limit).with_for_update()).scalars())


def delete_ids(session: Session, event_ids: list[str]) -> int:
    done = session.execute(sa.delete(Event).where(col(Event.id).in_(event_ids))
                           .execution_options(synchronize_session=False))
    return int(done.rowcount)  # type: ignore[attr-defined]
