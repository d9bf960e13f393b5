"""The Svix layer's own reads: its lists of attempts, of attempted messages and of attempted
destinations, filtered as Svix's API filters them (`SvixFilter`), in id order from past an
iterator. Nothing outside api/svix reads this way."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy import exists
from sqlalchemy.orm import aliased
from sqlmodel import Session, col, select
from sqlmodel.sql.expression import SelectOfScalar

from hookline.ids import first_id_at
from hookline.persistence.models import Attempt, Delivery, Endpoint, Event
from hookline.persistence.queries.explorer import ID_SLACK


@dataclass(frozen=True)
class SvixFilter:
    """What Svix's lists of attempts (and of attempted messages) filter on: the statuses
    (an attempt's, or a Delivery's; None: any, empty: none matches), the response's class
    (0: no response, 100...500), the event types (none: any) and an exclusive time range."""

    statuses: tuple[str, ...] | None = None
    code_class: int | None = None
    event_types: tuple[str, ...] = ()
    before: datetime | None = None
    after: datetime | None = None


Query = TypeVar("Query", bound=SelectOfScalar[Any])


def time_range(query: Query, ids: Any, created: Any, prefix: str, found: SvixFilter) -> Query:
    """Rows of an id-ordered table created in (after, before): an id range first (so the
    list seeks its index), then the exact bound."""
    if found.after is not None:
        query = query.where(ids >= first_id_at(prefix, found.after.timestamp() - ID_SLACK),
                            created > found.after)
    if found.before is not None:
        query = query.where(ids < first_id_at(prefix, found.before.timestamp() + ID_SLACK),
                            created < found.before)
    return query


def seek(query: Query, key: Any, after: str | None, ascending: bool, limit: int) -> Query:
    """A page in `key` order from past `after`; limit+1 rows for the pager."""
    if after is not None:
        query = query.where(key > after if ascending else key < after)
    return query.order_by(key.asc() if ascending else key.desc()).limit(limit + 1)


def attempts(session: Session, found: SvixFilter, *, target_id: str | None = None,
              event_id: str | None = None, after: str | None, ascending: bool, limit: int
              ) -> list[tuple[Attempt, str | None]]:
    """Attempts to one endpoint, or of one Event's Deliveries (to one endpoint when
    `target_id` is given too), with their Event's id, in id order from past `after`."""
    query: Any = select(Attempt, Delivery.event_id).join(
        Delivery, col(Delivery.id) == col(Attempt.delivery_id))
    if target_id is not None:
        query = query.where(Attempt.target_id == target_id)
    if event_id is not None:
        query = query.where(Delivery.event_id == event_id)
    if found.statuses is not None:
        query = query.where(col(Attempt.status).in_(found.statuses))
    if found.code_class is not None:
        code = col(Attempt.status_code)
        query = query.where(sa.or_(code.is_(None), code < 100) if found.code_class == 0
                            else code.between(found.code_class, found.code_class + 99))
    if found.event_types:
        query = query.where(col(Delivery.event_type).in_(found.event_types))
    query = time_range(query, col(Attempt.id), col(Attempt.created_at), "att", found)
    return [(a, e) for a, e in session.exec(seek(query, col(Attempt.id), after, ascending,
                                                 limit)).all()]


def _latest() -> Any:
    """A Delivery no later Delivery of the same Event to the same endpoint follows (a replay
    or a resend makes another): the one that says where that Event stands there."""
    later = aliased(Delivery)
    return ~exists().where(col(later.endpoint_id) == col(Delivery.endpoint_id),
                           col(later.event_id) == col(Delivery.event_id),
                           col(later.id) > col(Delivery.id))


def latest_to_endpoint(session: Session, endpoint_id: str, found: SvixFilter,
                       after: str | None, ascending: bool, limit: int
                       ) -> list[tuple[Delivery, Event]]:
    """Svix's attempted messages: each Event sent to the endpoint with its latest Delivery
    there (in `found.statuses`), in Event id order from past `after`."""
    query: Any = select(Delivery, Event).join(Event, col(Event.id) == col(Delivery.event_id)) \
        .where(Delivery.endpoint_id == endpoint_id, _latest())
    if found.statuses is not None:
        query = query.where(col(Delivery.status).in_(found.statuses))
    if found.event_types:
        query = query.where(col(Delivery.event_type).in_(found.event_types))
    query = time_range(query, col(Event.id), col(Event.created_at), "evt", found)
    return [(d, e) for d, e in session.exec(seek(query, col(Event.id), after, ascending,
                                                 limit)).all()]


def latest_of_event(session: Session, event_id: str, after: str | None, ascending: bool,
                    limit: int) -> list[tuple[Delivery, Endpoint]]:
    """Svix's attempted destinations: each endpoint the Event was sent to (and that still
    exists) with its latest Delivery there, in endpoint id order from past `after`."""
    query: Any = select(Delivery, Endpoint).join(
        Endpoint, col(Endpoint.id) == col(Delivery.endpoint_id)).where(
        Delivery.event_id == event_id, _latest())
    return [(d, e) for d, e in session.exec(seek(query, col(Endpoint.id), after, ascending,
                                                 limit)).all()]
