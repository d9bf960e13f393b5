"""A Consumer's MCP server (`/portal/mcp`, a portal link's token as the bearer): only what
that link lets its portal do, for that Consumer, through the same services and checks as
the portal's pages (`services/portal`: each object is the Consumer's, or 404; a read-only
link changes nothing, 403). Records have the API's shapes."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterator
from typing import Annotated, Any, Literal, TypeVar

from fastapi.concurrency import run_in_threadpool
from mcp.server.fastmcp import Context, FastMCP
from mcp.server.fastmcp.exceptions import ToolError
from mcp.server.transport_security import TransportSecuritySettings
from pydantic import Field
from sqlmodel import Session
from temporalio.client import Client

from api.dispatch import retry_now, wake_cancelled
from api.mcp.bearer import portal_access_of
from api.mcp.confirm import confirmed
from api.mcp.explain import explain
from api.mcp.operator import DESTRUCTIVE, READ, WRITE
from api.schemas.consumers import ConsumerOut
from api.schemas.deliveries import AttemptOut, DeliveryOut
from api.schemas.endpoints import EndpointOut
from api.schemas.stats import stats_out
from hookline.delivery import gate
from hookline.delivery.sender import Sender
from hookline.errors import DomainError
from hookline.persistence import queries
from hookline.persistence.db import committed, get_engine
from hookline.persistence.models import Endpoint
from hookline.services import (
    accounts,
    consumers,
    deliveries,
    endpoints,
    notice_channels,
    portal,
)
from hookline.services.portal import Access, DeliveryFilter
from hookline.services.targets import TargetPatch
from hookline.settings import get_settings
from hookline.statuses import DeliveryStatusName
from hookline.usecases import contacts, targets
from hookline.usecases.admission import admit, over_rate

INSTRUCTIONS = (
    "Your webhook endpoints at one sender, through your portal link: list them and their "
    "health, find and explain their Deliveries, retry one, send a test event, enable, "
    "disable or delete an endpoint, and set who hears of failures (contacts). A read-only "
    "link only reads.")
T = TypeVar("T")
log = logging.getLogger("hookline.mcp")


async def _in_db(ctx: Context[Any, Any, Any], work: Callable[..., T], *args: Any,
                 write: bool = False) -> T:
    """`work(session, access, *args)` in one transaction, with the request's link, counted
    against its organization's requests per second as an API call is; the services'
    refusals (and the rate's) become the tool's error, in their words."""
    access = portal_access_of(ctx)

    def run() -> T:
        with Session(get_engine(), expire_on_commit=False) as session:
            caller = accounts.environment_caller(session, access.environment_id)
            if (refused := over_rate(caller, admit(session, caller))) is not None:
                raise refused
            if write:
                portal.check_writable(access)
            return committed(session, work, access, *args)
    with told_as_tool_errors():
        return await run_in_threadpool(run)


@contextlib.contextmanager
def told_as_tool_errors() -> Iterator[None]:
    """The services' refusals as the tool's error, in their words; anything else logged
    here and told as a fault, never in its own words (it may quote SQL)."""
    try:
        yield
    except ToolError:
        raise
    except DomainError as exc:
        raise ToolError(f"{exc.status} {exc.title}: {exc.detail or exc.title}") from None
    except Exception:
        log.exception("a consumer's MCP tool failed")
        raise ToolError("500 Internal error: the tool failed; try again later") from None


def _dumped(model: Any) -> dict[str, Any]:
    found: dict[str, Any] = model.model_dump(mode="json", by_alias=True)
    return found


def server(path: str, temporal: Callable[[], Client], sender: Callable[[], Sender]
           ) -> FastMCP:
    mcp = FastMCP("hookline-portal", instructions=INSTRUCTIONS, streamable_http_path=path,
                  transport_security=TransportSecuritySettings(
                      enable_dns_rebinding_protection=False))

    @mcp.tool(annotations=READ)
    async def list_endpoints(ctx: Context[Any, Any, Any]) -> list[dict[str, Any]]:
        """Your endpoints."""
        def work(session: Session, access: Access) -> list[dict[str, Any]]:
            return [_dumped(EndpointOut.of(row)) for row in portal.own_endpoints(session, access)]
        return await _in_db(ctx, work)

    @mcp.tool(annotations=READ)
    async def endpoint_health(ctx: Context[Any, Any, Any], endpoint_id: str
                              ) -> dict[str, Any]:
        """One of your endpoints: its state (status, breaker) and a day of its stats."""
        def work(session: Session, access: Access) -> dict[str, Any]:
            row = portal.own_endpoint_row(session, access, endpoint_id)
            stats = targets.stats(session, Endpoint, access.environment_id, endpoint_id, None)
            return {"endpoint": _dumped(EndpointOut.of(row)),
                    "stats": _dumped(stats_out(*stats))}
        return await _in_db(ctx, work)

    @mcp.tool(annotations=READ)
    async def find_deliveries(
            ctx: Context[Any, Any, Any], endpoint_id: str | None = None,
            event_type: str | None = None,
            status: DeliveryStatusName | None = None,
            limit: Annotated[int, Field(ge=1, le=100)] = 20,
            before: Annotated[str | None, Field(description="a Delivery id: those older "
                                                            "than it")] = None
    ) -> dict[str, Any]:
        """Your Deliveries, newest first."""
        def work(session: Session, access: Access) -> dict[str, Any]:
            rows = portal.list_deliveries(session, access, DeliveryFilter(
                status=status, event_type=event_type, endpoint_id=endpoint_id), before, limit)
            items = [_dumped(DeliveryOut.model_validate(r, from_attributes=True))
                     for r in rows[:limit]]
            return {"items": items, "before": items[-1]["id"] if len(rows) > limit else None}
        return await _in_db(ctx, work)

    @mcp.tool(annotations=READ)
    async def explain_delivery(ctx: Context[Any, Any, Any], delivery_id: str
                               ) -> dict[str, Any]:
        """One of your Deliveries in plain words: each attempt, and what to do."""
        def work(session: Session, access: Access) -> dict[str, Any]:
            delivery = portal.own_delivery(session, access, delivery_id)
            attempts = queries.attempts.of_delivery(session, delivery_id, None, 100)[:100]
            return explain(_dumped(DeliveryOut.model_validate(delivery, from_attributes=True)),
                           [_dumped(AttemptOut.model_validate(a, from_attributes=True))
                            for a in attempts])
        return await _in_db(ctx, work)

    @mcp.tool(annotations=WRITE)
    async def retry_delivery(ctx: Context[Any, Any, Any], delivery_id: str) -> dict[str, Any]:
        """One more attempt of one of your failed Deliveries."""
        def work(session: Session, access: Access) -> Any:
            portal.own_delivery(session, access, delivery_id)
            return deliveries.request_retry(session, access.environment_id, delivery_id,
                                            get_settings().retry_delays,
                                            gate.limits_from(get_settings()))
        start = await _in_db(ctx, work, write=True)
        if start is not None:
            await retry_now(temporal(), start)
        return {"id": delivery_id, "queued": True}

    @mcp.tool(annotations=WRITE)
    async def send_test_event(ctx: Context[Any, Any, Any], endpoint_id: str
                              ) -> dict[str, Any]:
        """Send one signed `endpoint.test` event to your endpoint now."""
        def work(session: Session, access: Access) -> Any:
            portal.own_endpoint(session, access, endpoint_id)
            return endpoints.test_outgoing(session, access.environment_id, endpoint_id,
                                           access.requires_https)
        result = await sender().send(await _in_db(ctx, work, write=True))
        return {"success": result.succeeded, "statusCode": result.status_code,
                "errorType": result.error_type, "errorMessage": result.error_message,
                "durationMs": result.duration_ms}

    @mcp.tool(annotations=WRITE)
    async def set_endpoint_status(ctx: Context[Any, Any, Any], endpoint_id: str,
                                  status: Literal["enabled", "disabled"]) -> dict[str, Any]:
        """Enable or disable one of your endpoints (disabling cancels what waits)."""
        def work(session: Session, access: Access) -> tuple[Any, list[str]]:
            portal.own_endpoint(session, access, endpoint_id)
            return targets.update(session, Endpoint, access.environment_id, endpoint_id,
                                  TargetPatch(status=status))
        row, cancelled = await _in_db(ctx, work, write=True)
        await wake_cancelled(temporal(), cancelled)
        return _dumped(EndpointOut.of(row))

    @mcp.tool(annotations=DESTRUCTIVE)
    async def delete_endpoint(ctx: Context[Any, Any, Any], endpoint_id: str
                              ) -> dict[str, Any]:
        """Delete one of your endpoints (asks first)."""
        await _in_db(ctx, lambda s, a: portal.own_endpoint(s, a, endpoint_id), write=True)
        await confirmed(ctx, f"Delete your endpoint {endpoint_id}? What waits for it is "
                             f"cancelled.")

        def work(session: Session, access: Access) -> list[str]:
            portal.own_endpoint(session, access, endpoint_id)
            return targets.delete(session, Endpoint, access.environment_id, endpoint_id)
        await wake_cancelled(temporal(), await _in_db(ctx, work, write=True))
        return {"deleted": endpoint_id}

    @mcp.tool(annotations=READ)
    async def get_contacts(ctx: Context[Any, Any, Any]) -> dict[str, Any] | None:
        """Who hears of your endpoints' failures (a read-only link sees the Slack and Teams
        URLs' hosts only: their paths are credentials)."""
        def work(session: Session, access: Access) -> Any:
            consumer = consumers.get_consumer(session, access.environment_id,
                                              access.consumer_id)
            shown = _dumped(ConsumerOut.of(consumer))["contacts"]
            return notice_channels.masked(shown) if access.read_only else shown
        found: dict[str, Any] | None = await _in_db(ctx, work)
        return found

    @mcp.tool(annotations=WRITE)
    async def set_contacts(ctx: Context[Any, Any, Any], emails: list[str] | None = None,
                           slack_url: str | None = None, teams_url: str | None = None
                           ) -> dict[str, Any] | None:
        """Who hears of your endpoints' failures: up to 5 e-mail addresses, a Slack
        incoming-webhook URL, a Teams workflow URL (all absent: nobody). Asks first: the
        notices carry a link into your portal."""
        access = portal_access_of(ctx)
        with told_as_tool_errors():
            portal.check_writable(access)
            given = await contacts.checked(sender(), {
                "emails": emails or [], "slackUrl": slack_url, "teamsUrl": teams_url},
                access.requires_https)
        await confirmed(ctx, "Send failure notices, each with a link into your portal, to "
                             f"{', '.join(notice_channels.named(given)) or 'nobody'}?")

        def work(session: Session, found: Access) -> tuple[Any, list[str]]:
            consumer, cancelled = contacts.save(session, found.environment_id,
                                                found.consumer_id, given)
            return _dumped(ConsumerOut.of(consumer))["contacts"], cancelled
        shown, cancelled = await _in_db(ctx, work, write=True)
        await wake_cancelled(temporal(), cancelled)
        found: dict[str, Any] | None = shown
        return found

    return mcp
