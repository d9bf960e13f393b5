"""Batches: a target's `batch` (`{"maxSize": n, "maxWaitMs": ms}`) sends up to n of its
Deliveries in one request, as soon as n are ready or the oldest has waited ms.

Each Delivery keeps its own workflow and its own attempts; what a batch changes is who sends.
- The relay forms the batches (`form`) from the target's oldest starts in the outbox: a
  batch is one row here (`delivery_batches`), its members' `batch_id`, and one attempt
  lease, under its first member's id (`lease_key`), so the gate counts a batch once. An
  incomplete batch waits in the outbox until its oldest start has waited maxWaitMs.
- The first member's attempt to run claims the batch (`claim`), sends every member that is
  due in one request and records every member's attempt in one transaction
  (`attempts.record_batch`).
  The members whose attempts run meanwhile take that outcome as their attempt's: in the
  same worker from the claimer directly (`engine`), in another from the rows it recorded.
- A failed batch stays together: each member's workflow waits the same schedule, and the
  first back claims it again. A member retried by hand leaves its batch and is sent as a
  batch of one, in the same body.

An ordered target's batches are its lines' (`lines` promotes up to maxSize of a line at
once, and the relay makes each line's one batch): a batch never mixes lines.

The body is `{"type": "batch", "events": [<each Delivery's usual body>, ...]}` in the
members' order, signed once with the batch's id as `webhook-id`. A broker target gets one
record per member instead, in order."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, func, insert, or_, select, update
from sqlmodel import Session

from hookline.delivery import gate
from hookline.delivery.model import Outgoing, Refused, Unsent
from hookline.errors import invalid
from hookline.ids import new_id
from hookline.persistence import queries
from hookline.persistence.db import begin_reading
from hookline.persistence.models import (
    AttemptLease,
    Delivery,
    DeliveryBatch,
    OutboxStart,
    TargetGate,
    table_of,
)
from hookline.persistence.queries.deliveries import ToSend
from hookline.statuses import ATTEMPTABLE, FINAL, DeliveryStatus
from hookline.timeutil import aware

MAX_SIZE = 1000
MAX_WAIT_MS = 60_000
# A member whose batch another worker has claimed looks again this soon (seconds): the
# outcome it then finds recorded is its attempt's.
CLAIMED_WAIT = 0.5
# Members due within this much of the claim go in its request: they were made due by the
# same outcome, recorded in one transaction, and their workflows' timers fire together.
DUE_SLACK = timedelta(seconds=1)

_BATCHES, _DELIVERIES = table_of(DeliveryBatch), table_of(Delivery)
_OUTBOX, _GATES = table_of(OutboxStart), table_of(TargetGate)


def check(batch: Any) -> dict[str, Any] | None:
    """A target's `batch` as the API takes it: None, or sizes within bounds."""
    if batch is None:
        return None
    if not isinstance(batch, dict):
        raise invalid("batch", "must be null or an object")
    size, wait = batch.get("maxSize"), batch.get("maxWaitMs", 0)
    if not isinstance(size, int) or isinstance(size, bool) or not 1 <= size <= MAX_SIZE:
        raise invalid("batch.maxSize", f"must be a whole number from 1 to {MAX_SIZE}")
    if not isinstance(wait, int) or isinstance(wait, bool) or not 0 <= wait <= MAX_WAIT_MS:
        raise invalid("batch.maxWaitMs", f"must be a whole number from 0 to {MAX_WAIT_MS}")
    unknown = set(batch) - {"maxSize", "maxWaitMs"}
    if unknown:
        raise invalid(f"batch.{sorted(unknown)[0]}", "is not a batch setting")
    return {"maxSize": size, "maxWaitMs": wait}


def mirror(session: Session, target_id: str, batch: dict[str, Any] | None) -> None:
    """Put the target's `batch` on its gate row, where the relay reads it."""
    gate.ensure_rows(session, [target_id])
    session.execute(update(_GATES).where(_GATES.c.target_id == target_id).values(
        batch_size=batch["maxSize"] if batch else None,
        batch_wait_ms=batch["maxWaitMs"] if batch else None))


