"""The cron run activity: one scheduled run of a cron Source becomes a Message forwarded to
its Destinations, then the Source's next run time is read back from its Schedule."""

from __future__ import annotations

import asyncio
from datetime import datetime

from temporalio import activity
from temporalio.client import Client

from hookline.contracts import CronRunActivityInput
from hookline.persistence.db import committed, session_scope
from hookline.scheduling import schedules
from hookline.services import ingest
from hookline.settings import Settings


def _record(data: CronRunActivityInput, schedule: list[float]) -> str | None:
    with session_scope() as session:
        return committed(session, ingest.record_cron_run, data.source_id, data.run_key,
                         datetime.fromisoformat(data.scheduled_at), schedule)


class CronActivities:
    def __init__(self, client: Client, settings: Settings) -> None:
        self.client = client
        self.settings = settings

    @activity.defn(name="run_cron")
    async def run_cron(self, data: CronRunActivityInput) -> str:
        """Returns the new message id, or a note when there was nothing to record. The
        relay starts the run's Deliveries from the outbox."""
        message_id = await asyncio.to_thread(_record, data, self.settings.retry_delays)
        try:
            await schedules.sync_source(self.client, data.source_id, self.settings.task_queue)
        except Exception as exc:  # nextRunAt catches up at the next reconcile pass
            activity.logger.warning("could not read the next run of %s: %s",
                                    data.source_id, exc)
        return message_id or "nothing recorded (source gone, or run already recorded)"
