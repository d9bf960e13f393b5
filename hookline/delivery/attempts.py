"""The short transactions around one attempt: prepare (what to send; a Delivery that holds
no attempt lease asks the target's gate for one) and record (store the outcome, move the
Delivery, its target and the target's breaker on, release the lease).

A Delivery the relay admitted already holds its lease and is `processing`, so its first
attempt is one read and one write. On SQLite every other writer waits for these writes, so
they are prepared Core statements with bound parameters: one read that joins everything
the attempt needs, then single-row writes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import Enum
from typing import Any

from sqlmodel import Session

from hookline.contracts import AttemptResult as AttemptResult  # the engine's, kept in contracts
from hookline.delivery import batches, gate, lines, outbox, polling, targets
from hookline.delivery import limit as adaptive
from hookline.delivery.credentials import ClientTLS, OAuth2
from hookline.delivery.kinds.brokers.keys import expression_of, message_key
from hookline.delivery.model import (
    HELD_PAST_WINDOW,
    RESPONSE_LIMIT,
    Batched,
    Outgoing,
    Recorded,
    Unsent,
)
from hookline.delivery.model import ContentGone as ContentGone  # prepare_attempt raises it
from hookline.delivery.model import Refused as Refused  # prepare_attempt returns it
from hookline.delivery.polling import Lapsed
from hookline.delivery.targets import cancel_waiting
from hookline.ids import new_id
from hookline.observability import metrics
from hookline.persistence import queries
from hookline.persistence.db import begin_reading
from hookline.persistence.models import Delivery
from hookline.persistence.queries.deliveries import RecordedRow, ToSend
from hookline.signing import WEBHOOK
from hookline.statuses import ATTEMPTABLE, FINAL, AttemptStatus, DeliveryStatus, ErrorType
from hookline.target_kinds import is_broker, is_polling
from hookline.timeutil import aware, iso, utcnow


def prepare_attempt(session: Session, delivery_id: str, limits: gate.Limits,
                    alone: bool = False) -> Outgoing | Refused | Unsent | Batched | Lapsed:
    """What to send, the gate's refusal, or `Unsent` when there is nothing to send (already
    final, cancelled, or target gone); `Batched` when its batch is to send it, unless it is
    `alone` (its batch found it not sendable). A polling endpoint's waits for its commit
    (`Refused`) until its window has passed (`Lapsed`). Raises `ContentGone`."""
    begin_reading(session)
    row = queries.deliveries.to_send(session, delivery_id)
    session.commit()
    if row is None:
        return Unsent(DeliveryStatus.CANCELLED)
    if not alone and (batched := batched_of(row)) is not None:
        return batched
    now = utcnow()
    step = _verdict(row, now)
    if step is _FINAL:
        if row.lease_expires is not None and row.batch_id is None:
            # Cancelled after its admission (an erase, a disable), before this attempt: its
            # lease goes now, not when it runs out, freeing its target's slot and whoever
            # waits for its attempts to end (`api.dispatch.cancelled_and_settled`).
            gate.release(session, delivery_id)
            session.commit()
        return Unsent(DeliveryStatus(row.status))
    if step is _CANCEL:
        gate.release(session, delivery_id)
        return _cancel(session, delivery_id, "endpoint" if row.wanted_event else "destination")
    if step is _HOLD:
        return _hold(session, delivery_id, now)
    if step is _GONE:
        raise ContentGone(f"event {row.wanted_event} is gone" if row.wanted_event
                          else f"message {row.message_id} is gone")
    if is_polling(row.target_url):
        return _polled(session, row, limits, now)
    if step is _ADMIT:
        assert row.target_id is not None  # else `_CANCEL`
        refused = _admit(session, delivery_id, row.target_id, row.environment_id, limits,
                         now)
        if refused is not None:
            return refused
    return outgoing(row)


class _Step(Enum):
    """What one read of `queries.deliveries.to_send` says of a Delivery (`_verdict`)."""

    FINAL = "no longer attemptable"
    CANCEL = "no target to send to, or nothing to send (services/erasure)"
    HOLD = "the head of a line at a disabled target: it keeps its place"
    GONE = "its event or message row is missing"
    ADMIT = "it holds no live lease"
    SEND = "send it"


# Module names: `ready` runs for every first attempt, and `is` against a global is cheaper
# than an enum attribute lookup.
_FINAL, _CANCEL, _HOLD, _GONE, _ADMIT, _SEND = _Step
# How long the head of a line at a disabled target sleeps before it looks again; enabling
# the target wakes it at once (`services.targets.set_status`).
DISABLED_RECHECK = 300.0


def _verdict(row: ToSend, now: datetime) -> _Step:
    """What one read of `queries.deliveries.to_send` says of a Delivery, for
    `prepare_attempt` and `ready` alike."""
    if row.status not in ATTEMPTABLE:
        return _FINAL
    if row.target_id is None or row.erased:
        return _CANCEL
    if row.target_status != targets.ENABLED:
        return _CANCEL if row.line is None else _HOLD
    if (row.event_id if row.wanted_event else row.message_found) is None:
        return _GONE
    if row.lease_expires is None or aware(row.lease_expires) <= now:
        return _ADMIT
    return _SEND


def batched_of(row: ToSend) -> Batched | None:
    """A Delivery its batch attempts: one of a batch, or an attemptable one of a batched
    target."""
    if row.status in ATTEMPTABLE and (row.batch_id or row.gate_batch_size):
        return Batched(row.batch_id)
    return None


def read_admitted(session: Session, delivery_ids: list[str]) -> dict[str, ToSend]:
    """The rows `ready` turns into first attempts, for Deliveries the relay just admitted:
    one read for a whole pass instead of one per attempt. Commits."""
    begin_reading(session)
    rows = queries.deliveries.to_send_many(session, delivery_ids)
    session.commit()
    return rows


def ready(row: ToSend) -> Outgoing | None:
    """What to send, from a row `read_admitted` read moments ago, when it is the common
    case: `processing` and nothing left to decide (`_verdict`). Anything else is None, and
    `prepare_attempt` reads it again and decides, off the event loop: so does a target
    whose key is a tenant's expression (`keys.expression_of`), which `ready` would
    otherwise evaluate on the loop."""
    if row.status != DeliveryStatus.PROCESSING or _verdict(row, utcnow()) is not _SEND \
            or (is_broker(row.target_url or "") and expression_of(row.target_url or "")):
        return None
    return outgoing(row)


def outgoing(row: ToSend) -> Outgoing:
    """What to send, from a row `_verdict` let through: its target and content are there."""
    assert row.target_id is not None and row.target_url is not None \
        and row.target_secret is not None
    if row.wanted_event:
        assert row.event_id is not None and row.payload is not None
        payload = row.payload if row.sealed_payload is None else row.sealed_payload
        msg_id, body, content_type = row.event_id, payload.encode(), "application/json"
    else:
        assert row.message_id is not None
        msg_id, body = row.message_id, row.body or b""
        content_type = row.content_type or "application/octet-stream"
    return Outgoing(url=row.target_url, msg_id=msg_id, body=body, content_type=content_type,
                    custom_headers=dict(row.target_custom_headers or {}),
                    secrets=targets.current_secrets(row.target_secret,
                                                    row.target_previous_secret,
                                                    row.target_previous_secret_expires_at),
                    require_https=row.kind == "production", target_id=row.target_id,
                    rate_limit=row.target_rate_limit,
                    clean=not row.target_failure_count and not row.gate_failures
                    and row.gate_circuit in (None, "closed") and not row.target_notice_state,
                    limit=row.gate_limit,
                    transformation=row.target_transformation,
                    event_type=row.event_type if row.wanted_event else None,
                    signature_headers=row.target_signature_headers or WEBHOOK,
                    auth=OAuth2.stored(row.target_auth), tls=ClientTLS.stored(row.target_tls),
                    proxy=row.env_proxy, credentials=row.target_credentials,
                    endpoint_override=row.target_endpoint_override,
                    instance_aws=bool(row.env_instance_aws),
                    key=message_key(row.target_url, body,
                                    (row.event_consumer if row.wanted_event
                                     else row.message_source) or "")
                    if is_broker(row.target_url) else "")


def _admit(session: Session, delivery_id: str, target_id: str, environment_id: str,
           limits: gate.Limits, now: datetime) -> Refused | Unsent | None:
    """A lease for a Delivery that holds none (a retry, a manual retry, a reconciled one):
    None once it has one, or the gate's refusal (its next look stored as `nextAttemptAt`),
    or the status it left the attemptable ones for meanwhile. Commits. Retries keep to the
    admitted cap as first attempts do, or to their environment's share of it: a retry
    storm after a receiver came back is a burst like any other (issue 64)."""
    decision = _lease(session, delivery_id, target_id, environment_id, limits, now)
    if not decision.admitted:
        return _wait(session, delivery_id, now, decision.wait, decision.held, target_id)
    if not queries.deliveries.move(session, delivery_id, DeliveryStatus.PROCESSING.value, now):
        session.rollback()  # its lease too
        return _left(session, delivery_id)
    session.commit()
    return None


def _lease(session: Session, key: str, target_id: str, environment_id: str,
           limits: gate.Limits, now: datetime) -> gate.Decision:
    """The gate's decision on a lease under `key` (a Delivery's id, or its batch's
    `lease_key`), stored when admitted."""
    gate.release(session, key)  # its own expired lease must not count against it
    if outbox.within_share(session, environment_id, limits, now):
        return gate.admit(session, {target_id: [key]}, limits, now)[target_id]
    return gate.Decision(0, gate.State(), gate.RECHECK)


def claim_batch(session: Session, delivery_id: str, limits: gate.Limits
                ) -> batches.Claimed | batches.Taken | Refused | Unsent | None:
    """A member's attempt at its batch (`batches.claim`), with the batch's lease from the
    gate when it holds none: refused, the claim is let go and the member waits. Commits."""
    now = utcnow()
    claimed = batches.claim(session, delivery_id, limits.lease_ttl, now)
    if not isinstance(claimed, batches.Claimed):
        return claimed
    if not claimed.leased:
        decision = _lease(session, claimed.lease_key, claimed.target_id,
                          claimed.environment_id, limits, now)
        if not decision.admitted:
            batches.release_claim(session, claimed.batch_id)
            return _wait(session, delivery_id, now, decision.wait, decision.held,
                         claimed.target_id)
    batches.start(session, claimed, now)
    session.commit()
    return claimed


def cancel_batch(session: Session, claimed: batches.Claimed, target_kind: str) -> Unsent:
    """A batch its target's transformation cancelled: its lease and claim go, and its
    members end `cancelled` (those still attemptable). Commits."""
    gate.release(session, claimed.lease_key)
    batches.release_claim(session, claimed.batch_id)
    now = utcnow()
    moved = [row.delivery_id for row in claimed.rows if queries.deliveries.move(
        session, row.delivery_id, DeliveryStatus.CANCELLED.value, now)]
    lines.ended(session, moved)
    session.commit()
    for _ in moved:
        metrics.finished(DeliveryStatus.CANCELLED, target_kind)
    return Unsent(DeliveryStatus.CANCELLED)


def _polled(session: Session, row: ToSend, limits: gate.Limits, now: datetime
            ) -> Refused | Unsent | Lapsed:
    """A polling endpoint's Delivery still pending: it waits, with no lease, for the commit
    that covers it (which wakes it) until its window ends, stored as its `nextAttemptAt`
    (the reconciler's due time); past that, it has lapsed. Commits."""
    assert row.target_id is not None  # else `_CANCEL`
    end = polling.window_end(row.created_at, limits.poll_window)
    left = (end - now).total_seconds()
    if left <= 0:
        return Lapsed(row.target_id)
    status = queries.deliveries.wait_until(session, row.delivery_id, end, now)
    session.commit()
    return Refused(status=DeliveryStatus(status), wait=left, target_id=row.target_id) \
        if status else _left(session, row.delivery_id)


def _hold(session: Session, delivery_id: str, now: datetime) -> Refused | Unsent:
    """The head of a line whose target is disabled waits, with no lease, until the target is
    enabled again (which wakes it) or DISABLED_RECHECK has passed. Commits."""
    gate.release(session, delivery_id)
    return _wait(session, delivery_id, now, DISABLED_RECHECK)


def _wait(session: Session, delivery_id: str, now: datetime, about: float,
          held: bool = False, target_id: str = "") -> Refused | Unsent:
    """A Delivery that is not attempted now looks again in about `about` seconds (stored as
    its `nextAttemptAt`), or the status it left the attemptable ones for. Commits."""
    wait = gate.jittered(about)
    status = queries.deliveries.wait_until(session, delivery_id, now + timedelta(seconds=wait),
                                           now)
    session.commit()
    return Refused(status=DeliveryStatus(status), wait=wait, held=held,
                   target_id=target_id) if status else _left(session, delivery_id)


def cancel_unsent(session: Session, delivery_id: str, target_kind: str) -> Unsent:
    """A Delivery its target's transformation cancelled: its lease goes, and it ends
    `cancelled` (unless it left the attemptable ones meanwhile). Commits."""
    gate.release(session, delivery_id)
    return _cancel(session, delivery_id, target_kind)


def _cancel(session: Session, delivery_id: str, target_kind: str) -> Unsent:
    """Cancel the Delivery unless it left the attemptable ones meanwhile (a cancel or a
    final outcome). Commits."""
    moved = queries.deliveries.move(session, delivery_id, DeliveryStatus.CANCELLED.value, utcnow())
    if moved:
        lines.ended(session, [delivery_id])
    session.commit()
    if moved:
        metrics.finished(DeliveryStatus.CANCELLED, target_kind)
        return Unsent(DeliveryStatus.CANCELLED)
    return _left(session, delivery_id)


def still_due(session: Session, delivery_id: str) -> Unsent | None:
    """After an attempt waited (its throttle's turn, its transformation): None while what
    it read may still be sent; else it sends nothing, as `prepare_attempt` would decide now
    (`_verdict`): cancelled when an erase with `cancel` or a delete cancelled it, its
    target was disabled or its payload erased, or the status it left for. Its lease goes
    then. Commits. Anything else is sent as read, as it was before it waited: the head of a
    line whose target was disabled meanwhile (holding it here would end its workflow on a
    last attempt with the Delivery still waiting), one whose lease ran out as it waited its
    turn."""
    begin_reading(session)
    row = queries.deliveries.to_send(session, delivery_id)
    session.commit()
    step = _FINAL if row is None else _verdict(row, utcnow())
    if step is not _CANCEL and step is not _FINAL:
        return None
    gate.release(session, delivery_id)
    if row is not None and step is _CANCEL:
        return _cancel(session, delivery_id, "endpoint" if row.wanted_event else "destination")
    session.commit()
    return _left(session, delivery_id)


def _left(session: Session, delivery_id: str) -> Unsent:
    """A Delivery that left the attemptable ones meanwhile: the status it has now."""
    begin_reading(session)
    now = queries.deliveries.status_of(session, delivery_id)
    session.commit()
    return Unsent(DeliveryStatus(now) if now else DeliveryStatus.CANCELLED)


# How an outcome is told to the operational webhooks (`services/operational.notify`):
# (session, environment id, event type, endpoint or destination, data), in the
# outcome's transaction.
Notify = Callable[[Session, str, str, targets.Target, dict[str, Any]], None]


def silent(*_args: Any) -> None:
    pass


def record_attempt(session: Session, delivery_id: str, result: AttemptResult,
                   next_delay: float | None, limits: gate.Limits,
                   longest_delay: float | None = None, notify: Notify = silent,
                   clean: bool = False, seen_limit: float | None = None, slow: bool = False,
                   attempt_id: str | None = None, *, batch: BatchPart | None = None
                   ) -> Recorded:
    """Store the attempt and move the Delivery on, release its lease, and move its target's
    breaker and concurrency limit on (`seen_limit`: the limit when the attempt was prepared;
    `slow`: a success well slower than the target's baseline). A 429 or 503 with Retry-After
    moves the next attempt to that time (capped at the schedule's longest wait) and pauses
    the target as long; a 410 disables the target.

    The common outcomes are a few statements: the Delivery moves in one UPDATE, the attempt
    is one INSERT, the lease one DELETE, and the target's rows are written only when their
    counts change: a success of a target that was `clean` when the attempt was prepared
    writes none (a failure recorded meanwhile by another attempt stands, as if it had come
    after this success).

    In a batch (`batch`), each member's attempt is recorded so, in the batch's transaction
    (not committed here), and only its first moves the target: one request, one outcome
    for the breaker, the limit and the count toward disabling."""
    now = utcnow()
    pause = None
    if result.retry_after is not None and not result.succeeded:
        pause = min(result.retry_after, longest_delay or next_delay or result.retry_after)
        if next_delay is not None:
            next_delay = pause
    row = queries.deliveries.record(session, {
        "delivery": delivery_id, "now": now, "succeeded": result.succeeded,
        "failed_status": (DeliveryStatus.EXHAUSTED if next_delay is None
                          else DeliveryStatus.RETRYING).value,
        "retry_at": None if next_delay is None else now + timedelta(seconds=next_delay),
        "code": result.status_code, "error_type": result.error_type,
        "code_class": None if result.status_code is None else result.status_code // 100,
        "duration_ms": result.duration_ms,
    })
    in_flight = gate.release(session, delivery_id)
    if batch is not None:
        in_flight = batch.in_flight
    if row is None:
        if batch is None:
            session.commit()
        return Recorded(DeliveryStatus.CANCELLED, None, [])
    gone = result.status_code == 410 and not result.succeeded
    last = _insert_attempt(session, delivery_id, row, result, now, gone,
                           attempt_id or new_id("att"))
    target_id = row.endpoint_id or row.destination_id
    assert target_id is not None  # a Delivery has one or the other
    # A success of a clean target has nothing to change; an attempt never sent, or stopped
    # at the egress proxy, says nothing of the receiver.
    quiet = (result.succeeded and clean) or result.error_type in _NOT_SENT \
        or (batch is not None and not batch.first)
    down = not result.succeeded and result.error_type not in _NOT_THE_RECEIVERS and (
        result.exhausted or gate.counts_against(result.error_type, result.status_code))
    circuit = None if quiet else gate.record(session, target_id, now=now, limits=limits,
                                             pause=pause, down=down)
    if batch is None or batch.first:
        gate.adapt(session, target_id, adaptive.verdict(result.succeeded, down, slow),
                   in_flight, seen_limit, limits)
    status = DeliveryStatus(row.status)
    cancelled: list[str] = []
    if result.succeeded and not quiet:  # a success ends any run of failures
        queries.targets.reset_failures(session, target_id, endpoint=bool(row.endpoint_id))
        if row.endpoint_id and queries.targets.clear_notice(session, row.endpoint_id):
            _recovered(session, row, notify)
    if circuit or gone or status is DeliveryStatus.EXHAUSTED:
        cancelled = _tell(session, delivery_id, row, status, gone, circuit, last, notify,
                          counts=batch is None or batch.first)
    if delivery_id in cancelled:
        cancelled.remove(delivery_id)
        status = DeliveryStatus.CANCELLED
    elif row.line is not None and status in FINAL and not (
            status is DeliveryStatus.EXHAUSTED
            and lines.blocks(queries.targets.ordering_of(session, target_id))):
        lines.ended(session, [delivery_id])
    if batch is None:
        session.commit()
    return Recorded(status, next_delay if status is DeliveryStatus.RETRYING else None, cancelled,
                    row.attempts, target_id)


# Outcomes that say nothing of the receiver: never sent (the breaker held it, or its
# polling Consumer never committed it), or stopped at the egress proxy.
_NOT_THE_RECEIVERS = (ErrorType.PROXY, ErrorType.NOT_POLLED)
_NOT_SENT = (ErrorType.CIRCUIT_OPEN, *_NOT_THE_RECEIVERS)


@dataclass(frozen=True)
class BatchPart:
    """A member's attempt recorded as part of its batch's (`record_attempt`)."""

    first: bool  # the one whose outcome moves the target
    in_flight: int | None  # the batch's lease's attempts in flight at admission


def record_batch(session: Session, claimed: batches.Claimed, attempt_ids: list[str],
                 result: AttemptResult, next_delay: float | None, limits: gate.Limits,
                 longest_delay: float | None = None, notify: Notify = silent,
                 clean: bool = False, seen_limit: float | None = None, slow: bool = False
                 ) -> list[Recorded]:
    """One request's outcome as every member's attempt, in one transaction: the batch's
    lease and claim released. Commits."""
    in_flight = gate.release(session, claimed.lease_key)
    recorded = [record_attempt(session, row.delivery_id, result, next_delay, limits,
                               longest_delay, notify, clean, seen_limit, slow, attempt_id,
                               batch=BatchPart(first=n == 0, in_flight=in_flight))
                for n, (row, attempt_id) in enumerate(zip(claimed.rows, attempt_ids,
                                                          strict=True))]
    batches.release_claim(session, claimed.batch_id)
    session.commit()
    return recorded


def waiting(refused: Refused, window_end: float | None, now: float) -> float | None:
    """How long a refused attempt waits (seconds): as long as the gate says, but a breaker
    holds it only until its retry window ends (unix seconds). None once the window is over
    while the breaker holds it: the Delivery ends (`HELD_PAST_WINDOW`)."""
    if window_end is None or not refused.held:
        return refused.wait
    left = window_end - now
    return min(refused.wait, max(left, 0.05)) if left > 0 else None


def end_held(session: Session, delivery_id: str, limits: gate.Limits, notify: Notify = silent
             ) -> Recorded | None:
    """End a Delivery still in the outbox whose retry window is over behind an open circuit:
    its final attempt, with no request sent, as an attempt's outcome. None when the start
    had left the outbox meanwhile (admitted, or cancelled). Commits."""
    if not outbox.drop(session, delivery_id):
        session.rollback()
        return None
    return record_attempt(session, delivery_id, HELD_PAST_WINDOW, None, limits, notify=notify)


def recorded_before(session: Session, delivery_id: str, attempt_id: str) -> Recorded | None:
    """What a record that committed already left, when `attempt_id`'s row is there (its
    answer was lost, and the record is tried again); None when it is not. Then nothing is
    written twice: the Delivery, its attempt, its target's counts stay as they are."""
    attempt = queries.attempts.by_id(session, attempt_id)
    if attempt is None or attempt.delivery_id != delivery_id:
        return None
    delivery = session.get(Delivery, delivery_id)
    assert delivery is not None  # its attempt is there, and attempts go with their Delivery
    status = DeliveryStatus(delivery.status)
    next_delay = None
    if status is DeliveryStatus.RETRYING and delivery.next_attempt_at is not None:
        next_delay = max(0.0, (aware(delivery.next_attempt_at) - utcnow()).total_seconds())
    session.commit()
    return Recorded(status, next_delay, [], attempt.attempt, attempt.target_id or "")


def _insert_attempt(session: Session, delivery_id: str, row: RecordedRow, result: AttemptResult,
                    now: datetime, gone: bool, attempt_id: str) -> dict[str, Any]:
    """The attempt's row; returns it as an operational event's `lastAttempt`."""
    message = result.error_message
    if gone:
        message = f"{message}: Gone, so the " \
                  f"{'endpoint' if row.endpoint_id else 'destination'} was disabled"
    queries.attempts.insert(session, {
        "id": attempt_id, "delivery_id": delivery_id, "attempt": row.attempts,
        "target_id": row.endpoint_id or row.destination_id,
        "status": (AttemptStatus.SUCCEEDED if result.succeeded else AttemptStatus.FAILED).value,
        "status_code": result.status_code,
        "response_body": (result.response_body or "")[:RESPONSE_LIMIT] or None,
        "error_type": result.error_type, "error_message": message,
        "duration_ms": result.duration_ms, "created_at": now})
    return {"attempt": row.attempts, "statusCode": result.status_code,
            "errorType": result.error_type, "errorMessage": message,
            "durationMs": result.duration_ms, "at": iso(now)}


def _not_the_receivers(session: Session, target_id: str, last: dict[str, Any]) -> bool:
    """An exhausted Delivery is not its receiver's failure, and never counts toward
    disabling the target, when its transformation (the target's code) or the egress proxy
    failed last, or its polling Consumer did not commit it, or when the breaker refused it
    (`circuit_open`) and what the breaker last let run failed in the transformation: the
    breaker is open because of the code."""
    if last["errorType"] == ErrorType.CIRCUIT_OPEN:
        return queries.attempts.last_run_error(session, target_id) == ErrorType.TRANSFORMATION
    return last["errorType"] in (ErrorType.TRANSFORMATION, *_NOT_THE_RECEIVERS)


def _recovered(session: Session, row: RecordedRow, notify: Notify) -> None:
    """A success of an endpoint whose Consumer was told it failed: tell them it recovered."""
    target = targets.target_of(session, row)
    if target is not None:
        notify(session, row.environment_id, "endpoint.recovered", target, {})


def _tell(session: Session, delivery_id: str, row: RecordedRow, status: DeliveryStatus, gone: bool,
          circuit: str | None, last: dict[str, Any], notify: Notify, counts: bool = True
          ) -> list[str]:
    """The rarer outcomes, which move the target: an exhausted Delivery counts towards
    disabling it, a 410 disables it at once, and the breaker may have opened or closed.
    Returns the Deliveries the disabling cancelled. A lapsed polling Delivery moves nothing
    of its endpoint, so it does not lock it (a commit holds it, then its Deliveries)."""
    lapsed = last["errorType"] == ErrorType.NOT_POLLED
    target = targets.target_of(session, row, for_update=not lapsed)
    if target is None:
        return []
    kind, env = target.KIND, row.environment_id
    cancelled: list[str] = []
    if status is DeliveryStatus.EXHAUSTED:
        owner = {"eventId": row.event_id} if row.event_id else {"messageId": row.message_id}
        notify(session, env, "delivery.exhausted", target,
               {"deliveryId": delivery_id, **owner,
                "attempts": row.attempts, "lastAttempt": last})
    if gone and targets.is_enabled(target):
        targets.disable(target, automatically=True)
        cancelled = cancel_waiting(session, target)
        notify(session, env, f"{kind}.disabled", target,
               {"reason": "gone", "lastAttempt": last})
    elif counts and status is DeliveryStatus.EXHAUSTED \
            and not _not_the_receivers(session, target.id, last):
        if targets.count_outcome(target, succeeded=False, exhausted=True):
            cancelled = cancel_waiting(session, target)
            notify(session, env, f"{kind}.disabled", target, {
                "reason": "failures", "failures": target.failure_count, "lastAttempt": last})
        elif target.failure_count == 1 and kind == "endpoint":
            # The first exhausted Delivery after a success: the endpoint has started failing.
            notify(session, env, "endpoint.failing", target, {"lastAttempt": last})
    if circuit and kind == "endpoint":
        notify(session, env, f"endpoint.circuit_{circuit}", target,
               {"lastAttempt": last} if circuit == "opened" else {})
    session.add(target)
    return cancelled
