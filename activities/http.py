"""The attempt activity: one HTTP attempt of a Delivery, recorded in the same activity so a
Delivery costs one activity per attempt.

Once a request is answered, its outcome is never lost and the webhook never sent again for
want of a write: a database that does not answer (down, restarting, locked past its busy
timeout) is asked again with backoff, on this event loop's timers (no thread waits), until
the activity's time nearly runs out. Past that the activity returns the outcome itself
(`AttemptOutcome.unrecorded`), which the workflow keeps and stores with `record_attempt`,
an activity that sends nothing. Only a request whose answer nobody knows (the worker died
during it) may be sent again."""

from __future__ import annotations

import asyncio
import logging
import time
from datetime import datetime

from sqlalchemy.exc import InterfaceError, OperationalError
from temporalio import activity
from temporalio.client import Client
from temporalio.exceptions import ApplicationError

from hookline.contracts import AttemptInput, AttemptOutcome, RecordInput, Unrecorded
from hookline.delivery import attempts, gate
from hookline.delivery.attempts import AttemptResult, Outgoing, Recorded, Refused
from hookline.delivery.handoff import Handoff
from hookline.delivery.limit import Baselines
from hookline.delivery.outcomes import recorded_outcome
from hookline.delivery.sender import Sender
from hookline.delivery.shaping import shaped
from hookline.ids import target_kind
from hookline.observability import tracing
from hookline.persistence.db import session_scope
from hookline.services import operational
from hookline.timeutil import utcnow
from hookline.transform_pool import ExecutorPool
from hookline.transformations import Limits

log = logging.getLogger("hookline.attempts")

# Recording an outcome the database did not take: the first wait, the longest, and how long
# before the activity's own time runs out it hands the outcome to the workflow instead:
# more than one try can block (SQLite's 30 s busy timeout, PostgreSQL's 10 s connect
# timeout), so that a try begun before it still ends inside the activity's time.
RECORD_FIRST_WAIT = 0.2
RECORD_LONGEST_WAIT = 5.0
RECORD_MARGIN = 45.0


