"""Erasing payloads on request (a customer asks to be forgotten): an Event's data, or a
Message's body, headers and query, go; ids, types, times, counts and every Delivery and
attempt stay, marked `payloadErased`.

A payload is erased only once none of its Deliveries can send it again: erasing one with a
Delivery pending, processing or retrying is 409, unless the caller asks to cancel them in
the same request (`cancel`: they become `cancelled`, then the payload goes). Afterwards
a retry, replay or recovery has nothing to send: the API refuses it (409), and an attempt
that finds its payload erased cancels its Delivery instead of sending."""

from __future__ import annotations

from sqlmodel import Session

from hookline.delivery.targets import cancel_where
from hookline.errors import Conflict
from hookline.persistence import queries
from hookline.persistence.db import begin_reading
from hookline.persistence.models import Delivery
from hookline.services.events import get_event
from hookline.services.messages import get_message
from hookline.statuses import ATTEMPTABLE
from hookline.timeutil import utcnow

_MAY_SEND = ATTEMPTABLE


def _in_flight(session: Session, **owner: str) -> bool:
    (column, value), = owner.items()
    return queries.deliveries.any_unfinished(session, getattr(Delivery, column), value)


def _refuse_in_flight(what: str, item_id: str) -> Conflict:
    return Conflict(f"{what} {item_id} still has Deliveries that may send it; cancel them "
                    "or wait until they finish, then erase it",
                    title="Payload still in flight", slug="payload-in-flight")


def _clear_the_way(session: Session, what: str, item_id: str, cancel: bool) -> list[str]:
    """With `cancel`, cancel every Delivery that may still send the payload, and return
    them (their workflows are to be woken); else refuse while one may."""
    column = Delivery.event_id if what == "event" else Delivery.message_id
    if cancel:
        return cancel_where(session, column, item_id, _MAY_SEND,
                            "endpoint" if what == "event" else "destination")
    if _in_flight(session, **{f"{what}_id": item_id}):
        raise _refuse_in_flight(what, item_id)
    return []


def attempts_in_flight(session: Session, delivery_ids: list[str]) -> bool:
    """Whether an attempt of these (cancelled) Deliveries is still under way: one that read
    the payload before the cancel and may yet send it. Its lease goes once its outcome is
    recorded, or once it learns of the cancel before sending."""
    begin_reading(session)
    return queries.deliveries.any_leased(session, delivery_ids, utcnow())


def erase_event(session: Session, env_id: str, event_id: str, cancel: bool = False
                ) -> list[str]:
    """Erase the Event's data; returns the Deliveries `cancel` cancelled. Commits."""
    event = get_event(session, env_id, event_id)
    cancelled = _clear_the_way(session, "event", event.id, cancel)
    event.payload, event.payload_erased = "", True
    session.add(event)
    return cancelled


def erase_message(session: Session, env_id: str, message_id: str, cancel: bool = False
                  ) -> list[str]:
    """Erase the Message's body, headers and query; returns the Deliveries `cancel`
    cancelled. Commits."""
    message = get_message(session, env_id, message_id)
    cancelled = _clear_the_way(session, "message", message.id, cancel)
    message.body, message.headers, message.query = None, {}, ""
    message.payload_erased = True
    session.add(message)
    return cancelled


def erase_consumer_events(session: Session, env_id: str, consumer_id: str) -> int:
    """Every Event of a Consumer, in the caller's transaction (deleting the Consumer has
    cancelled its waiting Deliveries). Returns how many were erased."""
    return queries.events.erase_of_consumer(session, env_id, consumer_id)
