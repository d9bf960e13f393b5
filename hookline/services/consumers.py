"""Consumers: the parties that receive events. Nothing here commits: the caller owns the
transaction."""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session

from hookline.delivery import targets
from hookline.errors import Conflict, NotFound
from hookline.ids import new_id
from hookline.persistence import queries
from hookline.persistence.models import Consumer
from hookline.services import erasure, notice_channels
from hookline.services.patch import KEEP, Keep
from hookline.timeutil import utcnow


@dataclass(frozen=True)
class Details:
    """What a Consumer carries beside its ids and name (a Svix application's fields)."""

    metadata: dict[str, str] | None = None
    throttle_rate: int | None = None


def create_consumer(session: Session, env_id: str, external_id: str | None, name: str,
                    details: Details = Details()) -> Consumer:
    """`external_id` None: the Consumer is its own externalId (a Svix application may have
    no uid; every Consumer has an externalId to publish to)."""
    consumer_id = new_id("csm")
    external_id = external_id or consumer_id
    _check_free(session, env_id, external_id)
    consumer = Consumer(id=consumer_id, environment_id=env_id, external_id=external_id,
                        name=name, metadata_=details.metadata or {},
                        throttle_rate=details.throttle_rate)
    session.add(consumer)
    return consumer


def _check_free(session: Session, env_id: str, external_id: str) -> None:
    if queries.consumers.by_external_id(session, env_id, external_id) is not None:
        raise Conflict(f"a consumer with externalId {external_id!r} already exists",
                       slug="consumer-exists")


def get_consumer(session: Session, env_id: str, ref: str) -> Consumer:
    """By id or by externalId: users address Consumers by their own ids."""
    consumer = queries.consumers.by_ref(session, env_id, ref)
    if consumer is None:
        raise NotFound(f"consumer {ref!r} not found")
    return consumer


def find_consumer(session: Session, env_id: str, ref: str) -> Consumer | None:
    return queries.consumers.by_ref(session, env_id, ref)


def list_consumers(session: Session, env_id: str, after: str | None, limit: int, *,
                   ascending: bool = False) -> list[Consumer]:
    """Those after `after` in id order (newest first unless `ascending`)."""
    return queries.consumers.page(session, env_id, after, limit, ascending=ascending)


@dataclass(frozen=True)
class ConsumerPatch:
    """KEEP leaves a field as it is; an `external_id` of None makes the Consumer its own
    externalId again."""

    name: str | Keep = KEEP
    external_id: str | Keep | None = KEEP
    metadata: dict[str, str] | Keep = KEEP
    throttle_rate: int | Keep | None = KEEP


def update_consumer(session: Session, env_id: str, ref: str, patch: ConsumerPatch) -> Consumer:
    consumer = get_consumer(session, env_id, ref)
    if not isinstance(patch.external_id, Keep):
        external_id = patch.external_id or consumer.id
        if external_id != consumer.external_id:
            _check_free(session, env_id, external_id)
            consumer.external_id = external_id
    if not isinstance(patch.name, Keep):
        consumer.name = patch.name
    if not isinstance(patch.metadata, Keep):
        consumer.metadata_ = patch.metadata
    if not isinstance(patch.throttle_rate, Keep):
        consumer.throttle_rate = patch.throttle_rate
    consumer.updated_at = utcnow()
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
    cancelled = notice_channels.forget(session, consumer)
    for endpoint in queries.targets.endpoints_of_consumer(session, consumer.id):
        cancelled += targets.cancel_all(session, endpoint)
        session.delete(endpoint)
    # No relationship() links the tables, so the unit of work does not order these
    # deletes: flush the endpoints first or the foreign key refuses the Consumer's.
    session.flush()
    session.delete(consumer)
    if erase_payloads:
        erasure.erase_consumer_events(session, env_id, consumer.id)
    return cancelled