class DeliveryActivities:
    def __init__(self, sender: Sender, client: Client, limits: gate.Limits,
                 handoff: Handoff | None = None, baselines: Baselines | None = None,
                 transforms: ExecutorPool | None = None) -> None:
        self.sender = sender
        self.client = client
        self.limits = limits
        # Shared with this worker's relay: what it read for first attempts, and the wake-up
        # an attempt gives it when it frees a target's slot.
        self.handoff = handoff or Handoff()
        # Each target's usual attempt duration, which says when one is slow (`limit`).
        self.baselines = baselines or Baselines()
        # The targets' transformations: V8 executor processes, started on first use.
        self.transforms = transforms or ExecutorPool(Limits(1.0, 64 * 2**20))

    async def prepare(self, delivery_id: str) -> Outgoing | Refused | str:
        """A first attempt the relay just admitted is sent from what the relay read; any
        other reads the Delivery now (in a thread: the event loop never waits on SQLite)."""
        row = self.handoff.handed(delivery_id)
        if row is not None and (prepared := attempts.ready(row)) is not None:
            return prepared
        try:
            return await asyncio.to_thread(self._prepare, delivery_id)
        except attempts.ContentGone as exc:
            # The attempt's retry policy has no attempt limit: this error must end it.
            raise ApplicationError(str(exc), type="ContentGone", non_retryable=True) from exc

    def _prepare(self, delivery_id: str) -> Outgoing | Refused | str:
        with session_scope() as session:
            return attempts.prepare_attempt(session, delivery_id, self.limits)

    def _reserve(self, prepared: Outgoing) -> datetime:
        with session_scope() as session:
            send_at = gate.reserve_send(session, prepared.target_id,
                                        prepared.rate_limit or 1, utcnow())
            session.commit()
            return send_at

    def _cancel(self, delivery_id: str, prepared: Outgoing) -> str:
        with session_scope() as session:
            return attempts.cancel_unsent(session, delivery_id, target_kind(prepared.target_id))

    def _record(self, data: AttemptInput, kept: Unrecorded) -> Recorded:
        result = kept.result
        # The last attempt of a held Delivery's window is its last, whatever the schedule.
        next_delay = None if result == attempts.HELD_PAST_WINDOW else data.next_delay
        with session_scope() as session:
            return attempts.record_attempt(
                session, data.delivery_id, result, next_delay, self.limits, data.longest_delay,
                operational.notify, clean=kept.clean, seen_limit=kept.seen_limit,
                slow=kept.slow)

    @activity.defn(name="attempt_delivery")
    async def attempt_delivery(self, data: AttemptInput) -> AttemptOutcome:
        deadline = _deadline()
        if tracing.enabled():  # on the RunActivity span Temporal's interceptor made
            tracing.describe(delivery_id=data.delivery_id)
        prepared = await self.prepare(data.delivery_id)
        if isinstance(prepared, str):
            return AttemptOutcome(status=prepared, attempted=False)
        if isinstance(prepared, Refused):
            wait = attempts.waiting(prepared, data.window_end, time.time())
            if wait is not None:
                return AttemptOutcome(status=prepared.status, attempted=False, wait=wait)
            result, target_id, sent = attempts.HELD_PAST_WINDOW, prepared.target_id, None
            slow = False
        else:
            if prepared.transformation is not None:
                found = await asyncio.get_running_loop().run_in_executor(
                    self.transforms.executor, shaped, self.transforms, prepared)
                if found is None:  # the handler cancelled it: nothing is sent
                    status = await asyncio.to_thread(self._cancel, data.delivery_id, prepared)
                    self.handoff.slot_freed()
                    return AttemptOutcome(status=status, attempted=False)
                if isinstance(found, AttemptResult):  # the handler failed: nothing is sent
                    kept = unrecorded_of(found, prepared.target_id, prepared, slow=False)
                    return await self._outcome(data, kept, deadline)
                prepared = found
            if prepared.rate_limit:  # the throttle: this attempt's turn, a moment ahead
                send_at = await asyncio.to_thread(self._reserve, prepared)
                await asyncio.sleep(max(0.0, (send_at - utcnow()).total_seconds()))
            result = await self.sender.send(prepared)
            target_id, sent = prepared.target_id, prepared
            slow = result.succeeded and self.baselines.slow(target_id, result.duration_ms)
        return await self._outcome(data, unrecorded_of(result, target_id, sent, slow), deadline)

    @activity.defn(name="record_attempt")
    async def record_attempt(self, data: RecordInput) -> AttemptOutcome:
        """Store an attempt's outcome that `attempt_delivery` could not (the database did
        not answer in its time); sends nothing. Still failing near its own time, it fails,
        and the workflow's retry policy asks again."""
        outcome = await self._outcome(data.attempt, data.unrecorded, _deadline())
        if outcome.unrecorded is not None:
            raise ApplicationError("the database did not answer: the attempt's outcome is "
                                   "kept and recorded at the next try", type="Unrecorded")
        return outcome

    async def _outcome(self, data: AttemptInput, kept: Unrecorded, deadline: float
                       ) -> AttemptOutcome:
        """Record the outcome, asking a database that does not answer again until
        `deadline` (monotonic seconds); past it, the outcome as `unrecorded`."""
        wait = RECORD_FIRST_WAIT
        while True:
            try:
                recorded = await asyncio.to_thread(self._record, data, kept)
                break
            except (OperationalError, InterfaceError) as exc:
                if time.monotonic() + wait > deadline:
                    log.warning("%s: the database did not answer (%s); the workflow keeps "
                                "the outcome", data.delivery_id, type(exc).__name__)
                    return AttemptOutcome(status="processing", attempted=True,
                                          unrecorded=kept)
                await asyncio.sleep(wait)
                wait = min(wait * 2, RECORD_LONGEST_WAIT)
        self.handoff.slot_freed()
        await recorded_outcome(self.client, kept.target_id, kept.result, recorded)
        return AttemptOutcome(status=recorded.status, attempted=True,
                              next_delay=recorded.next_delay)


def _deadline() -> float:
    """When an activity that started now stops asking the database: its start-to-close
    time less a margin for returning."""
    timeout = activity.info().start_to_close_timeout
    seconds = timeout.total_seconds() if timeout else 60.0
    return time.monotonic() + max(1.0, seconds - RECORD_MARGIN)


def unrecorded_of(result: AttemptResult, target_id: str, sent: Outgoing | None, slow: bool
                  ) -> Unrecorded:
    return Unrecorded(result=result, target_id=target_id,
                      clean=sent is not None and sent.clean,
                      seen_limit=sent.limit if sent is not None else None, slow=slow)
