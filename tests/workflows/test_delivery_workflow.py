"""DeliveryWorkflow's logic on the time-skipping server, with the attempt activity replaced by
a script of outcomes: the schedule, Retry-After, the gate's waits, the window, the retry and
cancel signals, the status attribute, and an unrecorded outcome that is stored, never resent.
Real attempts on the full stack pin the same behaviours end to end (tests/test_delivery*.py)."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest
from temporalio import activity
from temporalio.client import WorkflowHandle
from temporalio.exceptions import ApplicationError

from hookline.contracts import (
    SIGNAL_CANCEL,
    SIGNAL_RETRY,
    WORKFLOW_DELIVERY,
    AttemptInput,
    AttemptOutcome,
    AttemptResult,
    DeliveryInput,
    RecordInput,
    Unrecorded,
)
from hookline.temporal import STATUS
from tests.support.timeskip import TimeSkipping, lasted, timers
from workflows.delivery import DeliveryWorkflow

HOUR = 3600.0
FAILED = AttemptResult(succeeded=False, status_code=500, response_body="no",
                       error_type="http_error", error_message="HTTP 500", duration_ms=3)


class Script:
    """The attempt activities, replaced: each attempt answers the next outcome of the script
    and keeps what it was asked; `record_attempt` fails `record_failures` times first."""

    def __init__(self, *outcomes: AttemptOutcome, record_failures: int = 0) -> None:
        self.outcomes = list(outcomes)
        self.asked: list[AttemptInput] = []
        self.records: list[RecordInput] = []
        self.record_failures = record_failures

    @activity.defn(name="attempt_delivery")
    async def attempt(self, data: AttemptInput) -> AttemptOutcome:
        self.asked.append(data)
        return self.outcomes.pop(0)

    @activity.defn(name="record_attempt")
    async def record(self, data: RecordInput) -> AttemptOutcome:
        self.records.append(data)
        if len(self.records) <= self.record_failures:
            raise ApplicationError("the database did not answer", type="Unrecorded")
        return AttemptOutcome(status="retrying", attempted=True)


def outcome(status: str, **fields: object) -> AttemptOutcome:
    return AttemptOutcome(status=status, attempted=True, **fields)  # type: ignore[arg-type]


def deliver(ts: TimeSkipping, script: Script, delays: list[float],
            window_end: float | None = None) -> tuple[str, list[float], float]:
    """Run one Delivery to its end; returns its status, its timers, and the time it took on
    the server's clock."""
    async def scenario() -> tuple[str, list[float], float]:
        async with ts.worker([DeliveryWorkflow], [script.attempt, script.record]) as worker:
            handle = await ts.env.client.start_workflow(
                WORKFLOW_DELIVERY, DeliveryInput(delivery_id=f"dlv_{uuid.uuid4().hex}",
                                                 delays=delays, window_end=window_end),
                id=f"delivery-{uuid.uuid4().hex}", task_queue=worker.task_queue,
                result_type=str)
            status = await handle.result()
            took = await lasted(handle)
            return status, await timers(handle), took
    return ts.run(scenario())


def test_failures_follow_the_schedule_and_the_last_attempt_knows_it_is_last(
        time_skipping: TimeSkipping) -> None:
    script = Script(outcome("retrying"), outcome("retrying"), outcome("exhausted"))
    status, waited, took = deliver(time_skipping, script, [60.0, HOUR])
    assert status == "exhausted"
    assert waited == [60.0, HOUR]
    assert [a.next_delay for a in script.asked] == [60.0, HOUR, None]
    assert {a.longest_delay for a in script.asked} == {HOUR}
    assert took == pytest.approx(60 + HOUR, abs=5)


def test_a_retry_after_moves_the_next_attempt_off_the_schedule(
        time_skipping: TimeSkipping) -> None:
    script = Script(outcome("retrying", next_delay=7.0), outcome("delivered"))
    status, waited, _ = deliver(time_skipping, script, [60.0, HOUR])
    assert (status, waited) == ("delivered", [7.0])


def test_a_gate_refusal_waits_and_asks_again_without_spending_an_attempt(
        time_skipping: TimeSkipping) -> None:
    busy = AttemptOutcome(status="retrying", attempted=False, wait=2.5)
    script = Script(busy, busy, outcome("retrying"), outcome("delivered"))
    status, waited, _ = deliver(time_skipping, script, [60.0, HOUR])
    assert status == "delivered"
    assert waited == [2.5, 2.5, 60.0]
    # The refused asks were the first attempt's: it was still told the schedule's first wait.
    assert [a.next_delay for a in script.asked] == [60.0, 60.0, 60.0, HOUR]


def test_the_window_end_reaches_every_attempt(time_skipping: TimeSkipping) -> None:
    script = Script(outcome("retrying"), outcome("exhausted"))
    deliver(time_skipping, script, [60.0], window_end=1_900_000_000.0)
    assert {a.window_end for a in script.asked} == {1_900_000_000.0}


