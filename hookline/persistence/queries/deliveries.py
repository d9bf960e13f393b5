"""Every statement on the `deliveries` table: the engine's prepared Core statements (what an
attempt sends, the moves of its status, the outcome's UPDATE), fan-out's multi-row INSERT,
and the reads of the API, the explorer, recoveries, retention and the reconciler.

The engine's statements are built once at import with bound parameters: on SQLite every
other writer waits for them."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any, Protocol, TypedDict, cast

import sqlalchemy as sa
from sqlalchemy import bindparam, exists, func, insert, or_
from sqlmodel import Session, col, select
from sqlmodel.sql.expression import SelectOfScalar

from hookline.persistence.models import (
    AttemptLease,
    Delivery,
    DeliveryBatch,
    Destination,
    Endpoint,
    Environment,
    Event,
    Message,
    OutboxStart,
    TargetGate,
    table_of,
)
from hookline.persistence.queries.explorer import DeliveryFilter, newest_first, since_window
from hookline.statuses import ATTEMPTABLE, FINAL, DeliveryStatus

# The statuses this module puts into SQL itself are text (`.value`): a member inside
# `sa.case` is an untyped parameter (NullType, no `::VARCHAR` on PostgreSQL), and the
# driver is handed the enum.
_ATTEMPTABLE = [s.value for s in ATTEMPTABLE]
_FINAL = [s.value for s in FINAL]

_D, _ENV, _EP, _DS = (table_of(m) for m in (Delivery, Environment, Endpoint, Destination))
_EV, _MSG, _LEASE, _GATES = (table_of(m) for m in (Event, Message, AttemptLease, TargetGate))


def _target(column: str) -> sa.Label[Any]:
    """A Delivery has an endpoint or a destination; either column, whichever exists."""
    return sa.func.coalesce(_EP.c[column], _DS.c[column]).label(f"target_{column}")


# What an attempt needs, in one read: the Delivery, its content, its target, its lease and
# its target's gate.
_TO_SEND = sa.select(
    _D.c.id.label("delivery_id"), _D.c.status, _D.c.environment_id, _ENV.c.kind,
    _ENV.c.egress_proxy.label("env_proxy"), _ENV.c.instance_aws.label("env_instance_aws"),
    _EV.c.id.label("event_id"),
    _EV.c.payload, _EV.c.sealed_payload,
    sa.func.coalesce(_EV.c.payload_erased, _MSG.c.payload_erased).label("erased"),
    _D.c.message_id, _MSG.c.id.label("message_found"), _MSG.c.body, _MSG.c.content_type,
    _D.c.event_id.label("wanted_event"), _EV.c.type.label("event_type"), *(_target(c) for c in (
        "id", "url", "status", "custom_headers", "secret", "previous_secret",
        "previous_secret_expires_at", "transformation", "auth", "tls", "credentials",
        "endpoint_override")),
    _EV.c.consumer_external_id.label("event_consumer"), _MSG.c.source_id.label("message_source"),
    _target("rate_limit"), _LEASE.c.expires_at.label("lease_expires"),
    _target("failure_count"), _GATES.c.failures.label("gate_failures"),
    _GATES.c.circuit.label("gate_circuit"), _GATES.c.concurrency_limit.label("gate_limit"),
    _EP.c.signature_headers.label("target_signature_headers"),  # an endpoint's only
    _EP.c.notice_state.label("target_notice_state"),
    _D.c.line, _D.c.batch_id, _GATES.c.batch_size.label("gate_batch_size"), _D.c.created_at,
).select_from(
    _D.outerjoin(_ENV, _ENV.c.id == _D.c.environment_id)
    .outerjoin(_EP, _EP.c.id == _D.c.endpoint_id)
    .outerjoin(_DS, _DS.c.id == _D.c.destination_id)
    .outerjoin(_EV, _EV.c.id == _D.c.event_id)
    .outerjoin(_MSG, _MSG.c.id == _D.c.message_id)
    .outerjoin(_LEASE, _LEASE.c.delivery_id == _D.c.id)
    .outerjoin(_GATES, _GATES.c.target_id == sa.func.coalesce(_D.c.endpoint_id,
                                                               _D.c.destination_id))
)
class ToSend(Protocol):
    """A row of `_TO_SEND` (its labels): read-only, as SQLAlchemy's `Row` is. Its outer
    joins leave a column None when the Delivery's target, content, lease or gate is gone."""

    @property
    def delivery_id(self) -> str: ...
    @property
    def status(self) -> str: ...
    @property
    def kind(self) -> str | None: ...  # the environment's
    @property
    def event_id(self) -> str | None: ...  # the event row's: None when it is gone
    @property
    def payload(self) -> str | None: ...
    @property
    def sealed_payload(self) -> str | None: ...  # opened: the body, when it is sealed
    @property
    def erased(self) -> bool | None: ...
    @property
    def message_id(self) -> str | None: ...
    @property
    def message_found(self) -> str | None: ...  # the message row's: None when it is gone
    @property
    def body(self) -> bytes | None: ...
    @property
    def content_type(self) -> str | None: ...
    @property
    def wanted_event(self) -> str | None: ...  # the Delivery's event: None for a message's
    @property
    def event_type(self) -> str | None: ...
    @property
    def target_id(self) -> str | None: ...
    @property
    def target_url(self) -> str | None: ...
    @property
    def target_status(self) -> str | None: ...
    @property
    def target_custom_headers(self) -> dict[str, str] | None: ...
    @property
    def target_secret(self) -> str | None: ...
    @property
    def target_previous_secret(self) -> str | None: ...
    @property
    def target_previous_secret_expires_at(self) -> datetime | None: ...
    @property
    def target_transformation(self) -> str | None: ...
    @property
    def env_proxy(self) -> str | None: ...
    @property
    def env_instance_aws(self) -> bool | None: ...
    @property
    def environment_id(self) -> str: ...
    @property
    def target_auth(self) -> dict[str, Any] | None: ...
    @property
    def target_tls(self) -> dict[str, Any] | None: ...
    @property
    def target_credentials(self) -> dict[str, Any] | None: ...
    @property
    def target_endpoint_override(self) -> str | None: ...
    @property
    def event_consumer(self) -> str | None: ...  # the event's Consumer's externalId
    @property
    def message_source(self) -> str | None: ...  # a message's Source
    @property
    def target_rate_limit(self) -> int | None: ...
    @property
    def lease_expires(self) -> datetime | None: ...
    @property
    def target_failure_count(self) -> int | None: ...
    @property
    def gate_failures(self) -> int | None: ...
    @property
    def gate_circuit(self) -> str | None: ...
    @property
    def gate_limit(self) -> float | None: ...
    @property
    def target_signature_headers(self) -> str | None: ...  # None for a destination
    @property
    def target_notice_state(self) -> str | None: ...  # what its Consumer was told last
    @property
    def line(self) -> str | None: ...  # its line at an ordered target
    @property
    def batch_id(self) -> str | None: ...  # its batch at a batched target
    @property
    def gate_batch_size(self) -> int | None: ...  # the target's `batch.maxSize`, if batched
    @property
    def created_at(self) -> datetime: ...  # the Delivery's


