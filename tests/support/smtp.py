"""A real SMTP server on loopback (aiosmtpd) that keeps every message it accepts. It can be
stopped and started again on the same port, like a mail server outage."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from email import message_from_bytes
from email.message import Message
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

from tests.support.procs import free_port


@dataclass(frozen=True)
class Mail:
    mail_from: str
    recipients: list[str]
    message: Message
    login: str | None = None  # the user it logged in as, if it did

    @property
    def subject(self) -> str:
        return str(self.message["Subject"])

    @property
    def text(self) -> str:
        """The plain text part, of a multipart message too."""
        for part in self.message.walk():
            if part.get_content_type() == "text/plain":
                payload = part.get_payload(decode=True)
                assert isinstance(payload, bytes)
                return payload.decode()
        raise AssertionError("no text/plain part")

    @property
    def body(self) -> str:
        payload = self.message.get_payload(decode=True)
        return payload.decode() if isinstance(payload, bytes) else str(payload)


class SmtpSink:
    """`logins` (user: password): AUTH offered, and those accepted (in the clear, as a relay
    on a private network may); none, no AUTH."""

    def __init__(self, logins: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.logins = logins
        self.mails: list[Mail] = []
        self._lock = threading.Condition()
        self._controller: Controller | None = None
        self.start()

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    def start(self) -> None:
        auth: dict[str, Any] = {} if self.logins is None else {
            "authenticator": self._authenticate, "auth_require_tls": False}
        self._controller = Controller(self, hostname="127.0.0.1", port=self.port, **auth)
        self._controller.start()

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()
            self._controller = None

    def _authenticate(self, _server: Any, _session: Any, _envelope: Any, _mechanism: str,
                      given: Any) -> AuthResult:
        user, password = given.login.decode(), given.password.decode()
        accepted = self.logins is not None and self.logins.get(user) == password
        return AuthResult(success=accepted, handled=False, auth_data=user if accepted else None)

    async def handle_DATA(self, _server: Any, session: Any, envelope: Any) -> str:
        mail = Mail(mail_from=envelope.mail_from, recipients=list(envelope.rcpt_tos),
                    message=message_from_bytes(envelope.original_content),
                    login=session.auth_data)
        with self._lock:
            self.mails.append(mail)
            self._lock.notify_all()
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list[Mail]:
        with self._lock:
            return [m for m in self.mails if address in m.recipients]

    def wait_for(self, address: str, count: int = 1, timeout: float = 30) -> list[Mail]:
        deadline = time.monotonic() + timeout
        with self._lock:
            while True:
                got = [m for m in self.mails if address in m.recipients]
                if len(got) >= count:
                    return got
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"{len(got)} of {count} mails to {address} arrived "
                                         f"within {timeout} s")
                self._lock.wait(left)
