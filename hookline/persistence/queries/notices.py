"""Every statement on `notices` (a Consumer's failure notices, one row per channel), and
what the weekly digest reads: the endpoints whose Deliveries ended exhausted lately."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Session, col, select

from hookline.persistence.models import (
    Consumer,
    Delivery,
    Endpoint,
    Notice,
    NoticeSuppression,
    table_of,
)
from hookline.statuses import DeliveryStatus, ErrorType

_D, _EP, _CS, _NT, _SUP = (table_of(m) for m in (Delivery, Endpoint, Consumer, Notice,
                                                  NoticeSuppression))


def page(session: Session, consumer_id: str, after: str | None, limit: int) -> list[Notice]:
    """The Consumer's notices, newest first, from past `after`; limit+1 rows for the pager."""
    query = select(Notice).where(Notice.consumer_id == consumer_id)
    if after:
        query = query.where(col(Notice.id) < after)
    return list(session.exec(query.order_by(col(Notice.id).desc()).limit(limit + 1)))


def count_since(session: Session, consumer_id: str, first_id: str) -> int:
    """The Consumer's notices from `first_id` on (ids sort by time: its index seeks it)."""
    return int(session.execute(sa.select(sa.func.count()).select_from(_NT).where(
        _NT.c.consumer_id == consumer_id, _NT.c.id >= first_id)).scalar_one())


def count_to_since(session: Session, recipient: str, first_id: str) -> int:
    """The notices to this address from `first_id` on, every tenant's."""
    return int(session.execute(sa.select(sa.func.count()).select_from(_NT).where(
        _NT.c.recipient == recipient, _NT.c.id >= first_id)).scalar_one())


def suppressed(session: Session, environment_id: str, addresses: list[str]) -> list[str]:
    """Which of these addresses unsubscribed from the environment's notices."""
    if not addresses:
        return []
    return list(session.scalars(sa.select(_SUP.c.address).where(
        _SUP.c.environment_id == environment_id, _SUP.c.address.in_(addresses))))


def exhausted_since(session: Session, since: datetime, digest_before: datetime,
                    after: str | None, limit: int) -> list[tuple[str, str, int]]:
    """(Consumer id, endpoint id, how many) of the Deliveries that ended exhausted since
    `since`, for the first `limit` Consumers past `after` (by id) whose last digest went
    before `digest_before`, if ever."""
    failed = (_D.join(_EP, _EP.c.id == _D.c.endpoint_id)
              .join(_CS, _CS.c.id == _EP.c.consumer_id))
    due = [_D.c.status == DeliveryStatus.EXHAUSTED.value, _D.c.updated_at >= since,
           # The receiver's failures: not its transformation's, the proxy's or an unpolled
           # one (`attempts._not_the_receivers`).
           sa.or_(_D.c.last_error_type.is_(None), _D.c.last_error_type.not_in(
               [ErrorType.TRANSFORMATION.value, ErrorType.PROXY.value,
                ErrorType.NOT_POLLED.value])),
           sa.or_(_CS.c.digest_sent_at.is_(None), _CS.c.digest_sent_at < digest_before)]
    if after is not None:
        due.append(_CS.c.id > after)
    consumers = sa.select(_CS.c.id).select_from(failed).where(*due).distinct() \
        .order_by(_CS.c.id).limit(limit)
    rows = session.execute(
        sa.select(_EP.c.consumer_id, _D.c.endpoint_id, sa.func.count()).select_from(failed)
        .where(*due, _CS.c.id.in_(consumers.scalar_subquery()))
        .group_by(_EP.c.consumer_id, _D.c.endpoint_id)
        .order_by(_EP.c.consumer_id, _D.c.endpoint_id)).all()
    return [(row[0], row[1], int(row[2])) for row in rows]