_TO_SEND_ONE = _TO_SEND.where(_D.c.id == bindparam("delivery"))
_TO_SEND_MANY = _TO_SEND.where(_D.c.id.in_(bindparam("ids", expanding=True)))
_MOVE = _D.update().where(_D.c.id == bindparam("delivery"), _D.c.status.in_(_ATTEMPTABLE)) \
    .values(status=bindparam("to"), updated_at=bindparam("now"))
_STATUS = sa.select(_D.c.status).where(_D.c.id == bindparam("delivery"))
_WAIT = _D.update().where(_D.c.id == bindparam("delivery"), _D.c.status.in_(_ATTEMPTABLE)) \
    .values(next_attempt_at=bindparam("at"), updated_at=bindparam("now")) \
    .returning(_D.c.status)
# A success stands even if a cancel landed meanwhile; a failure yields to the cancel, and to
# a delivery recorded meanwhile (a polling Consumer's commit as its window ended).
_CANCELLED_NOW = _D.c.status == DeliveryStatus.CANCELLED.value
_DELIVERED_NOW = _D.c.status == DeliveryStatus.DELIVERED.value
_SUCCEEDED = bindparam("succeeded", type_=sa.Boolean)
_RECORD = _D.update().where(_D.c.id == bindparam("delivery")).values(
    attempts=_D.c.attempts + 1, last_attempt_at=bindparam("now"), updated_at=bindparam("now"),
    last_status_code=bindparam("code"), last_status_class=bindparam("code_class"),
    last_error_type=bindparam("error_type"), last_duration_ms=bindparam("duration_ms"),
    status=sa.case((_SUCCEEDED, DeliveryStatus.DELIVERED.value),
                   (_CANCELLED_NOW, DeliveryStatus.CANCELLED.value),
                   (_DELIVERED_NOW, DeliveryStatus.DELIVERED.value),
                   else_=bindparam("failed_status")),
    next_attempt_at=sa.case((_SUCCEEDED, None), (_CANCELLED_NOW, None), (_DELIVERED_NOW, None),
                            else_=bindparam("retry_at", type_=sa.DateTime(timezone=True))),
).returning(_D.c.attempts, _D.c.status, _D.c.endpoint_id, _D.c.destination_id,
            _D.c.environment_id, _D.c.event_id, _D.c.message_id, _D.c.line)
