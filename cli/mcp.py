"""`hookline mcp`: the operator's MCP server on stdio, for an agent on the operator's own
machine (Claude Desktop, an IDE): the same tools as `/mcp` (`api.mcp.operator`), each a call
to the API at `api_url` with the operator's key."""

from __future__ import annotations

from typing import Any

import anyio
import httpx
from mcp.server.fastmcp import Context

from api.mcp import operator
from hookline import USER_AGENT


def serve(api_url: str, key: str) -> None:
    async def run() -> None:
        async with httpx.AsyncClient(base_url=api_url.rstrip("/"), timeout=60,
                                     headers={"User-Agent": f"{USER_AGENT} mcp"}) as client:
            api = operator.Api(client, key)

            def api_of(_ctx: Context[Any, Any, Any]) -> operator.Api:
                return api

            await operator.server(api_of).run_stdio_async()

    anyio.run(run)
