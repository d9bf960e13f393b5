"""The outbox of Delivery workflow starts: a row per new Delivery, written in the transaction
that creates it, so no accepted Delivery can miss its start (the request that made it need
not reach Temporal at all). The workers' relay (`hookline.delivery.relay`) takes the starts the
per-target gate admits (`hookline.delivery.gate`); the others wait here, costing nothing."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime, timedelta

from sqlalchemy import bindparam, case, func, insert, or_, select, text
from sqlmodel import Session

from hookline.contracts import DeliveryStart
from hookline.delivery import gate
from hookline.delivery import limit as adaptive
from hookline.observability import tracing
from hookline.persistence import queries
from hookline.persistence.db import begin_reading
from hookline.persistence.models import AttemptLease, OutboxStart, TargetGate, table_of
from hookline.timeutil import aware, utcnow

_TABLE, _GATES = table_of(OutboxStart), table_of(TargetGate)
_LEASES = table_of(AttemptLease)
_INSERT = insert(_TABLE)
_ANY = select(_TABLE.c.delivery_id).limit(1)
# The oldest starts of each target not paused or behind an open circuit, as many as its
# free attempt slots (its concurrency limit, at most the ceiling, less its live leases): a
# target with a thousand waiting cannot hide the others' starts.
_RANK = func.row_number().over(partition_by=_TABLE.c.target_id,
                               order_by=_TABLE.c.delivery_id).label("n")
_LIVE = select(_LEASES.c.target_id, func.count().label("leased")).where(
    _LEASES.c.expires_at > bindparam("now")).group_by(_LEASES.c.target_id).subquery()
_OPEN = select(_TABLE.c.delivery_id, _TABLE.c.target_id, _TABLE.c.start, _TABLE.c.queued_at,
               _TABLE.c.trace_context, _TABLE.c.window_end,
               _RANK, func.coalesce(_GATES.c.concurrency_limit, adaptive.FLOOR).label("cap"),
               func.coalesce(_LIVE.c.leased, 0).label("leased")).select_from(
    _TABLE.outerjoin(_GATES, _GATES.c.target_id == _TABLE.c.target_id)
    .outerjoin(_LIVE, _LIVE.c.target_id == _TABLE.c.target_id)).where(
    or_(_GATES.c.paused_until.is_(None), _GATES.c.paused_until <= bindparam("now")),
    or_(func.coalesce(_GATES.c.circuit, "closed") != "open",
        _GATES.c.circuit_retry_at <= bindparam("now"))).subquery()
_CANDIDATES = select(_OPEN.c.delivery_id, _OPEN.c.target_id, _OPEN.c.start,
                     _OPEN.c.queued_at, _OPEN.c.trace_context, _OPEN.c.window_end).where(
    _OPEN.c.n <= case((_OPEN.c.cap > bindparam("ceiling"), bindparam("ceiling")),
                      else_=_OPEN.c.cap) - _OPEN.c.leased
).order_by(_OPEN.c.delivery_id).limit(bindparam("scan"))
_STILL = select(_TABLE.c.delivery_id).where(
    _TABLE.c.delivery_id.in_(bindparam("ids", expanding=True)))
_DELETE = _TABLE.delete().where(_TABLE.c.delivery_id.in_(bindparam("ids", expanding=True)))
# PostgreSQL: relays of several workers take turns, so two cannot admit past one target's cap
# (SQLite has one writer at a time anyway).
_RELAYS_TAKE_TURNS = text("SELECT pg_advisory_xact_lock(7233001)")


def add(session: Session, starts: list[DeliveryStart]) -> None:
    """In the caller's transaction, beside the Deliveries' own rows; while tracing, with the
    trace context of the request (or activity) that made them."""
    if starts:
        now = utcnow()
        rows = [{"delivery_id": s.delivery_id, "start": _dump(s),
                 "target_id": s.endpoint_id or s.destination_id, "queued_at": now,
                 "window_end": now + timedelta(seconds=sum(s.delays))}
                for s in starts]
        if (trace := tracing.current()) is not None:
            for row in rows:
                row["trace_context"] = trace
        session.execute(_INSERT, rows)


def take(session: Session, limit: int, limits: gate.Limits) -> list[DeliveryStart]:
    """Up to `limit` starts the gate admits, oldest Delivery first: deleted, each with a
    lease on its target's attempt slots and its Delivery `processing`, all committed. Fewer
    when that would put more than `limits.max_admitted` Deliveries in Temporal at once.
    Asking costs a read (on SQLite, no write lock): relays ask several times a second.
    Each start comes with its `queued_at`, and its `trace` when one was kept."""
    now = utcnow()
    begin_reading(session)
    room = 0
    candidates: list[tuple[str, str | None, str]] = []
    queued: dict[str, tuple[datetime | None, datetime | None]] = {}
    traces: dict[str, str] = {}
    if session.execute(_ANY).first() is not None:
        room = min(limit, limits.max_admitted - gate.admitted_total(session, now))
    if room > 0:
        for r in session.execute(_CANDIDATES, {"now": now, "ceiling": limits.max_in_flight,
                                               "scan": room}):
            candidates.append((r.delivery_id, r.target_id, r.start))
            queued[r.delivery_id] = (r.queued_at, r.window_end)
            if r.trace_context is not None:
                traces[r.delivery_id] = r.trace_context
    session.commit()
    if not candidates:
        return []
    if session.get_bind().dialect.name == "postgresql":
        session.execute(_RELAYS_TAKE_TURNS)
    # Another relay may have taken some between the read and this write: keep the rest.
    still = set(session.execute(_STILL, {"ids": [c[0] for c in candidates]}).scalars())
    chosen = _admit(session, [c for c in candidates if c[0] in still], room, limits, now)
    if chosen:
        ids = [delivery_id for delivery_id, _ in chosen]
        session.execute(_DELETE, {"ids": ids})
        queries.deliveries.admitted(session, ids, now)
    session.commit()
    return [_load(row, *queued[delivery_id], traces.get(delivery_id))
            for delivery_id, row in chosen]


def _admit(session: Session, candidates: list[tuple[str, str | None, str]], room: int,
           limits: gate.Limits, now: datetime) -> list[tuple[str, str]]:
    """The candidates the gate admits, oldest first, `room` at most; their leases stored."""
    wanted: dict[str | None, list[tuple[str, str]]] = {}
    for delivery_id, target_id, row in candidates:
        wanted.setdefault(target_id, []).append((delivery_id, row))
    chosen = list(wanted.pop(None, []))  # queued before targets were recorded: ungated
    gated = {target_id: rows for target_id, rows in wanted.items() if target_id is not None}
    decisions = gate.admit(session, {target_id: [d for d, _ in rows]
                                     for target_id, rows in gated.items()}, limits, now)
    for target_id, rows in gated.items():
        chosen += rows[:decisions[target_id].admitted]
    return sorted(chosen)


def _dump(start: DeliveryStart) -> str:
    # vars(), not asdict(): asdict deep-copies every field, and ten endpoints make ten rows.
    return json.dumps(vars(start), separators=(",", ":"))


def _load(row: str, queued_at: datetime | None, window_end: datetime | None,
          trace: str | None = None) -> DeliveryStart:
    start = DeliveryStart(**json.loads(row))
    return replace(start, queued_at=aware(queued_at).timestamp() if queued_at else None,
                   window_end=aware(window_end).timestamp() if window_end else None,
                   trace=trace)


# Starts whose retry window is over while their target's breaker holds them (open, or half
# open with its probe out): driven from the few gates not closed, by (target, window end).
_ENDED = select(_TABLE.c.delivery_id).select_from(
    _GATES.join(_TABLE, _TABLE.c.target_id == _GATES.c.target_id)).where(
    _GATES.c.circuit != "closed", _TABLE.c.window_end <= bindparam("now")
).order_by(_TABLE.c.delivery_id).limit(bindparam("limit"))
_DROP = _TABLE.delete().where(_TABLE.c.delivery_id == bindparam("delivery"))
_QUEUED = select(func.count()).select_from(_TABLE).where(_TABLE.c.target_id == bindparam("target"))


def ended(session: Session, now: datetime, limit: int) -> list[str]:
    """Deliveries still in the outbox whose retry window ended while their target's circuit
    was not closed: they are to end `exhausted` (`attempts.end_held`). A read; commits."""
    begin_reading(session)
    ids = list(session.execute(_ENDED, {"now": now, "limit": limit}).scalars())
    session.commit()
    return ids


def drop(session: Session, delivery_id: str) -> bool:
    """Take one start out of the outbox in the caller's transaction; False when another
    relay, a cancel or the relay's own admission took it first."""
    return bool(session.execute(_DROP, {"delivery": delivery_id}).rowcount)  # type: ignore[attr-defined]


_DEPTH = select(func.count()).select_from(_TABLE)
_OLDEST = select(func.min(_TABLE.c.queued_at))


def waiting(session: Session) -> tuple[int, float | None]:
    """The starts in the outbox, and when the oldest was queued (unix seconds), for the
    metrics: a count and an indexed minimum."""
    begin_reading(session)
    depth = int(session.execute(_DEPTH).scalar_one())
    oldest = session.execute(_OLDEST).scalar()
    session.commit()
    return depth, aware(oldest).timestamp() if oldest is not None else None


def drop_many(session: Session, delivery_ids: list[str]) -> None:
    """These Deliveries' starts leave the outbox (they were cancelled)."""
    session.execute(_DELETE, {"ids": delivery_ids})


def queued_for(session: Session, target_id: str) -> int:
    return int(session.execute(_QUEUED, {"target": target_id}).scalar_one())