class RecordedRow(Protocol):
    """The row `_RECORD` leaves (its RETURNING columns)."""

    @property
    def attempts(self) -> int: ...
    @property
    def status(self) -> str: ...
    @property
    def endpoint_id(self) -> str | None: ...
    @property
    def destination_id(self) -> str | None: ...
    @property
    def environment_id(self) -> str: ...
    @property
    def event_id(self) -> str | None: ...
    @property
    def message_id(self) -> str | None: ...
    @property
    def line(self) -> str | None: ...


class RecordValues(TypedDict):
    """`_RECORD`'s parameters."""

    delivery: str
    now: datetime
    succeeded: bool
    failed_status: str
    retry_at: datetime | None
    code: int | None
    error_type: str | None
    code_class: int | None
    duration_ms: int


_ADMITTED = sa.update(_D).where(_D.c.id.in_(bindparam("ids", expanding=True)),
                                _D.c.status == DeliveryStatus.PENDING.value).values(
    status=DeliveryStatus.PROCESSING.value, updated_at=bindparam("now"))
_INSERT = insert(_D)


def to_send(session: Session, delivery_id: str) -> ToSend | None:
    return cast("ToSend | None", session.execute(_TO_SEND_ONE, {"delivery": delivery_id}).first())


def to_send_many(session: Session, delivery_ids: list[str]) -> dict[str, ToSend]:
    return {row.delivery_id: cast(ToSend, row)
            for row in session.execute(_TO_SEND_MANY, {"ids": delivery_ids})}


def move(session: Session, delivery_id: str, to: str, now: datetime) -> bool:
    """Move an attemptable Delivery to `to`; False when it had left the attemptable ones."""
    moved = session.execute(_MOVE, {"delivery": delivery_id, "to": to, "now": now})
    return bool(moved.rowcount)  # type: ignore[attr-defined]


def status_of(session: Session, delivery_id: str) -> str | None:
    found = session.execute(_STATUS, {"delivery": delivery_id}).scalar()
    return None if found is None else str(found)


def wait_until(session: Session, delivery_id: str, at: datetime, now: datetime) -> str | None:
    """Store an attemptable Delivery's next look; its status, or None when it had left the
    attemptable ones."""
    found = session.execute(_WAIT, {"delivery": delivery_id, "now": now, "at": at}).scalar()
    return None if found is None else str(found)


def record(session: Session, values: RecordValues) -> RecordedRow | None:
    """An attempt's outcome on its Delivery (`_RECORD`'s parameters); the row it leaves, or
    None when the Delivery is gone."""
    return cast("RecordedRow | None", session.execute(_RECORD, values).first())


def admitted(session: Session, delivery_ids: list[str], now: datetime) -> None:
    """The relay admitted these: `pending` becomes `processing`."""
    session.execute(_ADMITTED, {"ids": delivery_ids, "now": now})


_TOUCH = sa.update(_D).where(_D.c.id.in_(bindparam("ids", expanding=True)),
                             _D.c.status == DeliveryStatus.PENDING.value).values(
    updated_at=bindparam("now"))


def touch(session: Session, delivery_ids: list[str], now: datetime) -> None:
    """Pending ones the relay started without admitting them (a polling endpoint's)."""
    session.execute(_TOUCH, {"ids": delivery_ids, "now": now})


def insert_rows(session: Session, rows: list[dict[str, Any]]) -> None:
    """New Deliveries as plain rows, in one multi-row INSERT."""
    session.execute(_INSERT, rows)


def ids_where(session: Session, column: Any, value: str, statuses: Iterable[str]) -> list[str]:
    return list(session.exec(select(Delivery.id).where(
        column == value, col(Delivery.status).in_(statuses))).all())


