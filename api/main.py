"""The FastAPI application: routers, error rendering, middleware, and the Temporal client."""

from __future__ import annotations

import asyncio
import gc
import logging
import multiprocessing
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.concurrency import run_in_threadpool
from fastapi.routing import APIRoute
from sqlalchemy.exc import OperationalError

from api import docs, errors, mcp, pagination, portal
from api.middleware import FramingMiddleware, GuardMiddleware, TimingMiddleware
from api.routes import ROUTERS
from api.svix import errors as svix_errors
from api.svix import routes as svix
from api.tenant_code import TenantCode
from hookline import __version__, payload_schemas
from hookline.delivery.publisher_sweep import sweep_forever
from hookline.delivery.sender import sender_from_settings
from hookline.observability import tracing
from hookline.persistence.batches import BatchWriter
from hookline.process import die_with_parent
from hookline.settings import get_settings
from hookline.temporal import connect
from hookline.temporal_link import TemporalLink
from hookline.tenant_code.filter_pool import FilterPool
from hookline.tenant_code.transform_pool import ExecutorPool
from hookline.tenant_code.transformations import Limits

log = logging.getLogger("hookline.api")


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    if (parent := multiprocessing.parent_process()) is not None:  # one of several workers
        die_with_parent(parent.pid)
    # Lazy: the API starts and serves reads while Temporal is down, and reconnects by itself.
    # Traced, a manual retry's signal-with-start (and a recovery's start) joins its request's
    # trace.
    traced = tracing.interceptors()
    app.state.temporal = await connect(get_settings(), lazy=True, interceptors=traced)
    # A rotated certificate or API key replaces it (`temporal_link`).
    link = TemporalLink(app.state.temporal, get_settings(), lazy=True, interceptors=traced)
    link.on_replaced.append(lambda new: setattr(app.state, "temporal", new))
    following = asyncio.create_task(link.follow())
    app.state.sender = sender_from_settings(get_settings())
    # A test send to a broker target leaves a publisher here: closed once idle, or once
    # its target is disabled or deleted, as the worker's are.
    sweeping = asyncio.create_task(sweep_forever(app.state.sender.brokers))
    # Traced, a publish's outbox rows keep its request's trace context.
    app.state.batches = BatchWriter(carry_context=tracing.enabled())
    app.state.filter_pool = FilterPool()
    # Previews' and checks' tenant code: threads of its own, and V8 executor processes
    # started at the first call.
    app.state.tenant_code = TenantCode(ExecutorPool(Limits(*get_settings().transform_limits),
                                                    regular=1, heavy=1))
    try:
        await run_in_threadpool(pagination.load_key)
    except OperationalError:
        log.warning("database unavailable at start-up; cursors load on first use")
    # Everything loaded so far (modules, schemas, routes, metadata) lives as long as the
    # process: out of the collector's sight, a full collection scans only what requests
    # leave behind. Measured in-process: the longest full-collection pause went from
    # 125 to 12 ms (each such pause stalls every request in flight).
    gc.collect()
    gc.freeze()
    # Off the start's path: the API answers meanwhile (an IRI check waits for it).
    threading.Thread(target=payload_schemas.warm, name="iri-parser", daemon=True).start()
    async with mcp.running(app):
        yield
    sweeping.cancel()
    following.cancel()
    await run_in_threadpool(app.state.batches.close)
    await run_in_threadpool(app.state.filter_pool.close)
    await run_in_threadpool(app.state.tenant_code.close)
    await app.state.sender.aclose()


def operation_id(route: APIRoute) -> str:
    return route.name


def create_app() -> FastAPI:
    logging.basicConfig(level=get_settings().log_level.upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    # Traced, FastAPI makes each request's server span itself (its native telemetry, on once
    # a tracer provider is set). No exporter of its own (`observability.tracing` decides), and no
    # spans for its dependencies, endpoint and serialization: with them, tracing cost a
    # publish 0.2 to 0.75 ms of CPU, without them 0.12 ms (bench.api_cpu).
    tracing.setup(get_settings(), "hookline-api")
    app = FastAPI(
        title="Hookline",
        version=__version__,
        summary="Signed webhook delivery and ingestion; every delivery a Temporal workflow.",
        lifespan=lifespan,
        # /docs and /redoc are served by `api.docs`, from the API's origin rather than a CDN.
        docs_url=None,
        redoc_url=None,
        openapi_url=docs.OPENAPI_URL,
        telemetry={"auto_configure": False, "operation_spans": False},
        # operationId is the route's name (publish_event, list_deliveries, retry_delivery):
        # what generated clients call their methods (make clients).
        generate_unique_id_function=operation_id,
    )
    errors.install(app, dialects=[svix_errors])  # /api/v1's errors in Svix's shapes
    app.add_middleware(GuardMiddleware)
    app.add_middleware(TimingMiddleware)  # added last: outermost, it times the refusals too
    for router in ROUTERS:
        app.include_router(router)
    mcp.install(app)  # the MCP servers, /mcp and /portal/mcp, outside the OpenAPI schema
    portal.install(app)  # the consumer portal's pages, outside /v1 and the OpenAPI schema
    app.add_middleware(FramingMiddleware)  # outermost: no answer is framed but the portal's
    svix.install(app)  # the Svix-compatible API under /api/v1, outside the OpenAPI schema
    docs.install(app)  # /docs, /redoc, /favicon.ico, and the bearer scheme in /openapi.json
    return app
