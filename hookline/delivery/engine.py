"""One attempt of a Delivery, from start to end: prepare what to send (or learn there is
nothing to, or that the target's gate refuses it now), shape it with the target's
transformation, wait for the target's throttle, send it, record the outcome and report it.
The attempt activity (`activities/delivery.py`) makes one call here and maps what comes back to
Temporal; the worker builds the engine with everything it shares with the relay.

Once a request is answered, its outcome is never lost and the webhook never sent again for
want of a write: a database that does not answer (down, restarting, locked past its busy
timeout) is asked again with backoff, on this event loop's timers (no thread waits), until
the activity's time nearly runs out. Past that the attempt returns the outcome itself
(`AttemptOutcome.unrecorded`), which the workflow keeps and stores with `record`, which
sends nothing. Only a request whose answer nobody knows (the worker died during it) may be
sent again.

Each step that touches the database runs in a thread (the event loop never waits on
SQLite), in one short transaction of `attempts`: the worker's threads for it take turns by
environment (`hookline.fair_threads`), so one tenant's hundreds of attempts queued there
never hold another's."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import datetime, timedelta
from functools import partial

from sqlalchemy.exc import InterfaceError, OperationalError
from temporalio.client import Client

from hookline.contracts import AttemptInput, AttemptOutcome, AttemptResult, Unrecorded
from hookline.delivery import attempts, batches, gate
from hookline.delivery.handoff import Handoff
from hookline.delivery.limit import Baselines
from hookline.delivery.model import (
    HELD_PAST_WINDOW,
    Batched,
    Outgoing,
    Recorded,
    Refused,
    Unsent,
)
from hookline.delivery.outcomes import recorded_outcome
from hookline.delivery.polling import NOT_POLLED, Lapsed
from hookline.delivery.sender import Sender
from hookline.delivery.shaping import shaped
from hookline.encryption.keyring import Keyring
from hookline.fair_threads import FairThreads
from hookline.ids import new_id, target_kind
from hookline.persistence.db import session_scope
from hookline.persistence.queries.deliveries import ToSend
from hookline.statuses import DeliveryStatus
from hookline.target_kinds import is_broker
from hookline.tenant_code.transform_pool import ExecutorPool
from hookline.timeutil import utcnow

log = logging.getLogger("hookline.attempts")

# Recording an outcome the database did not take: the first wait, the longest, and how long
# before the activity's own time runs out it hands the outcome to the workflow instead:
# more than one try can block (SQLite's 30 s busy timeout, PostgreSQL's 10 s connect
# timeout), so that a try begun before it still ends inside the activity's time.
RECORD_FIRST_WAIT = 0.2
RECORD_LONGEST_WAIT = 5.0
RECORD_MARGIN = 45.0
# How many sends of its batch by others a member's attempt waits for before claiming it
# itself: a member a send left out (not yet due) claims the next.
BATCH_TURNS = 3


class AttemptEngine:
    def __init__(self, *, sender: Sender, client: Client, limits: gate.Limits,
                 notify: attempts.Notify, handoff: Handoff[ToSend], transforms: ExecutorPool,
                 threads: FairThreads, keyring: Keyring,
                 baselines: Baselines | None = None) -> None:
        self.sender = sender
        self.client = client  # wakes the workflows of Deliveries an outcome cancelled
        self.limits = limits
        # How an outcome is told to the operational webhooks, in its transaction.
        self.notify = notify
        # Shared with this worker's relay: what it read for first attempts, and the wake-up
        # an attempt gives it when it frees a target's slot.
        self.handoff = handoff
        # The targets' transformations: V8 executor processes, started on first use.
        self.transforms = transforms
        # Where the attempts' database work runs, in turns by environment.
        self.threads = threads
        # Each target's usual attempt duration, which says when one is slow (`limit`).
        self.baselines = baselines or Baselines()
        # Seals what an outcome handed to the workflow says of the receiver (its answer, the
        # error), so a history holds none of it in clear (`for_history`).
        self.keyring = keyring
        # The batches an attempt of this worker is sending, by id: the outcome each member
        # takes as its attempt's (`_batched`).
        self.sending: dict[str, asyncio.Future[dict[str, AttemptOutcome]]] = {}

    async def attempt(self, data: AttemptInput, time_limit: timedelta | None
                      ) -> AttemptOutcome:
        """One attempt, within `time_limit` (the activity's). Raises `ContentGone` when the
        Delivery's content is missing: no later attempt could send it."""
        self.handoff.running += 1
        try:
            return await self._attempt(data, deadline_after(time_limit))
        finally:
            self.handoff.running -= 1

    async def _attempt(self, data: AttemptInput, deadline: float) -> AttemptOutcome:
        prepared = await self.prepare(data)
        if isinstance(prepared, Batched):
            return await self._batched(data, prepared.batch_id, deadline)
        return await self._go(data, prepared, deadline)

    async def _go(self, data: AttemptInput, prepared: Outgoing | Refused | Unsent | Lapsed,
                  deadline: float) -> AttemptOutcome:
        if isinstance(prepared, Unsent):
            return AttemptOutcome(status=prepared.status, attempted=False)
        if isinstance(prepared, Lapsed):
            kept = unrecorded_of(NOT_POLLED, prepared.target_id, None, slow=False)
        elif isinstance(prepared, Refused):
            wait = attempts.waiting(prepared, data.window_end, time.time())
            if wait is not None:
                return AttemptOutcome(status=prepared.status, attempted=False, wait=wait)
            kept = unrecorded_of(HELD_PAST_WINDOW, prepared.target_id, None, slow=False)
        else:
            sent = await self._send(data, prepared)
            if isinstance(sent, Unsent):  # the transformation cancelled it
                return AttemptOutcome(status=sent.status, attempted=False)
            kept = sent
        return await self._store(data, kept, deadline)

    async def record(self, data: AttemptInput, kept: Unrecorded, time_limit: timedelta | None
                     ) -> AttemptOutcome:
        """Store an outcome that `attempt` could not; sends nothing. The outcome still has
        `unrecorded` set when the database did not answer in time either."""
        return await self._store(data, from_history(kept, self.keyring),
                                 deadline_after(time_limit), again=True)

    async def prepare(self, data: AttemptInput
                      ) -> Outgoing | Refused | Unsent | Batched | Lapsed:
        """A first attempt the relay just admitted is sent from what the relay read; any
        other reads the Delivery now."""
        row = self.handoff.handed(data.delivery_id)
        if row is not None:
            if (batched := attempts.batched_of(row)) is not None:
                return batched
            if (prepared := attempts.ready(row)) is not None:
                return prepared
        return await self.threads.run(data.environment_id, self._prepare, data.delivery_id)

    def _prepare(self, delivery_id: str, alone: bool = False
                 ) -> Outgoing | Refused | Unsent | Batched | Lapsed:
        with session_scope() as session:
            return attempts.prepare_attempt(session, delivery_id, self.limits, alone)

    # -- batches (`hookline.delivery.batches`) ----------------------------------------

    async def _batched(self, data: AttemptInput, batch_id: str | None, deadline: float
                       ) -> AttemptOutcome:
        """A member's attempt is its batch's: the member whose attempt runs first in this
        worker claims the batch and sends it; the others running meanwhile wait for its
        outcome, and each takes its own from it. A member the send did not include (it was
        not due, or it left) then claims for itself."""
        key = batch_id or data.delivery_id
        for _ in range(BATCH_TURNS):
            sending = self.sending.get(key)
            if sending is None:
                break
            mine = (await asyncio.shield(sending)).get(data.delivery_id)
            if mine is not None:
                return mine
        sending = asyncio.get_running_loop().create_future()
        self.sending[key] = sending
        outcomes: dict[str, AttemptOutcome] = {}
        try:
            outcomes = await self._lead(data, deadline)
        finally:
            if self.sending.get(key) is sending:
                del self.sending[key]
            sending.set_result(outcomes)
        return outcomes[data.delivery_id]

    async def _lead(self, data: AttemptInput, deadline: float) -> dict[str, AttemptOutcome]:
        me = data.delivery_id
        claimed = await self.threads.run(data.environment_id, self._claim, me)
        if claimed is None:  # not for a batch now: decided alone
            alone = await self.threads.run(data.environment_id, self._prepare, me, True)
            assert not isinstance(alone, Batched)
            return {me: await self._go(data, alone, deadline)}
        if isinstance(claimed, batches.Taken):
            return {me: AttemptOutcome(status=claimed.status, attempted=True,
                                       next_delay=claimed.next_delay)}
        if not isinstance(claimed, tuple):
            return {me: await self._go(data, claimed, deadline)}
        batch, members = claimed
        result = await self._send_batch(data, batch, members)
        if isinstance(result, Unsent):
            return {row.delivery_id: AttemptOutcome(status=result.status, attempted=False)
                    for row in batch.rows}
        sent, batch = result
        outcomes = await self._store_batch(data, batch, sent, deadline)
        return {row.delivery_id: AttemptOutcome(status=DeliveryStatus.CANCELLED,
                                                attempted=False)
                for row in claimed[0].rows} | outcomes

    def _claim(self, delivery_id: str
               ) -> tuple[batches.Claimed, list[Outgoing]] | batches.Taken | Refused | Unsent \
            | None:
        with session_scope() as session:
            claimed = attempts.claim_batch(session, delivery_id, self.limits)
        if isinstance(claimed, batches.Claimed):
            return claimed, [attempts.outgoing(row) for row in claimed.rows]
        return claimed

    async def _send_batch(self, data: AttemptInput, batch: batches.Claimed,
                          members: list[Outgoing]
                          ) -> tuple[Unrecorded, batches.Claimed] | Unsent:
        """One request for the batch, and the batch its outcome is recorded for; `Unsent`
        when its transformation cancelled it. A broker's: `_publish_all`."""
        first = members[0]
        if is_broker(first.url):
            return await self._publish_all(data, batch, members)
        out = replace(first, msg_id=batch.batch_id, body=batches.body_of(members),
                      event_type=None)
        sent = await self._send(data, out, cancel=lambda: self.threads.run(
            data.environment_id, self._cancel_batch, batch, out))
        return sent if isinstance(sent, Unsent) else (sent, batch)

    async def _publish_all(self, data: AttemptInput, batch: batches.Claimed,
                           members: list[Outgoing]
                           ) -> tuple[Unrecorded, batches.Claimed] | Unsent:
        """A broker's batch: one record per member, in order, each shaped by the target's
        transformation as it would be alone (a member it cancels is cancelled, and left out
        of the batch's outcome); the first failure fails the batch, the members not yet
        sent included."""
        took, left_out = 0, set()
        result: AttemptResult | None = None
        for row, member in zip(batch.rows, members, strict=True):
            sent = await self._send(data, member, cancel=partial(
                self.threads.run, data.environment_id, self._cancel, row.delivery_id, member))
            if isinstance(sent, Unsent):
                left_out.add(row.delivery_id)
                continue
            result = sent.result
            took += result.duration_ms
            if not result.succeeded:
                break
        rows = [row for row in batch.rows if row.delivery_id not in left_out]
        if result is None or not rows:
            return Unsent(DeliveryStatus.CANCELLED)
        first = members[0]
        slow = result.succeeded and self.baselines.slow(first.target_id, took)
        return (unrecorded_of(replace(result, duration_ms=took), first.target_id, first, slow),
                replace(batch, rows=rows))

    def _cancel_batch(self, batch: batches.Claimed, out: Outgoing) -> Unsent:
        with session_scope() as session:
            return attempts.cancel_batch(session, batch, target_kind(out.target_id))

    async def _store_batch(self, data: AttemptInput, batch: batches.Claimed, kept: Unrecorded,
                           deadline: float) -> dict[str, AttemptOutcome]:
        """Record the batch's outcome as each member's attempt, asking a database that does
        not answer again until `deadline`; past it, the claimer's workflow keeps its own
        outcome, and the others claim the batch again once its claim has run out (their
        request is the one case sent twice, as any attempt whose outcome is lost)."""
        ids = [new_id("att") for _ in batch.rows]
        wait = RECORD_FIRST_WAIT
        while True:
            try:
                recorded = await self.threads.run(data.environment_id, self._record_batch,
                                                  data, batch, kept, ids)
                break
            except (OperationalError, InterfaceError) as exc:
                if time.monotonic() + wait > deadline:
                    log.warning("%s: the database did not answer (%s); the workflow keeps "
                                "the outcome", data.delivery_id, type(exc).__name__)
                    return {data.delivery_id: AttemptOutcome(
                        status=DeliveryStatus.PROCESSING, attempted=True,
                        unrecorded=for_history(replace(kept, attempt_id=""), self.keyring))}
                await asyncio.sleep(wait)
                wait = min(wait * 2, RECORD_LONGEST_WAIT)
        self.handoff.slot_freed()
        outcomes = {}
        for n, (row, one) in enumerate(zip(batch.rows, recorded, strict=True)):
            await recorded_outcome(self.client, kept.target_id, kept.result, one,
                                   counted=n == 0)
            outcomes[row.delivery_id] = AttemptOutcome(status=one.status, attempted=True,
                                                       next_delay=one.next_delay)
        return outcomes

    def _record_batch(self, data: AttemptInput, batch: batches.Claimed, kept: Unrecorded,
                      ids: list[str]) -> list[Recorded]:
        with session_scope() as session:
            if attempts.recorded_before(session, batch.rows[0].delivery_id, ids[0]):
                return [attempts.recorded_before(session, row.delivery_id, attempt_id)
                        or Recorded(DeliveryStatus.CANCELLED, None, [])
                        for row, attempt_id in zip(batch.rows, ids, strict=True)]
            return attempts.record_batch(
                session, batch, ids, kept.result, data.next_delay, self.limits,
                data.longest_delay, self.notify, clean=kept.clean, seen_limit=kept.seen_limit,
                slow=kept.slow)

    async def _send(self, data: AttemptInput, out: Outgoing,
                    cancel: Callable[[], Awaitable[Unsent]] | None = None
                    ) -> Unrecorded | Unsent:
        """Shape, throttle and send: the outcome to record, or `Unsent` when its
        transformation cancelled the Delivery (or, with `cancel`, what it cancels), or when
        a cancel reached it while it waited."""
        waited = out.transformation is not None
        if out.transformation is not None:
            found = await asyncio.get_running_loop().run_in_executor(
                self.transforms.executor, shaped, self.transforms, out)
            if found is None:
                unsent = await (cancel() if cancel is not None else self.threads.run(
                    data.environment_id, self._cancel, data.delivery_id, out))
                self.handoff.slot_freed()
                return unsent
            if isinstance(found, AttemptResult):  # the handler failed: nothing is sent
                return unrecorded_of(found, out.target_id, out, slow=False)
            out = found
        if out.rate_limit:  # the throttle: this attempt's turn, a moment ahead
            send_at = await self.threads.run(data.environment_id, self._reserve, out)
            pause = (send_at - utcnow()).total_seconds()
            if pause > 0:
                await asyncio.sleep(pause)
                waited = True
        # A wait (up to the throttle's 1.5 s ahead, or a transformation's run) is long
        # enough for an erase or a disable to cancel the Delivery: look once more. An
        # attempt that did not wait is not asked: its read was a moment ago.
        if waited and cancel is None:
            left = await self.threads.run(data.environment_id, self._still_due,
                                          data.delivery_id)
            if left is not None:
                self.handoff.slot_freed()
                return left
        result = await self.sender.send(out)
        slow = result.succeeded and self.baselines.slow(out.target_id, result.duration_ms)
        return unrecorded_of(result, out.target_id, out, slow)

    def _still_due(self, delivery_id: str) -> Unsent | None:
        with session_scope() as session:
            return attempts.still_due(session, delivery_id)

    def _cancel(self, delivery_id: str, out: Outgoing) -> Unsent:
        with session_scope() as session:
            return attempts.cancel_unsent(session, delivery_id, target_kind(out.target_id))

    def _reserve(self, out: Outgoing) -> datetime:
        with session_scope() as session:
            send_at = gate.reserve_send(session, out.target_id, out.rate_limit or 1, utcnow())
            session.commit()
            return send_at

    async def _store(self, data: AttemptInput, kept: Unrecorded, deadline: float,
                     again: bool = False) -> AttemptOutcome:
        """Record the outcome, asking a database that does not answer again until
        `deadline` (monotonic seconds); past it, the outcome as `unrecorded`. Then report
        it: metrics, the trace, and the workflows of the Deliveries it cancelled. `again`:
        an earlier try may have committed (its answer lost), so the record looks for its
        attempt first; the first try of an attempt never has to."""
        wait = RECORD_FIRST_WAIT
        while True:
            try:
                recorded = await self.threads.run(data.environment_id, self._record, data,
                                                  kept, again)
                break
            except (OperationalError, InterfaceError) as exc:
                again = True
                if time.monotonic() + wait > deadline:
                    log.warning("%s: the database did not answer (%s); the workflow keeps "
                                "the outcome", data.delivery_id, type(exc).__name__)
                    return AttemptOutcome(status=DeliveryStatus.PROCESSING, attempted=True,
                                          unrecorded=for_history(kept, self.keyring))
                await asyncio.sleep(wait)
                wait = min(wait * 2, RECORD_LONGEST_WAIT)
        self.handoff.slot_freed()
        await recorded_outcome(self.client, kept.target_id, kept.result, recorded)
        return AttemptOutcome(status=recorded.status, attempted=True,
                              next_delay=recorded.next_delay)

    def _record(self, data: AttemptInput, kept: Unrecorded, again: bool) -> Recorded:
        result = kept.result
        # The last attempt of a held Delivery's window, or of a polling one's, is its last,
        # whatever the schedule.
        next_delay = None if result in (HELD_PAST_WINDOW, NOT_POLLED) else data.next_delay
        with session_scope() as session:
            if again and kept.attempt_id:
                found = attempts.recorded_before(session, data.delivery_id, kept.attempt_id)
                if found is not None:
                    return found
            return attempts.record_attempt(
                session, data.delivery_id, result, next_delay, self.limits, data.longest_delay,
                self.notify, clean=kept.clean, seen_limit=kept.seen_limit, slow=kept.slow,
                attempt_id=kept.attempt_id or None)


def deadline_after(time_limit: timedelta | None) -> float:
    """When an attempt given `time_limit` from now stops asking the database: that time
    less a margin for returning (monotonic seconds)."""
    seconds = time_limit.total_seconds() if time_limit else 60.0
    return time.monotonic() + max(1.0, seconds - RECORD_MARGIN)


def unrecorded_of(result: AttemptResult, target_id: str, sent: Outgoing | None, slow: bool
                  ) -> Unrecorded:
    return Unrecorded(result=result, target_id=target_id,
                      clean=sent is not None and sent.clean,
                      seen_limit=sent.limit if sent is not None else None, slow=slow,
                      attempt_id=new_id("att"))


def for_history(kept: Unrecorded, keyring: Keyring) -> Unrecorded:
    """The outcome as the workflow's history keeps it: the receiver's answer and the error
    (which may quote the payload, a transformation's exception, a URL) sealed with the
    operator's keys, so that neither Temporal nor its UI holds them in clear."""
    result = kept.result
    return replace(kept, result=replace(
        result, response_body=_sealed(result.response_body, keyring),
        error_message=_sealed(result.error_message, keyring)))


def from_history(kept: Unrecorded, keyring: Keyring) -> Unrecorded:
    """What `for_history` sealed, opened (a history from before sealing: as it is)."""
    result = kept.result
    return replace(kept, result=replace(
        result, response_body=_opened(result.response_body, keyring),
        error_message=_opened(result.error_message, keyring)))


def _sealed(text: str | None, keyring: Keyring) -> str | None:
    return None if text is None else keyring.seal(text)


def _opened(text: str | None, keyring: Keyring) -> str | None:
    return None if text is None else keyring.open(text)
