"""What follows a recorded outcome outside the database: the metrics, the trace, and waking
the workflows of the Deliveries it cancelled. For an attempt (`engine`) and for a Delivery
the relay ends in the outbox (`relay.end_windows`) alike."""

from __future__ import annotations

import logging

from temporalio.client import Client

from hookline.contracts import SIGNAL_CANCEL, AttemptResult
from hookline.delivery.model import Recorded
from hookline.observability import metrics, tracing
from hookline.temporal import signal_delivery

log = logging.getLogger("hookline.delivery.outcomes")


async def recorded_outcome(client: Client, target_id: str, result: AttemptResult,
                           recorded: Recorded, counted: bool = True) -> None:
    """`counted`: the request is counted in the metrics (a batch's members after the first
    were in its one request)."""
    if counted:
        metrics.attempted(target_id, result.status_code, result.error_type, result.duration_ms,
                          recorded.status)
    if tracing.enabled():
        tracing.attempted(target_id, recorded.attempt, result.status_code, result.error_type,
                          recorded.status)
    for other in recorded.cancelled:
        try:
            await signal_delivery(client, other, SIGNAL_CANCEL)
        except Exception as exc:  # the row says cancelled; the workflow ends on waking
            log.warning("could not signal %s: %s", other, exc)
