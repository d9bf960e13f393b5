"""The outbox of Delivery workflow starts: a row per new Delivery, written in the transaction
that creates it, so no accepted Delivery can miss its start (the request that made it need
not reach Temporal at all). The workers' relay (`hookline.delivery.relay`) takes the starts the
per-target gate admits (`hookline.delivery.gate`); the others wait here, costing nothing."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    Float,
    bindparam,
    case,
    cast,
    func,
    insert,
    literal,
    or_,
    select,
    text,
    union_all,
)
from sqlalchemy.sql.expression import BindParameter
from sqlmodel import Session

from hookline.contracts import DeliveryStart
from hookline.delivery import batches, gate, shares
from hookline.delivery import limit as adaptive
from hookline.observability import tracing
from hookline.persistence import queries
from hookline.persistence.db import begin_reading
from hookline.persistence.models import (
    AttemptLease,
    Delivery,
    Environment,
    OutboxStart,
    Plan,
    TargetGate,
    table_of,
)
from hookline.timeutil import aware, utcnow

_TABLE, _GATES = table_of(OutboxStart), table_of(TargetGate)
_LEASES, _DELIVERIES = table_of(AttemptLease), table_of(Delivery)
_ENVS, _PLANS = table_of(Environment), table_of(Plan)
_INSERT = insert(_TABLE)
_ANY = select(_TABLE.c.delivery_id).limit(1)
_NOW: BindParameter[datetime] = bindparam("now")
# Each environment's live leases and its plan's weight: what the fair order and the shares
# (`hookline.delivery.shares`) start from. Leases are few (at most the cap, and retries').
_ENV_LIVE = select(_DELIVERIES.c.environment_id, func.count().label("leased")).select_from(
    _LEASES.join(_DELIVERIES, _DELIVERIES.c.id == _LEASES.c.delivery_id)).where(
    _LEASES.c.expires_at > _NOW).group_by(_DELIVERIES.c.environment_id)
_WEIGHED = select(_ENVS.c.id, func.coalesce(_PLANS.c.weight, 1).label("weight")).select_from(
    _ENVS.outerjoin(_PLANS, _PLANS.c.org_id == _ENVS.c.org_id))
_WEIGHTS = _WEIGHED.where(_ENVS.c.id.in_(bindparam("ids", expanding=True)))
# The targets with starts waiting, one index probe each (a loose index scan), and each one's
# oldest `scan` starts (no more of one target can go in one take): what a take reads grows
# with the targets waiting, not with their backlog (20,000 starts took 25 ms a read, with
# every row's start in a window function; their heads, under 1 ms). PostgreSQL reads each
# target's heads with LATERAL; SQLite, which has none, by primary key from a correlated IN.
_FIRST = select(func.min(_TABLE.c.target_id).label("target_id")).cte("waiting", recursive=True)
_AFTER = _TABLE.alias("after")
_WAITING = _FIRST.union_all(select(
    select(func.min(_AFTER.c.target_id)).where(_AFTER.c.target_id > _FIRST.c.target_id)
    .scalar_subquery()).where(_FIRST.c.target_id.is_not(None)))
_HEAD = _TABLE.alias("head")
_SCAN: BindParameter[int] = bindparam("scan")
# Starts queued before targets were recorded have none: ungated, oldest first.
_UNTARGETED = select(*_TABLE.c).where(_TABLE.c.target_id.is_(None)).order_by(
    _TABLE.c.delivery_id).limit(_SCAN).subquery()


def _heads(lateral: bool) -> Any:
    if lateral:
        heads = select(*_HEAD.c).where(_HEAD.c.target_id == _WAITING.c.target_id).order_by(
            _HEAD.c.delivery_id).limit(_SCAN).lateral()
        targeted = select(*heads.c).select_from(_WAITING.join(heads, literal(True)))
    else:
        targeted = select(*_TABLE.c).select_from(_WAITING.join(_TABLE, _TABLE.c.delivery_id.in_(
            select(_HEAD.c.delivery_id).where(_HEAD.c.target_id == _WAITING.c.target_id)
            .order_by(_HEAD.c.delivery_id).limit(_SCAN))))
    return union_all(targeted, select(*_UNTARGETED.c)).subquery("heads")


def _candidates(lateral: bool) -> Any:
    """The candidates of a take in the fair order: of each target not paused or behind an
    open circuit, its oldest starts, as many as its free attempt slots (its concurrency
    limit, at most the ceiling, less its live leases), so a target with a thousand waiting
    cannot hide the others' starts; a polling endpoint's, which take no slot, as many as a
    take reads, after every other (they start workflows that only wait). Then the order
    below."""
    heads = _heads(lateral)
    rank = func.row_number().over(partition_by=heads.c.target_id,
                                  order_by=heads.c.delivery_id).label("n")
    live = select(_LEASES.c.target_id, func.count().label("leased")).where(
        _LEASES.c.expires_at > _NOW).group_by(_LEASES.c.target_id).subquery()
    open_ = select(heads.c.delivery_id, heads.c.target_id, heads.c.start, heads.c.queued_at,
                   heads.c.trace_context, heads.c.window_end,
                   func.coalesce(heads.c.environment_id, "").label("environment_id"),
                   func.coalesce(heads.c.lane, heads.c.target_id).label("lane"),
                   rank, func.coalesce(_GATES.c.concurrency_limit, adaptive.FLOOR).label("cap"),
                   _GATES.c.batch_size, _GATES.c.batch_wait_ms,
                   func.coalesce(_GATES.c.polling, False).label("polling"),
                   func.coalesce(live.c.leased, 0).label("leased")).select_from(
        heads.outerjoin(_GATES, _GATES.c.target_id == heads.c.target_id)
        .outerjoin(live, live.c.target_id == heads.c.target_id)).where(
        or_(_GATES.c.paused_until.is_(None), _GATES.c.paused_until <= _NOW),
        or_(func.coalesce(_GATES.c.circuit, "closed") != "open",
            _GATES.c.circuit_retry_at <= _NOW)).subquery()
    free = select(open_).where(
        open_.c.n <= case((open_.c.polling.is_(True), _SCAN),
                          (open_.c.cap > bindparam("ceiling"), bindparam("ceiling")),
                          else_=open_.c.cap) - open_.c.leased).subquery()
    # The fair order, from the bottom up (deficit round robin by attempts in flight):
    # - inside a lane (a Consumer's endpoints), the target with the fewest attempts in
    #   flight once this start is admitted goes first (`turn`);
    # - inside an environment, its lanes take turns: each lane's first, then each one's
    #   second (`l`), so a Consumer with twenty endpoints does not take twenty turns to
    #   another's one;
    # - between environments, the one with the fewest attempts in flight for its weight
    #   once this start is admitted.
    # So whoever has a backlog takes turns with the others instead of going first because
    # it queued first; one alone takes every turn.
    turn = free.c.leased + free.c.n
    in_lane = func.row_number().over(partition_by=(free.c.environment_id, free.c.lane),
                                     order_by=(turn, free.c.delivery_id)).label("l")
    laned = select(free, in_lane, turn.label("turn")).subquery()
    in_env = func.row_number().over(
        partition_by=laned.c.environment_id,
        order_by=(laned.c.l, laned.c.turn, laned.c.delivery_id)).label("m")
    ranked = select(laned, in_env).subquery()
    env_load, env_weight = _ENV_LIVE.subquery(), _WEIGHED.subquery()
    return select(ranked.c.delivery_id, ranked.c.target_id, ranked.c.start,
                  ranked.c.queued_at, ranked.c.trace_context, ranked.c.window_end,
                  ranked.c.environment_id, ranked.c.batch_size,
                  ranked.c.batch_wait_ms, ranked.c.polling).select_from(
        ranked.outerjoin(env_load, env_load.c.environment_id == ranked.c.environment_id)
        .outerjoin(env_weight, env_weight.c.id == ranked.c.environment_id)).order_by(
        ranked.c.polling,  # last: they count no attempts in flight, and wait for no receiver
        cast(func.coalesce(env_load.c.leased, 0) + ranked.c.m, Float)
        / func.coalesce(env_weight.c.weight, 1), ranked.c.delivery_id).limit(_SCAN)


_CANDIDATES = {"postgresql": _candidates(lateral=True), "sqlite": _candidates(lateral=False)}
_STILL = select(_TABLE.c.delivery_id).where(
    _TABLE.c.delivery_id.in_(bindparam("ids", expanding=True)))
_DELETE = _TABLE.delete().where(_TABLE.c.delivery_id.in_(bindparam("ids", expanding=True)))
# PostgreSQL: relays of several workers take turns, so two cannot admit past one target's cap
# (SQLite has one writer at a time anyway).
_RELAYS_TAKE_TURNS = text("SELECT pg_advisory_xact_lock(7233001)")


def add(session: Session, starts: list[DeliveryStart], trace: str | None = None) -> None:
    """In the caller's transaction, beside the Deliveries' own rows; while tracing, with the
    trace context of the request (or activity) that made them, or `trace`: the one kept
    while they waited in their line (`lines`)."""
    if starts:
        now = utcnow()
        rows = [{"delivery_id": s.delivery_id, "start": dump(s),
                 "target_id": s.endpoint_id or s.destination_id,
                 "environment_id": s.environment_id,
                 "lane": s.consumer or s.endpoint_id or s.destination_id, "queued_at": now,
                 "window_end": now + timedelta(seconds=sum(s.delays))}
                for s in starts]
        if (trace := trace or tracing.current()) is not None:
            for row in rows:
                row["trace_context"] = trace
        session.execute(_INSERT, rows)


def take(session: Session, limit: int, limits: gate.Limits, paced: int | None = None
         ) -> list[DeliveryStart]:
    """Up to `limit` starts the gate admits, in the fair order (`_CANDIDATES`): deleted, each
    with a lease on its target's attempt slots and its Delivery `processing`, all committed.
    Fewer when that would put more than `limits.max_admitted` Deliveries in Temporal at
    once, unless they are of an environment under its share of that cap (`shares`). Asking
    costs a read (on SQLite, no write lock): relays ask several times a second. `paced`:
    what the relay's worker serves promptly (`shares.choose`). Each start comes with its
    `queued_at`, its `trace` when one was kept, and its plan's weight. A polling endpoint's
    starts take no lease, count toward no cap, and leave their Delivery `pending`
    (`polling`); they go after every other, and not while the cap is full."""
    now = utcnow()
    begin_reading(session)
    candidates: list[tuple[str, str | None, str, str]] = []
    queued: dict[str, tuple[datetime | None, datetime | None]] = {}
    traces: dict[str, str] = {}
    batched: dict[str, tuple[int, int]] = {}  # a batched target's candidate is a batch
    polled: set[str] = set()  # a polling endpoint's candidates
    if session.execute(_ANY).first() is None:
        session.commit()
        return []
    room = _room(session, limits, now)
    # A full cap may still admit an environment under its share (`shares.choose`).
    if room.total < shares.slots_for(room.cap):
        query = _CANDIDATES[session.get_bind().dialect.name]
        for r in session.execute(query, {"now": now, "ceiling": limits.max_in_flight,
                                         "scan": limit}):
            candidates.append((r.delivery_id, r.target_id, r.start, r.environment_id))
            queued[r.delivery_id] = (r.queued_at, r.window_end)
            if r.trace_context is not None:
                traces[r.delivery_id] = r.trace_context
            if r.batch_size:
                batched[r.target_id] = (r.batch_size, r.batch_wait_ms or 0)
            if r.polling:
                polled.add(r.delivery_id)
        room = _weighed(session, room, {c[3] for c in candidates})
    session.commit()
    fair = set(shares.choose(room, [(c[0], c[3]) for c in candidates if c[0] not in polled],
                             paced)) | polled
    candidates = [c for c in candidates if c[0] in fair]
    if not candidates:
        return []
    if session.get_bind().dialect.name == "postgresql":
        session.execute(_RELAYS_TAKE_TURNS)
    # Another relay may have taken some between the read and this write: keep the rest.
    still = set(session.execute(_STILL, {"ids": [c[0] for c in candidates]}).scalars())
    chosen = _admit(session, [c[:3] for c in candidates if c[0] in still
                              and c[1] not in batched and c[0] not in polled], limits, now)
    chosen += [(c[0], c[2]) for c in candidates if c[0] in still and c[0] in polled]
    for target_id, (size, wait_ms) in batched.items():
        count = sum(1 for c in candidates if c[1] == target_id)
        for row in _batches(session, target_id, size, wait_ms, count, limits, now):
            chosen.append((row.delivery_id, row.start))
            queued[row.delivery_id] = (row.queued_at, row.window_end)
            if row.trace_context is not None:
                traces[row.delivery_id] = row.trace_context
    if chosen:
        ids = [delivery_id for delivery_id, _ in chosen]
        session.execute(_DELETE, {"ids": ids})
        if gated := [i for i in ids if i not in polled]:
            queries.deliveries.admitted(session, gated, now)
        if started := [i for i in ids if i in polled]:
            # Still `pending`: touched, so the reconciler does not take them for orphans
            # before their first look stores their window's end.
            queries.deliveries.touch(session, started, now)
    session.commit()
    return [_load(row, *queued[delivery_id], traces.get(delivery_id), room.weights)
            for delivery_id, row in chosen]


def within_share(session: Session, environment_id: str, limits: gate.Limits, now: datetime
                 ) -> bool:
    """Whether one more attempt of the environment (a retry, which holds no lease) fits the
    admitted cap, or the environment's share of it: the rule of the relay's first attempts
    (`shares.choose`), among the environments with attempts in flight. Weights are read
    only when the cap is full: below it, every environment goes."""
    room = _room(session, limits, now)
    if room.total >= room.cap:
        room = _weighed(session, room, {environment_id})
    return bool(shares.choose(room, [("", environment_id)]))


def _room(session: Session, limits: gate.Limits, now: datetime) -> shares.Room:
    """The cap, and each environment's live leases (every lease, retries' too)."""
    held = {str(env or ""): int(n) for env, n in session.execute(_ENV_LIVE, {"now": now})}
    return shares.Room(limits.max_admitted, held, {})


def _weighed(session: Session, room: shares.Room, waiting: set[str]) -> shares.Room:
    """The room with the weights of every environment that has work waiting or in flight."""
    ids = sorted(waiting | set(room.in_flight))
    weights = {env: 1 for env in ids}
    if ids:
        weights.update({str(env): int(w) for env, w in session.execute(_WEIGHTS, {"ids": ids})})
    return replace(room, weights=weights)


def _admit(session: Session, candidates: list[tuple[str, str | None, str]],
           limits: gate.Limits, now: datetime) -> list[tuple[str, str]]:
    """The candidates each target's gate admits, oldest first; their leases stored."""
    wanted: dict[str | None, list[tuple[str, str]]] = {}
    for delivery_id, target_id, row in candidates:
        wanted.setdefault(target_id, []).append((delivery_id, row))
    chosen = list(wanted.pop(None, []))  # queued before targets were recorded: ungated
    gated = {target_id: sorted(rows) for target_id, rows in wanted.items()
             if target_id is not None}
    decisions = gate.admit(session, {target_id: [d for d, _ in rows]
                                     for target_id, rows in gated.items()}, limits, now)
    for target_id, rows in gated.items():
        chosen += rows[:decisions[target_id].admitted]
    return sorted(chosen)


