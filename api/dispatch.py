"""Waking Delivery workflows from a request, after the database commit. New Deliveries need
nothing here: their starts go through the outbox (`hookline.delivery.relay`)."""

from __future__ import annotations

import asyncio
import logging

from temporalio.client import Client

from hookline.contracts import SIGNAL_CANCEL, SIGNAL_RETRY, DeliveryStart
from hookline.settings import get_settings
from hookline.temporal import signal_delivery, start_deliveries

log = logging.getLogger("hookline.api.dispatch")


async def retry_now(client: Client, start: DeliveryStart) -> None:
    """Wake the running workflow, or start one (signal-with-start). Best effort: should this
    fail, the Delivery is pending in the database and the reconciler wakes it."""
    await start_deliveries(client, get_settings().task_queue, [start], signal=SIGNAL_RETRY)


async def wake_cancelled(client: Client, delivery_ids: list[str]) -> None:
    """Cancelled in the database already; the signal only ends their waits early."""
    gate = asyncio.Semaphore(32)

    async def wake(delivery_id: str) -> None:
        async with gate:
            try:
                await signal_delivery(client, delivery_id, SIGNAL_CANCEL)
            except Exception as exc:
                log.warning("could not signal %s: %s", delivery_id, exc)

    await asyncio.gather(*(wake(d) for d in delivery_ids))
