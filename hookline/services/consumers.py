"""Consumers (the parties that receive events) and event types."""

from __future__ import annotations

import re

from sqlalchemy import or_
from sqlmodel import Session, col, select

from hookline import targets
from hookline.errors import Conflict, NotFound, invalid
from hookline.ids import new_id
from hookline.models import Consumer, Endpoint, EventType

EVENT_TYPE_NAME = re.compile(r"^[a-z0-9_-]+(\.[a-z0-9_-]+)+$")


def create_consumer(session: Session, env_id: str, external_id: str, name: str) -> Consumer:
    if session.exec(select(Consumer).where(Consumer.environment_id == env_id,
                                           Consumer.external_id == external_id)).first():
        raise Conflict(f"a consumer with externalId {external_id!r} already exists",
                       slug="consumer-exists")
    consumer = Consumer(id=new_id("csm"), environment_id=env_id, external_id=external_id,
                        name=name)
    session.add(consumer)
    session.commit()
    return consumer


def get_consumer(session: Session, env_id: str, ref: str) -> Consumer:
    """By id or by externalId: users address Consumers by their own ids."""
    consumer = session.exec(select(Consumer).where(
        Consumer.environment_id == env_id,
        or_(col(Consumer.id) == ref, col(Consumer.external_id) == ref))).first()
    if consumer is None:
        raise NotFound(f"consumer {ref!r} not found")
    return consumer


def list_consumers(session: Session, env_id: str, after: str | None, limit: int
                   ) -> list[Consumer]:
    query = select(Consumer).where(Consumer.environment_id == env_id)
    if after:
        query = query.where(col(Consumer.id) < after)
    return list(session.exec(query.order_by(col(Consumer.id).desc()).limit(limit + 1)).all())


def update_consumer(session: Session, env_id: str, ref: str, name: str | None) -> Consumer:
    consumer = get_consumer(session, env_id, ref)
    if name is not None:
        consumer.name = name
    session.add(consumer)
    session.commit()
    return consumer


def delete_consumer(session: Session, env_id: str, ref: str) -> list[str]:
    """Deletes the Consumer and its endpoints. Returns the Deliveries that were waiting for
    those endpoints, now cancelled, whose workflows the caller wakes."""
    consumer = get_consumer(session, env_id, ref)
    cancelled: list[str] = []
    for endpoint in session.exec(select(Endpoint).where(Endpoint.consumer_id == consumer.id)):
        cancelled += targets.cancel_waiting(session, endpoint)
        session.delete(endpoint)
    # No relationship() links the tables, so the unit of work does not order these
    # deletes: flush the endpoints first or the foreign key refuses the Consumer's.
    session.flush()
    session.delete(consumer)
    session.commit()
    return cancelled


def check_event_type_name(name: str) -> None:
    if not EVENT_TYPE_NAME.fullmatch(name):  # match() would let "$" pass a final newline
        raise invalid("name", "must look like domain.action: lowercase letters, digits, "
                              "'_' and '-', parts separated by '.'")


def create_event_type(session: Session, env_id: str, name: str, description: str | None
                      ) -> EventType:
    check_event_type_name(name)
    if session.exec(select(EventType).where(EventType.environment_id == env_id,
                                            EventType.name == name)).first():
        raise Conflict(f"event type {name!r} already exists", slug="event-type-exists")
    event_type = EventType(id=new_id("evtype"), environment_id=env_id, name=name,
                           description=description)
    session.add(event_type)
    session.commit()
    return event_type


def get_event_type(session: Session, env_id: str, name: str) -> EventType:
    found = session.exec(select(EventType).where(EventType.environment_id == env_id,
                                                 EventType.name == name)).first()
    if found is None:
        raise NotFound(f"event type {name!r} not found")
    return found


def list_event_types(session: Session, env_id: str, after: str | None, limit: int
                     ) -> list[EventType]:
    query = select(EventType).where(EventType.environment_id == env_id)
    if after:
        query = query.where(col(EventType.name) > after)
    return list(session.exec(query.order_by(col(EventType.name)).limit(limit + 1)).all())


def registered_names(session: Session, env_id: str, names: list[str]) -> set[str]:
    if not names:
        return set()
    return set(session.exec(select(EventType.name).where(
        EventType.environment_id == env_id, col(EventType.name).in_(names))).all())
