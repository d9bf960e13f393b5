"""The Temporal worker process: delivery, cron run, silence check, recovery, retention and
notice digest workflows, their activities, the outbox relay that starts new Deliveries, and the
reconcilers (Deliveries, Schedules)."""

from __future__ import annotations

import asyncio
import logging
import signal
import socket
from datetime import timedelta

from temporalio.client import Client
from temporalio.runtime import Runtime
from temporalio.worker import Worker

from activities.cron import CronActivities
from activities.delivery import DeliveryActivities
from activities.mail import AlertActivities
from activities.notices import NoticeActivities
from activities.recovery import RecoveryActivities
from activities.retention import RetentionActivities
from hookline import ports
from hookline.delivery import gate, shares
from hookline.delivery.engine import AttemptEngine
from hookline.delivery.gauges import DatabaseCollector
from hookline.delivery.handoff import Handoff
from hookline.delivery.pace import Pace
from hookline.delivery.publisher_sweep import sweep_forever
from hookline.delivery.reconciler import reconcile_forever
from hookline.delivery.relay import RELAY_STARTS_IN_FLIGHT, relay_forever
from hookline.delivery.sender import sender_from_settings
from hookline.fair_threads import FairThreads
from hookline.intake.supervisor import Supervisor
from hookline.observability import serving, tracing
from hookline.observability.readiness import WorkerProbes
from hookline.persistence.db import get_engine
from hookline.persistence.queries.deliveries import ToSend
from hookline.persistence.sealed import keyring_of
from hookline.scheduling.schedules import reconcile_schedules_forever
from hookline.services import failure_notices
from hookline.settings import InvalidSettings, Settings, get_settings
from hookline.temporal import connect_checked, ensure_search_attributes, metrics_runtime
from hookline.temporal_access import Refused, access_of
from hookline.temporal_link import TemporalLink
from hookline.tenant_code.transform_pool import ExecutorPool
from hookline.tenant_code.transformations import Limits
from hookline.usecases.sealing import check_readable
from workflows.cron import CronRunWorkflow
from workflows.delivery import DeliveryWorkflow
from workflows.notice_digest import NoticeDigestWorkflow
from workflows.recovery import RecoveryWorkflow
from workflows.retention import RetentionWorkflow
from workflows.silence import SilenceCheckWorkflow

log = logging.getLogger("hookline.worker")


async def _connect_until_up(settings: Settings, runtime: Runtime | None = None) -> Client:
    while True:
        try:
            client = await connect_checked(settings, runtime=runtime,
                                           interceptors=tracing.interceptors())
            await ensure_search_attributes(client, settings.temporal_namespace)
            return client
        except Refused as exc:
            raise InvalidSettings(str(exc)) from None
        except Exception as exc:
            log.warning("Temporal at %s not reachable (%s); retrying", 
                        settings.temporal_address, exc)
            await asyncio.sleep(2)


def _serve_metrics(settings: Settings, probes: WorkerProbes,
                   listening: socket.socket | None) -> Runtime | None:
    """On the socket `hookline up` handed down, else with HOOKLINE_WORKER_METRICS_PORT set
    on that port: this worker's metrics, the Temporal SDK's among them (its runtime serves
    them on a free loopback port, read at each scrape), and its /healthz and /readyz.
    Returns that runtime, for the client; None, and nothing served, without either."""
    if listening is None and settings.worker_metrics_port is not None:
        listening = ports.listen(settings.worker_metrics_host, settings.worker_metrics_port,
                                 "HOOKLINE_WORKER_METRICS_PORT", "HOOKLINE_WORKER_METRICS_HOST")
    if listening is None:
        return None
    sdk = f"127.0.0.1:{serving.free_loopback_port()}"
    runtime = metrics_runtime(sdk)
    serving.serve_worker(listening, f"http://{sdk}/metrics", [DatabaseCollector()], probes)
    return runtime


