"""Delivery rules: new Deliveries with their starts in the outbox, manual retry, reads (Svix's
lists of attempts and of where an Event stands included), an attempt's content expunged."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import timedelta
from typing import Any, Protocol

from sqlmodel import Session

from hookline.contracts import DeliveryStart
from hookline.delivery import gate, lines, outbox, targets
from hookline.delivery.starts import event_start, host_of, message_start, start_for
from hookline.errors import Conflict, DomainError, NotFound, PayloadErased
from hookline.ids import new_id
from hookline.persistence import queries
from hookline.persistence.models import (
    Attempt,
    Delivery,
    Destination,
    Endpoint,
    Event,
    Message,
)
from hookline.persistence.queries.targets import Subscriber
from hookline.services.scoped import get_in
from hookline.statuses import DeliveryStatus
from hookline.target_kinds import is_polling
from hookline.timeutil import utcnow


def _set(delivery: Delivery, status: str) -> None:
    delivery.status = status
    delivery.updated_at = utcnow()


def add_for_event(session: Session, event: Event, endpoints: Sequence[Subscriber | Endpoint],
                  schedule: list[float], document: Any = None) -> list[DeliveryStart]:
    """A pending Delivery of the Event per endpoint, and its start in the outbox (publish,
    replay). The Event's row comes first. `document`: its body as ordered endpoints' keys
    read it, when the caller has it parsed already (else the payload is parsed, once)."""
    ids = [new_id("dlv") for _ in endpoints]
    rows = [_row(i, event.environment_id, event_id=event.id, endpoint_id=e.id,
                 event_type=event.type, consumer_id=event.consumer_id)
            for i, e in zip(ids, endpoints, strict=True)]
    _lines(rows, endpoints, event.payload, document)
    starts = [event_start(i, event.environment_id, list(schedule), DeliveryStatus.PENDING,
                           e.id, event, host_of(e.url))
              for i, e in zip(ids, endpoints, strict=True)]
    return _add(session, rows, starts)


def add_for_message(session: Session, environment_id: str, message_id: str,
                    destinations: list[Destination], schedule: list[float],
                    source_name: str, body: bytes | None = None) -> list[DeliveryStart]:
    """A pending Delivery of the Message per destination, and its start in the outbox
    (ingestion, replay, cron runs); `body` places those of ordered destinations in their
    lines. The Message's row comes first."""
    ids = [new_id("dlv") for _ in destinations]
    rows = [_row(i, environment_id, message_id=message_id, destination_id=d.id)
            for i, d in zip(ids, destinations, strict=True)]
    _lines(rows, destinations, body)
    starts = [message_start(i, environment_id, list(schedule), DeliveryStatus.PENDING, d.id,
                             source_name, host_of(d.url))
              for i, d in zip(ids, destinations, strict=True)]
    return _add(session, rows, starts)


def _row(delivery_id: str, environment_id: str, **owner: str) -> dict[str, Any]:
    # Plain rows, not Delivery objects: building an ORM object costs more than its INSERT.
    now = utcnow()
    return {"id": delivery_id, "environment_id": environment_id, "event_id": None,
            "endpoint_id": None, "message_id": None, "destination_id": None,
            "status": DeliveryStatus.PENDING, "attempts": 0, "next_attempt_at": None,
            "last_attempt_at": None, "created_at": now, "updated_at": now,
            "event_type": None, "consumer_id": None, "last_status_code": None,
            "last_status_class": None, "last_error_type": None, "last_duration_ms": None,
            "line": None, **owner}


class Ordered(Protocol):
    @property
    def ordering(self) -> dict[str, Any] | None: ...


def _lines(rows: list[dict[str, Any]], targets_: Sequence[Ordered], body: str | bytes | None,
           document: Any = None) -> None:
    """Each Delivery of an ordered target gets its line: its key's value on the body, parsed
    once, and only when a target is ordered."""
    for row, target in zip(rows, targets_, strict=True):
        if target.ordering is not None:
            if document is None:
                document = lines.document_of(body) or {}
            row["line"] = lines.key_of(target.ordering, document)


def _add(session: Session, rows: list[dict[str, Any]], starts: list[DeliveryStart]
         ) -> list[DeliveryStart]:
    if rows:  # one multi-row INSERT each
        queued = lines.place(session, rows, starts) if any(r["line"] is not None for r in rows) \
            else starts
        queries.deliveries.insert_rows(session, rows)
        outbox.add(session, queued)
    return starts


def get_scoped(session: Session, environment_id: str, delivery_id: str) -> Delivery:
    return get_in(session, Delivery, environment_id, delivery_id,
                  NotFound(f"Delivery {delivery_id} not found", title="Entrega not found"))