# -- forming, in the relay's transaction ---------------------------------------------

_OLDEST = select(_OUTBOX, _DELIVERIES.c.line).select_from(
    _OUTBOX.join(_DELIVERIES, _DELIVERIES.c.id == _OUTBOX.c.delivery_id)).where(
    _OUTBOX.c.target_id == bindparam("target")).order_by(
    _OUTBOX.c.delivery_id).limit(bindparam("limit"))


def groups(session: Session, target_id: str, size: int, wait_ms: int, count: int,
           now: datetime) -> list[list[Any]]:
    """Up to `count` batches of the target's oldest starts (outbox rows), `size` each; the
    last may be smaller once its oldest start has waited `wait_ms`. An ordered target's
    (`lines`) are its lines' next Deliveries: each line's is one batch, never mixed with
    another line's, and goes at once: the rest of its line waits for it to end."""
    rows = list(session.execute(_OLDEST, {"target": target_id, "limit": size * count}))
    if any(row.line is not None for row in rows):
        by_line: dict[str, list[Any]] = {}
        for row in rows:
            by_line.setdefault(row.line or "", []).append(row)
        return [line[:size] for line in by_line.values()][:count]
    cut = [rows[i:i + size] for i in range(0, len(rows), size)]
    if cut and len(cut[-1]) < size:
        oldest = min(aware(r.queued_at) for r in cut[-1])
        if now - oldest < timedelta(milliseconds=wait_ms):
            cut.pop()
    return cut


_JOIN = update(_DELIVERIES).where(_DELIVERIES.c.id.in_(bindparam("ids", expanding=True))) \
    .values(batch_id=bindparam("batch"))


def form(session: Session, target_id: str, member_ids: list[str], now: datetime) -> str:
    """A batch of these members (in order), whose lease is under the first's id."""
    batch_id = new_id("batch")
    session.execute(insert(_BATCHES).values(id=batch_id, target_id=target_id,
                                            lease_key=member_ids[0], attempts=0,
                                            created_at=now))
    session.execute(_JOIN, {"ids": member_ids, "batch": batch_id})
    return batch_id


# -- an attempt ------------------------------------------------------------------------

@dataclass(frozen=True)
class Claimed:
    """The batch an attempt claimed: what it sends, in the members' order."""

    batch_id: str
    lease_key: str
    rows: list[ToSend]
    target_id: str
    environment_id: str
    leased: bool  # its lease is live: it need not ask the gate


@dataclass(frozen=True)
class Taken:
    """The member's attempt was made by its batch's: the outcome recorded for it."""

    status: DeliveryStatus
    next_delay: float | None


_ME = select(_DELIVERIES.c.status, _DELIVERIES.c.next_attempt_at, _DELIVERIES.c.batch_id,
             _DELIVERIES.c.endpoint_id, _DELIVERIES.c.destination_id,
             _DELIVERIES.c.environment_id).where(_DELIVERIES.c.id == bindparam("delivery"))
_CLAIM = update(_BATCHES).where(
    _BATCHES.c.id == bindparam("batch"),
    or_(_BATCHES.c.claimed_until.is_(None), _BATCHES.c.claimed_until <= bindparam("now"))
).values(claimed_until=bindparam("until"), attempts=_BATCHES.c.attempts + 1) \
    .returning(_BATCHES.c.lease_key)
_UNCLAIM = update(_BATCHES).where(_BATCHES.c.id == bindparam("batch")).values(
    claimed_until=None)
_DUE = select(_DELIVERIES.c.id).where(
    _DELIVERIES.c.batch_id == bindparam("batch"),
    _DELIVERIES.c.status.in_([s.value for s in ATTEMPTABLE]),
    or_(_DELIVERIES.c.next_attempt_at.is_(None),
        _DELIVERIES.c.next_attempt_at <= bindparam("due"))).order_by(_DELIVERIES.c.id)
