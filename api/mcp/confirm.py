"""Destructive tools ask first, through MCP's own means: an elicitation the client shows
its user. A client that cannot ask (no elicitation capability), a decline or a cancel
changes nothing."""

from __future__ import annotations

from typing import Any

from mcp.server.fastmcp import Context
from mcp.server.fastmcp.exceptions import ToolError
from pydantic import BaseModel, Field


class Confirmation(BaseModel):
    confirm: bool = Field(description="Go ahead")


async def confirmed(ctx: Context[Any, Any, Any], message: str) -> None:
    """Returns once the user said yes; a ToolError (nothing done) otherwise."""
    capabilities = ctx.session.client_params.capabilities if ctx.session.client_params \
        else None
    if capabilities is None or capabilities.elicitation is None:
        raise ToolError("this tool changes or re-sends data and asks for confirmation "
                        "first, which this client cannot show (no elicitation): nothing "
                        "was done")
    answer = await ctx.elicit(message, Confirmation)
    if answer.action != "accept" or not answer.data.confirm:
        raise ToolError("not confirmed: nothing was done")
