"""The outbox of Delivery workflow starts: a row per new Delivery, written in the transaction
that creates it, so no accepted Delivery can miss its start (the request that made it need
not reach Temporal at all). The workers' relay (`hookline.relay`) takes and starts them."""

from __future__ import annotations

import json

from sqlalchemy import func, insert, select, text
from sqlmodel import Session

from hookline.contracts import DeliveryStart
from hookline.db import begin_reading
from hookline.models import Delivery, OutboxStart, table_of

_TABLE = table_of(OutboxStart)
_INSERT = insert(_TABLE)
_QUEUED = select(func.count()).select_from(_TABLE)
_PENDING = select(func.count()).select_from(table_of(Delivery)).where(
    table_of(Delivery).c.status == "pending")
# Taking a row deletes it, so two relays never take the same start; one that dies before
# starting leaves a pending Delivery, which the reconciler starts. SKIP LOCKED keeps
# PostgreSQL's relays off each other's rows; SQLite has one writer at a time anyway. On
# PostgreSQL the rows are chosen once, in a materialized CTE: as an `IN (subquery)` the
# planner may rescan the LIMIT per row, and a test saw a take of 1 delete 3.
_TAKE = {
    "postgresql": text("WITH taken AS MATERIALIZED (SELECT delivery_id FROM delivery_outbox "
                       "ORDER BY delivery_id LIMIT :n FOR UPDATE SKIP LOCKED) "
                       "DELETE FROM delivery_outbox o USING taken "
                       "WHERE o.delivery_id = taken.delivery_id RETURNING o.start"),
    "sqlite": text("DELETE FROM delivery_outbox WHERE delivery_id IN (SELECT delivery_id "
                   "FROM delivery_outbox ORDER BY delivery_id LIMIT :n) RETURNING start"),
}


def add(session: Session, starts: list[DeliveryStart]) -> None:
    """In the caller's transaction, beside the Deliveries' own rows."""
    if starts:
        session.execute(_INSERT, [{"delivery_id": s.delivery_id, "start": _dump(s)}
                                  for s in starts])


def take(session: Session, limit: int, max_waiting: int) -> list[DeliveryStart]:
    """Up to `limit` starts, oldest Delivery first, deleted and committed; fewer when that
    would put more than `max_waiting` Deliveries in Temporal waiting for their first attempt.
    Asking costs a read (on SQLite, no write lock): relays ask several times a second."""
    begin_reading(session)
    queued = session.execute(_QUEUED).scalar_one()
    waiting = session.execute(_PENDING).scalar_one() - queued if queued else 0
    session.commit()
    limit = min(limit, queued, max_waiting - waiting)
    if limit <= 0:
        return []
    rows = session.execute(_TAKE[session.get_bind().dialect.name], {"n": limit}).scalars().all()
    session.commit()
    return sorted((_load(row) for row in rows), key=lambda s: s.delivery_id)


def _dump(start: DeliveryStart) -> str:
    # vars(), not asdict(): asdict deep-copies every field, and ten endpoints make ten rows.
    return json.dumps(vars(start), separators=(",", ":"))


def _load(row: str) -> DeliveryStart:
    return DeliveryStart(**json.loads(row))
