"""Every enabled broker Source, read in this process (the worker's, or `hookline
ingest-worker`'s): a Runner each, started when the Source appears, made again when its
settings change, stopped when it is disabled or deleted. Every process reads every Source:
Kafka's group, and SQS's and RabbitMQ's competing consumers, share the messages out.

The supervisor owns what its runners share: a group commit and a filter pool of its own
(the API's are the API's), and a sender whose publishers carry only dead letters."""

from __future__ import annotations

import asyncio
import logging

from sqlalchemy import Engine
from sqlmodel import Session

from hookline.delivery.sender import sender_from_settings
from hookline.intake.runner import Runner, Shared
from hookline.persistence.batches import BatchWriter
from hookline.services import broker_sources
from hookline.services.broker_sources import Reader
from hookline.settings import Settings
from hookline.tenant_code.filter_pool import FilterPool

log = logging.getLogger("hookline.intake")

LOOK = 5.0  # seconds between looks for Sources added, changed or removed


class Supervisor:
    def __init__(self, engine: Engine, settings: Settings, look: float = LOOK) -> None:
        self._shared = Shared(BatchWriter(engine), FilterPool(), sender_from_settings(settings),
                              engine, settings.retry_delays, settings.attempt_timeout_seconds)
        self._look = look
        self._running: dict[str, tuple[Reader, asyncio.Task[None]]] = {}

    async def run(self) -> None:
        """Until cancelled; then stops every runner and closes what they shared."""
        try:
            while True:
                try:
                    readers = await asyncio.to_thread(_readers, self._shared.engine)
                except Exception as exc:  # the database away: look again next time
                    log.warning("could not read the broker sources: %r", exc)
                else:
                    self._follow(readers)
                await asyncio.sleep(self._look)
        finally:
            await self._close()

    def _follow(self, readers: list[Reader]) -> None:
        wanted = {reader.source_id: reader for reader in readers}
        for source_id, (reader, task) in list(self._running.items()):
            # A runner that ended (it never should) is started again.
            if wanted.get(source_id) != reader or task.done():
                task.cancel()
                del self._running[source_id]
        for source_id, reader in wanted.items():
            if source_id not in self._running:
                task = asyncio.create_task(Runner(reader, self._shared).run(),
                                           name=f"source {source_id}")
                self._running[source_id] = (reader, task)

    async def _close(self) -> None:
        tasks = [task for _, task in self._running.values()]
        self._running.clear()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        shared = self._shared
        await shared.sender.aclose()
        await asyncio.to_thread(shared.batches.close)
        await asyncio.to_thread(shared.filters.close)


def _readers(engine: Engine) -> list[Reader]:
    with Session(engine) as session:
        return broker_sources.readers(session)
