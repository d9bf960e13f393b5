"""The two short transactions around one attempt: prepare (what to send, and mark the Delivery
`processing`) and record (store the outcome, move the Delivery and its target on).

Every delivery runs both, and on SQLite every other writer waits for their writes, so they
are prepared Core statements with bound parameters: one read that joins everything the
attempt needs, then single-row writes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy import bindparam
from sqlmodel import Session

from hookline.db import begin_reading
from hookline.errors import NotFound
from hookline.ids import new_id
from hookline.models import (
    Attempt,
    Delivery,
    Destination,
    Endpoint,
    Environment,
    Event,
    Message,
    table_of,
)
from hookline.services import targets
from hookline.services.deliveries import WAITING, cancel_waiting
from hookline.timeutil import utcnow

ATTEMPTABLE = (*WAITING, "processing")
RESPONSE_LIMIT = 4096


@dataclass(frozen=True)
class Outgoing:
    """Everything one attempt sends; signing happens at send time (fresh timestamp)."""

    url: str
    msg_id: str
    body: bytes
    content_type: str
    custom_headers: dict[str, str]
    secrets: list[str]
    require_https: bool


@dataclass(frozen=True)
class AttemptResult:
    succeeded: bool
    status_code: int | None
    response_body: str | None
    error_type: str | None
    error_message: str | None
    duration_ms: int


_D, _ENV, _EP, _DS = (table_of(m) for m in (Delivery, Environment, Endpoint, Destination))
_EV, _MSG, _ATT = (table_of(m) for m in (Event, Message, Attempt))


def _target(column: str) -> sa.Label[Any]:
    """A Delivery has an endpoint or a destination; either column, whichever exists."""
    return sa.func.coalesce(_EP.c[column], _DS.c[column]).label(f"target_{column}")


_TO_SEND = sa.select(
    _D.c.status, _ENV.c.kind, _EV.c.id.label("event_id"), _EV.c.payload,
    _D.c.message_id, _MSG.c.id.label("message_found"), _MSG.c.body, _MSG.c.content_type,
    _D.c.event_id.label("wanted_event"), *(_target(c) for c in (
        "id", "url", "status", "custom_headers", "secret", "previous_secret",
        "previous_secret_expires_at")),
).select_from(
    _D.outerjoin(_ENV, _ENV.c.id == _D.c.environment_id)
    .outerjoin(_EP, _EP.c.id == _D.c.endpoint_id)
    .outerjoin(_DS, _DS.c.id == _D.c.destination_id)
    .outerjoin(_EV, _EV.c.id == _D.c.event_id)
    .outerjoin(_MSG, _MSG.c.id == _D.c.message_id)
).where(_D.c.id == bindparam("delivery"))

_MOVE = _D.update().where(_D.c.id == bindparam("delivery"), _D.c.status.in_(ATTEMPTABLE)) \
    .values(status=bindparam("to"), updated_at=bindparam("now"))
_STATUS = sa.select(_D.c.status).where(_D.c.id == bindparam("delivery"))


def prepare_attempt(session: Session, delivery_id: str) -> Outgoing | str:
    """Mark the Delivery `processing` and return what to send, or return the status it is
    left in when there is nothing to send (already final, cancelled, or target gone)."""
    begin_reading(session)
    row = session.execute(_TO_SEND, {"delivery": delivery_id}).first()
    session.commit()
    if row is None:
        return "cancelled"
    if row.status not in ATTEMPTABLE:
        return str(row.status)
    if row.target_id is None or row.target_status not in targets.ENABLED:
        return _move(session, delivery_id, "cancelled")
    if row.wanted_event:
        if row.event_id is None:
            raise NotFound(f"event {row.wanted_event} is gone")
        msg_id, body, content_type = row.event_id, row.payload.encode(), "application/json"
    else:
        if row.message_found is None:
            raise NotFound(f"message {row.message_id} is gone")
        msg_id, body = row.message_id, row.body or b""
        content_type = row.content_type or "application/octet-stream"
    status = _move(session, delivery_id, "processing")
    if status != "processing":
        return status
    return Outgoing(url=row.target_url, msg_id=msg_id, body=body, content_type=content_type,
                    custom_headers=dict(row.target_custom_headers or {}),
                    secrets=targets.current_secrets(row.target_secret,
                                                    row.target_previous_secret,
                                                    row.target_previous_secret_expires_at),
                    require_https=row.kind == "production")


def _move(session: Session, delivery_id: str, status: str) -> str:
    """Set the status unless the Delivery left the attemptable ones meanwhile (a cancel or
    a final outcome); returns the status it has now. Commits."""
    moved = session.execute(_MOVE, {"delivery": delivery_id, "to": status, "now": utcnow()})
    session.commit()
    if moved.rowcount:  # type: ignore[attr-defined]
        return status
    begin_reading(session)
    now = session.execute(_STATUS, {"delivery": delivery_id}).scalar()
    session.commit()
    return str(now or "cancelled")


# A success stands even if a cancel landed meanwhile; a failure yields to the cancel.
_CANCELLED_NOW = _D.c.status == "cancelled"
_SUCCEEDED = bindparam("succeeded", type_=sa.Boolean)
_RECORD = _D.update().where(_D.c.id == bindparam("delivery")).values(
    attempts=_D.c.attempts + 1, last_attempt_at=bindparam("now"), updated_at=bindparam("now"),
    status=sa.case((_SUCCEEDED, "delivered"), (_CANCELLED_NOW, "cancelled"),
                   else_=bindparam("failed_status")),
    next_attempt_at=sa.case((_SUCCEEDED, None), (_CANCELLED_NOW, None),
                            else_=bindparam("retry_at", type_=sa.DateTime(timezone=True))),
).returning(_D.c.attempts, _D.c.status, _D.c.endpoint_id, _D.c.destination_id)
_INSERT_ATTEMPT = _ATT.insert()
_RESET = {table.name: table.update().where(table.c.id == bindparam("target"),
                                           table.c.failure_count != 0)
          .values(failure_count=0) for table in (_EP, _DS)}


def record_attempt(session: Session, delivery_id: str, result: AttemptResult,
                   next_delay: float | None) -> tuple[str, list[str]]:
    """Store the attempt and move the Delivery on. Returns its status and the ids of other
    Deliveries this outcome cancelled (an automatic disable), whose workflows to wake.

    The common outcomes are a few statements: the Delivery moves in one UPDATE, the attempt
    is one INSERT, and the target row is written only when its count of consecutive
    failures changes."""
    now = utcnow()
    row = session.execute(_RECORD, {
        "delivery": delivery_id, "now": now, "succeeded": result.succeeded,
        "failed_status": "exhausted" if next_delay is None else "retrying",
        "retry_at": None if next_delay is None else now + timedelta(seconds=next_delay),
    }).first()
    if row is None:
        session.commit()
        return "cancelled", []
    attempts, status, endpoint_id, destination_id = row
    session.execute(_INSERT_ATTEMPT, {
        "id": new_id("att"), "delivery_id": delivery_id, "attempt": attempts,
        "status": "succeeded" if result.succeeded else "failed",
        "status_code": result.status_code,
        "response_body": (result.response_body or "")[:RESPONSE_LIMIT] or None,
        "error_type": result.error_type, "error_message": result.error_message,
        "duration_ms": result.duration_ms, "created_at": now})
    cancelled: list[str] = []
    if result.succeeded:  # a success ends any run of failures
        table = _EP if endpoint_id else _DS
        session.execute(_RESET[table.name], {"target": endpoint_id or destination_id})
    elif status == "exhausted":
        target: targets.Target | None = (
            session.get(Endpoint, endpoint_id, with_for_update=True) if endpoint_id
            else session.get(Destination, destination_id, with_for_update=True))
        if target is not None and targets.count_outcome(target, succeeded=False,
                                                        exhausted=True):
            cancelled = cancel_waiting(session, target)
        if target is not None:
            session.add(target)
    session.commit()
    return str(status), cancelled
