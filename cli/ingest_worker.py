"""`hookline ingest-worker`: a process that reads broker Sources and nothing else, to scale
reading apart from delivering (the worker reads them too unless HOOKLINE_INGEST is off). It
needs the database, not Temporal: what it publishes waits in the outbox for the workers'
relay. Its metrics and probes are served as the worker's are (HOOKLINE_WORKER_METRICS_PORT):
ready while the database answers."""

from __future__ import annotations

import asyncio
import logging
import signal

from hookline import ports
from hookline.intake.supervisor import Supervisor
from hookline.observability import serving, tracing
from hookline.observability.readiness import LoopProbes
from hookline.persistence.db import get_engine
from hookline.settings import Settings
from hookline.usecases.sealing import check_readable

log = logging.getLogger("hookline.ingest_worker")


async def main(settings: Settings) -> None:
    logging.basicConfig(level=settings.log_level.upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    tracing.setup(settings, "hookline-ingest-worker")
    engine = get_engine()
    if settings.worker_metrics_port is not None:
        listening = ports.listen(settings.worker_metrics_host, settings.worker_metrics_port,
                                 "HOOKLINE_WORKER_METRICS_PORT", "HOOKLINE_WORKER_METRICS_HOST")
        serving.serve_worker(listening, None, (), LoopProbes(asyncio.get_running_loop(),
                                                             engine))
    check_readable(engine)  # stored credentials it has no key for stop it
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    reading = asyncio.create_task(Supervisor(engine, settings).run())
    log.info("reading broker sources")
    await stop.wait()
    reading.cancel()  # its readers leave their groups and close
    await asyncio.wait([reading], timeout=10)
