"""The recovery batch activity: the database work of one batch of a bulk recovery."""

from __future__ import annotations

import asyncio

from temporalio import activity

from hookline.contracts import RecoveryStep
from hookline.persistence.db import committed, session_scope
from hookline.services import recoveries

HEARTBEAT_EVERY = 2.0  # seconds; the workflow's heartbeat timeout is 10 s


class RecoveryActivities:
    def __init__(self, schedule: list[float]) -> None:
        self.schedule = schedule

    def _step(self, recovery_id: str) -> RecoveryStep:
        with session_scope() as session:
            return committed(session, recoveries.step, recovery_id, self.schedule)

    @activity.defn(name="recover_batch")
    async def recover_batch(self, recovery_id: str) -> RecoveryStep:
        """One batch, heartbeating while its transaction runs: a worker lost meanwhile is
        noticed at the heartbeat timeout, and the batch (whose commit never came, or came
        whole) runs again on another."""
        batch = asyncio.ensure_future(asyncio.to_thread(self._step, recovery_id))
        while not batch.done():
            activity.heartbeat()
            await asyncio.wait({batch}, timeout=HEARTBEAT_EVERY)
        return batch.result()
