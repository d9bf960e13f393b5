"""Consumers: the parties that receive events. Nothing here commits: the caller owns the
transaction."""

from __future__ import annotations

from sqlmodel import Session

from hookline.delivery import targets
from hookline.errors import Conflict, NotFound
from hookline.ids import new_id
from hookline.persistence import queries
from hookline.persistence.models import Consumer
from hookline.services import erasure


def create_consumer(session: Session, env_id: str, external_id: str, name: str) -> Consumer:
    if queries.consumers.by_external_id(session, env_id, external_id) is not None:
        raise Conflict(f"a consumer with externalId {external_id!r} already exists",
                       slug="consumer-exists")
    consumer = Consumer(id=new_id("csm"), environment_id=env_id, external_id=external_id,
                        name=name)
    session.add(consumer)
    return consumer


def get_consumer(session: Session, env_id: str, ref: str) -> Consumer:
    """By id or by externalId: users address Consumers by their own ids."""
    consumer = queries.consumers.by_ref(session, env_id, ref)
    if consumer is None:
        raise NotFound(f"consumer {ref!r} not found")
    return consumer


def list_consumers(session: Session, env_id: str, after: str | None, limit: int
                   ) -> list[Consumer]:
    return queries.consumers.page(session, env_id, after, limit)


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
    for endpoint in queries.targets.endpoints_of_consumer(session, consumer.id):
        cancelled += targets.cancel_waiting(session, endpoint)
        session.delete(endpoint)
    # No relationship() links the tables, so the unit of work does not order these
    # deletes: flush the endpoints first or the foreign key refuses the Consumer's.
    session.flush()
    session.delete(consumer)
    if erase_payloads:
        erasure.erase_consumer_events(session, env_id, consumer.id)
    return cancelled
