"""The recovery batch activity: the database work of one batch of a bulk recovery."""

from __future__ import annotations

import asyncio

from temporalio import activity

from hookline.contracts import RecoveryStep
from hookline.persistence.db import committed, session_scope
from hookline.services import recoveries


class RecoveryActivities:
    def __init__(self, schedule: list[float]) -> None:
        self.schedule = schedule

    def _step(self, recovery_id: str) -> RecoveryStep:
        with session_scope() as session:
            return committed(session, recoveries.step, recovery_id, self.schedule)

    @activity.defn(name="recover_batch")
    async def recover_batch(self, recovery_id: str) -> RecoveryStep:
        return await asyncio.to_thread(self._step, recovery_id)
