"""The attempt activity: one HTTP attempt of a Delivery, recorded in the same activity so a
Delivery costs one activity per attempt."""

from __future__ import annotations

import asyncio
import time
from datetime import datetime

from temporalio import activity
from temporalio.client import Client
from temporalio.exceptions import ApplicationError

from hookline.contracts import AttemptInput, AttemptOutcome
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

    def _record(self, data: AttemptInput, result: AttemptResult,
                prepared: Outgoing | None, slow: bool) -> Recorded:
        # The last attempt of a held Delivery's window is its last, whatever the schedule.
        next_delay = None if result is attempts.HELD_PAST_WINDOW else data.next_delay
        with session_scope() as session:
            return attempts.record_attempt(
                session, data.delivery_id, result, next_delay, self.limits, data.longest_delay,
                operational.notify, clean=prepared is not None and prepared.clean,
                seen_limit=prepared.limit if prepared else None, slow=slow)

    @activity.defn(name="attempt_delivery")
    async def attempt_delivery(self, data: AttemptInput) -> AttemptOutcome:
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
                    return await self._outcome(data, found, prepared, prepared.target_id,
                                               slow=False)
                prepared = found
            if prepared.rate_limit:  # the throttle: this attempt's turn, a moment ahead
                send_at = await asyncio.to_thread(self._reserve, prepared)
                await asyncio.sleep(max(0.0, (send_at - utcnow()).total_seconds()))
            result = await self.sender.send(prepared)
            target_id, sent = prepared.target_id, prepared
            slow = result.succeeded and self.baselines.slow(target_id, result.duration_ms)
        return await self._outcome(data, result, sent, target_id, slow)

    async def _outcome(self, data: AttemptInput, result: AttemptResult, sent: Outgoing | None,
                       target_id: str, slow: bool) -> AttemptOutcome:
        recorded = await asyncio.to_thread(self._record, data, result, sent, slow)
        self.handoff.slot_freed()
        await recorded_outcome(self.client, target_id, result, recorded)
        return AttemptOutcome(status=recorded.status, attempted=True,
                              next_delay=recorded.next_delay)
