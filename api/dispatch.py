"""Starting and waking Delivery workflows from a request, after the database commit."""

from __future__ import annotations

import asyncio
import logging

from temporalio.client import Client

from hookline.contracts import SIGNAL_CANCEL, SIGNAL_RETRY, DeliveryStart
from hookline.settings import get_settings
from hookline.temporal import signal_delivery, start_deliveries

log = logging.getLogger("hookline.api.dispatch")


# Starts this process has accepted to make and not yet made. Beyond the cap it makes none
# and leaves the rows to the worker's reconciler: when Temporal falls behind, queued starts
# would otherwise pile up in the API's memory (measured: 750 MB for 20,000).
MAX_QUEUED_STARTS = 2000
_queued = 0


async def start_accepted(client: Client, starts: list[DeliveryStart],
                         *, signal: str | None = None) -> None:
    """Best effort: the rows are committed first, so whatever is not started here (Temporal
    down or behind, the process dying) the worker's reconciler starts later; the request
    has succeeded either way. With `signal`, a running workflow is woken instead
    (signal-with-start)."""
    global _queued
    if not starts:
        return
    if _queued + len(starts) > MAX_QUEUED_STARTS:
        log.info("Temporal is behind: %d starts left to the reconciler", len(starts))
        return
    _queued += len(starts)
    try:
        await start_deliveries(client, get_settings().task_queue, starts, signal=signal)
    finally:
        _queued -= len(starts)


async def retry_now(client: Client, start: DeliveryStart) -> None:
    await start_accepted(client, [start], signal=SIGNAL_RETRY)


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
