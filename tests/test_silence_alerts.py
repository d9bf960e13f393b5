"""Issue 5: silence alerts. A Source that receives nothing for silenceAlertMinutes e-mails
every address once per silent period, through a real SMTP server; a message ends the period;
0 turns alerts off; an SMTP outage is recorded on the Source, blocks nothing, and the alert
goes out once the server is back. Elapsed time is simulated by moving timestamps back."""

from __future__ import annotations

import time
import uuid
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import update
from sqlmodel import Session

from hookline.models import Source
from hookline.timeutil import utcnow
from tests.support.api import ok
from tests.support.receiver import Receiver
from tests.support.smtp import SmtpSink
from tests.support.stack import Stack, Tenant, module_stack
from tests.test_cron_sources import get, wait_source
from tests.test_sources import make_source, post_in

# Checks every 2 s (the default is 30 s): the alerts are minutes, simulated by backdating.
stack = module_stack(HOOKLINE_SILENCE_CHECK_INTERVAL="2s")


def addresses(count: int) -> list[str]:
    tag = uuid.uuid4().hex[:10]
    return [f"ops{i}-{tag}@example.com" for i in range(count)]


def watched(tenant: Tenant, name: str, minutes: int, emails: list[str]) -> dict[str, Any]:
    return make_source(tenant, name, silenceAlertMinutes=minutes, alertEmails=",".join(emails))


def backdate(stack: Stack, source: dict[str, Any], field: str, minutes: int) -> None:
    """Pretend `field` (created_at or last_message_at) happened `minutes` ago."""
    with Session(stack.engine) as session:
        session.execute(update(Source).where(Source.id == source["id"])
                        .values({field: utcnow() - timedelta(minutes=minutes)}))
        session.commit()


@pytest.mark.cluster
def test_one_alert_per_silent_period_to_every_address(stack: Stack, tenant: Tenant,
                                                      smtp_sink: SmtpSink) -> None:
    first, second = addresses(2)
    source = watched(tenant, "quiet-shop", 30, [first, second])
    time.sleep(2.5)  # a few checks (every second): not silent for 30 minutes yet
    assert smtp_sink.to(first) == []

    backdate(stack, source, "created_at", 90)  # created and never used: silent since then
    [mail] = smtp_sink.wait_for(first)
    assert smtp_sink.to(second) == [mail] and set(mail.recipients) == {first, second}
    assert "quiet-shop" in mail.subject and "1 h 30 min" in mail.subject
    assert "Last message: never" in mail.body and "quiet-shop" in mail.body
    time.sleep(3)  # more checks, same period: no second e-mail
    assert len(smtp_sink.to(first)) == 1
    alerted = get(tenant, source)
    assert alerted["lastAlertAt"] is not None and alerted["lastAlertError"] is None

    assert post_in(source["url"]).status_code == 202  # a message ends the period
    backdate(stack, source, "last_message_at", 5)
    time.sleep(2.5)
    assert len(smtp_sink.to(first)) == 1  # silent 5 minutes of 30: nothing yet
    backdate(stack, source, "last_message_at", 45)
    mails = smtp_sink.wait_for(second, 2)
    assert "45 min" in mails[1].subject
    assert "Last message: never" not in mails[1].body
    assert get(tenant, source)["lastMessageAt"][:16] in mails[1].body  # its time, to the minute


def test_zero_minutes_sends_nothing(stack: Stack, tenant: Tenant, smtp_sink: SmtpSink) -> None:
    off, on = addresses(2)
    quiet = watched(tenant, "alerts-off", 0, [off])
    control = watched(tenant, "alerts-on", 1, [on])
    backdate(stack, quiet, "created_at", 60 * 24)
    backdate(stack, control, "created_at", 60 * 24)
    smtp_sink.wait_for(on)  # the checks run; the one with 0 minutes stays silent
    time.sleep(2)
    assert smtp_sink.to(off) == []
    assert get(tenant, quiet)["lastAlertAt"] is None


def test_smtp_outage_is_recorded_and_retried(stack: Stack, tenant: Tenant, receiver: Receiver,
                                             smtp_sink: SmtpSink) -> None:
    [address] = addresses(1)
    source = watched(tenant, "down-mail", 10, [address])
    busy = make_source(tenant, "busy-shop")
    ok(tenant.client.post(f"/v1/ingest/sources/{busy['id']}/destinations",
                          json={"url": receiver.url("/ok/busy")}), 201)
    smtp_sink.stop()
    try:
        backdate(stack, source, "created_at", 11)
        failed = wait_source(tenant, source, lambda s: bool(s["lastAlertError"]),
                             "the SMTP failure was not recorded", timeout=30)
        assert "refused" in failed["lastAlertError"].lower()
        assert failed["lastAlertAt"] is not None
        started = time.monotonic()  # ingestion does not wait for mail
        assert post_in(busy["url"]).status_code == 202
        assert time.monotonic() - started < 5
        receiver.wait(1, "/ok/busy")
    finally:
        smtp_sink.start()
    smtp_sink.wait_for(address, timeout=40)
    recovered = wait_source(tenant, source, lambda s: s["lastAlertError"] is None,
                            "the error was not cleared", timeout=20)
    assert recovered["lastAlertAt"] is not None
    time.sleep(2)
    assert len(smtp_sink.to(address)) == 1
