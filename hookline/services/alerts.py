"""Silence alerts: which Sources have received nothing for their `silenceAlertMinutes`, what
the e-mail says, and the outcome recorded on the Source.

A silent period starts at the Source's last message (or its creation, if it never received
one) and ends with the next message. One alert is sent per period: `alerted_period_start`
holds the start of the period the last alert went out for. The e-mail itself is sent by
activities/mail.py."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlmodel import Session

from hookline.persistence import queries
from hookline.persistence.models import Source
from hookline.services import operational
from hookline.timeutil import aware, iso

BATCH = 100  # alerts per check; the rest go out at the next one
ERROR_LIMIT = 500


@dataclass(frozen=True)
class Alert:
    source_id: str
    source_name: str
    environment: str
    minutes: int
    period_start: datetime
    last_message_at: datetime | None
    emails: list[str]


def period_start(source: Source) -> datetime:
    return aware(source.last_message_at or source.created_at)


def _is_due(source: Source, now: datetime) -> bool:
    start = period_start(source)
    if now - start < timedelta(minutes=source.silence_alert_minutes or 0):
        return False
    return source.alerted_period_start is None or aware(source.alerted_period_start) != start


def due_alerts(session: Session, now: datetime) -> list[Alert]:
    """Enabled Sources silent for at least their threshold whose current period has not
    been alerted yet. A disabled Source is not watched."""
    rows = queries.sources.watched(session)
    alerts = [Alert(source_id=s.id, source_name=s.name, environment=env,
                    minutes=s.silence_alert_minutes or 0, period_start=period_start(s),
                    last_message_at=aware(s.last_message_at) if s.last_message_at else None,
                    emails=[a for a in (s.alert_emails or "").split(",") if a])
              for s, env in rows if _is_due(s, now)]
    return alerts[:BATCH]


def record_outcome(session: Session, alert: Alert, now: datetime, *, sent: bool,
                   error: str | None) -> None:
    """`sent`: the period counts as alerted (even if some addresses were refused, which
    `error` then names). Not sent: the next check tries again."""
    values: dict[str, object] = {"last_alert_at": now,
                                 "last_alert_error": error[:ERROR_LIMIT] if error else None}
    if sent:
        values["alerted_period_start"] = alert.period_start
        if (source := session.get(Source, alert.source_id)) is not None:
            operational.emit(session, source.environment_id, "source.silent", {
                "sourceId": source.id, "name": source.name,
                "silenceAlertMinutes": alert.minutes, "silentSince": iso(alert.period_start),
                "lastMessageAt": iso(alert.last_message_at)})
    queries.sources.set_alert(session, alert.source_id, values)


def duration_text(delta: timedelta) -> str:
    """'45 min', '2 h 5 min', '3 d 4 h'."""
    minutes = int(delta.total_seconds() // 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    if days:
        return f"{days} d {hours} h" if hours else f"{days} d"
    if hours:
        return f"{hours} h {mins} min" if mins else f"{hours} h"
    return f"{mins} min"


def compose(alert: Alert, now: datetime) -> tuple[str, str]:
    """The e-mail's subject and plain-text body."""
    silent = duration_text(now - alert.period_start)
    last = iso(alert.last_message_at) if alert.last_message_at else "never"
    subject = f"[Hookline] Source \"{alert.source_name}\" has received nothing for {silent}"
    body = "\n".join([
        f"The source \"{alert.source_name}\" ({alert.source_id}) in environment "
        f"\"{alert.environment}\" has received no message for {silent}.",
        "",
        f"Last message: {last}",
        f"Silent since: {iso(alert.period_start)}",
        f"Alert threshold: {alert.minutes} minutes",
        "",
        "This is the only alert for this silent period; the next message the source",
        "receives ends it. Set silenceAlertMinutes to 0 on the source to stop alerts.",
    ])
    return subject, body
