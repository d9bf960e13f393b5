"""DeliveryWorkflow: attempt, wait the retry schedule on a durable timer, attempt again.

The database row is the Delivery's truth: the activity reads its status before sending, so
signals only wake the workflow early (`retry`: attempt now; `cancel`: find it cancelled).
When the target's gate admits no attempt (concurrency limit, open circuit, pause, throttle),
the workflow sleeps as long as the gate says and asks again; that is no attempt.

An open circuit may hold a Delivery until the end of its retry window (`window_end`), not
after: the attempt then ends it `exhausted` with an attempt recorded as `circuit_open`.

An attempt whose outcome the database did not take in the activity's time comes back
`unrecorded`: the outcome is then in this history (the local activity's marker), and
`record_attempt` stores it, retried until the database answers; nothing is sent again.

History is kept to the least on the happy path: one workflow task whose local activity
attempts and records, then completion. Every Delivery carries `HookDeliveryStatus`:
`pending` from its start request, then the status each attempt left it in (`retrying`,
then `delivered`, `exhausted` or `cancelled`), so the Temporal UI finds Deliveries by
status; the upsert of the happy path rides in the same workflow task as the completion.
"""

from __future__ import annotations

import contextlib

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    from hookline.contracts import (
        FINAL_STATUSES,
        SIGNAL_CANCEL,
        SIGNAL_RETRY,
        WORKFLOW_DELIVERY,
        AttemptInput,
        AttemptOutcome,
        DeliveryInput,
        RecordInput,
    )
    from hookline.temporal import STATUS
    from workflows.policies import ATTEMPT_TIMEOUT, INFRA_RETRY


# Outside the sandbox: this is the hot path (one run per Delivery), and it imports only
# frozen dataclasses and constants, so the sandbox's per-run module isolation buys nothing.
@workflow.defn(name=WORKFLOW_DELIVERY, sandboxed=False)
class DeliveryWorkflow:
    def __init__(self) -> None:
        self._wake = False

    @workflow.run
    async def run(self, data: DeliveryInput) -> str:
        index = 0
        longest = max(data.delays, default=None)
        while True:
            next_delay = data.delays[index] if index < len(data.delays) else None
            self._wake = False
            # A local activity: the attempt runs inside the workflow task, so the server
            # records one marker instead of scheduling, starting and completing a task.
            attempt = AttemptInput(delivery_id=data.delivery_id, next_delay=next_delay,
                                   longest_delay=longest, window_end=data.window_end,
                                   environment_id=data.environment_id)
            outcome: AttemptOutcome = await workflow.execute_local_activity(
                "attempt_delivery",
                attempt,
                result_type=AttemptOutcome,
                start_to_close_timeout=ATTEMPT_TIMEOUT,
                retry_policy=INFRA_RETRY,
                summary=f"attempt {index + 1}",
            )
            if outcome.unrecorded is not None:  # sent, but not stored: store it, never resend
                outcome = await workflow.execute_local_activity(
                    "record_attempt", RecordInput(attempt=attempt, unrecorded=outcome.unrecorded),
                    result_type=AttemptOutcome, start_to_close_timeout=ATTEMPT_TIMEOUT,
                    retry_policy=INFRA_RETRY, summary=f"record attempt {index + 1}")
            if outcome.wait is not None:
                await self._sleep(outcome.wait, "the target is busy, open or throttled")
                continue
            # After every attempt, as histories from before did after their first try (the
            # only ones that did not upsert then were delivered, and are closed).
            workflow.upsert_search_attributes([STATUS.value_set(outcome.status)])
            if outcome.status in FINAL_STATUSES or next_delay is None:
                return outcome.status
            delay = outcome.next_delay if outcome.next_delay is not None else next_delay
            await self._sleep(delay, f"retry {index + 2}")
            index += 1

    async def _sleep(self, seconds: float, summary: str) -> None:
        with contextlib.suppress(TimeoutError):  # the timer ran out: go on
            await workflow.wait_condition(lambda: self._wake, timeout=seconds,
                                          timeout_summary=summary)

    @workflow.signal(name=SIGNAL_RETRY)
    def retry(self) -> None:
        self._wake = True

    @workflow.signal(name=SIGNAL_CANCEL)
    def cancel(self) -> None:
        self._wake = True
