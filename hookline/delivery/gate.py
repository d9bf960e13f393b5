"""The per-target gate every attempt passes: it is what keeps one slow or failing endpoint
(or destination) to its own share of the engine.

A target may have at most its concurrency limit of attempts admitted at once (a throttled
one, about THROTTLE_AHEAD seconds of its `rateLimit`): each holds a lease (`attempt_leases`)
from admission until its outcome is recorded, and a lease whose worker died expires by
itself. The limit adapts to the receiver (`hookline.delivery.limit`): from 1 up to
HOOKLINE_TARGET_MAX_IN_FLIGHT, moved by each outcome (`adapt`). Beyond that, and while the
target's circuit breaker is open or its receiver asked for a pause (Retry-After), the gate
answers how long to wait instead. A throttled target's admitted attempts then take their
send times from `reserve_send`, one after another, just before they send.

Admission happens in two places with one rule (`decide`):
- the relay admits new Deliveries from the outbox in batches, and starts only the
  workflows of admitted ones: the rest wait in the outbox, holding no worker slot and
  costing Temporal nothing;
- an attempt that holds no lease (a retry, a manual retry, a reconciled Delivery) asks at
  attempt time, and a refused one sleeps on a durable timer in its workflow.

Only the breaker holds (`Decision.held`): a Delivery it holds past its retry window ends.
The limit, the throttle and a pause only make it wait.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Float, bindparam, case, func, insert, select, union_all, update
from sqlmodel import Session

from hookline.delivery import limit as adaptive
from hookline.persistence import queries
from hookline.persistence.models import AttemptLease, Destination, Endpoint, TargetGate, table_of
from hookline.settings import Settings, parse_duration
from hookline.statuses import ErrorType
from hookline.timeutil import aware

# A throttled target has this many seconds of its rate admitted at once: enough that the
# next attempt is ready when its send time comes, few enough that an admitted attempt
# waits for its time in a worker slot briefly.
THROTTLE_AHEAD = 1.5
# Send times are spaced this much wider than 1/rateLimit: up to 50 ms of jitter in when
# attempts leave cannot put rateLimit + 1 arrivals in one second (the rate is 95% of it).
THROTTLE_SPACING = 1.05
# How soon a refused attempt looks again when the target is only full (no known end).
RECHECK = 2.0
# Errors that say the receiver is down or overloaded, as opposed to refusing the request.
# A broker that cannot be reached or refuses messages is down as a receiver answering 5xx
# is; one refusing our credentials has answered (as a 401 has).
BREAKER_ERRORS = frozenset({ErrorType.TIMEOUT, ErrorType.CONNECTION, ErrorType.DNS,
                            ErrorType.TLS, ErrorType.BROKER_UNREACHABLE,
                            ErrorType.BROKER_REFUSED})

_LEASES, _GATES = table_of(AttemptLease), table_of(TargetGate)
_EP, _DS = table_of(Endpoint), table_of(Destination)


@dataclass(frozen=True)
class Limits:
    max_in_flight: int  # the ceiling of every target's adaptive concurrency limit
    circuit_failures: int
    circuit_open: float  # seconds
    # Seconds a lease lives beyond its send time: the attempt's timeout, and the reconciler's
    # grace; a Delivery whose lease ran out with no outcome is the reconciler's.
    lease_ttl: float
    max_admitted: int  # every target together: the relay's cap on Deliveries in Temporal
    # Seconds a polling endpoint's Delivery waits to be pulled and committed (`polling`).
    poll_window: float = 7 * 86400.0


def limits_from(settings: Settings) -> Limits:
    return Limits(max_in_flight=settings.target_max_in_flight,
                  circuit_failures=settings.circuit_failures,
                  circuit_open=parse_duration(settings.circuit_open),
                  lease_ttl=settings.attempt_timeout_seconds
                  + parse_duration(settings.reconcile_after),
                  max_admitted=settings.relay_max_waiting,
                  poll_window=parse_duration(settings.poll_window))


@dataclass(frozen=True)
class State:
    """One target as the gate sees it."""

    in_flight: int = 0
    rate_limit: int | None = None
    circuit: str = "closed"
    circuit_retry_at: datetime | None = None
    paused_until: datetime | None = None
    limit: float = adaptive.FLOOR  # its adaptive concurrency limit


@dataclass(frozen=True)
class Decision:
    admitted: int
    state: State  # after admitting them
    wait: float  # seconds until it is worth asking again, when none was admitted
    # Refused by the breaker (open, or half open with its probe out): only this refusal can
    # end a Delivery, once its retry window is over. The cap, the throttle and a pause
    # only make it wait.
    held: bool = False


def decide(state: State, want: int, limits: Limits, now: datetime) -> Decision:
    """Admit up to `want` attempts of one target now. Pure: the caller holds the target's
    row locked and stores the new state."""
    def refuse(seconds: float, held: bool = False) -> Decision:
        return Decision(0, state, max(seconds, 0.05), held)

    if state.paused_until and state.paused_until > now:
        return refuse((state.paused_until - now).total_seconds())
    cap, circuit = adaptive.shown(state.limit, limits.max_in_flight), state.circuit
    if circuit == "open":
        if state.circuit_retry_at and state.circuit_retry_at > now:
            return refuse((state.circuit_retry_at - now).total_seconds(), held=True)
        circuit = "half_open"  # its time is up: one probe goes first
    if circuit == "half_open":
        cap = 1
    elif state.rate_limit:
        cap = min(cap, max(1, math.ceil(state.rate_limit * THROTTLE_AHEAD)))
    free = min(want, cap - state.in_flight)
    if free <= 0:
        return refuse(RECHECK, held=circuit == "half_open")
    return Decision(free, replace(state, in_flight=state.in_flight + free, circuit=circuit),
                    0.0)


def jittered(seconds: float) -> float:
    """Waits spread out, so that a crowd refused together does not come back together."""
    return seconds * random.uniform(1.0, 1.5)


# -- storage ---------------------------------------------------------------------------

_LIVE = select(_LEASES.c.target_id, func.count()).where(
    _LEASES.c.target_id.in_(bindparam("ids", expanding=True)),
    _LEASES.c.expires_at > bindparam("now")).group_by(_LEASES.c.target_id)
_ALL_LIVE = select(func.count()).select_from(_LEASES).where(
    _LEASES.c.expires_at > bindparam("now"))
_GATE_ROWS = select(_GATES).where(_GATES.c.target_id.in_(bindparam("ids", expanding=True))) \
    .order_by(_GATES.c.target_id)


def ensure_rows(session: Session, target_ids: list[str]) -> None:
    """Gate rows exist before they are locked (a target's first attempt makes its row)."""
    dialect = session.get_bind().dialect.name
    if dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as dialect_insert
    else:
        from sqlalchemy.dialects.sqlite import insert as dialect_insert  # type: ignore[assignment]
    session.execute(dialect_insert(_GATES).on_conflict_do_nothing(),
                    [{"target_id": t} for t in target_ids])


def load(session: Session, target_ids: Iterable[str], now: datetime, *, lock: bool
         ) -> dict[str, State]:
    """The targets' states; with `lock`, their gate rows are locked (PostgreSQL) in id
    order, so that two relays or attempts deciding for one target take turns."""
    ids = sorted(set(target_ids))
    if not ids:
        return {}
    if lock:
        ensure_rows(session, ids)
    query = _GATE_ROWS.with_for_update() if lock else _GATE_ROWS
    gates = {row.target_id: row for row in session.execute(query, {"ids": ids})}
    live = {r[0]: r[1] for r in session.execute(_LIVE, {"ids": ids, "now": now})}
    rates = queries.targets.rate_limits(session, ids)
    states = {}
    for target in ids:
        gate = gates.get(target)
        states[target] = State(
            in_flight=live.get(target, 0), rate_limit=rates.get(target),
            circuit=gate.circuit if gate else "closed",
            circuit_retry_at=_utc(gate.circuit_retry_at) if gate else None,
            paused_until=_utc(gate.paused_until) if gate else None,
            limit=gate.concurrency_limit if gate else adaptive.FLOOR)
    return states


def admit(session: Session, wanted: dict[str, list[str]], limits: Limits, now: datetime
          ) -> dict[str, Decision]:
    """Admission, in one place for the relay's first attempts and for an attempt that holds
    no lease (a retry): each target's decision on its waiting Deliveries (oldest first), with
    the leases of the `decision.admitted` first stored. Locks the targets' gate rows."""
    states = load(session, wanted, now, lock=True)
    decisions = {}
    for target_id, delivery_ids in wanted.items():
        decision = decide(states[target_id], len(delivery_ids), limits, now)
        if decision.admitted:
            grant(session, target_id, states[target_id], decision,
                  delivery_ids[:decision.admitted], now, limits)
        decisions[target_id] = decision
    return decisions


def admitted_total(session: Session, now: datetime) -> int:
    return int(session.execute(_ALL_LIVE, {"now": now}).scalar_one())


_SAVE = update(_GATES).where(_GATES.c.target_id == bindparam("target")).values(
    circuit=bindparam("circuit"))
_LEASE = insert(_LEASES)


def grant(session: Session, target_id: str, before: State, decision: Decision,
          delivery_ids: list[str], now: datetime, limits: Limits) -> None:
    """Store the leases of the admitted Deliveries, each with the target's attempts in
    flight counting it, and the target's new circuit state."""
    if decision.state.circuit != before.circuit:
        session.execute(_SAVE, {"target": target_id, "circuit": decision.state.circuit})
    expires = now + timedelta(seconds=limits.lease_ttl)
    session.execute(_LEASE, [{"delivery_id": d, "target_id": target_id, "expires_at": expires,
                              "in_flight": before.in_flight + n}
                             for n, d in enumerate(delivery_ids, 1)])


_NEXT_SEND = select(_GATES.c.next_send_at).where(_GATES.c.target_id == bindparam("target"))
_SET_NEXT_SEND = update(_GATES).where(_GATES.c.target_id == bindparam("target")).values(
    next_send_at=bindparam("next"))


def reserve_send(session: Session, target_id: str, rate_limit: int, now: datetime
                 ) -> datetime:
    """A throttled target's next send time, taken just before sending (its row locked, so
    every worker's attempts queue on it): spaced THROTTLE_SPACING / rateLimit after the
    previous one, or now when the target has been idle."""
    ensure_rows(session, [target_id])
    previous = session.execute(_NEXT_SEND.with_for_update(), {"target": target_id}).scalar()
    slot = max(_utc(previous) or now, now)
    session.execute(_SET_NEXT_SEND, {"target": target_id, "next": slot + timedelta(
        seconds=THROTTLE_SPACING / rate_limit)})
    return slot


_RELEASE = _LEASES.delete().where(_LEASES.c.delivery_id == bindparam("delivery")) \
    .returning(_LEASES.c.in_flight)


def release(session: Session, delivery_id: str) -> int | None:
    """Give the Delivery's attempt slot back; returns the target's attempts in flight when it
    was admitted (counting it), None when it held no lease."""
    return session.execute(_RELEASE, {"delivery": delivery_id}).scalar()


def drop_leases(session: Session, delivery_ids: Any) -> None:
    """Delete the leases of these Deliveries (ids, or a subquery of them) that are going."""
    session.execute(_LEASES.delete().where(_LEASES.c.delivery_id.in_(delivery_ids))
                    .execution_options(synchronize_session=False))


# -- outcomes --------------------------------------------------------------------------

def counts_against(error_type: str | None, status_code: int | None) -> bool:
    """Whether a failed attempt says the receiver is down: timeouts, connection errors, 5xx
    and 429 do; a 4xx is an answer, and a refused URL is ours."""
    if error_type in BREAKER_ERRORS:
        return True
    return error_type == ErrorType.HTTP_STATUS and status_code is not None and (
        status_code >= 500 or status_code == 429)


# A success closes the circuit and ends any run of failures: a read that usually finds
# nothing to change, then a write only when there is.
_DIRTY = select(_GATES.c.circuit).where(
    _GATES.c.target_id == bindparam("target"),
    (_GATES.c.failures != 0) | (_GATES.c.circuit != "closed"))
_HEALTHY = update(_GATES).where(_GATES.c.target_id == bindparam("target")).values(
    failures=0, circuit="closed", circuit_opened_at=None, circuit_retry_at=None)
_GATE = select(_GATES).where(_GATES.c.target_id == bindparam("target"))


def record(session: Session, target_id: str, *, down: bool, pause: float | None,
           now: datetime, limits: Limits) -> str | None:
    """Move the breaker on after an attempt's outcome, and pause the target when its
    receiver asked to (Retry-After). Returns `opened` or `closed` when this outcome opened
    or closed the circuit."""
    if not down and pause is None:  # the common case
        was = session.execute(_DIRTY, {"target": target_id}).scalar()
        if was is None:
            return None
        session.execute(_HEALTHY, {"target": target_id})
        return "closed" if was != "closed" else None
    ensure_rows(session, [target_id])
    gate = session.execute(_GATE.with_for_update(), {"target": target_id}).one()
    values: dict[str, object] = {}
    change = None
    if pause is not None:
        until = now + timedelta(seconds=pause)
        if gate.paused_until is None or aware(gate.paused_until) < until:
            values["paused_until"] = until
    if down:
        failures = gate.failures + 1
        values["failures"] = failures
        if gate.circuit == "half_open" or (gate.circuit == "closed"
                                           and failures >= limits.circuit_failures):
            values.update(circuit="open", circuit_retry_at=now + timedelta(
                seconds=limits.circuit_open))
            if gate.circuit == "closed":
                values["circuit_opened_at"] = now
                change = "opened"
    elif gate.failures or gate.circuit != "closed":
        values.update(failures=0, circuit="closed", circuit_opened_at=None,
                      circuit_retry_at=None)
        change = "closed" if gate.circuit != "closed" else None
    if values:
        session.execute(update(_GATES).where(_GATES.c.target_id == target_id).values(**values))
    return change


def forget(session: Session, target_id: str) -> None:
    """A new receiver (the URL changed) or a fresh start (re-enabled): the breaker's failures,
    its open circuit, a receiver's pause and the concurrency limit learnt were about the old
    one."""
    session.execute(_HEALTHY.values(paused_until=None, concurrency_limit=adaptive.FLOOR),
                    {"target": target_id})


# -- the adaptive concurrency limit ----------------------------------------------------

_LIMIT = _GATES.c.concurrency_limit
_CEILING, _FACTOR = bindparam("ceiling", type_=Float), bindparam("factor", type_=Float)
_THIS = _GATES.c.target_id == bindparam("target")
_GROW = update(_GATES).where(_THIS, _CEILING > _LIMIT).values(
    concurrency_limit=case((_CEILING < _LIMIT + 1, _CEILING), else_=_LIMIT + 1))
_BACK_OFF = update(_GATES).where(_THIS, _LIMIT > adaptive.FLOOR).values(
    concurrency_limit=case((_LIMIT * _FACTOR < adaptive.FLOOR, adaptive.FLOOR),
                           else_=_LIMIT * _FACTOR))
_CLAMP = update(_GATES).where(_THIS, _CEILING < _LIMIT).values(concurrency_limit=_CEILING)
_BACKOFF = {adaptive.Verdict.SLOW: adaptive.SLOW_BACKOFF,
            adaptive.Verdict.DOWN: adaptive.DOWN_BACKOFF}


def adapt(session: Session, target_id: str, verdict: adaptive.Verdict | None,
          in_flight: int | None, seen: float | None, limits: Limits) -> None:
    """Move the target's concurrency limit on after an outcome (`limit.verdict`). `seen` is
    the limit as the attempt read it: a prompt success below the ceiling whose target used
    less than half of it writes nothing, which is a healthy target's steady state. One
    relative UPDATE, so that attempts recorded together each count."""
    ceiling = limits.max_in_flight
    if verdict is adaptive.Verdict.GROW:
        seen = adaptive.FLOOR if seen is None else seen  # no gate row yet: at the floor
        if seen > ceiling:  # the ceiling was lowered since
            session.execute(_CLAMP, {"target": target_id, "ceiling": ceiling})
        elif adaptive.grows(seen, in_flight, ceiling):
            session.execute(_GROW, {"target": target_id, "ceiling": ceiling})
    elif verdict is not None:
        session.execute(_BACK_OFF, {"target": target_id, "factor": _BACKOFF[verdict]})


_PROBE_NOW = update(_GATES).where(_GATES.c.target_id == bindparam("target"),
                                  _GATES.c.circuit == "open").values(
    circuit_retry_at=bindparam("now"))


def probe_now(session: Session, target_id: str, now: datetime) -> None:
    """A manual retry while the target's circuit is open: its open time is up, so the retry
    is admitted as the probe rather than held (a half-open circuit's probe is already out)."""
    session.execute(_PROBE_NOW, {"target": target_id, "now": now})


def _utc(value: datetime | None) -> datetime | None:
    return aware(value) if value is not None else None


@dataclass(frozen=True)
class Health:
    """A target's breaker and concurrency limit as its record shows them."""

    state: str = "closed"  # closed | open | half_open
    opened_at: datetime | None = None  # when it last opened
    retry_at: datetime | None = None  # while open: when one probe attempt may go
    concurrency_limit: int = int(adaptive.FLOOR)  # the adaptive limit, as the gate applies it


_HEALTH = select(_GATES.c.target_id, _GATES.c.circuit, _GATES.c.circuit_opened_at,
                 _GATES.c.circuit_retry_at, _LIMIT).where(
    _GATES.c.target_id.in_(bindparam("ids", expanding=True)))


def health_of(session: Session, target_ids: Iterable[str]) -> dict[str, Health]:
    """Every given target's breaker and limit, in one query (a target never gated is closed,
    at its floor)."""
    ids = list(target_ids)
    found = {r.target_id: Health(str(r.circuit), _utc(r.circuit_opened_at),
                                 _utc(r.circuit_retry_at),
                                 adaptive.shown(r.concurrency_limit))
             for r in session.execute(_HEALTH, {"ids": ids})} if ids else {}
    return {t: found.get(t, Health()) for t in ids}


_BY_CIRCUIT = select(_GATES.c.circuit, func.count()).group_by(_GATES.c.circuit)


def circuit_counts(session: Session) -> dict[str, int]:
    """Gated targets by breaker state, for the metrics (a target never gated has no row)."""
    return {str(state): int(count) for state, count in session.execute(_BY_CIRCUIT)}


_LIMITS_BY_KIND = union_all(*(
    select(func.min(_LIMIT), func.avg(_LIMIT), func.max(_LIMIT)).select_from(
        _GATES.join(table, table.c.id == _GATES.c.target_id)) for table in (_EP, _DS)))


def limit_stats(session: Session) -> dict[str, tuple[float, float, float]]:
    """The concurrency limits of gated endpoints and of gated destinations: (min, mean, max)
    of each kind that has any, for the metrics."""
    return {kind: (float(low), float(mean), float(high))
            for kind, (low, mean, high) in zip(("endpoint", "destination"),
                                               session.execute(_LIMITS_BY_KIND), strict=True)
            if low is not None}
