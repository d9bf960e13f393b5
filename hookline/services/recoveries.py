"""Bulk recovery: re-send every Delivery of one endpoint or destination that ended in a given
status within a time window, in creation order, each as a retry of the existing Delivery
(same Webhook-Id). The work runs in batches from a Temporal workflow; each batch commits its
re-sends (their starts go to the outbox, so the relay admits them through the target's gate
and throttle) together with the recovery's progress, so a batch run again after a crash
finds its Deliveries no longer matching and its cursor moved on: each is re-sent once."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session

from hookline.contracts import RecoveryStep
from hookline.delivery import lines, outbox, targets
from hookline.delivery.starts import start_for
from hookline.errors import Conflict, NotFound, invalid
from hookline.ids import new_id
from hookline.persistence import queries
from hookline.persistence.models import Recovery
from hookline.services.scoped import get_in
from hookline.statuses import RECOVERABLE, DeliveryStatus
from hookline.target_kinds import is_polling
from hookline.timeutil import end_of, utcnow

BATCH = 200
# A recovery waits while this many of its target's starts are still in the outbox: the
# relay admits them at the target's pace, and the outbox need not hold 100,000 at once.
MAX_QUEUED = 1000


@dataclass(frozen=True)
class Window:
    since: datetime
    until: datetime | None
    statuses: tuple[str, ...]


def window(since: datetime, until: datetime | None, statuses: list[str] | None) -> Window:
    if until is not None and since > until:
        raise invalid("since", "must not be later than `until`")
    chosen = tuple(dict.fromkeys(statuses or RECOVERABLE))
    if not chosen or any(s not in RECOVERABLE for s in chosen):
        raise invalid("statuses", "a list of exhausted and cancelled")
    return Window(since, until, chosen)


def _until(w: Window) -> datetime | None:
    return None if w.until is None else end_of(w.until)


def count(session: Session, target: targets.Target, w: Window) -> int:
    return queries.deliveries.count_in_window(session, targets.deliveries_of(target), target.id,
                                             w.statuses, w.since, _until(w))


def create(session: Session, env_id: str, target: targets.Target, w: Window) -> Recovery:
    """The recovery's row (the caller starts its workflow), or 409 for a disabled target or
    a polling endpoint (its Consumer pulls: nothing is sent again)."""
    if is_polling(target.url):
        raise Conflict(f"{target.id} is a polling endpoint: its Consumer pulls its messages, "
                       "so nothing is sent again; seek its cursor back to pull them again",
                       title="Polling endpoint", slug="polling-endpoint")
    if not targets.is_enabled(target):
        raise Conflict(f"{target.id} is disabled; re-enable it with PATCH status=enabled "
                       "first", title="Target disabled", slug="recovery-target-disabled")
    recovery = Recovery(id=new_id("rcv"), environment_id=env_id, target_id=target.id,
                        since=w.since, until=w.until, statuses=list(w.statuses),
                        matching=count(session, target, w))
    session.add(recovery)
    return recovery


def get_scoped(session: Session, env_id: str, recovery_id: str) -> Recovery:
    return get_in(session, Recovery, env_id, recovery_id,
                  NotFound(f"recovery {recovery_id} not found"))


def cancel(session: Session, env_id: str, recovery_id: str) -> Recovery:
    recovery = get_scoped(session, env_id, recovery_id)
    if recovery.status == "running":
        recovery.status, recovery.finished_at = "cancelled", utcnow()
        session.add(recovery)
    return recovery


def step(session: Session, recovery_id: str, schedule: list[float]) -> RecoveryStep:
    """Re-send the next batch, and store how far the recovery got, in one transaction."""
    recovery = session.get(Recovery, recovery_id, with_for_update=True)
    if recovery is None or recovery.status != "running":
        return RecoveryStep(recovered=0, done=True)
    target = targets.target_by_id(session, recovery.target_id)
    if target is None or not targets.is_enabled(target):  # deleted or disabled meanwhile
        return _finish(session, recovery, "cancelled")
    queued = outbox.queued_for(session, target.id)
    if queued >= MAX_QUEUED:
        return RecoveryStep(recovered=0, done=False, wait=1.0)
    w = Window(recovery.since, recovery.until, tuple(recovery.statuses))
    batch = queries.deliveries.next_in_window(
        session, targets.deliveries_of(target), target.id, w.statuses, w.since, _until(w),
        recovery.last_delivery_id, BATCH)
    # Everything the starts read first (their events in one query), then the writes: on
    # SQLite the first write takes the database's one write lock, and every publish and
    # relay pass waits while it is held (issue 64).
    queries.deliveries.load_events(session, [d.event_id for d in batch if d.event_id])
    now = utcnow()
    with session.no_autoflush:
        starts = []
        for delivery in batch:  # as a manual retry: pending, its schedule's remainder
            delivery.status, delivery.next_attempt_at = DeliveryStatus.PENDING, now
            delivery.batch_id = None  # its batch was sent: it goes in a new one
            delivery.updated_at = now
            session.add(delivery)
            starts.append(start_for(session, delivery, schedule))
        # At an ordered target, each joins the end of its line (a blocked head stays its
        # line's head), held until its turn.
        rows: list[dict[str, Any]] = [{"line": d.line} for d in batch]
        to_outbox = lines.place(session, rows, starts) if any(d.line is not None for d in batch) \
            else starts
        for delivery, row in zip(batch, rows, strict=True):
            delivery.status = row.get("status", delivery.status)
    session.flush()
    outbox.add(session, to_outbox)
    recovery.recovered += len(batch)
    if batch:
        recovery.last_delivery_id = batch[-1].id
    if len(batch) < BATCH:
        return _finish(session, recovery, "done", len(batch))
    session.add(recovery)
    return RecoveryStep(recovered=len(batch), done=False)


def _finish(session: Session, recovery: Recovery, status: str, recovered: int = 0
            ) -> RecoveryStep:
    recovery.status, recovery.finished_at = status, utcnow()
    session.add(recovery)
    return RecoveryStep(recovered=recovered, done=True)
