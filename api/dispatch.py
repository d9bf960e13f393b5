"""Starting and waking Delivery workflows from a request, after the database commit."""

from __future__ import annotations

import logging

from temporalio.client import Client

from hookline.contracts import SIGNAL_CANCEL, SIGNAL_RETRY, DeliveryStart
from hookline.settings import get_settings
from hookline.temporal import signal_delivery, start_deliveries

log = logging.getLogger("hookline.api.dispatch")


async def start_accepted(client: Client, starts: list[DeliveryStart],
                         *, signal: str | None = None) -> None:
    """Best effort: the rows are committed first, so whatever fails to start here (Temporal
    down, the process dying) the worker's reconciler starts later; the request succeeds.
    With `signal`, a running workflow is woken instead (signal-with-start)."""
    if starts:
        await start_deliveries(client, get_settings().task_queue, starts, signal=signal)


async def retry_now(client: Client, start: DeliveryStart) -> None:
    await start_accepted(client, [start], signal=SIGNAL_RETRY)


async def wake_cancelled(client: Client, delivery_ids: list[str]) -> None:
    """Cancelled in the database already; the signal only ends their waits early."""
    for delivery_id in delivery_ids:
        try:
            await signal_delivery(client, delivery_id, SIGNAL_CANCEL)
        except Exception as exc:
            log.warning("could not signal %s: %s", delivery_id, exc)
