"""The attempt activity: one HTTP attempt of a Delivery, recorded in the same activity so a
Delivery costs one activity per attempt."""

from __future__ import annotations

import asyncio

from temporalio import activity
from temporalio.client import Client

from hookline.contracts import SIGNAL_CANCEL, AttemptInput, AttemptOutcome
from hookline.db import session_scope
from hookline.sender import Sender
from hookline.services import attempts
from hookline.services.attempts import AttemptResult, Outgoing
from hookline.temporal import signal_delivery


def _prepare(delivery_id: str) -> Outgoing | str:
    with session_scope() as session:
        return attempts.prepare_attempt(session, delivery_id)


def _record(delivery_id: str, result: AttemptResult, next_delay: float | None
            ) -> tuple[str, list[str]]:
    with session_scope() as session:
        return attempts.record_attempt(session, delivery_id, result, next_delay)


class DeliveryActivities:
    def __init__(self, sender: Sender, client: Client) -> None:
        self.sender = sender
        self.client = client

    @activity.defn(name="attempt_delivery")
    async def attempt_delivery(self, data: AttemptInput) -> AttemptOutcome:
        prepared = await asyncio.to_thread(_prepare, data.delivery_id)
        if isinstance(prepared, str):
            return AttemptOutcome(status=prepared, attempted=False)
        result = await self.sender.send(prepared)
        status, cancelled = await asyncio.to_thread(
            _record, data.delivery_id, result, data.next_delay)
        for other in cancelled:
            try:
                await signal_delivery(self.client, other, SIGNAL_CANCEL)
            except Exception as exc:  # the row says cancelled; the workflow ends on waking
                activity.logger.warning("could not signal %s: %s", other, exc)
        return AttemptOutcome(status=status, attempted=True)
