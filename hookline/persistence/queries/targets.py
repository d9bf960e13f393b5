"""Every statement on the two tables of delivery targets, `endpoints` and `destinations`
(one model, `DeliveryTarget`): the subscribers fan-out reads, the throttles the gate reads,
the end of a run of failures, and the lists and counts of the API."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, cast

import sqlalchemy as sa
from sqlalchemy import bindparam, func, or_
from sqlmodel import Session, col, select

from hookline.persistence.models import Consumer, Destination, Endpoint, table_of

ENABLED = "Enabled"
_EP, _DS = table_of(Endpoint), table_of(Destination)

# Publishing and ingestion read these on every request: built once, bound parameters.
_SUBSCRIBERS = sa.select(_EP.c.id, _EP.c.url, _EP.c.events, _EP.c.channels, _EP.c.filter,
                         _EP.c.ordering).where(
    _EP.c.consumer_id == bindparam("consumer"), _EP.c.status == ENABLED)
_ENABLED_DESTINATIONS = select(Destination).where(
    col(Destination.source_id) == bindparam("source"), col(Destination.status) == ENABLED
).order_by(col(Destination.id))
_RATE = sa.select(_EP.c.id, _EP.c.rate_limit).where(
    _EP.c.id.in_(bindparam("ids", expanding=True))).union_all(
    sa.select(_DS.c.id, _DS.c.rate_limit).where(_DS.c.id.in_(bindparam("ids", expanding=True))))
_RESET = {table.name: table.update().where(table.c.id == bindparam("target"),
                                           table.c.failure_count != 0)
          .values(failure_count=0) for table in (_EP, _DS)}


@dataclass(frozen=True, slots=True)
class Subscriber:
    """An enabled endpoint as fan-out reads it: what decides whether an event is for it, and
    its URL for its Deliveries' workflow summaries. None of its credentials: those stay
    sealed (`persistence.sealed`), unread and unopened."""

    KIND: ClassVar[str] = Endpoint.KIND
    id: str
    url: str
    events: list[str]
    channels: list[str] | None
    filter: str | None
    ordering: dict[str, Any] | None


def subscribers(session: Session, consumer_id: str) -> list[Subscriber]:
    return [Subscriber(*row) for row in session.execute(_SUBSCRIBERS, {"consumer": consumer_id})]


def enabled_destinations(session: Session, source_id: str) -> list[Destination]:
    return list(session.scalars(_ENABLED_DESTINATIONS, {"source": source_id}))


def enabled_among(session: Session, target_ids: list[str]) -> set[str]:
    """Which of these endpoints and destinations exist and are enabled."""
    found: set[str] = set()
    for table in (_EP, _DS):
        found.update(session.execute(sa.select(table.c.id).where(
            table.c.id.in_(target_ids), table.c.status == "Enabled")).scalars())
    return found


def rate_limits(session: Session, target_ids: list[str]) -> dict[str, int | None]:
    return {r[0]: r[1] for r in session.execute(_RATE, {"ids": target_ids})}


def reset_failures(session: Session, target_id: str, *, endpoint: bool) -> None:
    """A success ends the target's run of failures (no write when there was none)."""
    session.execute(_RESET[(_EP if endpoint else _DS).name], {"target": target_id})


def clear_notice(session: Session, endpoint_id: str) -> bool:
    """Forget what the endpoint's Consumer was told of its failures; True when there was
    something (`services/failure_notices`)."""
    return session.execute(sa.update(_EP).where(
        _EP.c.id == endpoint_id, _EP.c.notice_state.is_not(None)
    ).values(notice_state=None).returning(_EP.c.id)).first() is not None


def endpoints_of_consumer(session: Session, consumer_id: str) -> list[Endpoint]:
    return list(session.exec(select(Endpoint).where(Endpoint.consumer_id == consumer_id)))


def endpoint_of_consumer(session: Session, consumer_id: str, ref: str) -> Endpoint | None:
    """The Consumer's endpoint this id or uid names."""
    return session.exec(select(Endpoint).where(
        Endpoint.consumer_id == consumer_id,
        or_(col(Endpoint.id) == ref, col(Endpoint.uid) == ref))).first()


def endpoints_page(session: Session, consumer_id: str, after: str | None, limit: int, *,
                   ascending: bool = False) -> list[Endpoint]:
    """The Consumer's endpoints, newest first (oldest first when `ascending`), from past
    `after`; limit+1 rows for the pager."""
    query = select(Endpoint).where(Endpoint.consumer_id == consumer_id)
    key = col(Endpoint.id)
    if after:
        query = query.where(key > after if ascending else key < after)
    order = key.asc() if ascending else key.desc()
    return list(session.exec(query.order_by(order).limit(limit + 1)).all())


def recent_endpoints(session: Session, env_id: str, consumer: str | None, limit: int
                     ) -> list[tuple[Endpoint, str]]:
    """The environment's most recent endpoints with their Consumer's externalId, newest
    first; `consumer` (an id or externalId) narrows them to one Consumer's."""
    query = select(Endpoint, Consumer.external_id).join(
        Consumer, col(Consumer.id) == col(Endpoint.consumer_id)).where(
        Endpoint.environment_id == env_id)
    if consumer is not None:
        query = query.where(or_(col(Consumer.external_id) == consumer,
                                col(Consumer.id) == consumer))
    return list(session.exec(query.order_by(col(Endpoint.id).desc()).limit(limit)).all())


def destinations_of_source(session: Session, source_id: str) -> list[Destination]:
    return list(session.exec(select(Destination).where(Destination.source_id == source_id)
                             .order_by(col(Destination.id))).all())


def destination_counts(session: Session, source_ids: list[str]) -> dict[str, int]:
    if not source_ids:
        return {}
    rows = session.exec(select(Destination.source_id, func.count())
                        .where(col(Destination.source_id).in_(source_ids))
                        .group_by(col(Destination.source_id))).all()
    return {source_id: count for source_id, count in rows}


def delete_destinations_of_source(session: Session, source_id: str) -> None:
    session.execute(sa.delete(Destination).where(col(Destination.source_id) == source_id))



def ordering_of(session: Session, target_id: str) -> dict[str, Any] | None:
    """An endpoint's or destination's `ordering` (None also when it is gone)."""
    for table in (_EP, _DS):
        found = session.execute(sa.select(table.c.ordering).where(table.c.id == target_id)
                                ).first()
        if found is not None:
            return cast("dict[str, Any] | None", found[0])
    return None
