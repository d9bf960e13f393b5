"""Connecting to Temporal, registering our search attributes, starting and waking Deliveries."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterable, Sequence
from datetime import timedelta
from typing import Any

from temporalio.api.enums.v1 import IndexedValueType
from temporalio.api.namespace.v1 import NamespaceConfig
from temporalio.api.operatorservice.v1 import AddSearchAttributesRequest
from temporalio.api.workflowservice.v1 import (
    DescribeNamespaceRequest,
    RegisterNamespaceRequest,
    UpdateNamespaceRequest,
)
from temporalio.client import Client, Interceptor
from temporalio.common import (
    Priority,
    SearchAttributeKey,
    SearchAttributePair,
    TypedSearchAttributes,
    WorkflowIDConflictPolicy,
)
from temporalio.runtime import PrometheusConfig, Runtime, TelemetryConfig
from temporalio.service import RPCError, RPCStatusCode

from hookline.contracts import WORKFLOW_DELIVERY, WORKFLOW_RECOVERY, DeliveryInput, DeliveryStart
from hookline.observability import tracing
from hookline.settings import InvalidSettings, Settings
from hookline.temporal_access import Refused, access_of, refusal

log = logging.getLogger("hookline.temporal")

STATUS = SearchAttributeKey.for_keyword("HookDeliveryStatus")
ENDPOINT = SearchAttributeKey.for_keyword("HookEndpointId")
DESTINATION = SearchAttributeKey.for_keyword("HookDestinationId")
EVENT_TYPE = SearchAttributeKey.for_keyword("HookEventType")
CONSUMER = SearchAttributeKey.for_keyword("HookConsumer")
ENVIRONMENT = SearchAttributeKey.for_keyword("HookEnvironment")
SEARCH_ATTRIBUTES = (STATUS, ENDPOINT, DESTINATION, EVENT_TYPE, CONSUMER, ENVIRONMENT)

# Dynamic config for every Temporal server Hookline starts. Eager activities are off by
# default on released servers. The CLI's dev server forces a search-attribute cache refresh
# on every read (a real server does not), which cost 8 cluster-metadata and 3 namespace
# reads per Delivery workflow; our attributes are registered when the server starts, so
# the cache is never stale for them. Fairness: a task queue's backlog is dispatched in
# turns between the Deliveries' fairness keys (their environments, `fairness`), by weight,
# instead of first in, first out (issue 64; server 1.29 or later); from 1.30, migration
# drains what a queue held from before fairness (1.29 ignores the key).
CLUSTER_CONFIG = {"system.enableActivityEagerExecution": True,
                  "system.forceSearchAttributesCacheRefreshOnRead": False,
                  "matching.enableFairness": True, "matching.enableMigration": True}
DEV_SERVER_CONFIG = tuple(f"{key}={str(value).lower()}" for key, value in CLUSTER_CONFIG.items())


def dev_server_flags() -> list[str]:
    """`temporal server start-dev` flags: our dynamic config and search attributes."""
    flags = [f for value in DEV_SERVER_CONFIG for f in ("--dynamic-config-value", value)]
    return flags + [f for key in SEARCH_ATTRIBUTES
                    for f in ("--search-attribute", f"{key.name}=Keyword")]


async def connect(settings: Settings, *, lazy: bool = False,
                  interceptors: Sequence[Interceptor] = (),
                  runtime: Runtime | None = None) -> Client:
    """With the settings' TLS and API key (`temporal_access`: InvalidSettings when they do
    not hold). `interceptors` apply to the client's calls and to any worker made on it
    (tracing); `runtime` is the SDK's (`metrics_runtime`), for the worker's metrics."""
    access = access_of(settings)
    return await Client.connect(settings.temporal_address,
                                namespace=settings.temporal_namespace, lazy=lazy,
                                interceptors=interceptors, runtime=runtime,
                                tls=access.tls, api_key=access.api_key)


async def connect_checked(settings: Settings, **options: Any) -> Client:
    """`connect`, and one call that Temporal must answer, so that a refusal of these
    settings is told apart (Refused, its one line: retrying will not help); other failures
    (not reachable yet) are raised as they are."""
    try:
        client = await connect(settings, **options)
        await client.workflow_service.describe_namespace(
            DescribeNamespaceRequest(namespace=settings.temporal_namespace))
        return client
    except Exception as exc:
        if (line := refusal(exc, settings)) is not None:
            raise Refused(line) from None
        raise


async def check_at_start(settings: Settings, wait: float = 5) -> None:
    """For a process that can work without Temporal (the API): settings Temporal refuses
    stop it (InvalidSettings, one line); a Temporal not reachable now only gets a warning."""
    access_of(settings)
    try:
        await asyncio.wait_for(connect_checked(settings), wait)
    except Refused as exc:
        raise InvalidSettings(str(exc)) from None
    except Exception as exc:
        log.warning("Temporal at %s not reachable (%s); serving without it until it is",
                    settings.temporal_address, " ".join(str(exc).split())[:300])


def metrics_runtime(bind_address: str) -> Runtime:
    """An SDK runtime that serves the Temporal SDK's own metrics (workers' slots, polls,
    task latencies, client requests) in Prometheus format on `bind_address`, for the worker
    to pass on through its metrics port. Counters end in _total and durations are in
    seconds, as Prometheus names them."""
    return Runtime(telemetry=TelemetryConfig(metrics=PrometheusConfig(
        bind_address=bind_address, counters_total_suffix=True, unit_suffix=True,
        durations_as_seconds=True)))


async def ensure_namespace(client: Client, namespace: str, retention: timedelta) -> None:
    """The namespace, registered if missing, with how long Temporal keeps the histories of
    closed workflows (finished Deliveries, as the Temporal UI shows them)."""
    config = NamespaceConfig()
    config.workflow_execution_retention_ttl.FromTimedelta(retention)
    try:
        await client.workflow_service.register_namespace(RegisterNamespaceRequest(
            namespace=namespace,
            workflow_execution_retention_period=config.workflow_execution_retention_ttl))
    except RPCError as exc:
        if exc.status != RPCStatusCode.ALREADY_EXISTS:
            raise
        await client.workflow_service.update_namespace(UpdateNamespaceRequest(
            namespace=namespace, config=config))


async def ensure_search_attributes(client: Client, namespace: str) -> None:
    """Register our Keyword attributes; a cluster that already has them answers AlreadyExists.
    Where registering is not ours to do (Temporal Cloud registers them with `tcld`, a
    namespace-scoped API key may not), say which are needed and go on."""
    request = AddSearchAttributesRequest(
        namespace=namespace,
        search_attributes={k.name: IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD
                           for k in SEARCH_ATTRIBUTES},
    )
    try:
        await client.operator_service.add_search_attributes(request)
    except RPCError as exc:
        if exc.status in (RPCStatusCode.PERMISSION_DENIED, RPCStatusCode.UNIMPLEMENTED):
            log.warning("could not register the search attributes (%s): the namespace %r "
                        "needs the Keyword attributes %s (docs/CLUSTER.md)", exc.message,
                        namespace, ", ".join(k.name for k in SEARCH_ATTRIBUTES))
        elif exc.status != RPCStatusCode.ALREADY_EXISTS:
            raise


def _attributes(start: DeliveryStart) -> TypedSearchAttributes:
    # Its status from the start request (no history event of its own); the workflow moves
    # it on after each attempt.
    pairs = [SearchAttributePair(ENVIRONMENT, start.environment_id),
             SearchAttributePair(STATUS, start.status)]
    for key, value in ((ENDPOINT, start.endpoint_id), (DESTINATION, start.destination_id),
                       (EVENT_TYPE, start.event_type), (CONSUMER, start.consumer)):
        if value:
            pairs.append(SearchAttributePair(key, value))
    return TypedSearchAttributes(pairs)


def window_end(start: DeliveryStart) -> float:
    """The end of the Delivery's retry window: as the outbox recorded it, else (a manual
    retry, the reconciler) from now, with what is left of its schedule."""
    if start.window_end is not None:
        return start.window_end
    return time.time() + sum(start.delays)


async def start_delivery(client: Client, task_queue: str, start: DeliveryStart,
                         *, signal: str | None = None, eager: bool = False) -> None:
    """Start the Delivery's workflow, or with `signal`, wake the running one (signal-with-start).

    Idempotent: the workflow id is the Delivery id, and the activity reads the Delivery's
    status from the database, so a duplicate start or signal never sends twice on its own.
    """
    with tracing.continued(start.trace):  # the trace of the request that made it, if kept
        await client.start_workflow(
            WORKFLOW_DELIVERY,
            DeliveryInput(delivery_id=start.delivery_id, delays=start.delays,
                          window_end=window_end(start), environment_id=start.environment_id),
            id=start.delivery_id,
            task_queue=task_queue,
            id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
            search_attributes=_attributes(start),
            static_summary=start.summary,
            start_signal=signal,
            request_eager_start=eager,
            priority=fairness(start.environment_id, start.weight),
        )


def fairness(environment_id: str, weight: int = 1) -> Priority:
    """Where a workflow's tasks wait in a task queue's backlog, Temporal's matching takes
    turns between environments, by their plans' weights (on a server with
    `matching.enableFairness`; inert elsewhere). Its activities and later workflow tasks
    inherit it."""
    return Priority(fairness_key=environment_id, fairness_weight=float(weight))


async def start_deliveries(client: Client, task_queue: str, starts: Iterable[DeliveryStart],
                           *, signal: str | None = None, eager: bool = False,
                           concurrency: int = 32) -> list[str]:
    """Start many; returns the ids that failed (left for the reconciler)."""
    gate = asyncio.Semaphore(concurrency)
    failed: list[str] = []

    async def one(start: DeliveryStart) -> None:
        async with gate:
            try:
                await start_delivery(client, task_queue, start, signal=signal, eager=eager)
            except Exception as exc:
                log.warning("could not start %s: %s", start.delivery_id, exc)
                failed.append(start.delivery_id)

    await asyncio.gather(*(one(s) for s in starts))
    return failed


async def start_recovery(client: Client, task_queue: str, recovery_id: str) -> None:
    await client.start_workflow(WORKFLOW_RECOVERY, recovery_id, id=recovery_id,
                                task_queue=task_queue, static_summary="bulk recovery")


async def cancel_workflow(client: Client, workflow_id: str) -> None:
    """Best effort: an ended or unknown workflow needs no cancelling."""
    try:
        await client.get_workflow_handle(workflow_id).cancel()
    except RPCError as exc:
        if exc.status != RPCStatusCode.NOT_FOUND:
            log.warning("could not cancel %s: %s", workflow_id, exc)


async def signal_delivery(client: Client, delivery_id: str, signal: str) -> bool:
    """Wake a running Delivery workflow; False when none runs under that id."""
    try:
        await client.get_workflow_handle(delivery_id).signal(signal)
    except RPCError as exc:
        if exc.status == RPCStatusCode.NOT_FOUND:
            return False
        raise
    return True
