"""What the delivery explorer filters on (Deliveries across events and messages, and the
attempts to one target, newest first, by the filters an operator asks "what failed, and
why?" with), and the newest-first page that `queries.deliveries.search` and
`queries.attempts.search` both read.

Every list is read in id order, and ids sort by creation time (`ids.first_id_at`), so each
filter seeks one index (migration 0011) and a page reads about `limit` rows whatever the
table's size; a time range becomes an id range first, then the exact `created_at` bound.
A target or Consumer filter is checked against the environment once, and the list then
seeks that filter's own index, not the environment's."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from sqlmodel import Session, col
from sqlmodel.sql.expression import SelectOfScalar

from hookline.errors import invalid
from hookline.ids import first_id_at
from hookline.persistence.models import Attempt, Delivery
from hookline.statuses import ERROR_TYPES, AttemptStatus, DeliveryStatus
from hookline.timeutil import aware, end_of

STATUSES = tuple(DeliveryStatus)
ATTEMPT_STATUSES = tuple(AttemptStatus)
# An id is made a moment before its row's `created_at`; the id bound of a time range is
# this much wider, and the exact bound on `created_at` does the rest.
ID_SLACK = 60.0
_CODE = re.compile(r"^(?:([1-5])xx|([1-5][0-9][0-9]))$")

Row = TypeVar("Row", Delivery, Attempt)


@dataclass(frozen=True)
class ResponseStatus:
    """`responseStatus`: a class (`5xx`) or one code (`503`)."""

    status_class: int
    code: int | None = None


def response_status(text: str) -> ResponseStatus:
    match = _CODE.match(text.strip().lower())
    if match is None:
        raise invalid("responseStatus", "must be a status code (503) or a class (5xx)")
    if match.group(1):
        return ResponseStatus(int(match.group(1)))
    code = int(match.group(2))
    return ResponseStatus(code // 100, code)


@dataclass(frozen=True)
class Filter:
    """What both lists filter on: the status (a Delivery's, or an attempt's `succeeded` /
    `failed`), the last attempt's (or the attempt's) error type and response status, and
    an inclusive `createdAt` range."""

    status: str | None = None
    error_type: str | None = None
    response: ResponseStatus | None = None
    since: datetime | None = None
    until: datetime | None = None

    def check(self, statuses: tuple[str, ...]) -> None:
        if self.status is not None and self.status not in statuses:
            raise invalid("status", f"must be one of {', '.join(statuses)}")
        if self.error_type is not None and self.error_type not in ERROR_TYPES:
            raise invalid("errorType", f"must be one of {', '.join(ERROR_TYPES)}")
        if self.since and self.until and aware(self.since) > aware(self.until):
            raise invalid("from", "must not be later than `to`")


@dataclass(frozen=True)
class DeliveryFilter(Filter):
    endpoint: str | None = None
    destination: str | None = None
    consumer_id: str | None = None
    event_type: str | None = None


def newest_first(session: Session, query: SelectOfScalar[Row], model: type[Row], prefix: str,
          found: Filter, before: str | None, limit: int) -> list[Row]:
    ids: Any = col(model.id)
    created: Any = col(model.created_at)
    if found.since:
        since = aware(found.since)
        query = query.where(ids >= first_id_at(prefix, since.timestamp() - ID_SLACK),
                            created >= since)
    if found.until:
        until = end_of(found.until)
        query = query.where(ids < first_id_at(prefix, until.timestamp() + ID_SLACK),
                            created < until)
    if before:
        query = query.where(ids < before)
    return list(session.exec(query.order_by(ids.desc()).limit(limit + 1)).all())


def since_window(table: Any, prefix: str, since: datetime) -> tuple[Any, ...]:
    """Rows of an id-ordered Core table created since `since`: an id range first, then the
    exact bound."""
    return (table.c.id >= first_id_at(prefix, since.timestamp() - ID_SLACK),
            table.c.created_at >= since)
