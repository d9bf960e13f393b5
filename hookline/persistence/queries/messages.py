"""Every statement on `messages`: ingestion's INSERT and duplicate check, cron runs' key,
the API's list, a Source's delete and retention's expired units."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy import bindparam
from sqlmodel import Session, col, select

from hookline.ids import first_id_at
from hookline.persistence.models import Message, table_of

# Every post runs these: built once, with bound parameters.
_FIRST = select(Message.id).where(
    col(Message.source_id) == bindparam("source"),
    col(Message.provider_event_id) == bindparam("event_id"),
    col(Message.verification) != "failed", col(Message.created_at) >= bindparam("since"),
).order_by(col(Message.id)).limit(1)
_INSERT = sa.insert(table_of(Message))


def insert(session: Session, row: dict[str, object]) -> None:
    session.execute(_INSERT, row)


def first_verified(session: Session, source_id: str, event_id: str, since: datetime
                   ) -> str | None:
    """The first Message of the Source with this provider event id since `since` that did
    not fail verification."""
    return session.execute(_FIRST, {"source": source_id, "event_id": event_id,
                                    "since": since}).scalar()


def with_event_id(session: Session, source_id: str, event_id: str) -> str | None:
    return session.exec(select(Message.id).where(Message.source_id == source_id,
                                                 Message.provider_event_id == event_id)).first()


def page(session: Session, source_id: str, verification: str | None, after: str | None,
         limit: int) -> list[Message]:
    """Newest first (ids sort by arrival); limit+1 rows for the pager."""
    query = select(Message).where(Message.source_id == source_id)
    if verification is not None:
        query = query.where(Message.verification == verification)
    if after:
        query = query.where(col(Message.id) < after)
    return list(session.exec(query.order_by(col(Message.id).desc()).limit(limit + 1)).all())


def ids_of_source(source_id: str) -> sa.Select[Any]:
    """The ids of a Source's Messages, as a subquery."""
    return sa.select(col(Message.id)).where(col(Message.source_id) == source_id)


def delete_of_source(session: Session, source_id: str) -> None:
    session.execute(sa.delete(Message).where(col(Message.source_id) == source_id))


def expired(session: Session, env_id: str, after: str, cutoff: datetime, limit: int
            ) -> list[str]:
    """The environment's next Messages after id `after` received before `cutoff`, in id
    order, locked (PostgreSQL) so that a replay waits for retention's delete."""
    ids = col(Message.id)
    return list(session.execute(
        sa.select(ids).where(col(Message.environment_id) == env_id, ids > after,
                             ids < first_id_at("msg", cutoff.timestamp()),
                             col(Message.created_at) < cutoff)
        .order_by(ids).limit(limit).with_for_update()).scalars())


def delete_ids(session: Session, message_ids: list[str]) -> int:
    done = session.execute(sa.delete(Message).where(col(Message.id).in_(message_ids))
                           .execution_options(synchronize_session=False))
    return int(done.rowcount)  # type: ignore[attr-defined]
