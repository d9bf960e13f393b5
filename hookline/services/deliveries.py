"""Delivery rules: what an attempt sends, how its outcome moves the Delivery and its target,
manual retry, cancellation, and finding Deliveries whose workflow never started."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import timedelta

from sqlalchemy import DateTime, case, insert, literal, or_, update
from sqlmodel import Session, col, select

from hookline.contracts import DeliveryStart
from hookline.db import begin_reading

__all__ = ["DeliveryStart"]
from hookline.errors import Conflict, NotFound
from hookline.ids import new_id
from hookline.models import (
    Attempt,
    Delivery,
    Destination,
    Endpoint,
    Environment,
    Event,
    Message,
    Source,
)
from hookline.services import targets
from hookline.services.scoped import get_in
from hookline.timeutil import utcnow

WAITING = ("pending", "retrying")
_ATTEMPTABLE = (*WAITING, "processing")
RESPONSE_LIMIT = 4096


@dataclass(frozen=True)
class Outgoing:
    """Everything one attempt sends; signing happens at send time (fresh timestamp)."""

    url: str
    msg_id: str
    body: bytes
    content_type: str
    custom_headers: dict[str, str]
    secrets: list[str]
    require_https: bool


@dataclass(frozen=True)
class AttemptResult:
    succeeded: bool
    status_code: int | None
    response_body: str | None
    error_type: str | None
    error_message: str | None
    duration_ms: int


def _payload(session: Session, delivery: Delivery) -> tuple[str, bytes, str]:
    if delivery.event_id:
        event = session.get(Event, delivery.event_id)
        if event is None:
            raise NotFound(f"event {delivery.event_id} is gone")
        return event.id, event.payload.encode(), "application/json"
    message = session.get(Message, delivery.message_id)
    if message is None:
        raise NotFound(f"message {delivery.message_id} is gone")
    return message.id, message.body or b"", message.content_type or "application/octet-stream"


def prepare_attempt(session: Session, delivery_id: str) -> Outgoing | str:
    """Mark the Delivery `processing` and return what to send, or return the status it is
    left in when there is nothing to send (already final, cancelled, or target gone). Reads
    first, then one single-row update: the write lock is held for that statement alone."""
    begin_reading(session)
    delivery = session.get(Delivery, delivery_id)
    if delivery is None:
        session.commit()
        return "cancelled"
    if delivery.status not in _ATTEMPTABLE:
        session.commit()
        return delivery.status
    target = targets.target_of(session, delivery)
    enabled = target is not None and targets.is_enabled(target)
    if target is None or not enabled:
        session.commit()
        return _move(session, delivery_id, "cancelled")
    msg_id, body, content_type = _payload(session, delivery)
    env = session.get(Environment, delivery.environment_id)
    session.commit()
    status = _move(session, delivery_id, "processing")
    if status != "processing":
        return status
    return Outgoing(url=target.url, msg_id=msg_id, body=body, content_type=content_type,
                    custom_headers=dict(target.custom_headers),
                    secrets=targets.secrets_in_force(target),
                    require_https=env is not None and env.kind == "production")


def _move(session: Session, delivery_id: str, status: str) -> str:
    """Set the status unless the Delivery left the attemptable ones meanwhile (a cancel or
    a final outcome); returns the status it has now. Commits."""
    moved = session.execute(update(Delivery).where(
        col(Delivery.id) == delivery_id, col(Delivery.status).in_(_ATTEMPTABLE))
        .values(status=status, updated_at=utcnow()))
    session.commit()
    if moved.rowcount:  # type: ignore[attr-defined]
        return status
    begin_reading(session)
    now = session.exec(select(Delivery.status).where(Delivery.id == delivery_id)).first()
    session.commit()
    return now or "cancelled"


def _set(delivery: Delivery, status: str) -> None:
    delivery.status = status
    delivery.updated_at = utcnow()


def record_attempt(session: Session, delivery_id: str, result: AttemptResult,
                   next_delay: float | None) -> tuple[str, list[str]]:
    """Store the attempt and move the Delivery on. Returns its status and the ids of other
    Deliveries this outcome cancelled (an automatic disable), whose workflows to wake.

    On SQLite every writer waits for this transaction, so the common outcomes are a few
    statements: the Delivery moves in one UPDATE, the attempt is one INSERT, and the target
    row is written only when its count of consecutive failures changes."""
    now = utcnow()
    retry_at = None if next_delay is None else now + timedelta(seconds=next_delay)
    # A success stands even if a cancel landed meanwhile; a failure yields to the cancel.
    cancelled_now = col(Delivery.status) == "cancelled"
    failed_status = "exhausted" if next_delay is None else "retrying"
    row = session.execute(
        update(Delivery).where(col(Delivery.id) == delivery_id).values(
            attempts=col(Delivery.attempts) + 1, last_attempt_at=now, updated_at=now,
            status="delivered" if result.succeeded else
            case((cancelled_now, "cancelled"), else_=failed_status),
            next_attempt_at=None if result.succeeded else
            case((cancelled_now, None), else_=literal(retry_at, DateTime(timezone=True))))
        .returning(col(Delivery.attempts), col(Delivery.status),
                   col(Delivery.endpoint_id), col(Delivery.destination_id))).first()
    if row is None:
        session.commit()
        return "cancelled", []
    attempts, status, endpoint_id, destination_id = row
    session.execute(insert(Attempt).values(
        id=new_id("att"), delivery_id=delivery_id, attempt=attempts,
        status="succeeded" if result.succeeded else "failed", status_code=result.status_code,
        response_body=(result.response_body or "")[:RESPONSE_LIMIT] or None,
        error_type=result.error_type, error_message=result.error_message,
        duration_ms=result.duration_ms, created_at=now))
    cancelled: list[str] = []
    if result.succeeded:  # a success ends any run of failures
        model: type[Endpoint] | type[Destination] = Endpoint if endpoint_id else Destination
        session.execute(update(model).where(col(model.id) == (endpoint_id or destination_id),
                                            col(model.failure_count) != 0)
                        .values(failure_count=0))
    elif status == "exhausted":
        target: targets.Target | None = (
            session.get(Endpoint, endpoint_id, with_for_update=True) if endpoint_id
            else session.get(Destination, destination_id, with_for_update=True))
        if target is not None and targets.count_outcome(target, succeeded=False,
                                                        exhausted=True):
            cancelled = cancel_waiting(session, target)
        if target is not None:
            session.add(target)
    session.commit()
    return status, cancelled


def cancel_waiting(session: Session, target: targets.Target) -> list[str]:
    """Cancel the target's waiting Deliveries (caller commits, then wakes their workflows)."""
    column = Delivery.endpoint_id if isinstance(target, Endpoint) else Delivery.destination_id
    ids = list(session.exec(select(Delivery.id).where(
        column == target.id, col(Delivery.status).in_(WAITING))).all())
    if ids:
        session.execute(update(Delivery).where(col(Delivery.id).in_(ids))
                        .values(status="cancelled", next_attempt_at=None, updated_at=utcnow()))
    return ids


