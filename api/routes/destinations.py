"""Destinations of a Source: add, list, alter, delete, rotate the signing secret."""

from __future__ import annotations

from functools import partial
from typing import Annotated

from fastapi import APIRouter, Depends, Response
from fastapi.concurrency import run_in_threadpool

from api.deps import AuthDep, SenderDep, SessionDep, TemporalDep
from api.dispatch import wake_cancelled
from api.explorer import attempt_filter
from api.jsonbody import JSONRoute
from api.routes.recoveries import RESPONSES, recover
from api.schemas.common import COMMON_PROBLEMS, Page, PageLimit, problems
from api.schemas.deliveries import AttemptOut, attempts_page
from api.schemas.destinations import (
    DestinationCreated,
    DestinationIn,
    DestinationOut,
    DestinationPatch,
    SecretOut,
)
from api.schemas.recoveries import RecoverIn, RecoveryStarted
from api.schemas.stats import HEALTH_DOC, Since, TargetStatsOut, health
from hookline.services import destinations
from hookline.services.explorer import Filter

router = APIRouter(prefix="/v1/ingest", tags=["ingestion"], responses=COMMON_PROBLEMS,
                   route_class=JSONRoute)


@router.post("/sources/{source_id}/destinations", status_code=201,
             response_model=DestinationCreated, responses=problems(404))
async def create_destination(source_id: str, body: DestinationIn, auth: AuthDep,
                             session: SessionDep, sender: SenderDep) -> DestinationCreated:
    await run_in_threadpool(destinations.ensure_source, session, auth.environment_id,
                            source_id)
    await destinations.check_url(sender, body.url, auth.requires_https)
    created = await run_in_threadpool(
        destinations.create_destination, session, auth.environment_id, source_id,
        url=body.url, description=body.description, headers=body.headers,
        rate_limit=body.rate_limit)
    return DestinationCreated.of(created)


@router.get("/sources/{source_id}/destinations", response_model=list[DestinationOut],
            responses=problems(404))
def list_destinations(source_id: str, auth: AuthDep, session: SessionDep
                      ) -> list[DestinationOut]:
    return [DestinationOut.of(row) for row in destinations.list_destinations(
        session, auth.environment_id, source_id)]


@router.patch("/destinations/{destination_id}", response_model=DestinationOut,
              responses=problems(404))
async def update_destination(destination_id: str, body: DestinationPatch, auth: AuthDep,
                             session: SessionDep, sender: SenderDep,
                             temporal: TemporalDep) -> DestinationOut:
    """Absent fields stay; a null description or rateLimit clears it. Disabling cancels
    the destination's waiting Deliveries."""
    patch = body.to_patch()
    await run_in_threadpool(destinations.ensure_destination, session, auth.environment_id,
                            destination_id)
    if body.url is not None:
        await destinations.check_url(sender, body.url, auth.requires_https)
    row, cancelled = await run_in_threadpool(
        destinations.update_destination, session, auth.environment_id, destination_id, patch)
    await wake_cancelled(temporal, cancelled)
    return DestinationOut.of(row)


@router.delete("/destinations/{destination_id}", status_code=204, responses=problems(404))
async def delete_destination(destination_id: str, auth: AuthDep, session: SessionDep,
                             temporal: TemporalDep) -> Response:
    cancelled = await run_in_threadpool(destinations.delete_destination, session,
                                        auth.environment_id, destination_id)
    await wake_cancelled(temporal, cancelled)
    return Response(status_code=204)


@router.post("/destinations/{destination_id}/rotate-secret", status_code=201,
             response_model=SecretOut, responses=problems(404))
def rotate_secret(destination_id: str, auth: AuthDep, session: SessionDep) -> SecretOut:
    return SecretOut(secret=destinations.rotate_secret(session, auth.environment_id,
                                                       destination_id))


@router.get("/destinations/{destination_id}/stats", response_model=TargetStatsOut,
            responses=problems(404), description=HEALTH_DOC)
def destination_stats(destination_id: str, auth: AuthDep, session: SessionDep,
                      since: Since = None) -> TargetStatsOut:
    target = destinations.get_scoped(session, auth.environment_id, destination_id)
    return health(session, target, "destination", since)


@router.get("/destinations/{destination_id}/attempts", response_model=Page[AttemptOut],
            responses=problems(404))
def list_attempts(destination_id: str, auth: AuthDep, session: SessionDep,
                  found: Annotated[Filter, Depends(attempt_filter)], cursor: str | None = None,
                  limit: PageLimit = 50) -> Page[AttemptOut]:
    """The attempts to this destination, newest first (the delivery explorer's filters)."""
    destinations.get_scoped(session, auth.environment_id, destination_id)
    return attempts_page(session, destination_id, found, cursor, limit)


@router.post("/destinations/{destination_id}/recover", status_code=202,
             response_model=RecoveryStarted, responses=RESPONSES)
async def recover_destination(destination_id: str, body: RecoverIn, auth: AuthDep,
                              session: SessionDep, temporal: TemporalDep) -> Response:
    """Re-send the destination's exhausted or cancelled forwards created in the window, as
    for an endpoint. 409 while the destination is disabled."""
    return await recover(partial(destinations.get_scoped, session, auth.environment_id,
                                 destination_id), body, auth.environment_id, session, temporal)
