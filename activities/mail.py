"""E-mail: the silence check activity finds silent Sources and sends their alert over SMTP
(smtplib, in a thread). HOOKLINE_SMTP_URL is `smtp://[user:password@]host[:port]`
(STARTTLS when the server offers it and a login is given) or `smtps://...` (TLS)."""

from __future__ import annotations

import asyncio
import smtplib
from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from functools import partial
from urllib.parse import unquote, urlsplit

from temporalio import activity
from temporalio.exceptions import ApplicationError

from hookline.contracts import SilenceCheckOutcome
from hookline.persistence.db import committed, session_scope
from hookline.secret_files import WatchedFile
from hookline.services import alerts
from hookline.services.alerts import Alert
from hookline.settings import Settings
from hookline.timeutil import utcnow

SMTP_TIMEOUT = 15.0
HEARTBEAT_EVERY = 5.0  # the workflow's heartbeat timeout notices a lost worker from this


@dataclass(frozen=True)
class SmtpTarget:
    host: str
    port: int
    tls: bool
    username: str | None = None
    password: str | None = None


def smtp_target(url: str) -> SmtpTarget:
    if not url.strip():
        raise ValueError("HOOKLINE_SMTP_URL is not set; alert e-mail cannot be sent")
    parts = urlsplit(url.strip())
    if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
        raise ValueError("HOOKLINE_SMTP_URL must look like smtp://host:port or smtps://host")
    tls = parts.scheme == "smtps"
    return SmtpTarget(host=parts.hostname, port=parts.port or (465 if tls else 25), tls=tls,
                      username=unquote(parts.username) if parts.username else None,
                      password=unquote(parts.password) if parts.password else None)


def send_mail(target: SmtpTarget, sender: str, recipients: list[str], subject: str,
              body: str) -> list[str]:
    """One message to every recipient in one SMTP transaction; returns the refused ones.
    Raises when nobody could be reached."""
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, ", ".join(recipients), subject
    message["Date"] = formatdate(usegmt=True)
    message["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2] or None)
    message.set_content(body)
    client = smtplib.SMTP_SSL if target.tls else smtplib.SMTP
    with client(target.host, target.port, timeout=SMTP_TIMEOUT) as smtp:
        if target.username:
            smtp.ehlo()
            if not target.tls and smtp.has_extn("starttls"):
                smtp.starttls()
                smtp.ehlo()
            smtp.login(target.username, target.password or "")
        refused = smtp.send_message(message, to_addrs=recipients)
    return sorted(refused)


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
        # A mounted Secret's file is read again when it rotates: the next alert logs in
        # with the new credentials.
        if settings.smtp_url_file:
            self.smtp = WatchedFile("HOOKLINE_SMTP_URL_FILE", settings.smtp_url_file,
                                    smtp_target).current
        else:
            self.smtp = partial(smtp_target, settings.smtp_url)
        self.sender = settings.alert_from

    def _send(self, alert: Alert, now: datetime) -> tuple[bool, str | None]:
        """(sent, error) for one alert; never raises."""
        subject, body = alerts.compose(alert, now)
        try:
            refused = send_mail(self.smtp(), self.sender, alert.emails, subject, body)
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
