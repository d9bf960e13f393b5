"""Every statement on `sources`: ingestion's lookup by token, its lock and touch, the
verification alert's claim, the silence check's watch, cron Schedules' bookkeeping, and the
API's lists and counts, and the secret a handshake delivers; broker Sources' readers and
what they found."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy import bindparam, func
from sqlmodel import Session, col, select

from hookline.persistence.models import Environment, Plan, Source, table_of
from hookline.target_kinds import SOURCE_KINDS

_S = table_of(Source)
# Every post runs these: built once, with bound parameters.
_BY_TOKEN = select(Source).where(col(Source.token) == bindparam("token"))
_LOCK = select(Source.id).where(col(Source.id) == bindparam("source")).with_for_update()
_TOUCH = sa.update(_S).where(_S.c.id == bindparam("source")) \
    .values(last_message_at=bindparam("now"))
_ALERTABLE = sa.update(_S).where(
    _S.c.id == bindparam("source"),
    _S.c.verification_alerted_at.is_(None)
    | (_S.c.verification_alerted_at < bindparam("since"))).values(
    verification_alerted_at=bindparam("now"))
# A watched Source: alerts on, somewhere to send them, and enabled.
WATCHED = (col(Source.silence_alert_minutes) > 0, col(Source.alert_emails).is_not(None),
           col(Source.status) == "enabled")


def by_token(session: Session, source_token: str) -> Source | None:
    return session.scalars(_BY_TOKEN, {"token": source_token}).first()


def lock(session: Session, source_id: str) -> None:
    """Lock the Source's row (PostgreSQL; SQLite's writer holds the database anyway)."""
    session.execute(_LOCK, {"source": source_id}).one()


def touch(session: Session, source_id: str, now: datetime) -> None:
    session.execute(_TOUCH, {"source": source_id, "now": now})


def adopt_secret(session: Session, source_id: str, secret: str) -> None:
    """The secret a provider's handshake delivered, kept only where none is set yet (the
    UPDATE decides, so a handshake never replaces a secret the user set)."""
    session.execute(sa.update(_S).where(_S.c.id == source_id, _S.c.secret.is_(None))
                    .values(secret=secret))


def claim_verification_alert(session: Session, source_id: str, now: datetime,
                             since: datetime) -> bool:
    """Whether this process may send the Source's verification alert: none since `since`
    (the UPDATE decides, so two processes cannot both)."""
    claimed = session.execute(_ALERTABLE, {"source": source_id, "now": now, "since": since})
    return bool(claimed.rowcount)  # type: ignore[attr-defined]


def name_taken(session: Session, env_id: str, name: str, own_id: str | None) -> bool:
    query = select(Source.id).where(Source.environment_id == env_id, Source.name == name)
    if own_id is not None:
        query = query.where(Source.id != own_id)
    return session.exec(query).first() is not None


def count_in_org(session: Session, org_id: str) -> int:
    return session.exec(select(func.count()).select_from(Source).join(
        Environment, col(Environment.id) == col(Source.environment_id))
        .where(Environment.org_id == org_id)).one()


def by_name(session: Session, env_id: str, limit: int) -> list[Source]:
    """The environment's Sources by name."""
    # lower(): the same order on SQLite (binary) and PostgreSQL (locale collation).
    return list(session.exec(select(Source).where(Source.environment_id == env_id)
                             .order_by(func.lower(Source.name), col(Source.name), col(Source.id))
                             .limit(limit)).all())


def scheduled(session: Session) -> list[Source]:
    """Every cron Source with an expression, by id."""
    return list(session.exec(select(Source).where(
        Source.type == "cron", col(Source.cron_expression).is_not(None))
        .order_by(col(Source.id))).all())


def set_next_run(session: Session, source_id: str, when: datetime | None) -> None:
    session.execute(sa.update(Source).where(col(Source.id) == source_id)
                    .values(next_run_at=when))


def any_watched(session: Session) -> bool:
    return session.exec(select(Source.id).where(*WATCHED).limit(1)).first() is not None


def watched(session: Session) -> list[tuple[Source, str]]:
    """Every watched Source with its environment's name, by id."""
    return list(session.exec(
        select(Source, Environment.name)
        .join(Environment, col(Environment.id) == col(Source.environment_id))
        .where(*WATCHED).order_by(col(Source.id))).all())


def set_alert(session: Session, source_id: str, values: dict[str, Any]) -> None:
    """Store the silence check's last alert on the Source."""
    session.execute(sa.update(Source).where(col(Source.id) == source_id).values(**values))


def readers(session: Session) -> list[tuple[Source, Environment, Plan | None]]:
    """Every enabled broker Source, with its environment and its organization's plan, by
    id."""
    return list(session.exec(
        select(Source, Environment, Plan)
        .join(Environment, col(Environment.id) == col(Source.environment_id))
        .outerjoin(Plan, col(Plan.org_id) == col(Environment.org_id))
        .where(col(Source.type).in_(SOURCE_KINDS), Source.status == "enabled")
        .order_by(col(Source.id))).all())


def note_reading(session: Session, source_id: str, values: dict[str, Any]) -> None:
    """What a broker Source's reader found: its lag, its last error, its pause."""
    session.execute(sa.update(_S).where(_S.c.id == source_id).values(**values))
