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

from sqlmodel import Session
from temporalio.client import Client

from hookline.contracts import SIGNAL_RETRY, DeliveryStart
from hookline.delivery.starts import start_for
from hookline.persistence import queries
from hookline.persistence.db import session_scope
from hookline.settings import Settings, parse_duration
from hookline.statuses import DeliveryStatus
from hookline.temporal import start_deliveries
from hookline.temporal_link import TemporalLink
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
    rows = queries.deliveries.orphans(session, now - older_than, now, limit)
    starts = [start_for(session, d, schedule) for d in rows]
    for delivery in rows:
        delivery.updated_at = utcnow()
        if delivery.status == DeliveryStatus.RETRYING:
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


async def reconcile_forever(link: TemporalLink, settings: Settings) -> None:
    interval = parse_duration(settings.reconcile_interval)
    while True:
        try:
            await reconcile_once(link.client, settings)
        except Exception as exc:  # database or Temporal down: try again next round
            log.warning("reconcile pass failed: %s", exc)
        await asyncio.sleep(interval)
