"""Finds Deliveries that were accepted but whose workflow never started (a relay died between
taking their starts from the outbox and making them, or Temporal was down) or whose workflow
Temporal lost, and starts them. Runs in every worker; starts are idempotent, so several
workers reconciling at once is harmless.

A second, slower pass keeps the Temporal Schedules in line with the database: every cron
Source's Schedule (a change accepted while Temporal was down is applied here) and the
silence check's Schedule."""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

from temporalio.client import Client

from hookline import schedules
from hookline.contracts import SIGNAL_RETRY
from hookline.db import session_scope
from hookline.services import deliveries
from hookline.settings import Settings, parse_duration
from hookline.temporal import start_deliveries

log = logging.getLogger("hookline.reconciler")


async def reconcile_once(client: Client, settings: Settings) -> int:
    older = timedelta(seconds=parse_duration(settings.reconcile_after))

    def find() -> list[deliveries.DeliveryStart]:
        with session_scope() as session:
            return deliveries.orphans(session, older, settings.retry_delays)

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


async def reconcile_schedules_forever(client: Client, settings: Settings) -> None:
    """At start-up (which also refreshes the silence check's Schedule) and periodically."""
    interval = parse_duration(settings.schedule_reconcile_interval)
    first = True
    while True:
        try:
            await schedules.ensure_silence_schedule(client, settings, refresh=first)
            await schedules.reconcile_all(client, settings.task_queue, thorough=first)
            first = False
        except Exception as exc:  # Temporal or the database down: try again next round
            log.warning("schedule reconcile pass failed: %s", exc)
        await asyncio.sleep(interval)
