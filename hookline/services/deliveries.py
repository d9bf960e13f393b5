"""Delivery rules: what an attempt sends, how its outcome moves the Delivery and its target,
manual retry, cancellation, and finding Deliveries whose workflow never started."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from sqlalchemy import exists, insert, or_, update
from sqlmodel import Session, col, select

from hookline.contracts import DeliveryStart

__all__ = ["DeliveryStart"]
from hookline.errors import Conflict, NotFound
from hookline.models import (
    Attempt,
    Delivery,
    Endpoint,
    Event,
    Message,
    OutboxStart,
    Source,
    table_of,
)
from hookline.services import targets
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
    return ids


def remaining_delays(delivery: Delivery, schedule: list[float]) -> list[float]:
    """The schedule from where the Delivery stands: a new one gets all of it, an exhausted
    one a single attempt, a cancelled one what it had left."""
    return schedule[delivery.attempts:]


_INSERT = insert(table_of(Delivery))


def insert_pending(session: Session, rows: list[Delivery]) -> None:
    """New Deliveries in one multi-row INSERT, after the row they belong to."""
    if rows:
        session.execute(_INSERT, [r.model_dump() for r in rows])


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
    (a relay died holding their start, or the start failed) or overdue for their next
    attempt (Temporal lost the workflow). Those still in the outbox are the relay's, not
    orphans. Touches them so the next pass leaves them alone for a while."""
    cutoff = utcnow() - older_than
    queued = exists().where(col(OutboxStart.delivery_id) == col(Delivery.id))
    rows = list(session.exec(select(Delivery).where(or_(
        (col(Delivery.status) == "pending") & (col(Delivery.updated_at) < cutoff) & ~queued,
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
