"""Starts the workflows of new Deliveries from the outbox (`hookline.delivery.outbox`). Runs
in every worker: the API commits the Deliveries and answers, and never waits on Temporal or
spends its CPU on starts, which cost it about a fifth of a publish.

A start that fails (Temporal down) is not put back: its Delivery stays pending, and the
reconciler (`hookline.delivery.reconciler`) starts it once it is HOOKLINE_RECONCILE_AFTER old, as it
does for a relay that died between taking a start and making it."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from temporalio.client import Client

from hookline.contracts import DeliveryStart
from hookline.delivery import attempts, gate, outbox
from hookline.delivery.handoff import Handoff
from hookline.delivery.model import HELD_PAST_WINDOW, Recorded
from hookline.delivery.outcomes import recorded_outcome
from hookline.observability import metrics
from hookline.persistence.db import session_scope
from hookline.persistence.queries.deliveries import ToSend
from hookline.settings import Settings, parse_duration
from hookline.temporal import start_deliveries
from hookline.temporal_link import TemporalLink
from hookline.timeutil import utcnow

log = logging.getLogger("hookline.delivery.relay")

RELAY_STARTS_IN_FLIGHT = 32  # workflow starts the relay has under way at once
# Starts taken at once; a full batch means more wait, so take again at once. No more than
# the starts under way at once: a pass waits for its starts, and whatever is queued
# meanwhile (another tenant's first Delivery) waits for the next pass. With 256, a pass of
# one tenant's starts on a loaded machine took 17.7 s (issue 64, tests/test_tenant_fairness).
BATCH = RELAY_STARTS_IN_FLIGHT
GATHER = 0.01  # after a wake-up, so that a burst of outcomes makes one pass, not many
# How often the relay looks for starts an open circuit held past their retry window: the
# most one stays in the outbox after its window ends.
WINDOWS_EVERY = 1.0


def _take(limit: int, limits: gate.Limits, paced: int
          ) -> tuple[list[DeliveryStart], dict[str, ToSend]]:
    """The starts admitted, and what their first attempts will send (one read per pass)."""
    with session_scope() as session:
        starts = outbox.take(session, limit, limits, paced)
        rows = attempts.read_admitted(session, [s.delivery_id for s in starts]) \
            if starts else {}
        return starts, rows


async def relay_once(client: Client, settings: Settings, handoff: Handoff[ToSend]
                     ) -> tuple[int, int]:
    """Takes and starts one batch, handing its attempts what it read; returns (taken,
    failed)."""
    # What this worker serves promptly (`pace`), which environments with few attempts in
    # flight may pass (`shares.choose`).
    paced = handoff.room()
    starts, rows = await asyncio.to_thread(_take, BATCH, gate.limits_from(settings), paced)
    if not starts:
        return 0, 0
    handoff.hand(rows)
    # Eager: this process is also the worker of the task queue, so the first workflow task
    # comes back with the start's answer instead of through the server's matching.
    failed = await start_deliveries(client, settings.task_queue, starts, eager=True,
                                    concurrency=RELAY_STARTS_IN_FLIGHT)
    if failed:
        log.warning("relay could not start %d of %d deliveries; the reconciler will",
                    len(failed), len(starts))
    lost = set(failed)
    metrics.relayed(s.queued_at for s in starts if s.delivery_id not in lost)
    return len(starts), len(failed)


def _end_windows(limits: gate.Limits, notify: attempts.Notify
                 ) -> list[tuple[str, Recorded]]:
    with session_scope() as session:
        ended = []
        for delivery_id in outbox.ended(session, utcnow(), BATCH):
            recorded = attempts.end_held(session, delivery_id, limits, notify)
            if recorded is not None:
                ended.append((delivery_id, recorded))
        return ended


async def end_windows(client: Client, settings: Settings, notify: attempts.Notify) -> int:
    """End the Deliveries an open circuit held in the outbox past their retry window, as
    their attempts would have: `exhausted`, counted toward disabling the target. Returns
    how many it ended."""
    ended = await asyncio.to_thread(_end_windows, gate.limits_from(settings), notify)
    for _delivery_id, recorded in ended:
        await recorded_outcome(client, recorded.target_id, HELD_PAST_WINDOW, recorded)
    return len(ended)


async def relay_forever(link: TemporalLink, settings: Settings, handoff: Handoff[ToSend],
                        notify: attempts.Notify = attempts.silent) -> None:
    """`handoff` is shared with this worker's attempts; `notify` tells the operational
    webhooks of what ending a held Delivery did."""
    interval = parse_duration(settings.relay_interval)
    backoff = parse_duration(settings.reconcile_interval)
    windows_at = 0.0
    while True:
        handoff.freed.clear()
        try:
            taken, failed = await relay_once(link.client, settings, handoff)
            if time.monotonic() >= windows_at:
                windows_at = time.monotonic() + WINDOWS_EVERY
                await end_windows(link.client, settings, notify)
        except Exception as exc:  # the database is down: try again after a pause
            log.warning("relay pass failed: %s", exc)
            taken, failed = 0, 1
        if failed:  # Temporal is down or refusing: taking more now would only fail them too
            await asyncio.sleep(backoff)
        elif taken < BATCH:
            # Until the interval is up, or sooner when an attempt of this worker frees its
            # target's slot: a target at its cap gets its next start at once, not an
            # interval later (that alone held one endpoint to 60 deliveries/s).
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(handoff.freed.wait(), interval)
            await asyncio.sleep(GATHER)

