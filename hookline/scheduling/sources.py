"""Cron Sources in the database as their Schedules see them: what each Schedule should be,
the next run time read back from Temporal, and whether any Source is watched for silence
(without one the silence check's Schedule is paused). The Temporal side is `schedules`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session

from hookline.persistence import queries
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
    return [_state(s) for s in queries.sources.scheduled(session)]


def set_next_run(session: Session, source_id: str, when: datetime | None) -> None:
    """Store the next run time Temporal reported (no-op when the Source is gone)."""
    queries.sources.set_next_run(session, source_id, when)
    session.commit()


def any_watched(session: Session) -> bool:
    """Whether any Source of any environment is watched: without one, the silence check's
    Schedule is paused (`schedules.sync_silence`)."""
    return queries.sources.any_watched(session)