def retry_refusal(session: Session, delivery: Delivery) -> DomainError | None:
    """Why a manual retry of the Delivery would be refused, per the spec's state table, or
    None when it would be accepted: the API raises it, the portal offers Retry only without
    one."""
    if delivery.status == DeliveryStatus.DELIVERED:
        return Conflict(f"Delivery {delivery.id} was already delivered; replay the event "
                        "to send it again", title="Entrega already delivered",
                        slug="delivery-already-delivered")
    if delivery.status in (DeliveryStatus.PENDING, DeliveryStatus.PROCESSING):
        return Conflict(f"Delivery {delivery.id} is already queued",
                        title="Entrega already queued", slug="delivery-already-queued")
    if delivery.status == DeliveryStatus.HELD:
        return Conflict(f"Delivery {delivery.id} waits in its line behind the Delivery at its "
                        "head; it is attempted when that one is delivered or skipped",
                        title="Entrega held in its line", slug="delivery-held")
    owner = session.get(Event, delivery.event_id) if delivery.event_id \
        else session.get(Message, delivery.message_id)
    if owner is not None and owner.payload_erased:
        return PayloadErased("event" if delivery.event_id else "message", owner.id)
    target = targets.target_of(session, delivery)
    if target is not None and is_polling(target.url):
        return Conflict(f"Delivery {delivery.id} is its Consumer's to pull: a retry has "
                        "nothing to send. Seek the endpoint's cursor back to pull it again, "
                        "or replay the event for a new window", title="Polling endpoint",
                        slug="polling-endpoint")
    if target is None or not targets.is_enabled(target):
        return Conflict(f"the endpoint or destination of Delivery {delivery.id} is disabled; "
                        "re-enable it with PATCH status=enabled first",
                        title="Entrega target disabled", slug="delivery-target-disabled")
    return None


def request_retry(session: Session, environment_id: str, delivery_id: str,
                  schedule: list[float], limits: gate.Limits) -> DeliveryStart | None:
    """Queue a Delivery for an attempt now, per the spec's state table. Commits.

    While the target's circuit is open, the retry is let out as the probe; its window (what
    is left of its schedule) starts now, and lasts at least one probe's turn, so that a
    probe already out does not end it unsent.

    A Delivery of an ordered target that is not its line's head joins the end of its line
    (as a recovery's do): None when it waits there, `held`, for its turn. One of a batch
    leaves it (`batches`): it is sent in a batch of its own."""
    delivery = get_scoped(session, environment_id, delivery_id)
    refusal = retry_refusal(session, delivery)
    if refusal is not None:
        raise refusal
    target = targets.target_of(session, delivery)
    assert target is not None  # retry_refusal refuses a Delivery without one
    _set(delivery, DeliveryStatus.PENDING)
    delivery.next_attempt_at = utcnow()
    delivery.batch_id = None  # a batch's member retried by hand goes in a batch of its own
    session.add(delivery)
    now = utcnow()
    gate.probe_now(session, target.id, now)
    start = start_for(session, delivery, schedule)
    if delivery.line is not None and not lines.heads(session, delivery.id):
        row: dict[str, Any] = {"line": delivery.line}
        if not lines.place(session, [row], [start]):
            delivery.status = row["status"]
            session.add(delivery)
            return None
    turn = timedelta(seconds=sum(start.delays) + limits.circuit_open + limits.lease_ttl)
    return replace(start, window_end=(now + turn).timestamp())


def skip(session: Session, environment_id: str, delivery_id: str) -> str | None:
    """Skip the exhausted head of a blocked line (`lines.skip`): the Delivery now at its head,
    or None when none waits."""
    promoted = lines.skip(session, get_scoped(session, environment_id, delivery_id))
    return promoted[0] if promoted else None


# What an expunged attempt's response reads, as in Svix.
EXPUNGED = "EXPUNGED"


def attempt_of(session: Session, event: Event, attempt_id: str) -> Attempt:
    """One attempt of the Event's Deliveries; 404 for any other."""
    found = queries.attempts.of_event(session, event.id, attempt_id)
    if found is None:
        raise NotFound(f"attempt {attempt_id!r} not found")
    return found


def expunge_attempt(session: Session, event: Event, attempt_id: str) -> Attempt:
    """Forget what the receiver answered (or the error it met): the response then reads
    EXPUNGED. The caller commits."""
    attempt = attempt_of(session, event, attempt_id)
    attempt.response_body, attempt.error_message = EXPUNGED, None
    session.add(attempt)
    return attempt
