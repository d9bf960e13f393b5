"""Every statement on `consumers`: publish's lookup by id or externalId, and the API's."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy import bindparam, or_
from sqlmodel import Session, col, select

from hookline.persistence.models import Consumer, table_of

_CONSUMERS = table_of(Consumer)
# Publishing reads this on every request: built once, bound parameters, plain columns.
_BY_REF = sa.select(_CONSUMERS.c.id, _CONSUMERS.c.external_id).where(
    _CONSUMERS.c.environment_id == bindparam("env"),
    or_(_CONSUMERS.c.id == bindparam("ref"), _CONSUMERS.c.external_id == bindparam("ref")))


def ids_by_ref(session: Session, env_id: str, ref: str) -> Any:
    """(id, external_id) of the Consumer this id or externalId names, or None."""
    return session.execute(_BY_REF, {"env": env_id, "ref": ref}).first()


def by_ref(session: Session, env_id: str, ref: str) -> Consumer | None:
    """The Consumer with this id, else the one with this externalId: an externalId that is
    another Consumer's id never stands for that one."""
    return session.exec(select(Consumer).where(
        Consumer.environment_id == env_id,
        or_(col(Consumer.id) == ref, col(Consumer.external_id) == ref))
        .order_by((col(Consumer.id) == ref).desc())).first()


def by_external_id(session: Session, env_id: str, external_id: str) -> Consumer | None:
    return session.exec(select(Consumer).where(Consumer.environment_id == env_id,
                                               Consumer.external_id == external_id)).first()


def page(session: Session, env_id: str, after: str | None, limit: int, *,
         ascending: bool = False) -> list[Consumer]:
    """Newest first (oldest first when `ascending`), from past `after`; limit+1 rows for the
    pager."""
    query = select(Consumer).where(Consumer.environment_id == env_id)
    key = col(Consumer.id)
    if after:
        query = query.where(key > after if ascending else key < after)
    order = key.asc() if ascending else key.desc()
    return list(session.exec(query.order_by(order).limit(limit + 1)).all())
