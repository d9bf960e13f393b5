"""Destinations of a Source: add and list them here; PATCH, DELETE, stats, attempts and
recover are the shared target routes (`api/routes/targets`)."""

from __future__ import annotations

from fastapi import APIRouter, Body
from fastapi.concurrency import run_in_threadpool

from api.deps import AuthDep, SenderDep, SessionDep, TenantCodeDep
from api.jsonbody import JSONRoute
from api.routes.targets import TargetResource, add_shared_routes, check_new
from api.schemas.common import COMMON_PROBLEMS, problems
from api.schemas.credentials import stored
from api.schemas.destinations import (
    DestinationCreated,
    DestinationIn,
    DestinationOut,
    DestinationPatch,
    SecretIn,
    SecretOut,
)
from api.schemas.previews import MessagePreviewIn, PreviewOut
from hookline.persistence.db import committed
from hookline.persistence.models import Destination
from hookline.services import destinations, previews, sources
from hookline.services.previews import MessageSample
from hookline.usecases import targets

router = APIRouter(prefix="/v1/ingest", tags=["destinations"], responses=COMMON_PROBLEMS,
                   route_class=JSONRoute)


@router.post("/sources/{source_id}/destinations", status_code=201,
             response_model=DestinationCreated, responses=problems(404))
async def create_destination(source_id: str, body: DestinationIn, auth: AuthDep,
                             session: SessionDep, sender: SenderDep, tenant: TenantCodeDep
                             ) -> DestinationCreated:
    await run_in_threadpool(committed, session, sources.get_forwarding_source,
                            auth.environment_id, source_id)
    code = await check_new(body, auth, sender, tenant)
    created = await run_in_threadpool(committed, session, destinations.create_destination,
                                      auth.environment_id, source_id, url=body.url,
                                      description=body.description, headers=body.headers,
                                      rate_limit=body.rate_limit, filter=body.filter,
                                      transformation=code,
                                      signature_scheme=body.signature_scheme,
                                      auth=stored(body.auth), tls=stored(body.tls),
                                      broker=body.broker(),
                                      ordering=body.ordering.stored() if body.ordering
                                      else None,
                                      batch=body.batch.stored() if body.batch else None)
    return DestinationCreated.of(created, body.headers)


@router.get("/sources/{source_id}/destinations", response_model=list[DestinationOut],
            responses=problems(404))
def list_destinations(source_id: str, auth: AuthDep, session: SessionDep
                      ) -> list[DestinationOut]:
    return [DestinationOut.of(row) for row in destinations.list_destinations(
        session, auth.environment_id, source_id)]


@router.post("/destinations/{destination_id}/rotate-secret", status_code=201,
             response_model=SecretOut, responses=problems(404))
def rotate_destination_secret(destination_id: str, auth: AuthDep, session: SessionDep,
                              body: SecretIn | None = Body(default=None)) -> SecretOut:
    """A new key of its scheme (or of `signatureScheme`, or the one given); the previous
    one also signs for 24 hours."""
    given = body or SecretIn()
    return SecretOut(secret=targets.rotate_secret(session, Destination, auth.environment_id,
                                                  destination_id, given.secret,
                                                  scheme=given.signature_scheme))


add_shared_routes(router, TargetResource(
    Destination, "/destinations/{destination_id}", "destination_id", DestinationOut,
    DestinationPatch,
    patch_doc="Absent fields stay; a null description or rateLimit clears it. Disabling "
              "cancels the destination's waiting Deliveries.",
    recover_doc="Re-send the destination's exhausted or cancelled forwards created in the "
                "window, as for an endpoint. 409 while the destination is disabled."))


@router.post("/destinations/{destination_id}/preview", response_model=PreviewOut,
             responses=problems(404))
async def preview_destination(destination_id: str, body: MessagePreviewIn, auth: AuthDep,
                              session: SessionDep, tenant: TenantCodeDep) -> PreviewOut:
    """What the destination would be sent for a stored message (`messageId`) or a sample
    (`body`, `headers`, `query`, `contentType`), under its filter or an unsaved one
    (`filter`). Nothing is sent or stored."""
    given = body.model_fields_set
    sample = MessageSample(
        message_id=body.message_id, headers=body.headers, query=body.query,
        body=previews.sample_body(body.body) if "body" in given else None,
        content_type=body.content_type)
    return PreviewOut(**vars(await tenant.run(
        auth.environment_id, committed, session, previews.destination_preview,
        auth.environment_id, destination_id, sample, body.tried(), tenant.transforms)))
