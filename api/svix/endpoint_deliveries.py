"""Svix's operations on an endpoint's deliveries (`/api/v1/app/{app_id}/endpoint/{endpoint_id}/
...`): recover is Hookline's recovery of its failed Deliveries, send-example publishes an
event type's example to it alone, and stats counts its Deliveries by status."""

from __future__ import annotations

from datetime import timedelta

from fastapi import APIRouter

from api.deps import SessionDep, TemporalDep
from api.jsonbody import JSONRoute
from api.recovering import begin
from api.svix.deps import AuthDep, EndpointDep
from api.svix.schemas.common import Moment
from api.svix.schemas.endpoint_deliveries import (
    EndpointStats,
    EventExampleIn,
    RecoverIn,
    RecoverOut,
)
from api.svix.schemas.messages import MessageOut
from hookline.errors import DomainError
from hookline.persistence.db import committed
from hookline.services import endpoints, recoveries, target_stats
from hookline.settings import get_settings
from hookline.timeutil import utcnow

router = APIRouter(prefix="/app/{app_id}/endpoint/{endpoint_id}", tags=["Endpoint"],
                   route_class=JSONRoute)
STATS_WINDOW = timedelta(days=28)  # Svix's default: the 28 days up to `until`


class InvalidRange(DomainError):
    status, slug, title = 400, "invalid-range", "Invalid range"


@router.post("/recover", status_code=202)
async def recover_endpoint(endpoint: EndpointDep, body: RecoverIn, auth: AuthDep,
                           session: SessionDep, temporal: TemporalDep) -> RecoverOut:
    """Re-sends its exhausted and cancelled Deliveries created in [since, until), each as a
    retry (same svix-id), in creation order at its pace; 409 while it is disabled."""
    window = recoveries.window(body.since, body.until, None)
    return RecoverOut.of(await begin(lambda: endpoint, window, auth.environment_id, session,
                                     temporal))


@router.post("/send-example")
def send_example(endpoint: EndpointDep, body: EventExampleIn, auth: AuthDep,
                 session: SessionDep) -> MessageOut:
    """The event type's example `exampleIndex` (its `examples`, else its schema's) as a
    message to this endpoint alone: sent if the endpoint takes the type. An unknown type:
    404; one without that example: 400 `invalid_scheme`."""
    return MessageOut.of(committed(session, endpoints.send_example, auth, endpoint,
                                   body.event_type, body.example_index,
                                   get_settings().retry_delays))


@router.get("/stats")
def get_endpoint_stats(endpoint: EndpointDep, session: SessionDep,
                       since: Moment | None = None, until: Moment | None = None
                       ) -> EndpointStats:
    """Its Deliveries made in [since, until) by status (until: now; since: 28 days
    before)."""
    end = until or utcnow()
    start = since or end - STATS_WINDOW
    if start > end:
        raise InvalidRange("`since` must not be later than `until`")
    return EndpointStats.of(target_stats.deliveries_by_status(session, endpoint, start, end))
