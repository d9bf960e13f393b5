"""Waking Delivery workflows from a request, after the database commit, and waiting out the
attempts a cancel could not stop. New Deliveries need nothing here: their starts go through
the outbox (`hookline.delivery.relay`)."""

from __future__ import annotations

import asyncio
import logging
import time

from fastapi.concurrency import run_in_threadpool
from sqlmodel import Session
from temporalio.client import Client

from hookline.contracts import SIGNAL_CANCEL, SIGNAL_RETRY, DeliveryStart
from hookline.delivery import gate
from hookline.persistence.db import committed
from hookline.services import erasure
from hookline.settings import get_settings
from hookline.temporal import signal_delivery, start_deliveries

log = logging.getLogger("hookline.api.dispatch")
# Wakes under way in the background: a reference each, so none is collected before it ends.
_WAKING: set[asyncio.Task[None]] = set()


async def retry_now(client: Client, start: DeliveryStart) -> None:
    """Wake the running workflow, or start one (signal-with-start). Best effort: should this
    fail, the Delivery is pending in the database and the reconciler wakes it."""
    await start_deliveries(client, get_settings().task_queue, [start], signal=SIGNAL_RETRY)


async def wake_cancelled(client: Client, delivery_ids: list[str]) -> None:
    """Cancelled in the database already; the signal only ends their waits early."""
    await _wake(client, delivery_ids, SIGNAL_CANCEL)


def wake_committed(client: Client, delivery_ids: list[str]) -> None:
    """A polling Consumer's commit made them `delivered` already: their workflows, waiting
    for it, look again and end. In the background, so a commit of thousands answers at
    once; best effort: one not woken (the API stopped) ends at its window's end."""
    if delivery_ids:
        task = asyncio.create_task(_wake(client, delivery_ids, SIGNAL_RETRY))
        _WAKING.add(task)
        task.add_done_callback(_WAKING.discard)


async def _wake(client: Client, delivery_ids: list[str], signal: str) -> None:
    gate = asyncio.Semaphore(32)

    async def wake(delivery_id: str) -> None:
        async with gate:
            try:
                await signal_delivery(client, delivery_id, signal)
            except Exception as exc:
                log.warning("could not signal %s: %s", delivery_id, exc)

    await asyncio.gather(*(wake(d) for d in delivery_ids))


# How often a request waiting out attempts already under way looks again.
SETTLE_EVERY = 0.05


async def cancelled_and_settled(client: Client, session: Session,
                                delivery_ids: list[str]) -> None:
    """Wake the cancelled Deliveries' workflows, then wait until no attempt of theirs is under
    way: one that read the payload before the cancel may be sending it. An erase answers
    after that, so nothing leaves once it has. At most a lease's life (the attempt's
    timeout and the reconciler's grace): a dead worker's lease runs out."""
    await wake_cancelled(client, delivery_ids)

    def in_flight() -> bool:
        return committed(session, erasure.attempts_in_flight, delivery_ids)

    deadline = time.monotonic() + gate.limits_from(get_settings()).lease_ttl
    while delivery_ids:
        if not await run_in_threadpool(in_flight):
            return
        if time.monotonic() >= deadline:
            log.warning("an attempt of %d cancelled deliveries outlived its lease",
                        len(delivery_ids))
            return
        await asyncio.sleep(SETTLE_EVERY)
