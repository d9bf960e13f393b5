"""What the API's /readyz and the worker's /healthz and /readyz check: the database answers a
query, Temporal answers its health check, and (the worker) its loop runs and it polls."""

from __future__ import annotations

import asyncio
import concurrent.futures

from sqlalchemy import Engine, text
from temporalio.client import Client

TEMPORAL_WAIT = 3.0  # seconds Temporal's health check may take
LOOP_WAIT = 5.0  # seconds the worker's loop may take to run a no-op


def database_ok(engine: Engine) -> bool:
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
        return True
    except Exception:
        return False


async def temporal_ok(client: Client) -> bool:
    try:
        await asyncio.wait_for(client.service_client.check_health(), TEMPORAL_WAIT)
        return True
    except Exception:
        return False


def state(ok: bool) -> str:
    return "ok" if ok else "unavailable"


async def api_checks(engine: Engine, client: Client, requires_temporal: bool
                     ) -> tuple[dict[str, bool], bool]:
    """The API's checks (`database`, `temporal`) and whether it is ready: while its database
    answers, and Temporal too when `requires_temporal` (publishes never need Temporal: the
    outbox keeps what they accept)."""
    database, temporal = await asyncio.gather(asyncio.to_thread(database_ok, engine),
                                              temporal_ok(client))
    return {"database": database, "temporal": temporal}, database and (
        temporal or not requires_temporal)


class LoopProbes:
    """A process's probes, asked from its metrics port's threads: alive while its event
    loop runs a no-op within LOOP_WAIT; ready while the database answers (an ingest
    worker's: it needs nothing else)."""

    def __init__(self, loop: asyncio.AbstractEventLoop, engine: Engine) -> None:
        self.loop, self.engine = loop, engine

    def alive(self) -> bool:
        try:
            asyncio.run_coroutine_threadsafe(asyncio.sleep(0), self.loop).result(LOOP_WAIT)
            return True
        except (concurrent.futures.TimeoutError, RuntimeError):
            return False

    def checks(self) -> dict[str, str]:
        return {"database": state(database_ok(self.engine))}


class WorkerProbes(LoopProbes):
    """The worker's: ready also while it polls its task queue and Temporal answers."""

    def __init__(self, loop: asyncio.AbstractEventLoop, engine: Engine) -> None:
        super().__init__(loop, engine)
        self.client: Client | None = None  # set once connected
        self.polling = False  # set while the Temporal worker runs

    def checks(self) -> dict[str, str]:
        temporal = False
        if self.client is not None and self.polling:
            try:
                temporal = asyncio.run_coroutine_threadsafe(
                    temporal_ok(self.client), self.loop).result(TEMPORAL_WAIT + 1)
            except (concurrent.futures.TimeoutError, RuntimeError):
                temporal = False
        return {**super().checks(), "polling": state(self.polling),
                "temporal": state(temporal)}
