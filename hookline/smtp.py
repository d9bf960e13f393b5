"""The instance's SMTP server (HOOKLINE_SMTP_URL, or HOOKLINE_SMTP_URL_FILE read again when
it rotates): `smtp://[user:password@]host[:port]` (STARTTLS when the server offers it and a
login is given) or `smtps://...` (TLS). Silence alerts (`activities/mail`) and failure
notices (`delivery/kinds/mail`) go through it, with smtplib in a thread."""

from __future__ import annotations

import smtplib
from collections.abc import Callable
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from functools import partial
from urllib.parse import unquote, urlsplit

from hookline.secret_files import WatchedFile
from hookline.settings import Settings

SMTP_TIMEOUT = 15.0


@dataclass(frozen=True)
class SmtpTarget:
    host: str
    port: int
    tls: bool
    username: str | None = None
    password: str | None = None


def smtp_target(url: str) -> SmtpTarget:
    if not url.strip():
        raise ValueError("HOOKLINE_SMTP_URL is not set; e-mail cannot be sent")
    parts = urlsplit(url.strip())
    if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
        raise ValueError("HOOKLINE_SMTP_URL must look like smtp://host:port or smtps://host")
    tls = parts.scheme == "smtps"
    return SmtpTarget(host=parts.hostname, port=parts.port or (465 if tls else 25), tls=tls,
                      username=unquote(parts.username) if parts.username else None,
                      password=unquote(parts.password) if parts.password else None)


def smtp_of(settings: Settings) -> Callable[[], SmtpTarget]:
    """The server to use now. InvalidSettings when HOOKLINE_SMTP_URL_FILE cannot be read."""
    if settings.smtp_url_file:
        # A mounted Secret's file is read again when it rotates: the next e-mail logs in
        # with the new credentials.
        return WatchedFile("HOOKLINE_SMTP_URL_FILE", settings.smtp_url_file,
                           smtp_target).current
    return partial(smtp_target, settings.smtp_url)


@dataclass(frozen=True)
class Mail:
    subject: str
    text: str
    html: str | None = None
    headers: tuple[tuple[str, str], ...] = ()


def send_mail(target: SmtpTarget, sender: str, recipients: list[str], mail: Mail,
              timeout: float = SMTP_TIMEOUT) -> list[str]:
    """One message to every recipient in one SMTP transaction; returns the refused ones.
    Raises when nobody could be reached."""
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, ", ".join(recipients), \
        mail.subject
    message["Date"] = formatdate(usegmt=True)
    message["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2] or None)
    for name, value in mail.headers:
        message[name] = value
    message.set_content(mail.text)
    if mail.html is not None:
        message.add_alternative(mail.html, subtype="html")
    client = smtplib.SMTP_SSL if target.tls else smtplib.SMTP
    with client(target.host, target.port, timeout=timeout) as smtp:
        if target.username:
            smtp.ehlo()
            if not target.tls and smtp.has_extn("starttls"):
                smtp.starttls()
                smtp.ehlo()
            smtp.login(target.username, target.password or "")
        refused = smtp.send_message(message, to_addrs=recipients)
    return sorted(refused)
