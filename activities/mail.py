"""E-mail: the silence check activity finds silent Sources and sends their alert through
the instance's SMTP server (`hookline.smtp`)."""

from __future__ import annotations

import asyncio
import smtplib
from datetime import datetime

from temporalio import activity
from temporalio.exceptions import ApplicationError

from hookline.contracts import SilenceCheckOutcome
from hookline.persistence.db import committed, session_scope
from hookline.services import alerts
from hookline.services.alerts import Alert
from hookline.settings import Settings
from hookline.smtp import Mail, send_mail, smtp_of
from hookline.timeutil import utcnow

HEARTBEAT_EVERY = 5.0  # the workflow's heartbeat timeout notices a lost worker from this


def _due(now: datetime) -> list[Alert]:
    with session_scope() as session:
        return alerts.due_alerts(session, now)


def _record(alert: Alert, now: datetime, sent: bool, error: str | None) -> None:
    with session_scope() as session:
        committed(session, alerts.record_outcome, alert, now, sent=sent, error=error)


async def _heartbeat() -> None:
    while True:
        activity.heartbeat()
        await asyncio.sleep(HEARTBEAT_EVERY)


class AlertActivities:
    def __init__(self, settings: Settings) -> None:
        """InvalidSettings when HOOKLINE_SMTP_URL_FILE cannot be read."""
        self.smtp = smtp_of(settings)
        self.sender = settings.alert_from

    def _send(self, alert: Alert, now: datetime) -> tuple[bool, str | None]:
        """(sent, error) for one alert; never raises."""
        subject, body = alerts.compose(alert, now)
        try:
            refused = send_mail(self.smtp(), self.sender, alert.emails, Mail(subject, body))
        except (OSError, smtplib.SMTPException, ValueError) as exc:
            return False, f"{type(exc).__name__}: {exc}"
        return True, (f"refused by the SMTP server: {', '.join(refused)}" if refused else None)

    @activity.defn(name="check_silence")
    async def check_silence(self) -> SilenceCheckOutcome:
        """Alert every Source that is due. Failures are recorded on their Source and make the
        activity fail, so it is retried (and the next check tries again as well)."""
        now = utcnow()
        beating = asyncio.create_task(_heartbeat())
        try:
            due = await asyncio.to_thread(_due, now)
            failed = 0
            for alert in due:
                sent, error = await asyncio.to_thread(self._send, alert, now)
                await asyncio.to_thread(_record, alert, now, sent, error)
                if not sent:
                    failed += 1
                    activity.logger.warning("silence alert for %s failed: %s",
                                            alert.source_id, error)
        finally:
            beating.cancel()
        if failed:
            raise ApplicationError(f"{failed} of {len(due)} silence alerts could not be sent")
        return SilenceCheckOutcome(sent=len(due))
