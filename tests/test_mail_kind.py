"""A failure notice's e-mail as a target kind (`hookline.delivery.kinds.mail`), against a real
SMTP server on loopback (aiosmtpd): what an attempt sends, and how each failure is told."""

from __future__ import annotations

import asyncio
import json
from functools import partial

from hookline.delivery.kinds.mail import MailSender
from hookline.delivery.model import Outgoing
from hookline.smtp import smtp_target
from hookline.statuses import ErrorType
from tests.support.procs import free_port
from tests.support.smtp import SmtpSink

BODY = json.dumps({"subject": "Payly: webhooks to https://a.example are failing",
                   "text": "plain", "html": "<p>rich</p>",
                   "headers": {"List-Unsubscribe": "<https://u.example/x>"}}).encode()


def outgoing(body: bytes = BODY, to: str = "ops@acme.com") -> Outgoing:
    return Outgoing(url=f"mailto:{to}", msg_id="evt_1", body=body,
                    content_type="application/json", custom_headers={}, secrets=[],
                    require_https=False)


def test_an_attempt_is_one_message_to_the_address() -> None:
    sink = SmtpSink()
    try:
        result = asyncio.run(MailSender(partial(smtp_target, sink.url), "n@hookline.test",
                                        5).send(outgoing(), "evt_1"))
        assert result.succeeded and result.error_type is None
        [mail] = sink.wait_for("ops@acme.com")
        assert mail.text.strip() == "plain" and mail.mail_from == "n@hookline.test"
        assert mail.message["List-Unsubscribe"] == "<https://u.example/x>"
    finally:
        sink.stop()


def test_each_failure_is_told_and_none_raises() -> None:
    closed = f"smtp://127.0.0.1:{free_port()}"
    for smtp, body, error in [
        ("", BODY, ErrorType.MAIL_REFUSED),  # no HOOKLINE_SMTP_URL
        (closed, BODY, ErrorType.CONNECTION),  # nothing listening
        (closed, b"not a notice", ErrorType.MAIL_REFUSED),
    ]:
        sender = MailSender(partial(smtp_target, smtp), "n@hookline.test", 2)
        result = asyncio.run(sender.send(outgoing(body), "evt_1"))
        assert not result.succeeded and result.error_type == error, (smtp, body, result)
        assert result.status_code is None and result.error_message