async def main(settings: Settings | None = None, metrics: socket.socket | None = None) -> None:
    """`metrics`: the metrics port's socket, bound already (`hookline up` hands it down)."""
    settings = settings or get_settings()
    logging.basicConfig(level=settings.log_level.upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    # httpx logs each request at INFO: the worker's own read of the SDK's metrics
    # (`observability.serving`) at every scrape would fill its log (DEBUG still shows it).
    if logging.getLogger().level > logging.DEBUG:
        logging.getLogger("httpx").setLevel(logging.WARNING)
    access_of(settings)  # a misconfiguration stops the worker before anything starts
    tracing.setup(settings, "hookline-worker")
    probes = WorkerProbes(asyncio.get_running_loop(), get_engine())
    runtime = _serve_metrics(settings, probes, metrics)
    check_readable(get_engine())  # stored credentials it has no key for stop it too
    client = probes.client = await _connect_until_up(settings, runtime)
    # Read at each use: a rotated certificate or API key replaces it (`temporal_link`).
    link = TemporalLink(client, settings, runtime=runtime, interceptors=tracing.interceptors())
    sender = sender_from_settings(settings)
    slots = shares.slots_for(settings.relay_max_waiting) + RELAY_STARTS_IN_FLIGHT
    # Between this worker's relay and its attempts, with the worker's own limit on them.
    handoff = Handoff[ToSend](Pace(ceiling=slots))
    # The targets' transformations, in V8 executor processes of this worker's.
    transforms = ExecutorPool(Limits(*settings.transform_limits))
    # The attempts' database work, in turns by environment.
    threads = FairThreads(name="attempts")
    delivery = DeliveryActivities(AttemptEngine(
        sender=sender, client=client, limits=gate.limits_from(settings),
        notify=failure_notices.notify, handoff=handoff, transforms=transforms, threads=threads,
        keyring=keyring_of(get_engine().dialect)))
    cron = CronActivities(client, settings)
    mail = AlertActivities(settings)
    recovery = RecoveryActivities(settings.retry_delays)
    kept = RetentionActivities(settings)
    notices = NoticeActivities()
    worker = Worker(
        client,
        task_queue=settings.task_queue,
        workflows=[DeliveryWorkflow, CronRunWorkflow, SilenceCheckWorkflow, RecoveryWorkflow,
                   RetentionWorkflow, NoticeDigestWorkflow],
        activities=[delivery.attempt_delivery, delivery.record_attempt, cron.run_cron,
                    mail.check_silence,
                    recovery.recover_batch, kept.purge_expired, notices.send_digests],
        max_concurrent_activities=200,
        # The relay starts workflows eagerly: the server hands the first task straight back
        # to this worker, but only while it has a free slot, else the start silently takes
        # the slow path. An attempt holds a workflow-task and a local-activity slot for as
        # long as it runs, and the relay keeps fewer than slots_for(relay_max_waiting)
        # admitted at once (the cap, and what environments under their share take beyond it).
        max_concurrent_workflow_tasks=slots,
        max_concurrent_local_activities=slots,
        graceful_shutdown_timeout=timedelta(seconds=5),
    )

    def use(new: Client) -> None:  # calls in flight end on the old client
        worker.client = new
        delivery.engine.client = cron.client = probes.client = new

    link.on_replaced.append(use)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    loops = [asyncio.create_task(relay_forever(link, settings, handoff, failure_notices.notify)),
             asyncio.create_task(reconcile_forever(link, settings)),
             asyncio.create_task(reconcile_schedules_forever(link, settings)),
             asyncio.create_task(link.follow()),
             asyncio.create_task(sweep_forever(sender.brokers)),
             asyncio.create_task(handoff.pace.watch(handoff.under_way, threads.waited))]
    # Broker Sources, read here unless they have processes of their own (ingest-worker).
    reading = asyncio.create_task(Supervisor(get_engine(), settings).run()) \
        if settings.ingest else None
    log.info("worker polling task queue %r", settings.task_queue)
    async with worker:
        probes.polling = True
        await stop.wait()
        probes.polling = False
    for loop_task in loops:
        loop_task.cancel()
    if reading is not None:  # its readers leave their groups and close
        reading.cancel()
        await asyncio.wait([reading], timeout=10)
    await sender.aclose()
    transforms.close()
    threads.close()


if __name__ == "__main__":
    import uvloop

    uvloop.run(main())
