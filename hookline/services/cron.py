"""Cron Sources in the database: what their Schedule should be, the runs they make, and the
next run time read back from Temporal. The Temporal side is hookline/schedules.py."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import update
from sqlmodel import Session, col, select

from hookline.ids import new_id
from hookline.models import Message, Source
from hookline.services import ingest
from hookline.timeutil import aware, utcnow


@dataclass(frozen=True)
class CronState:
    """A cron Source as its Schedule sees it."""

    source_id: str
    expression: str | None
    timezone: str
    enabled: bool
    next_run_at: datetime | None

    @property
    def scheduled(self) -> bool:
        """Only a Source with an expression has a Schedule."""
        return self.expression is not None


def _state(source: Source) -> CronState:
    return CronState(source_id=source.id, expression=source.cron_expression,
                     timezone=source.cron_timezone or "UTC",
                     enabled=source.status == "enabled",
                     next_run_at=aware(source.next_run_at) if source.next_run_at else None)


def cron_state(session: Session, source_id: str) -> CronState | None:
    """None when the Source does not exist (any more) or is not a cron Source."""
    source = session.get(Source, source_id)
    if source is None or source.type != "cron":
        return None
    return _state(source)


def scheduled_states(session: Session) -> list[CronState]:
    """Every cron Source that should have a Schedule (enabled or paused)."""
    return [_state(s) for s in session.exec(select(Source).where(
        Source.type == "cron", col(Source.cron_expression).is_not(None))
        .order_by(col(Source.id))).all()]


def set_next_run(session: Session, source_id: str, when: datetime | None) -> None:
    """Store the next run time Temporal reported (no-op when the Source is gone)."""
    session.execute(update(Source).where(col(Source.id) == source_id)
                    .values(next_run_at=when))
    session.commit()


def record_run(session: Session, source_id: str, run_key: str, run_at: datetime,
               schedule: list[float]) -> str | None:
    """Store one run's Message (like an ingested one, verification `skipped`) with its
    pending Deliveries and their starts in the outbox, and commit; returns the Message id.
    None when the Source is gone, or when a run was already recorded under `run_key` (a
    retried activity): no run is recorded twice."""
    source = session.get(Source, source_id)
    if source is None or source.type != "cron":
        return None
    if session.exec(select(Message.id).where(Message.source_id == source_id,
                                             Message.provider_event_id == run_key)).first():
        return None
    body = (source.cron_payload or "{}").encode()
    message = Message(id=new_id("msg"), environment_id=source.environment_id,
                      source_id=source.id, method="POST", content_type="application/json",
                      body=body, body_bytes=len(body), headers={},
                      provider_event_id=run_key, verification="skipped")
    session.add(message)
    # A disabled Source stores what it makes but forwards nothing (a manual trigger).
    if source.status == "enabled":
        ingest.fan_out(session, message, schedule, source.name)
    source.last_run_at = run_at
    source.last_message_at = utcnow()
    session.add(source)
    session.commit()
    return message.id
