"""Finds Deliveries that were accepted but whose workflow never started (a relay died between
taking their starts from the outbox and making them, or Temporal was down) or whose workflow
Temporal lost, and starts them. Runs in every worker; starts are idempotent, so several
workers reconciling at once is harmless.

The Temporal Schedules (cron Sources, the silence check) have their own reconcile pass in
`hookline.scheduling.schedules`."""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

from sqlalchemy import exists, func, or_
from sqlmodel import Session, col, select
from temporalio.client import Client

from hookline.contracts import SIGNAL_RETRY, DeliveryStart
from hookline.delivery.starts import start_for
from hookline.persistence.db import session_scope
from hookline.persistence.models import AttemptLease, Delivery, OutboxStart
from hookline.settings import Settings, parse_duration
from hookline.temporal import start_deliveries
from hookline.timeutil import utcnow

log = logging.getLogger("hookline.delivery.reconciler")


def orphans(session: Session, older_than: timedelta, schedule: list[float],
            limit: int = 500) -> list[DeliveryStart]:
    """Deliveries accepted but apparently without a running workflow: pending or admitted
    for too long (a relay died holding their start, or the start failed) or overdue for
    their next attempt (Temporal lost the workflow). Those still in the outbox are the
    relay's, and those holding a live lease are being attempted: neither is an orphan.
    Touches them so the next pass leaves them alone for a while."""
    now = utcnow()
    cutoff = now - older_than
    queued = exists().where(col(OutboxStart.delivery_id) == col(Delivery.id))
    leased = exists().where(col(AttemptLease.delivery_id) == col(Delivery.id),
                            col(AttemptLease.expires_at) > now)
    due = func.coalesce(col(Delivery.next_attempt_at), col(Delivery.updated_at))
    rows = list(session.exec(select(Delivery).where(or_(
        (col(Delivery.status) == "pending") & (due < cutoff) & ~queued,
        # Admitted, but its lease ran out with no outcome: the worker died before the start
        # or during the attempt.
        (col(Delivery.status) == "processing") & (col(Delivery.updated_at) < cutoff) & ~leased,
        (col(Delivery.status) == "retrying") & (col(Delivery.next_attempt_at) < cutoff),
    )).order_by(col(Delivery.updated_at)).limit(limit)).all())
    starts = [start_for(session, d, schedule) for d in rows]
    for delivery in rows:
        delivery.updated_at = utcnow()
        if delivery.status == "retrying":
            delivery.next_attempt_at = utcnow()
        session.add(delivery)
    session.commit()
    return starts


async def reconcile_once(client: Client, settings: Settings) -> int:
    older = timedelta(seconds=parse_duration(settings.reconcile_after))

    def find() -> list[DeliveryStart]:
        with session_scope() as session:
            return orphans(session, older, settings.retry_delays)

    starts = await asyncio.to_thread(find)
    if starts:
        failed = await start_deliveries(client, settings.task_queue, starts, signal=SIGNAL_RETRY)
        log.info("reconciler started %d deliveries (%d failed)", len(starts), len(failed))
    return len(starts)


async def reconcile_forever(client: Client, settings: Settings) -> None:
    interval = parse_duration(settings.reconcile_interval)
    while True:
        try:
            await reconcile_once(client, settings)
        except Exception as exc:  # database or Temporal down: try again next round
            log.warning("reconcile pass failed: %s", exc)
        await asyncio.sleep(interval)
