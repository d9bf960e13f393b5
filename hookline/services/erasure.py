"""Erasing payloads on request (a customer asks to be forgotten): an Event's data, or a
Message's body, headers and query, go; ids, types, times, counts and every Delivery and
attempt stay, marked `payloadErased`.

A payload is erased only once none of its Deliveries can send it again: erasing one with a
Delivery pending, processing or retrying is 409 (cancel or wait for them first). Afterwards
a retry, replay or recovery has nothing to send: the API refuses it (409), and an attempt
that finds its payload erased cancels its Delivery instead of sending."""

from __future__ import annotations

from sqlalchemy import exists, select, update
from sqlmodel import Session, col

from hookline.contracts import FINAL_STATUSES
from hookline.errors import Conflict
from hookline.models import Delivery, Event
from hookline.services.events import get_event
from hookline.services.messages import get_message


def _in_flight(session: Session, **owner: str) -> bool:
    (column, value), = owner.items()
    return bool(session.execute(select(exists().where(
        getattr(Delivery, column) == value,
        col(Delivery.status).not_in(FINAL_STATUSES)))).scalar())


def _refuse_in_flight(what: str, item_id: str) -> Conflict:
    return Conflict(f"{what} {item_id} still has Deliveries that may send it; cancel them "
                    "or wait until they finish, then erase it",
                    title="Payload still in flight", slug="payload-in-flight")


def erase_event(session: Session, env_id: str, event_id: str) -> None:
    event = get_event(session, env_id, event_id)
    if _in_flight(session, event_id=event.id):
        raise _refuse_in_flight("event", event_id)
    event.payload, event.payload_erased = "", True
    session.add(event)
    session.commit()


def erase_message(session: Session, env_id: str, message_id: str) -> None:
    message = get_message(session, env_id, message_id)
    if _in_flight(session, message_id=message.id):
        raise _refuse_in_flight("message", message_id)
    message.body, message.headers, message.query = None, {}, ""
    message.payload_erased = True
    session.add(message)
    session.commit()


def erase_consumer_events(session: Session, env_id: str, consumer_id: str) -> int:
    """Every Event of a Consumer, in the caller's transaction (deleting the Consumer has
    cancelled its waiting Deliveries). Returns how many were erased."""
    erased = session.execute(update(Event).where(
        col(Event.environment_id) == env_id, col(Event.consumer_id) == consumer_id,
        col(Event.payload_erased).is_(False)).values(payload="", payload_erased=True)
        .execution_options(synchronize_session=False))
    return int(erased.rowcount)  # type: ignore[attr-defined]
