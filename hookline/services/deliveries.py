"""Delivery rules: what an attempt sends, how its outcome moves the Delivery and its target,
manual retry, cancellation, and finding Deliveries whose workflow never started."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlalchemy import delete, exists, func, insert, or_, update
from sqlmodel import Session, col, select

from hookline.contracts import DeliveryStart

__all__ = ["DeliveryStart"]
from hookline.errors import Conflict, NotFound
from hookline.ids import new_id
from hookline.models import (
    Attempt,
    AttemptLease,
    Delivery,
    Destination,
    Endpoint,
    Event,
    Message,
    OutboxStart,
    Source,
    table_of,
)
from hookline.services import outbox, targets
from hookline.services.scoped import get_in
from hookline.timeutil import utcnow

WAITING = ("pending", "retrying")


def _set(delivery: Delivery, status: str) -> None:
    delivery.status = status
    delivery.updated_at = utcnow()


def cancel_waiting(session: Session, target: targets.Target) -> list[str]:
    """Cancel the target's waiting Deliveries (caller commits, then wakes their workflows)."""
    column = Delivery.endpoint_id if isinstance(target, Endpoint) else Delivery.destination_id
    ids = list(session.exec(select(Delivery.id).where(
        column == target.id, col(Delivery.status).in_(WAITING))).all())
    if ids:
        session.execute(update(Delivery).where(col(Delivery.id).in_(ids))
                        .values(status="cancelled", next_attempt_at=None, updated_at=utcnow()))
        # Those never admitted need no workflow any more (a retry starts one).
        session.execute(delete(OutboxStart).where(col(OutboxStart.delivery_id).in_(ids)))
    return ids


def remaining_delays(delivery: Delivery, schedule: list[float]) -> list[float]:
    """The schedule from where the Delivery stands: a new one gets all of it, an exhausted
    one a single attempt, a cancelled one what it had left."""
    return schedule[delivery.attempts:]


_INSERT = insert(table_of(Delivery))


def add_for_event(session: Session, event: Event, endpoints: list[Endpoint],
                  schedule: list[float]) -> list[DeliveryStart]:
    """A pending Delivery of the Event per endpoint, and its start in the outbox (publish,
    replay). The Event's row comes first."""
    ids = [new_id("dlv") for _ in endpoints]
    rows = [_row(i, event.environment_id, event_id=event.id, endpoint_id=e.id)
            for i, e in zip(ids, endpoints, strict=True)]
    starts = [_event_start(i, event.environment_id, list(schedule), "pending", e.id, event,
                           e.url) for i, e in zip(ids, endpoints, strict=True)]
    return _add(session, rows, starts)


def add_for_message(session: Session, environment_id: str, message_id: str,
                    destinations: list[Destination], schedule: list[float],
                    source_name: str) -> list[DeliveryStart]:
    """A pending Delivery of the Message per destination, and its start in the outbox
    (ingestion, replay, cron runs). The Message's row comes first."""
    ids = [new_id("dlv") for _ in destinations]
    rows = [_row(i, environment_id, message_id=message_id, destination_id=d.id)
            for i, d in zip(ids, destinations, strict=True)]
    starts = [_message_start(i, environment_id, list(schedule), "pending", d.id, source_name,
                             d.url) for i, d in zip(ids, destinations, strict=True)]
    return _add(session, rows, starts)


def _row(delivery_id: str, environment_id: str, **owner: str) -> dict[str, Any]:
    # Plain rows, not Delivery objects: building an ORM object costs more than its INSERT.
    now = utcnow()
    return {"id": delivery_id, "environment_id": environment_id, "event_id": None,
            "endpoint_id": None, "message_id": None, "destination_id": None,
            "status": "pending", "attempts": 0, "next_attempt_at": None,
            "last_attempt_at": None, "created_at": now, "updated_at": now, **owner}


def _add(session: Session, rows: list[dict[str, Any]], starts: list[DeliveryStart]
         ) -> list[DeliveryStart]:
    if rows:  # one multi-row INSERT each
        session.execute(_INSERT, rows)
        outbox.add(session, starts)
    return starts


def start_for(session: Session, delivery: Delivery, schedule: list[float]) -> DeliveryStart:
    """Workflow input and UI labels (search attributes, summary) for a stored Delivery."""
    target = targets.target_of(session, delivery)
    url = target.url if target else "?"
    delays = remaining_delays(delivery, schedule)
    if delivery.event_id:
        return _event_start(delivery.id, delivery.environment_id, delays, delivery.status,
                            delivery.endpoint_id, session.get(Event, delivery.event_id), url)
    message = session.get(Message, delivery.message_id)
    source = session.get(Source, message.source_id) if message else None
    return _message_start(delivery.id, delivery.environment_id, delays, delivery.status,
                          delivery.destination_id, source.name if source else "message", url)


def _event_start(delivery_id: str, environment_id: str, delays: list[float], status: str,
                 endpoint_id: str | None, event: Event | None, url: str) -> DeliveryStart:
    event_type = event.type if event else "?"
    return DeliveryStart(delivery_id=delivery_id, delays=delays, environment_id=environment_id,
                         status=status, summary=f"{event_type} -> {url}",
                         endpoint_id=endpoint_id, event_type=event_type,
                         consumer=event.consumer_external_id if event else None)


def _message_start(delivery_id: str, environment_id: str, delays: list[float], status: str,
                   destination_id: str | None, source_name: str, url: str) -> DeliveryStart:
    return DeliveryStart(delivery_id=delivery_id, delays=delays, environment_id=environment_id,
                         status=status, summary=f"{source_name} -> {url}",
                         destination_id=destination_id)


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
    """Deliveries accepted but apparently without a running workflow: pending or admitted
    for too long (a relay died holding their start, or the start failed) or overdue for
    their next attempt (Temporal lost the workflow). Those still in the outbox are the
    relay's, and those holding a live lease are being attempted: neither is an orphan.
    Touches them so the next pass leaves them alone for a while."""
    now = utcnow()
    cutoff = now - older_than
    queued = exists().where(col(OutboxStart.delivery_id) == col(Delivery.id))
    leased = exists().where(col(AttemptLease.delivery_id) == col(Delivery.id),
                            col(AttemptLease.expires_at) > now)
    due = func.coalesce(col(Delivery.next_attempt_at), col(Delivery.updated_at))
    rows = list(session.exec(select(Delivery).where(or_(
        (col(Delivery.status) == "pending") & (due < cutoff) & ~queued,
        # Admitted, but its lease ran out with no outcome: the worker died before the start
        # or during the attempt.
        (col(Delivery.status) == "processing") & (col(Delivery.updated_at) < cutoff) & ~leased,
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
