"""Issue 5: silence alerts. A Source that receives nothing for silenceAlertMinutes e-mails
every address once per silent period, through a real SMTP server; a message ends the period;
0 turns alerts off; an SMTP outage is recorded on the Source, blocks nothing, and the alert
goes out once the server is back. Elapsed time is simulated by moving timestamps back."""

from __future__ import annotations

import asyncio
import time
import uuid
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import update
from sqlmodel import Session
from temporalio.client import Client
from temporalio.service import RPCError

from hookline.contracts import WORKFLOW_SILENCE_CHECK
from hookline.persistence.models import Source
from hookline.scheduling.schedules import silence_schedule, silence_schedule_id
from hookline.settings import Settings
from hookline.timeutil import utcnow
from tests.support.api import ok
from tests.support.receiver import Receiver
from tests.support.smtp import SmtpSink
from tests.support.stack import Stack, Tenant, module_stack
from tests.test_cron_sources import get, wait_source
from tests.test_sources import make_source, post_in

# Checks every 2 s (the default is 1 min): the alerts are minutes, simulated by backdating.
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


def silence_check(stack: Stack) -> tuple[bool, str, int]:
    """The silence check's Schedule, as Temporal holds it: paused, its note, and how many
    workflows it has started."""
    queue = stack.env["HOOKLINE_TASK_QUEUE"]

    async def read() -> tuple[bool, str, int]:
        client = await Client.connect(stack.temporal_address)
        found = await client.get_schedule_handle(silence_schedule_id(queue)).describe()
        runs = await client.count_workflows(
            f"WorkflowType = '{WORKFLOW_SILENCE_CHECK}' AND TaskQueue = '{queue}'")
        return found.schedule.state.paused, found.schedule.state.note or "", runs.count

    deadline = time.monotonic() + 30
    while True:  # the worker creates it when it starts
        try:
            return asyncio.run(read())
        except RPCError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def test_the_check_runs_only_while_a_source_is_watched(stack: Stack, tenant: Tenant) -> None:
    """First in the module: its stack's database has no watched Source yet."""
    paused, note, runs = silence_check(stack)
    assert paused and "no Source is watched" in note
    time.sleep(5)  # two and a half intervals: no run
    assert silence_check(stack)[::2] == (True, runs)

    quiet = watched(tenant, "watched-shop", 30, addresses(1))
    assert not silence_check(stack)[0]  # resumed by the change itself
    deadline = time.monotonic() + 20
    while silence_check(stack)[2] == runs:
        assert time.monotonic() < deadline, "no silence check ran while a Source was watched"
        time.sleep(0.5)
    ok(tenant.client.patch(f"/v1/ingest/sources/{quiet['id']}", json={"status": "disabled"}))
    assert silence_check(stack)[0]  # a disabled Source is not watched
    ok(tenant.client.patch(f"/v1/ingest/sources/{quiet['id']}", json={"status": "enabled"}))
    assert not silence_check(stack)[0]
    ok(tenant.client.patch(f"/v1/ingest/sources/{quiet['id']}",
                           json={"silenceAlertMinutes": 0}))
    assert silence_check(stack)[0]
    again = watched(tenant, "deleted-shop", 5, addresses(1))
    assert not silence_check(stack)[0]
    assert tenant.client.delete(f"/v1/ingest/sources/{again['id']}").status_code == 204
    assert silence_check(stack)[0]


def test_the_default_is_one_check_a_minute() -> None:
    schedule = silence_schedule(Settings(), watched=True)
    assert [i.every for i in schedule.spec.intervals] == [timedelta(minutes=1)]


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
