"""MCP servers for agents, beside the API: the operator's at `/mcp` (an API key as the
bearer; `operator`) and a Consumer's at `/portal/mcp` (a portal link's token as the
bearer; `consumer`). Streamable HTTP, with sessions kept by the process that opened them
(a destructive tool's confirmation is a request back to the client within its session)."""

from __future__ import annotations

import contextlib
from typing import Any

import httpx
from fastapi import FastAPI
from mcp.server.fastmcp import Context, FastMCP
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from starlette.routing import Route

from api.mcp import consumer, operator
from api.mcp.bearer import BearerGuard, api_key_of
from api.mcp.operator import Api

OPERATOR_PATH, CONSUMER_PATH = "/mcp", "/portal/mcp"


def _route(app: FastAPI, server: FastMCP, path: str, guard: BearerGuard) -> None:
    server.streamable_http_app()  # makes its session manager
    app.router.routes.append(Route(path, endpoint=guard.wrapping(server.session_manager)))


def install(app: FastAPI) -> None:
    """Before the portal's routes: their catch-all would answer /portal/mcp."""
    # The operator's tools call this same app in-process, with the caller's key.
    internal = httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                 base_url="http://hookline.internal", timeout=60)

    def api(ctx: Context[Any, Any, Any]) -> Api:
        return Api(internal, api_key_of(ctx))

    servers = [operator.server(api, OPERATOR_PATH),
               consumer.server(CONSUMER_PATH, lambda: app.state.temporal,
                               lambda: app.state.sender)]
    _route(app, servers[0], OPERATOR_PATH, BearerGuard("api_key"))
    _route(app, servers[1], CONSUMER_PATH, BearerGuard("portal"))
    app.state.mcp_sessions = [s.session_manager for s in servers]
    app.state.mcp_internal = internal


@contextlib.asynccontextmanager
async def running(app: FastAPI) -> Any:
    """The MCP servers' session managers, for the API's lifespan."""
    managers: list[StreamableHTTPSessionManager] = getattr(app.state, "mcp_sessions", [])
    async with contextlib.AsyncExitStack() as stack:
        for manager in managers:
            await stack.enter_async_context(manager.run())
        try:
            yield
        finally:
            internal = getattr(app.state, "mcp_internal", None)
            if internal is not None:
                await internal.aclose()
