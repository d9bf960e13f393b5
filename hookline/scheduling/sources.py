"""Cron Sources in the database as their Schedules see them: what each Schedule should be,
the next run time read back from Temporal, and whether any Source is watched for silence
(without one the silence check's Schedule is paused). The Temporal side is `schedules`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import update
from sqlmodel import Session, col, select

from hookline.persistence.models import Source
from hookline.timeutil import aware


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


# A watched Source: alerts on, somewhere to send them, and enabled.
WATCHED = (col(Source.silence_alert_minutes) > 0, col(Source.alert_emails).is_not(None),
           col(Source.status) == "enabled")


def any_watched(session: Session) -> bool:
    """Whether any Source of any environment is watched: without one, the silence check's
    Schedule is paused (`schedules.sync_silence`)."""
    return session.exec(select(Source.id).where(*WATCHED).limit(1)).first() is not None
