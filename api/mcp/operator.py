"""The operator's MCP server: tools over the /v1 API, each one call (or two) made with the
caller's API key, so every tool has the API's rules, authorization, rate limit and errors
exactly, and reaches nothing the key cannot. Served at `/mcp` (streamable HTTP, the key as
the bearer: the calls go to this same app in-process) and by `hookline mcp` (stdio: the
calls go to HOOKLINE_API_URL over HTTP)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Literal

import httpx
from mcp.server.fastmcp import Context, FastMCP
from mcp.server.fastmcp.exceptions import ToolError
from mcp.server.transport_security import TransportSecuritySettings
from mcp.types import ToolAnnotations
from pydantic import Field

from api.mcp.confirm import confirmed
from api.mcp.explain import explain
from hookline.statuses import DeliveryStatusName, RecoverableName

INSTRUCTIONS = (
    "Hookline delivers signed webhooks. These tools act on one environment (the API key's): "
    "find and explain Deliveries, retry, replay and recover them, check an endpoint's health, "
    "send a test event, and manage endpoints with their filters and transformations "
    "(preview_endpoint shows what one would send, without sending). Tools that re-send or "
    "delete ask the user to confirm first.")
READ = ToolAnnotations(readOnlyHint=True, openWorldHint=False)
WRITE = ToolAnnotations(readOnlyHint=False, destructiveHint=False, openWorldHint=True)
DESTRUCTIVE = ToolAnnotations(readOnlyHint=False, destructiveHint=True, openWorldHint=True)

def given(**fields: Any) -> dict[str, Any]:
    """A body of the fields a tool was given (absent ones stay absent)."""
    return {name: value for name, value in fields.items() if value is not None}


_ID = re.compile(r"[A-Za-z0-9_-]{1,200}")


def q(part: str) -> str:
    """An id, as the one path segment it must be: one that would name another route
    (`../events/...`, or `%2F`, which the in-process transport decodes) names nothing."""
    if not _ID.fullmatch(part):
        raise ToolError(f"404 Not found: no object has the id {part[:80]!r}")
    return part


@dataclass(frozen=True)
class Api:
    """The API as the caller's key reaches it: `client`, with `key` as the bearer."""

    client: httpx.AsyncClient
    key: str

    async def __call__(self, method: str, path: str, *, params: dict[str, Any] | None = None,
                       body: Any = None) -> Any:
        """The API's answer; a problem becomes the tool's error, in the API's words."""
        query = given(**(params or {}))
        answer = await self.client.request(method, path, params=query, json=body,
                                           headers={"Authorization": f"Bearer {self.key}"})
        return _answer(answer)

    async def record(self, method: str, path: str, *, params: dict[str, Any] | None = None,
                     body: Any = None) -> dict[str, Any]:
        """A call whose answer is one JSON object."""
        found: dict[str, Any] = await self(method, path, params=params, body=body)
        return found


# The API for the request in hand (HTTP: the caller's key; stdio: the server's).
ApiOf = Callable[[Context[Any, Any, Any]], Api]


def _answer(answer: httpx.Response) -> Any:
    if answer.status_code >= 400:
        try:
            problem = answer.json()
            said = f"{problem.get('title')}: {problem.get('detail')}"
        except ValueError:
            said = answer.text[:500]
        raise ToolError(f"{answer.status_code} {said}")
    return answer.json() if answer.content else None


