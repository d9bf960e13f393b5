"""MCP servers for agents, beside the API: the operator's at `/mcp` (an API key as the
bearer; `operator`) and a Consumer's at `/portal/mcp` (a portal link's token as the
bearer; `consumer`). Streamable HTTP, with sessions kept by the process that opened them
(a destructive tool's confirmation is a request back to the client within its session).

The SDK is loaded after the API has started, off its event loop: importing it builds
jsonschema's IRI parser (a second on this machine), which no start should wait for
(`hookline.payload_schemas.warm`). A request that comes before it is ready waits for it."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

from fastapi import FastAPI
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

OPERATOR_PATH, CONSUMER_PATH = "/mcp", "/portal/mcp"
STARTING = 30.0  # seconds a request waits for the servers to be built, then 503
log = logging.getLogger("hookline.mcp")


class Servers:
    """The two servers' guarded apps, once built (`running`)."""

    def __init__(self) -> None:
        self.ready = asyncio.Event()
        self.apps: dict[str, ASGIApp] = {}

    def route(self, path: str) -> Route:
        return Route(path, endpoint=_Waiting(self, path))


class _Waiting:
    """An ASGI app (every method goes to it, as Starlette routes an object's), which waits
    for the servers, then hands the request to its own."""

    def __init__(self, servers: Servers, path: str) -> None:
        self.servers, self.path = servers, path

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await asyncio.wait_for(self.servers.ready.wait(), STARTING)
        except TimeoutError:
            await _unavailable(scope, receive, send)
            return
        await self.servers.apps[self.path](scope, receive, send)


def install(app: FastAPI) -> None:
    """Before the portal's routes: their catch-all would answer /portal/mcp."""
    servers = app.state.mcp = Servers()
    for path in (OPERATOR_PATH, CONSUMER_PATH):
        app.router.routes.append(servers.route(path))


def _built(app: FastAPI) -> tuple[list[Any], dict[str, ASGIApp], Any]:
    """The servers, their guarded apps and the operator's in-process API client; in a
    thread (the imports)."""
    import httpx
    from mcp.server.fastmcp import Context

    from api.mcp import consumer, operator
    from api.mcp.bearer import BearerGuard, Sessions, api_key_of

    # The operator's tools call this same app in-process, with the caller's key; a fault
    # inside it comes back as the API's 500, not as the exception (and its text).
    internal = httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app, raise_app_exceptions=False),
        base_url="http://hookline.internal", timeout=60)
    sessions = Sessions()

    def api(ctx: Context[Any, Any, Any]) -> operator.Api:
        return operator.Api(internal, api_key_of(ctx))

    made = {OPERATOR_PATH: (operator.server(api, OPERATOR_PATH),
                            BearerGuard("api_key", sessions)),
            CONSUMER_PATH: (consumer.server(CONSUMER_PATH, lambda: app.state.temporal,
                                            lambda: app.state.sender),
                            BearerGuard("portal", sessions))}
    for server, _guard in made.values():
        server.streamable_http_app()  # makes its session manager
    return ([server.session_manager for server, _ in made.values()],
            {path: guard.wrapping(server.session_manager)
             for path, (server, guard) in made.items()}, internal)


async def _unavailable(scope: Scope, receive: Receive, send: Send) -> None:
    from starlette.responses import JSONResponse

    await JSONResponse({"type": "https://hookline.dev/problems/unavailable",
                        "title": "Service unavailable", "status": 503,
                        "detail": "the MCP server could not start: see the API's log"},
                       status_code=503, media_type="application/problem+json")(
        scope, receive, send)


async def _serve(app: FastAPI, servers: Servers) -> None:
    """Build the servers and run their session managers until the API stops; should any of
    it fail, the two paths answer 503 from then on, and the log says why."""
    internal = None
    try:
        managers, apps, internal = await asyncio.to_thread(_built, app)
        async with contextlib.AsyncExitStack() as stack:
            for manager in managers:
                await stack.enter_async_context(manager.run())
            servers.apps.update(apps)
            servers.ready.set()
            await asyncio.Event().wait()  # until the API stops
    except Exception:
        log.exception("the MCP servers stopped")
    finally:
        servers.apps.update({path: _unavailable for path in (OPERATOR_PATH, CONSUMER_PATH)})
        servers.ready.set()
        if internal is not None:
            await internal.aclose()


@contextlib.asynccontextmanager
async def running(app: FastAPI) -> AsyncIterator[None]:
    """The MCP servers for the API's lifespan: built and started in the background."""
    servers: Servers | None = getattr(app.state, "mcp", None)
    task = asyncio.create_task(_serve(app, servers)) if servers else None
    try:
        yield
    finally:
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