def remaining_delays(delivery: Delivery, schedule: list[float]) -> list[float]:
    """The schedule from where the Delivery stands: a new one gets all of it, an exhausted
    one a single attempt, a cancelled one what it had left."""
    return schedule[delivery.attempts:]


def start_for(session: Session, delivery: Delivery, schedule: list[float], *,
              target: targets.Target | None = None, event: Event | None = None,
              source_name: str | None = None) -> DeliveryStart:
    """Workflow input and UI labels (search attributes, summary) for one Delivery. Rows the
    caller already holds (target, event, source name) save their queries."""
    target = target or targets.target_of(session, delivery)
    url = target.url if target else "?"
    start = DeliveryStart(delivery_id=delivery.id, delays=remaining_delays(delivery, schedule),
                          environment_id=delivery.environment_id, status=delivery.status,
                          summary="")
    if delivery.event_id:
        event = event or session.get(Event, delivery.event_id)
        event_type = event.type if event else "?"
        return replace(start, endpoint_id=delivery.endpoint_id, event_type=event_type,
                       consumer=event.consumer_external_id if event else None,
                       summary=f"{event_type} -> {url}")
    if source_name is None:
        message = session.get(Message, delivery.message_id)
        source = session.get(Source, message.source_id) if message else None
        source_name = source.name if source else "message"
    return replace(start, destination_id=delivery.destination_id,
                   summary=f"{source_name} -> {url}")


