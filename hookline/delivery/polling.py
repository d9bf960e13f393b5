"""A polling endpoint's Deliveries in the engine. Nothing is sent to a polling endpoint: its
Consumer pulls its Deliveries and commits how far it got (`hookline.services.polling`), which
ends them `delivered`. Each still has its workflow, which waits on a durable timer for the
commit, woken by it, until its window (`Limits.poll_window` from its creation) has passed:
then it ends `exhausted`, with one attempt of `not_polled`.

A polling Delivery takes no attempt lease and stays `pending` (`processing` would say an
attempt is in flight): thousands waiting for a Consumer that pulls once a day hold no slot
of the admitted cap, and the relay starts them beside the gated ones (`outbox`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import update
from sqlmodel import Session

from hookline.contracts import AttemptResult
from hookline.delivery import gate
from hookline.persistence.models import TargetGate, table_of
from hookline.statuses import ErrorType
from hookline.timeutil import aware

_GATES = table_of(TargetGate)

# The attempt that ends a polling Delivery whose window passed with no commit covering it.
NOT_POLLED = AttemptResult(
    succeeded=False, status_code=None, response_body=None, error_type=ErrorType.NOT_POLLED,
    error_message="not pulled and committed by its Consumer within the polling window",
    duration_ms=0)


@dataclass(frozen=True)
class Lapsed:
    """A polling Delivery whose window has passed: its last attempt is `NOT_POLLED`."""

    target_id: str


def mirror(session: Session, target_id: str) -> None:
    """Mark the target's gate row polling, where the relay reads it."""
    gate.ensure_rows(session, [target_id])
    session.execute(update(_GATES).where(_GATES.c.target_id == target_id).values(polling=True))


def window_end(created_at: datetime, window: float) -> datetime:
    return aware(created_at) + timedelta(seconds=window)
