"""The Temporal worker process: delivery, cron run and silence check workflows, their
activities, the outbox relay that starts new Deliveries, and the reconcilers (Deliveries,
Schedules)."""

from __future__ import annotations

import asyncio
import logging
import signal
from datetime import timedelta

from temporalio.client import Client
from temporalio.worker import Worker

from activities.cron import CronActivities
from activities.http import DeliveryActivities
from activities.mail import AlertActivities
from hookline.reconciler import reconcile_forever, reconcile_schedules_forever
from hookline.relay import relay_forever
from hookline.sender import sender_from_settings
from hookline.settings import Settings, get_settings
from hookline.temporal import connect, ensure_search_attributes
from workflows.cron import CronRunWorkflow
from workflows.delivery import DeliveryWorkflow
from workflows.silence import SilenceCheckWorkflow

log = logging.getLogger("hookline.worker")


async def _connect_until_up(settings: Settings) -> Client:
    while True:
        try:
            client = await connect(settings)
            await ensure_search_attributes(client, settings.temporal_namespace)
            return client
        except Exception as exc:
            log.warning("Temporal at %s not reachable (%s); retrying", 
                        settings.temporal_address, exc)
            await asyncio.sleep(2)


async def main(settings: Settings | None = None) -> None:
    settings = settings or get_settings()
    logging.basicConfig(level=settings.log_level.upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    client = await _connect_until_up(settings)
    sender = sender_from_settings(settings)
    delivery = DeliveryActivities(sender, client)
    cron = CronActivities(client, settings)
    mail = AlertActivities(settings)
    worker = Worker(
        client,
        task_queue=settings.task_queue,
        workflows=[DeliveryWorkflow, CronRunWorkflow, SilenceCheckWorkflow],
        activities=[delivery.attempt_delivery, cron.run_cron, mail.check_silence],
        max_concurrent_activities=200,
        graceful_shutdown_timeout=timedelta(seconds=5),
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    loops = [asyncio.create_task(relay_forever(client, settings)),
             asyncio.create_task(reconcile_forever(client, settings)),
             asyncio.create_task(reconcile_schedules_forever(client, settings))]
    log.info("worker polling task queue %r", settings.task_queue)
    async with worker:
        await stop.wait()
    for loop_task in loops:
        loop_task.cancel()
    await sender.aclose()


if __name__ == "__main__":
    asyncio.run(main())
