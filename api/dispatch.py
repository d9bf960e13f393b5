"""Starting and waking Delivery workflows from a request, after the database commit."""

from __future__ import annotations

import asyncio
import logging

from temporalio.client import Client

from hookline.contracts import SIGNAL_CANCEL, SIGNAL_RETRY, DeliveryStart
from hookline.settings import get_settings
from hookline.temporal import signal_delivery, start_deliveries, start_delivery

log = logging.getLogger("hookline.api.dispatch")

# Publishing and ingestion hand their starts to a queue that a few tasks drain, so a burst
# costs a small record per Delivery rather than a task per start (measured before: 750 MB
# for 20,000 queued starts). Beyond HOOKLINE_MAX_QUEUED_STARTS the API makes none and leaves
# the committed rows to the worker's reconciler, which is also what happens to the queue if
# this process dies.
STARTERS = 16
_queue: asyncio.Queue[tuple[Client, DeliveryStart]] | None = None
_starters: list[asyncio.Task[None]] = []


def queue_starts(client: Client, starts: list[DeliveryStart]) -> None:
    """Best effort and immediate: the request has succeeded whatever Temporal does next."""
    queue, cap = _running_queue(), get_settings().max_queued_starts
    for index, start in enumerate(starts):
        if queue.qsize() >= cap:
            log.info("Temporal is behind: %d starts left to the reconciler",
                     len(starts) - index)
            return
        queue.put_nowait((client, start))


def _running_queue() -> asyncio.Queue[tuple[Client, DeliveryStart]]:
    global _queue
    if _queue is None:
        _queue = asyncio.Queue()  # bounded by queue_starts, which reads the cap
        loop = asyncio.get_running_loop()
        _starters.extend(loop.create_task(_drain(_queue)) for _ in range(STARTERS))
    return _queue


async def _drain(queue: asyncio.Queue[tuple[Client, DeliveryStart]]) -> None:
    task_queue = get_settings().task_queue
    while True:
        client, start = await queue.get()
        try:
            await start_delivery(client, task_queue, start)
        except Exception as exc:  # the reconciler starts it later
            log.warning("could not start %s: %s", start.delivery_id, exc)
        finally:
            queue.task_done()


async def start_accepted(client: Client, starts: list[DeliveryStart],
                         *, signal: str | None = None) -> None:
    """Start now, for requests that answer after the start (replay, retry). Best effort
    too: whatever fails here the reconciler starts. With `signal`, a running workflow is
    woken instead (signal-with-start)."""
    if starts:
        await start_deliveries(client, get_settings().task_queue, starts, signal=signal)


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