_MOVE = update(_DELIVERIES).where(_DELIVERIES.c.id.in_(bindparam("ids", expanding=True)),
                                  _DELIVERIES.c.status.in_([s.value for s in ATTEMPTABLE])) \
    .values(status=DeliveryStatus.PROCESSING.value, updated_at=bindparam("now"))
_LEASES = table_of(AttemptLease)
_LIVE_LEASE = select(func.count()).select_from(_LEASES).where(
    _LEASES.c.delivery_id == bindparam("key"), _LEASES.c.expires_at > bindparam("now"))


def claim(session: Session, delivery_id: str, lease_ttl: float, now: datetime
          ) -> Claimed | Taken | Refused | Unsent | None:
    """One member's attempt at its batch (a member with none starts one of its own):
    - `Taken`: an attempt of its batch already recorded its outcome for it;
    - `Claimed`: this attempt is to send the batch; the transaction is left open for the
      caller to take the batch's lease if it holds none (`leased`), and to `start` it;
    - `Refused`: another attempt is sending it;
    - `Unsent`: the member is final already (cancelled, or ended alone);
    - None: the member is not for a batch now (its target is not enabled, its content
      gone): `attempts.prepare_attempt` decides for it alone.
    Anything but `Claimed` has committed."""
    begin_reading(session)
    me = session.execute(_ME, {"delivery": delivery_id}).first()
    if me is None:
        session.commit()
        return Unsent(DeliveryStatus.CANCELLED)
    status = DeliveryStatus(me.status)
    if status in FINAL:
        session.commit()
        return Taken(status, None) if status is not DeliveryStatus.CANCELLED \
            else Unsent(status)
    if status is DeliveryStatus.RETRYING and me.next_attempt_at is not None \
            and aware(me.next_attempt_at) > now + DUE_SLACK:
        session.commit()
        return Taken(status, (aware(me.next_attempt_at) - now).total_seconds())
    target_id = me.endpoint_id or me.destination_id
    batch_id = me.batch_id or form(session, target_id, [delivery_id], now)
    lease_key = session.execute(_CLAIM, {"batch": batch_id, "now": now, "until": now
                                         + timedelta(seconds=lease_ttl)}).scalar()
    if lease_key is None:
        session.rollback()
        return Refused(status=status, wait=gate.jittered(CLAIMED_WAIT), target_id=target_id)
    ids = list(session.execute(_DUE, {"batch": batch_id, "due": now + DUE_SLACK}).scalars())
    rows = queries.deliveries.to_send_many(session, ids)
    sendable = [rows[i] for i in ids if i in rows and _sendable(rows[i])]
    if not any(r.delivery_id == delivery_id for r in sendable):
        session.rollback()
        return None
    leased = bool(session.execute(_LIVE_LEASE, {"key": lease_key, "now": now}).scalar())
    return Claimed(batch_id, lease_key, sendable, target_id, me.environment_id, leased)


def start(session: Session, claimed: Claimed, now: datetime) -> None:
    """The claimed batch's members are `processing` (in the caller's transaction)."""
    session.execute(_MOVE, {"ids": [r.delivery_id for r in claimed.rows], "now": now})


def _sendable(row: ToSend) -> bool:
    return row.target_id is not None and row.target_status == queries.targets.ENABLED \
        and not row.erased \
        and (row.event_id if row.wanted_event else row.message_found) is not None


def release_claim(session: Session, batch_id: str) -> None:
    """The claim ends: with the outcome recorded, or the gate's refusal (in the caller's
    transaction)."""
    session.execute(_UNCLAIM, {"batch": batch_id})


def body_of(members: list[Outgoing]) -> bytes:
    """One request's body for the members' own, in order: an event's payload as it is (JSON
    always), a message's as JSON when it is JSON, else as a string of its text."""
    return b'{"type":"batch","events":[' + b",".join(map(_as_json, members)) + b"]}"


def _as_json(member: Outgoing) -> bytes:
    if member.content_type == "application/json" and member.event_type is not None:
        return member.body  # an event's payload, checked JSON when it was published
    try:
        json.loads(member.body)
        return member.body
    except ValueError:
        return json.dumps(member.body.decode("utf-8", "replace")).encode()
