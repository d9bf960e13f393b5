"""Failure notices' e-mail as a kind of target (`kinds.Kind`): a hidden endpoint whose URL is
`mailto:<address>` (`services/notice_channels`; no tenant's endpoint may have one) is sent
its notice through the instance's SMTP server (`hookline.smtp`). The body is the notice's
`{"subject", "text", "html", "headers"}`; an attempt is one SMTP transaction, in a thread
of the kind's own, within the attempt's time."""

from __future__ import annotations

import asyncio
import json
import smtplib
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from hookline.contracts import AttemptResult
from hookline.delivery.kinds import confirmed, failed
from hookline.delivery.model import Outgoing
from hookline.smtp import Mail, SmtpTarget, send_mail
from hookline.statuses import ErrorType
from hookline.target_kinds import MAIL_PREFIX


def mail_of(body: bytes) -> Mail:
    """A notice's stored e-mail; ValueError when it is not one."""
    data = json.loads(body)
    if not isinstance(data, dict) or not isinstance(data.get("subject"), str) \
            or not isinstance(data.get("text"), str):
        raise ValueError("not a notice's e-mail")
    headers = tuple((str(k), str(v)) for k, v in (data.get("headers") or {}).items())
    return Mail(subject=data["subject"], text=data["text"], html=data.get("html"),
                headers=headers)


# Threads of their own: a slow mail server holds these, never the default executor that the
# relay and the reconciler share.
MAIL_THREADS = 4


class MailSender:
    def __init__(self, smtp: Callable[[], SmtpTarget], sender: str, timeout: float) -> None:
        self.smtp, self.sender, self.timeout = smtp, sender, timeout
        self.threads = ThreadPoolExecutor(MAIL_THREADS, thread_name_prefix="mail")

    async def send(self, out: Outgoing, msg_id: str) -> AttemptResult:
        started = time.monotonic()
        recipient = out.url.removeprefix(MAIL_PREFIX)
        try:
            mail, target = mail_of(out.body), self.smtp()
            # smtplib's timeout is each socket operation's: the whole attempt has one too.
            # A send abandoned so may still complete in its thread: a retry may then send
            # the e-mail twice (at least once, as every Delivery).
            async with asyncio.timeout(self.timeout):
                refused = await asyncio.get_running_loop().run_in_executor(
                    self.threads, send_mail, target, self.sender, [recipient], mail,
                    self.timeout)
        except TimeoutError:
            return failed(ErrorType.TIMEOUT, f"the SMTP server did not answer within "
                           f"{self.timeout:g} s", started)
        except smtplib.SMTPServerDisconnected as exc:
            return failed(ErrorType.CONNECTION, f"SMTP: {exc}", started)
        except (smtplib.SMTPException, ValueError) as exc:
            return failed(ErrorType.MAIL_REFUSED, f"SMTP: {exc}", started)
        except OSError as exc:
            return failed(ErrorType.CONNECTION, f"SMTP server unreachable: {exc}", started)
        if refused:
            return failed(ErrorType.MAIL_REFUSED, f"SMTP refused {recipient}", started)
        return confirmed(started)

    async def aclose(self) -> None:
        self.threads.shutdown(wait=False, cancel_futures=True)