def get_scoped(session: Session, environment_id: str, delivery_id: str) -> Delivery:
    return get_in(session, Delivery, environment_id, delivery_id,
                  NotFound(f"Entrega {delivery_id} not found", title="Entrega not found"))


def request_retry(session: Session, environment_id: str, delivery_id: str,
                  schedule: list[float]) -> DeliveryStart:
    """Queue a Delivery for an attempt now, per the spec's state table. Commits."""
    delivery = get_scoped(session, environment_id, delivery_id)
    if delivery.status == "delivered":
        raise Conflict(f"Entrega {delivery_id} was already delivered; replay the event "
                       "to send it again", title="Entrega already delivered",
                       slug="delivery-already-delivered")
    if delivery.status in ("pending", "processing"):
        raise Conflict(f"Entrega {delivery_id} is already queued",
                       title="Entrega already queued", slug="delivery-already-queued")
    target = targets.target_of(session, delivery)
    if target is None or not targets.is_enabled(target):
        raise Conflict(f"the endpoint or destination of Entrega {delivery_id} is disabled; "
                       "re-enable it with PATCH status=enabled first",
                       title="Entrega target disabled", slug="delivery-target-disabled")
    _set(delivery, "pending")
    delivery.next_attempt_at = utcnow()
    session.add(delivery)
    start = start_for(session, delivery, schedule)
    session.commit()
    return start


def orphans(session: Session, older_than: timedelta, schedule: list[float],
            limit: int = 500) -> list[DeliveryStart]:
    """Deliveries accepted but apparently without a running workflow: pending for too long
    (the API died between commit and start) or overdue for their next attempt (Temporal lost
    the workflow). Touches them so the next pass leaves them alone for a while."""
    cutoff = utcnow() - older_than
    rows = list(session.exec(select(Delivery).where(or_(
        (col(Delivery.status) == "pending") & (col(Delivery.updated_at) < cutoff),
        (col(Delivery.status) == "retrying") & (col(Delivery.next_attempt_at) < cutoff),
    )).order_by(col(Delivery.updated_at)).limit(limit)).all())
    starts = [start_for(session, d, schedule) for d in rows]
    for delivery in rows:
        delivery.updated_at = utcnow()
        if delivery.status == "retrying":
            delivery.next_attempt_at = utcnow()
        session.add(delivery)
    session.commit()
    return starts


def list_for(session: Session, *, event_id: str | None = None, message_id: str | None = None,
             after: str | None, limit: int) -> list[Delivery]:
    query = select(Delivery)
    query = query.where(Delivery.event_id == event_id) if event_id else \
        query.where(Delivery.message_id == message_id)
    if after:
        query = query.where(col(Delivery.id) > after)
    return list(session.exec(query.order_by(col(Delivery.id)).limit(limit + 1)).all())


def attempts_of(session: Session, delivery_id: str, after: int | None, limit: int
                ) -> list[Attempt]:
    query = select(Attempt).where(Attempt.delivery_id == delivery_id)
    if after is not None:
        query = query.where(col(Attempt.attempt) > after)
    return list(session.exec(query.order_by(col(Attempt.attempt), col(Attempt.id))
                             .limit(limit + 1)).all())