def test_without_a_schedule_one_attempt_is_the_last(time_skipping: TimeSkipping) -> None:
    script = Script(outcome("exhausted"))
    status, waited, _ = deliver(time_skipping, script, [])
    assert (status, waited, script.asked[0].next_delay) == ("exhausted", [], None)


def test_a_final_status_ends_the_delivery_whatever_the_schedule_left(
        time_skipping: TimeSkipping) -> None:
    for final in ("delivered", "exhausted", "cancelled"):
        script = Script(outcome(final))
        assert deliver(time_skipping, script, [60.0, HOUR])[:2] == (final, [])


def _signalled(ts: TimeSkipping, script: Script, signal: str) -> tuple[str, float, str]:
    """A Delivery waiting an hour for its second attempt, signalled once its first is done:
    its status, the time it took on the server's clock, and its status attribute."""
    async def scenario() -> tuple[str, float, str]:
        async with ts.worker([DeliveryWorkflow], [script.attempt, script.record]) as worker:
            handle = await ts.env.client.start_workflow(
                WORKFLOW_DELIVERY, DeliveryInput(delivery_id=f"dlv_{uuid.uuid4().hex}",
                                                 delays=[HOUR, HOUR]),
                id=f"delivery-{uuid.uuid4().hex}", task_queue=worker.task_queue,
                result_type=str)
            while not script.asked:  # time stands still until the test waits on the result
                await asyncio.sleep(0.05)
            await handle.signal(signal)
            status = await handle.result()
            took = await lasted(handle)
            described = await handle.describe()
            return status, took, str(described.typed_search_attributes.get(STATUS))
    return ts.run(scenario())


def test_the_retry_signal_attempts_at_once_instead_of_waiting(
        time_skipping: TimeSkipping) -> None:
    script = Script(outcome("retrying"), outcome("delivered"))
    status, took, attribute = _signalled(time_skipping, script, SIGNAL_RETRY)
    assert (status, attribute, len(script.asked)) == ("delivered", "delivered", 2)
    assert took < 60


def test_the_cancel_signal_wakes_it_to_find_its_row_cancelled(
        time_skipping: TimeSkipping) -> None:
    # The row is the truth: the next attempt reads it cancelled and sends nothing.
    script = Script(outcome("retrying"), AttemptOutcome(status="cancelled", attempted=False))
    status, took, attribute = _signalled(time_skipping, script, SIGNAL_CANCEL)
    assert (status, attribute) == ("cancelled", "cancelled")
    assert took < 60


def test_the_status_attribute_follows_each_attempt(time_skipping: TimeSkipping) -> None:
    seen: list[str] = []

    async def scenario() -> None:
        script = Script(outcome("retrying"), outcome("retrying"), outcome("exhausted"))
        async with time_skipping.worker([DeliveryWorkflow],
                                        [script.attempt, script.record]) as worker:
            handle = await time_skipping.env.client.start_workflow(
                WORKFLOW_DELIVERY, DeliveryInput(delivery_id=f"dlv_{uuid.uuid4().hex}",
                                                 delays=[HOUR, HOUR]),
                id=f"delivery-{uuid.uuid4().hex}", task_queue=worker.task_queue,
                result_type=str)
            for count in (1, 2):
                while len(script.asked) < count:
                    await asyncio.sleep(0.05)
                await _settled(handle)
                seen.append(str((await handle.describe()).typed_search_attributes.get(STATUS)))
                await handle.signal(SIGNAL_RETRY)
            await handle.result()
            seen.append(str((await handle.describe()).typed_search_attributes.get(STATUS)))
    time_skipping.run(scenario())
    assert seen == ["retrying", "retrying", "exhausted"]


async def _settled(handle: WorkflowHandle[Any, Any]) -> None:
    """Until the workflow task that ran the attempt is complete (its upsert is in history)."""
    for _ in range(200):
        history = await handle.fetch_history()
        if any(e.HasField("timer_started_event_attributes") for e in history.events[-3:]):
            return
        await asyncio.sleep(0.05)


def test_an_unrecorded_outcome_is_stored_by_record_attempt_and_never_sent_again(
        time_skipping: TimeSkipping) -> None:
    kept = Unrecorded(result=FAILED, target_id="ep_x", clean=False, seen_limit=None, slow=False)
    sent_not_stored = AttemptOutcome(status="processing", attempted=True, unrecorded=kept)
    # The database stays away through two tries of the record: INFRA_RETRY asks again.
    script = Script(sent_not_stored, outcome("delivered"), record_failures=2)
    status, waited, _ = deliver(time_skipping, script, [60.0])
    assert status == "delivered"
    assert len(script.asked) == 2  # the first request was not sent again before its wait
    assert [r.unrecorded for r in script.records] == [kept, kept, kept]
    assert {r.attempt for r in script.records} == {script.asked[0]}
    assert waited == [60.0]  # the stored outcome's schedule goes on