def cancel(session: Session, delivery_ids: list[str], now: datetime) -> None:
    session.execute(sa.update(Delivery).where(col(Delivery.id).in_(delivery_ids))
                    .values(status=DeliveryStatus.CANCELLED.value, next_attempt_at=None,
                            updated_at=now))


def any_unfinished(session: Session, column: Any, value: str) -> bool:
    return bool(session.execute(sa.select(exists().where(
        column == value, col(Delivery.status).not_in(_FINAL)))).scalar())


def _leased(now: datetime) -> sa.Exists:
    """A Delivery (the row in scope) has an attempt in flight: a live lease under its id or,
    a batch's members holding one lease between them, under its batch's `lease_key`."""
    # Correlated by name: two levels down, automatic correlation would not reach the
    # Delivery, and the subquery would read every batched Delivery's batch instead.
    holder = func.coalesce(sa.select(col(DeliveryBatch.lease_key)).where(
        col(DeliveryBatch.id) == col(Delivery.batch_id)).correlate(Delivery)
        .scalar_subquery(), col(Delivery.id))
    return exists().where(col(AttemptLease.delivery_id) == holder,
                          col(AttemptLease.expires_at) > now)


def any_leased(session: Session, delivery_ids: list[str], now: datetime) -> bool:
    """Whether an attempt of one of these Deliveries is in flight."""
    return bool(delivery_ids) and bool(session.execute(sa.select(exists().where(
        col(Delivery.id).in_(delivery_ids), _leased(now)))).scalar())


def orphans(session: Session, cutoff: datetime, now: datetime, limit: int) -> list[Delivery]:
    """Pending or admitted for too long with no start queued and no live lease, or overdue
    for their next attempt (the reconciler's definition, `delivery/reconciler.orphans`)."""
    queued = exists().where(col(OutboxStart.delivery_id) == col(Delivery.id))
    leased = _leased(now)
    due = func.coalesce(col(Delivery.next_attempt_at), col(Delivery.updated_at))
    status = col(Delivery.status)
    return list(session.exec(select(Delivery).where(or_(
        (status == DeliveryStatus.PENDING.value) & (due < cutoff) & ~queued,
        # Admitted, but its lease ran out with no outcome: the worker died before the start
        # or during the attempt.
        (status == DeliveryStatus.PROCESSING.value) & (col(Delivery.updated_at) < cutoff) & ~leased,
        (status == DeliveryStatus.RETRYING.value) & (col(Delivery.next_attempt_at) < cutoff),
    )).order_by(col(Delivery.updated_at)).limit(limit)).all())


_RETRYING = sa.select(func.count()).select_from(_D).where(
    _D.c.status == DeliveryStatus.RETRYING.value)


_WAITING_OF = sa.select(func.count()).select_from(_D).where(
    _D.c.endpoint_id == sa.bindparam("endpoint"),
    _D.c.status.in_([s.value for s in (DeliveryStatus.PENDING, DeliveryStatus.PROCESSING,
                                       DeliveryStatus.RETRYING)]))


def count_waiting(session: Session, endpoint_id: str) -> int:
    """The endpoint's Deliveries not yet final nor cancelled (a failure notice says so)."""
    return int(session.execute(_WAITING_OF, {"endpoint": endpoint_id}).scalar_one())


def count_retrying(session: Session) -> int:
    """Deliveries waiting for their next attempt after a failed one, for the metrics: a
    count on `ix_deliveries_status_updated`."""
    return int(session.execute(_RETRYING).scalar_one())


def list_for(session: Session, *, event_id: str | None = None, message_id: str | None = None,
             after: str | None, limit: int) -> list[Delivery]:
    """An Event's or a Message's Deliveries, oldest first; limit+1 rows for the pager."""
    query = select(Delivery)
    query = query.where(Delivery.event_id == event_id) if event_id else \
        query.where(Delivery.message_id == message_id)
    if after:
        query = query.where(col(Delivery.id) > after)
    return list(session.exec(query.order_by(col(Delivery.id)).limit(limit + 1)).all())


