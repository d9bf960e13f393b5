"""Consumers: the parties that receive events. Nothing here commits: the caller owns the
transaction."""

from __future__ import annotations

from sqlalchemy import or_
from sqlmodel import Session, col, select

from hookline.delivery import targets
from hookline.errors import Conflict, NotFound
from hookline.ids import new_id
from hookline.persistence.models import Consumer, Endpoint
from hookline.services import erasure


def create_consumer(session: Session, env_id: str, external_id: str, name: str) -> Consumer:
    if session.exec(select(Consumer).where(Consumer.environment_id == env_id,
                                           Consumer.external_id == external_id)).first():
        raise Conflict(f"a consumer with externalId {external_id!r} already exists",
                       slug="consumer-exists")
    consumer = Consumer(id=new_id("csm"), environment_id=env_id, external_id=external_id,
                        name=name)
    session.add(consumer)
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
    return consumer


def delete_consumer(session: Session, env_id: str, ref: str, *,
                    erase_payloads: bool = False) -> list[str]:
    """Deletes the Consumer and its endpoints, and with `erase_payloads` the payloads of
    its Events (a customer who leaves and asks to be forgotten), in the caller's
    transaction.
    Returns the Deliveries that were waiting for those endpoints, now cancelled, whose
    workflows the caller wakes."""
    consumer = get_consumer(session, env_id, ref)
    cancelled: list[str] = []
    for endpoint in session.exec(select(Endpoint).where(Endpoint.consumer_id == consumer.id)):
        cancelled += targets.cancel_waiting(session, endpoint)
        session.delete(endpoint)
    # No relationship() links the tables, so the unit of work does not order these
    # deletes: flush the endpoints first or the foreign key refuses the Consumer's.
    session.flush()
    session.delete(consumer)
    if erase_payloads:
        erasure.erase_consumer_events(session, env_id, consumer.id)
    return cancelled