def _batches(session: Session, target_id: str, size: int, wait_ms: int, count: int,
             limits: gate.Limits, now: datetime) -> list[Any]:
    """The starts of the batches of a batched target its gate admits: up to `count` (its
    candidates in the fair order), one lease each (`batches`)."""
    grouped = batches.groups(session, target_id, size, wait_ms, count, now)
    if not grouped:
        return []
    decision = gate.admit(session, {target_id: [g[0].delivery_id for g in grouped]},
                          limits, now)[target_id]
    taken = []
    for group in grouped[:decision.admitted]:
        batches.form(session, target_id, [row.delivery_id for row in group], now)
        taken += group
    return taken


def dump(start: DeliveryStart) -> str:
    # vars(), not asdict(): asdict deep-copies every field, and ten endpoints make ten rows.
    return json.dumps(vars(start), separators=(",", ":"))


def _load(row: str, queued_at: datetime | None, window_end: datetime | None,
          trace: str | None, weights: Mapping[str, int]) -> DeliveryStart:
    start = DeliveryStart(**json.loads(row))
    return replace(start, queued_at=aware(queued_at).timestamp() if queued_at else None,
                   window_end=aware(window_end).timestamp() if window_end else None,
                   trace=trace, weight=weights.get(start.environment_id, 1))


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


_OLDEST_BY_ENV = select(func.min(_TABLE.c.queued_at)).group_by(_TABLE.c.environment_id)


def oldest_by_environment(session: Session) -> list[float]:
    """When each environment's oldest waiting start was queued (unix seconds), for the
    metrics: one read over the outbox."""
    begin_reading(session)
    found = [aware(t).timestamp() for t in session.execute(_OLDEST_BY_ENV).scalars()
             if t is not None]
    session.commit()
    return found


def drop_many(session: Session, delivery_ids: list[str]) -> None:
    """These Deliveries' starts leave the outbox (they were cancelled)."""
    session.execute(_DELETE, {"ids": delivery_ids})


def queued_for(session: Session, target_id: str) -> int:
    return int(session.execute(_QUEUED, {"target": target_id}).scalar_one())