def search(session: Session, environment_id: str, found: DeliveryFilter, before: str | None,
           limit: int) -> list[Delivery]:
    """The explorer's page of Deliveries, newest first. The caller has checked that the
    endpoint, destination or Consumer filtered on is the environment's."""
    query = select(Delivery)
    if found.endpoint:
        query = query.where(Delivery.endpoint_id == found.endpoint)
    elif found.destination:
        query = query.where(Delivery.destination_id == found.destination)
    elif found.consumer_id:
        query = query.where(Delivery.consumer_id == found.consumer_id)
    else:
        query = query.where(Delivery.environment_id == environment_id)
    if found.endpoint or found.destination:
        # Both given: a Delivery has only one of them, so nothing matches.
        if found.endpoint and found.destination:
            query = query.where(col(Delivery.destination_id) == found.destination)
        if found.consumer_id:
            query = query.where(Delivery.consumer_id == found.consumer_id)
    if found.event_type:
        query = query.where(Delivery.event_type == found.event_type)
    if found.status:
        query = query.where(Delivery.status == found.status)
    if found.error_type:
        query = query.where(Delivery.last_error_type == found.error_type)
    if found.response:
        query = query.where(Delivery.last_status_class == found.response.status_class)
        if found.response.code is not None:
            query = query.where(Delivery.last_status_code == found.response.code)
    return newest_first(session, query, Delivery, "dlv", found, before, limit)


def counts_by_message(session: Session, message_ids: list[str]
                      ) -> list[tuple[str | None, str, int]]:
    """(message id, status, how many) for these Messages' Deliveries, in one grouped read."""
    return list(session.exec(select(Delivery.message_id, Delivery.status, func.count())
                             .where(col(Delivery.message_id).in_(message_ids))
                             .group_by(col(Delivery.message_id), col(Delivery.status))).all())


def counts_by_status(session: Session, column: str, value: str, since: datetime,
                     until: datetime | None = None) -> dict[str, int]:
    """A target's Deliveries created since `since` (and before `until`), by status
    (`column`: the Delivery column that names its kind), over the target's own index
    range."""
    bounds = [*since_window(_D, "dlv", since)]
    if until is not None:
        bounds.append(_D.c.created_at < until)
    return {str(k): int(v) for k, v in session.execute(
        sa.select(_D.c.status, sa.func.count()).where(
            _D.c[column] == value, *bounds).group_by(_D.c.status))}


def _in_window(column: Any, value: str, statuses: tuple[str, ...], since: datetime,
              until: datetime | None, after: str | None = None) -> SelectOfScalar[Delivery]:
    """A target's Deliveries in these statuses created in [since, until), after an id: what a
    recovery re-sends."""
    query = select(Delivery).where(column == value, col(Delivery.status).in_(statuses),
                                   col(Delivery.created_at) >= since)
    if until is not None:
        query = query.where(col(Delivery.created_at) < until)
    if after is not None:
        query = query.where(col(Delivery.id) > after)
    return query


def count_in_window(session: Session, column: Any, value: str, statuses: tuple[str, ...],
                    since: datetime, until: datetime | None) -> int:
    found = _in_window(column, value, statuses, since, until).with_only_columns(func.count())
    return int(session.execute(found).scalar_one())


def next_in_window(session: Session, column: Any, value: str, statuses: tuple[str, ...],
                   since: datetime, until: datetime | None, after: str | None, limit: int
                   ) -> list[Delivery]:
    return list(session.exec(_in_window(column, value, statuses, since, until, after)
                             .order_by(col(Delivery.id)).limit(limit)).all())


def of_owners(owner_column: Any, owner_ids: Any) -> Any:
    """The ids of the Deliveries of these Events or Messages, as a subquery."""
    return sa.select(col(Delivery.id)).where(owner_column.in_(owner_ids))


def live_owners(session: Session, owner_column: Any, owner_ids: list[str], cutoff: datetime
                ) -> set[str]:
    """Of these Events or Messages, those with a Delivery that may still change or changed
    after `cutoff`; their Deliveries are locked (PostgreSQL) until the caller commits."""
    rows = session.execute(
        sa.select(col(Delivery.id), owner_column,
                  or_(col(Delivery.status).not_in(_FINAL),
                      col(Delivery.updated_at) >= cutoff).label("live"))
        .where(owner_column.in_(owner_ids)).with_for_update()).all()
    return {row[1] for row in rows if row.live}


def delete_of_owners(session: Session, owner_column: Any, owner_ids: Any) -> int:
    done = session.execute(sa.delete(Delivery).where(owner_column.in_(owner_ids))
                           .execution_options(synchronize_session=False))
    return int(done.rowcount)  # type: ignore[attr-defined]


def load_events(session: Session, event_ids: list[str]) -> None:
    """Their Events into the session in one query, so that reading each Delivery's event
    (`session.get`) asks the database nothing more."""
    if event_ids:
        list(session.exec(select(Event).where(col(Event.id).in_(event_ids))))