def server(api: ApiOf, path: str = "/mcp") -> FastMCP:
    # A bearer token, not a cookie, authenticates every request: a page another site serves
    # cannot make one, so the SDK's DNS-rebinding guard (localhost only) has nothing to add.
    mcp = FastMCP("hookline", instructions=INSTRUCTIONS, streamable_http_path=path,
                  transport_security=TransportSecuritySettings(
                      enable_dns_rebinding_protection=False))

    @mcp.tool(annotations=READ)
    async def find_deliveries(
            ctx: Context[Any, Any, Any], endpoint: str | None = None,
            destination: str | None = None, consumer: str | None = None,
            event_type: str | None = None,
            # The API's own Literals, not copies: `typing` caches `X | None` by equality,
            # which a Literal's is whatever its order, so a copy in another order would
            # reorder the API's OpenAPI enums in a process that made the copy first.
            status: DeliveryStatusName | None = None,
            error_type: str | None = None,
            response_status: Annotated[str | None, Field(description="503 or 5xx")] = None,
            since: Annotated[str | None, Field(description="ISO 8601, inclusive")] = None,
            until: Annotated[str | None, Field(description="ISO 8601, inclusive")] = None,
            limit: Annotated[int, Field(ge=1, le=100)] = 20, cursor: str | None = None
    ) -> dict[str, Any]:
        """Deliveries of this environment, newest first, by the explorer's filters."""
        return await api(ctx).record("GET", "/v1/deliveries", params={
            "endpoint": endpoint, "destination": destination, "consumer": consumer,
            "eventType": event_type, "status": status, "errorType": error_type,
            "responseStatus": response_status, "from": since, "to": until,
            "limit": limit, "cursor": cursor})

    @mcp.tool(annotations=READ)
    async def explain_delivery(ctx: Context[Any, Any, Any], delivery_id: str) -> dict[str, Any]:
        """A Delivery in plain words: what happened at each attempt, and what to do."""
        call = api(ctx)
        delivery = await call("GET", f"/v1/deliveries/{q(delivery_id)}")
        attempts = await call("GET", f"/v1/deliveries/{q(delivery_id)}/attempts",
                              params={"limit": 100})
        return explain(delivery, attempts["items"])

    @mcp.tool(annotations=WRITE)
    async def retry_delivery(ctx: Context[Any, Any, Any], delivery_id: str) -> dict[str, Any]:
        """One more attempt of an exhausted Delivery (a cancelled one resumes its schedule)."""
        return await api(ctx).record("POST", f"/v1/deliveries/{q(delivery_id)}/retry")

    @mcp.tool(annotations=DESTRUCTIVE)
    async def replay_event(ctx: Context[Any, Any, Any], event_id: str) -> dict[str, Any]:
        """Send an event again to every endpoint subscribed to it now (asks first)."""
        await api(ctx)("GET", f"/v1/events/{q(event_id)}")  # one of ours, before asking
        await confirmed(ctx, f"Send event {event_id} again to every endpoint subscribed "
                             f"to it?")
        return await api(ctx).record("POST", f"/v1/events/{q(event_id)}/replay")

    @mcp.tool(annotations=DESTRUCTIVE)
    async def recover_endpoint(
            ctx: Context[Any, Any, Any], endpoint_id: str,
            since: Annotated[str, Field(description="ISO 8601")],
            until: Annotated[str | None, Field(description="ISO 8601; now when absent")] = None,
            statuses: list[RecoverableName] | None = None,
            dry_run: bool = True) -> dict[str, Any]:
        """Re-send an endpoint's failed Deliveries of a time range. `dry_run` (the default)
        only counts them; a real run asks first."""
        body = given(since=since, until=until, statuses=statuses, dryRun=dry_run)
        if not dry_run:
            await api(ctx)("GET", f"/v1/endpoints/{q(endpoint_id)}")
            await confirmed(ctx, f"Re-send the failed Deliveries of endpoint {endpoint_id} "
                                 f"since {since}?")
        return await api(ctx).record("POST", f"/v1/endpoints/{q(endpoint_id)}/recover",
                                     body=body)

    @mcp.tool(annotations=READ)
    async def endpoint_health(
            ctx: Context[Any, Any, Any], endpoint_id: str,
            since: Annotated[str | None, Field(description="ISO 8601; a day ago when "
                                                           "absent")] = None
    ) -> dict[str, Any]:
        """An endpoint's state (status, breaker, failures) and its Deliveries' stats."""
        call = api(ctx)
        endpoint = await call("GET", f"/v1/endpoints/{q(endpoint_id)}")
        stats = await call("GET", f"/v1/endpoints/{q(endpoint_id)}/stats",
                           params={"since": since})
        return {"endpoint": endpoint, "stats": stats}

    @mcp.tool(annotations=WRITE)
    async def send_test_event(ctx: Context[Any, Any, Any], endpoint_id: str) -> dict[str, Any]:
        """Send one signed `endpoint.test` event now and say how the endpoint answered."""
        return await api(ctx).record("POST", f"/v1/endpoints/{q(endpoint_id)}/test")

    @mcp.tool(annotations=READ)
    async def list_endpoints(ctx: Context[Any, Any, Any], consumer: str | None = None
                             ) -> list[dict[str, Any]]:
        """The environment's endpoints (the 100 newest), or one Consumer's."""
        found: list[dict[str, Any]] = await api(ctx)("GET", "/v1/endpoints",
                                                 params={"consumer": consumer})
        return found

    @mcp.tool(annotations=WRITE)
    async def create_endpoint(
            ctx: Context[Any, Any, Any], consumer: str, url: str,
            events: list[str] | None = None, description: str | None = None,
            filter: Annotated[str | None, Field(description="CEL; true lets an event "
                                                            "through")] = None,
            transformation: Annotated[str | None, Field(
                description="JavaScript defining handler(webhook)")] = None
    ) -> dict[str, Any]:
        """A Consumer's new endpoint; its signing secret is in the answer, once. Asks
        first: events will go to that URL."""
        await confirmed(ctx, f"Send {consumer}'s events to {url}?")
        return await api(ctx).record("POST", "/v1/endpoints", body=given(
            consumer=consumer, url=url, events=events, description=description,
            filter=filter, transformation=transformation))

    @mcp.tool(annotations=WRITE)
    async def update_endpoint(
            ctx: Context[Any, Any, Any], endpoint_id: str, url: str | None = None,
            events: list[str] | None = None, description: str | None = None,
            status: Literal["enabled", "disabled"] | None = None,
            filter: Annotated[str | None, Field(description="CEL; \"\" removes it")] = None,
            transformation: Annotated[str | None, Field(
                description="JavaScript; \"\" removes it")] = None
    ) -> dict[str, Any]:
        """Change an endpoint: only the fields given change. A new URL or transformation
        (where events go, and what they become) asks first."""
        body = given(url=url, events=events, description=description, status=status)
        for name, code in (("filter", filter), ("transformation", transformation)):
            if code is not None:
                body[name] = code or None
        if not body:
            raise ToolError("nothing to change: give at least one field")
        if url is not None or transformation is not None:
            await api(ctx)("GET", f"/v1/endpoints/{q(endpoint_id)}")
            await confirmed(ctx, f"Change endpoint {endpoint_id}'s "
                                 f"{'URL to ' + url if url else 'transformation'}?")
        return await api(ctx).record("PATCH", f"/v1/endpoints/{q(endpoint_id)}", body=body)

    @mcp.tool(annotations=DESTRUCTIVE)
    async def delete_endpoint(ctx: Context[Any, Any, Any], endpoint_id: str) -> dict[str, Any]:
        """Delete an endpoint; its waiting Deliveries are cancelled (asks first)."""
        await api(ctx)("GET", f"/v1/endpoints/{q(endpoint_id)}")
        await confirmed(ctx, f"Delete endpoint {endpoint_id}? Its waiting Deliveries are "
                             f"cancelled.")
        await api(ctx)("DELETE", f"/v1/endpoints/{q(endpoint_id)}")
        return {"deleted": endpoint_id}

    @mcp.tool(annotations=READ)
    async def preview_endpoint(
            ctx: Context[Any, Any, Any], endpoint_id: str, event_id: str | None = None,
            event_type: str | None = None, data: dict[str, Any] | None = None,
            filter: Annotated[str | None, Field(description="an unsaved filter to try")] = None,
            transformation: Annotated[str | None, Field(
                description="unsaved JavaScript to try")] = None
    ) -> dict[str, Any]:
        """What the endpoint would be sent for a stored event or a sample, under its filter
        and transformation or unsaved ones: nothing is sent or stored."""
        return await api(ctx).record("POST", f"/v1/endpoints/{q(endpoint_id)}/preview",
                                     body=given(eventId=event_id, type=event_type, data=data,
                                                filter=filter, transformation=transformation))

    return mcp
