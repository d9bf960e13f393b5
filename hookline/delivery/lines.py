"""The lines of an ordered target: strictly one Delivery at a time per line, in the order
Hookline accepted them.

A target's `ordering` makes each value of its key (a JMESPath expression on the body; no
key: one line for the whole target) a line. A line with Deliveries has one row
(`order_lines`) naming its head: the one Delivery that may be attempted. The head goes
through the outbox, the gate, retries and the breaker as any Delivery does; the others wait
behind it in `line_waits`, status `held`, numbered in the order they were queued, costing
Temporal nothing until they are the head.

The order is the publish's commit order: queueing takes the line's row (an upsert, which
PostgreSQL locks until the publish commits), so two publishes to one line are numbered in
the order they commit. Moving a line on (`ended`) takes the same row first, and happens in
the transaction that ends the head, so no crash, restart or second worker can leave a line
with no head or two heads.

When the head ends `delivered` or `cancelled`, or `exhausted` under `onExhausted: skip`,
the next in line becomes the head (`pending`, into the outbox). Under `block`, an exhausted
head stays the head: its line is blocked until it is retried (and then delivered, or
exhausted again) or skipped (`skip`). A disabled target holds its lines: its heads wait
instead of being cancelled, and wake when it is enabled (`heads_of`). Deleting it cancels
them (`forget`)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, delete, func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session

from hookline.contracts import DeliveryStart
from hookline.delivery import outbox
from hookline.errors import Conflict, invalid
from hookline.observability import tracing
from hookline.persistence.models import Delivery, LineWait, OrderLine, TargetGate, table_of
from hookline.statuses import ATTEMPTABLE, DeliveryStatus
from hookline.tenant_code import expressions
from hookline.timeutil import utcnow

BLOCK, SKIP = "block", "skip"
ON_EXHAUSTED = (BLOCK, SKIP)
# A key's value longer than this is kept as its digest: lines are rows, keys are tenants'.
MAX_KEY = 200
# A key is evaluated at publish, in the API's group commit that every tenant's publishes
# share, so it is bounded tighter than a Kafka key (evaluated at the attempt): a key is a
# path to one value, so it may multiply what it is given at most KEY_GROWTH times, and an
# evaluation makes at most KEY_BUDGET elements (tens of microseconds), whatever the body.
KEY_GROWTH = 4
KEY_BUDGET = 1_000

_LINES, _WAITS, _D = table_of(OrderLine), table_of(LineWait), table_of(Delivery)
_HEADS = select(_LINES.c.target_id, _LINES.c.key, _LINES.c.head_id).where(
    _LINES.c.head_id.in_(bindparam("heads", expanding=True)))


def _in_line(table: Any) -> Any:
    return (table.c.target_id == bindparam("line_target")) & (table.c.key == bindparam("line_key"))


_NEXT = select(_WAITS.c.seq, _WAITS.c.delivery_id, _WAITS.c.start, _WAITS.c.trace_context
               ).where(_in_line(_WAITS)).order_by(_WAITS.c.seq).limit(1)
_UNQUEUE = delete(_WAITS).where(_in_line(_WAITS), _WAITS.c.seq == bindparam("seq"))
_PROMOTE = update(_D).where(_D.c.id == bindparam("delivery"),
                            _D.c.status == DeliveryStatus.HELD.value
                            ).values(status=DeliveryStatus.PENDING.value,
                                     updated_at=bindparam("now"))
_GATES, _MATES = table_of(TargetGate), _D.alias("mates")
_BATCH_SIZE = select(_GATES.c.batch_size).where(_GATES.c.target_id == bindparam("line_target"))
# A line's head ended, but a Delivery sent in one batch with it has not (it was cancelled,
# or retried alone): that one heads the line until it ends, so nothing overtakes it.
_MATE = select(_MATES.c.id).where(
    _MATES.c.batch_id == select(_D.c.batch_id).where(_D.c.id == bindparam("head"))
    .scalar_subquery(), _MATES.c.id != bindparam("head"),
    _MATES.c.status.in_([s.value for s in ATTEMPTABLE])).order_by(_MATES.c.id).limit(1)
_NEW_HEAD = update(_LINES).where(_in_line(_LINES)).values(head_id=bindparam("new_head"))
_EMPTY = delete(_LINES).where(_in_line(_LINES))
_QUEUE = _WAITS.insert()


def check(ordering: Any) -> dict[str, Any] | None:
    """A target's `ordering` as the API takes it: None, or a key (a JMESPath expression on
    the body, bounded as a Kafka key is) and what an exhausted head does."""
    if ordering is None:
        return None
    if not isinstance(ordering, dict):
        raise invalid("ordering", "must be null or an object")
    key, rule = ordering.get("key"), ordering.get("onExhausted", BLOCK)
    if rule not in ON_EXHAUSTED:
        raise invalid("ordering.onExhausted", "must be 'block' or 'skip'")
    if key is not None:
        if not isinstance(key, str) or not key.strip():
            raise invalid("ordering.key", "must be a JMESPath expression, or null for one "
                                          "line for the whole target")
        try:
            expressions.compiled(key, KEY_GROWTH)
        except ValueError as exc:
            raise invalid("ordering.key", str(exc)) from None
    return {"key": key, "onExhausted": rule}


def key_of(ordering: dict[str, Any], document: Any) -> str:
    """The line a body belongs in: its key's value (`expressions.scalar`), "" when there is
    no key or it gives none."""
    expression = ordering.get("key")
    if not expression or document is None:
        return ""
    text = expressions.scalar(expression, document, KEY_BUDGET, KEY_GROWTH) or ""
    if len(text) > MAX_KEY:
        return "sha256:" + hashlib.sha256(text.encode()).hexdigest()
    return text


def document_of(body: str | bytes | None) -> Any:
    """A body as its key expression reads it: JSON, or nothing."""
    if body is None:
        return None
    try:
        return json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return None


def place(session: Session, rows: list[dict[str, Any]], starts: list[DeliveryStart]
          ) -> list[DeliveryStart]:
    """Queue new Deliveries of ordered targets in their lines (`rows[i]["line"]`, in the
    order given): each becomes its line's head when the line has none, else waits behind
    it, `held`, in `line_waits`. Returns the starts for the outbox: the unordered and the
    new heads. In the publish's transaction, before its Deliveries' rows are written."""
    to_outbox: list[DeliveryStart] = []
    waits: list[dict[str, Any]] = []
    trace = tracing.current()
    upsert = _upsert(session)
    for row, start in zip(rows, starts, strict=True):
        key = row.get("line")
        if key is None:
            to_outbox.append(start)
            continue
        target_id = start.endpoint_id or start.destination_id
        head, seq = session.execute(upsert, {
            "target_id": target_id, "key": key, "environment_id": start.environment_id,
            "head_id": start.delivery_id, "next_seq": 0}).one()
        if head == start.delivery_id:
            to_outbox.append(start)
            continue
        row["status"] = DeliveryStatus.HELD.value
        waits.append({"target_id": target_id, "key": key, "seq": seq,
                      "delivery_id": start.delivery_id,
                      "environment_id": start.environment_id,
                      "start": outbox.dump(start), "trace_context": trace})
    if waits:
        session.execute(_QUEUE, waits)
    return to_outbox


def _upsert(session: Session) -> Any:
    """Take the line's row: a new line's head is this Delivery; a line with one numbers it
    next. PostgreSQL keeps the row locked until the caller commits."""
    dialect = session.get_bind().dialect.name
    insert = (postgresql.insert if dialect == "postgresql" else sqlite.insert)(_LINES)
    return insert.on_conflict_do_update(
        index_elements=[_LINES.c.target_id, _LINES.c.key],
        set_={"next_seq": _LINES.c.next_seq + 1,
              "head_id": func.coalesce(_LINES.c.head_id, insert.excluded.head_id)},
    ).returning(_LINES.c.head_id, _LINES.c.next_seq)


def ended(session: Session, delivery_ids: Iterable[str]) -> list[str]:
    """These Deliveries ended, and their lines (where they were heads) move on: each line's
    next Delivery is its head, `pending` and in the outbox; a line with none left is gone.
    Returns the new heads. In the transaction that ends them."""
    ids = list(delivery_ids)
    if not ids:
        return []
    promoted: list[str] = []
    for line in session.execute(_locked(session, _HEADS), {"heads": ids}).all():
        promoted += _move_on(session, line.target_id, line.key, line.head_id)
    return promoted


def _move_on(session: Session, target_id: str, key: str, head: str) -> list[str]:
    """The line's next: at a batched target (`batches`), what is queued, up to its
    `maxSize`, to go in one batch, the first its head."""
    where = {"line_target": target_id, "line_key": key}
    mate = session.execute(_MATE, {"head": head}).scalar()
    if mate is not None:
        session.execute(_NEW_HEAD, {**where, "new_head": mate})
        return []
    size = session.execute(_BATCH_SIZE, where).scalar() or 1
    promoted: list[str] = []
    while len(promoted) < size and (nxt := session.execute(_NEXT, where).first()) is not None:
        session.execute(_UNQUEUE, {**where, "seq": nxt.seq})
        if not session.execute(_PROMOTE, {"delivery": nxt.delivery_id, "now": utcnow()}
                               ).rowcount:  # type: ignore[attr-defined]
            continue  # it left `held` meanwhile (cancelled): the next one
        if not promoted:
            session.execute(_NEW_HEAD, {**where, "new_head": nxt.delivery_id})
        outbox.add(session, [DeliveryStart(**json.loads(nxt.start))], trace=nxt.trace_context)
        promoted.append(nxt.delivery_id)
    if not promoted:
        session.execute(_EMPTY, where)
    return promoted


def _locked(session: Session, query: Any) -> Any:
    # SQLite has one writer at a time; PostgreSQL's row lock waits for a publish queueing
    # behind this head to commit, so its Delivery is seen.
    return query.with_for_update() if session.get_bind().dialect.name == "postgresql" else query


def blocks(ordering: dict[str, Any] | None) -> bool:
    """Whether an exhausted head stops its line (an ordered target's default), rather than
    ending as any Delivery does: a target no longer ordered lets its lines drain."""
    return ordering is not None and ordering.get("onExhausted", BLOCK) == BLOCK


def skip(session: Session, delivery: Delivery) -> list[str]:
    """Skip the exhausted head of a blocked line: it stays `exhausted`, and its line moves
    on. Anything else is a conflict. Returns the new head."""
    head = session.execute(_locked(session, _HEADS), {"heads": [delivery.id]}).first()
    if head is None or delivery.status != DeliveryStatus.EXHAUSTED:
        raise Conflict(f"Delivery {delivery.id} is not the exhausted head of a blocked line; "
                       "only that can be skipped", title="Entrega not a blocked head",
                       slug="delivery-not-blocked-head")
    return _move_on(session, head.target_id, head.key, delivery.id)


_BLOCKED = select(func.count()).select_from(_LINES.join(_D, _D.c.id == _LINES.c.head_id)).where(
    _D.c.status == DeliveryStatus.EXHAUSTED.value)
_HELD = select(func.count()).select_from(_WAITS)


def counts(session: Session) -> tuple[int, int]:
    """Lines blocked by an exhausted head, and Deliveries held in lines, for the metrics:
    counts over the lines (few: one per key with Deliveries waiting) and their queues."""
    return (int(session.execute(_BLOCKED).scalar_one()),
            int(session.execute(_HELD).scalar_one()))


@dataclass(frozen=True)
class Standing:
    """Where a Delivery stands in its line: at its head, or held behind `head_id`, with
    `waiting` Deliveries queued in the line."""

    head_id: str
    waiting: int

    def heads(self, delivery_id: str) -> bool:
        return self.head_id == delivery_id


_LINE_OF_HEAD = select(_LINES.c.target_id, _LINES.c.key, _LINES.c.head_id).where(
    _LINES.c.head_id == bindparam("delivery"))
_LINE_OF_HELD = select(_LINES.c.target_id, _LINES.c.key, _LINES.c.head_id).select_from(
    _WAITS.join(_LINES, (_LINES.c.target_id == _WAITS.c.target_id)
                & (_LINES.c.key == _WAITS.c.key))).where(
    _WAITS.c.delivery_id == bindparam("delivery"))
_WAITING = select(func.count()).select_from(_WAITS).where(_in_line(_WAITS))


def standing(session: Session, delivery_id: str) -> Standing | None:
    """The Delivery's place in its line; None when it is in none now (never ordered, or
    its line moved past it)."""
    found = (session.execute(_LINE_OF_HEAD, {"delivery": delivery_id}).first()
             or session.execute(_LINE_OF_HELD, {"delivery": delivery_id}).first())
    if found is None or found.head_id is None:
        return None
    waiting = session.execute(_WAITING, {"line_target": found.target_id,
                                         "line_key": found.key}).scalar_one()
    return Standing(str(found.head_id), int(waiting))


def heads(session: Session, delivery_id: str) -> bool:
    """Whether the Delivery is at the head of its line."""
    return session.execute(_HEADS, {"heads": [delivery_id]}).first() is not None


def heads_of(session: Session, target_id: str) -> list[str]:
    """The heads of a target's lines (to wake when it is enabled again)."""
    return [str(h) for h in session.execute(select(_LINES.c.head_id).where(
        _LINES.c.target_id == target_id, _LINES.c.head_id.is_not(None))).scalars()]


def forget(session: Session, target_id: str) -> list[str]:
    """A deleted target's lines: their queued Deliveries (returned, to be cancelled) and
    the lines go."""
    held = [str(d) for d in session.execute(select(_WAITS.c.delivery_id).where(
        _WAITS.c.target_id == target_id)).scalars()]
    session.execute(delete(_WAITS).where(_WAITS.c.target_id == target_id))
    session.execute(delete(_LINES).where(_LINES.c.target_id == target_id))
    return held

