"""Operational endpoints: where an environment's operational webhooks go (events about the
service itself: `endpoint.disabled`, `delivery.exhausted`, `source.silent`...). They are
endpoints of a hidden environment (`hookline.services.operational`), so every endpoint rule
holds for them, and the user's endpoint and event lists never show them."""

from __future__ import annotations

from fastapi import APIRouter, Body, Response
from fastapi.concurrency import run_in_threadpool
from sqlmodel import Session

from api.deps import AuthDep, SenderDep, SessionDep, TemporalDep, TenantCodeDep
from api.dispatch import wake_cancelled
from api.jsonbody import JSONRoute
from api.routes.targets import check_addresses
from api.schemas.common import COMMON_PROBLEMS, problems
from api.schemas.credentials import stored
from api.schemas.endpoints import (
    EndpointCreated,
    EndpointOut,
    EndpointPatchIn,
    OperationalEndpointIn,
    SecretIn,
    SecretOut,
)
from hookline.errors import NotFound
from hookline.persistence.db import committed
from hookline.persistence.models import Endpoint
from hookline.services import endpoints, operational
from hookline.services.targets import check_patch_urls, checked_patch
from hookline.usecases import targets

router = APIRouter(prefix="/v1/operational-endpoints", tags=["operational webhooks"],
                   responses=COMMON_PROBLEMS, route_class=JSONRoute)


def _hidden(session: Session, env_id: str, *, create: bool = False) -> str:
    hidden = operational.environment_of(session, env_id, create=create)
    if hidden is None:
        raise NotFound("no operational endpoint here yet")
    if create:
        session.commit()
    return hidden.id


def _holding(session: Session, env_id: str, endpoint_id: str) -> str:
    """The hidden environment, when it holds this operational endpoint (not one of the
    failure notices' channels beside them)."""
    hidden = _hidden(session, env_id)
    if not operational.holds(session, hidden, endpoint_id):
        raise NotFound(f"endpoint {endpoint_id!r} not found")
    return hidden


@router.post("", status_code=201, response_model=EndpointCreated)
async def create_operational_endpoint(body: OperationalEndpointIn, auth: AuthDep,
                                      session: SessionDep, sender: SenderDep
                                      ) -> EndpointCreated:
    """Receives the operational events named in `events` (absent or []: all of them, also
    those added later): endpoint.disabled, endpoint.enabled, destination.disabled,
    destination.enabled, delivery.exhausted, endpoint.circuit_opened,
    endpoint.circuit_closed, source.silent, source.verification_failed. Signed and retried
    like every delivery; the secret appears in this response only."""
    await check_addresses(sender, body, auth.requires_https)
    hidden = await run_in_threadpool(_hidden, session, auth.environment_id, create=True)
    row = await run_in_threadpool(committed, session, endpoints.create_endpoint, hidden,
                                  consumer=operational.CONSUMER, url=body.url, events=body.events,
                                  description=body.description, headers=body.headers,
                                  secret=body.secret, rate_limit=body.rate_limit,
                                  signature_headers=body.signature_headers,
                                  signature_scheme=body.signature_scheme,
                                  auth=stored(body.auth), tls=stored(body.tls),
                                  broker=body.broker())
    return EndpointCreated.of(row, body.headers)


@router.get("", response_model=list[EndpointOut])
def list_operational_endpoints(auth: AuthDep, session: SessionDep) -> list[EndpointOut]:
    hidden = operational.environment_of(session, auth.environment_id)
    rows = committed(session, endpoints.list_endpoints, hidden.id, operational.CONSUMER) \
        if hidden else []
    return [EndpointOut.of(row) for row in rows]


@router.get("/{endpoint_id}", response_model=EndpointOut, responses=problems(404))
def get_operational_endpoint(endpoint_id: str, auth: AuthDep, session: SessionDep
                             ) -> EndpointOut:
    return EndpointOut.of(targets.read(
        session, Endpoint, _holding(session, auth.environment_id, endpoint_id), endpoint_id))


@router.patch("/{endpoint_id}", response_model=EndpointOut, responses=problems(404))
async def update_operational_endpoint(endpoint_id: str, body: EndpointPatchIn,
                                      auth: AuthDep, session: SessionDep,
                                      sender: SenderDep, temporal: TemporalDep,
                                      tenant: TenantCodeDep) -> EndpointOut:
    patch = body.to_patch()
    hidden = await run_in_threadpool(_holding, session, auth.environment_id, endpoint_id)
    found = await run_in_threadpool(targets.find, session, Endpoint, hidden, endpoint_id)
    await check_patch_urls(sender, patch, found, auth.requires_https)
    patch = await tenant.run(auth.environment_id, checked_patch, tenant.transforms, patch,
                             hidden)
    row, cancelled = await run_in_threadpool(
        targets.update, session, Endpoint, hidden, endpoint_id, patch)
    await wake_cancelled(temporal, cancelled)
    return EndpointOut.of(row, patch.headers)


@router.delete("/{endpoint_id}", status_code=204, responses=problems(404))
async def delete_operational_endpoint(endpoint_id: str, auth: AuthDep, session: SessionDep,
                                      temporal: TemporalDep) -> Response:
    hidden = await run_in_threadpool(_holding, session, auth.environment_id, endpoint_id)
    cancelled = await run_in_threadpool(targets.delete, session, Endpoint, hidden,
                                        endpoint_id)
    await wake_cancelled(temporal, cancelled)
    return Response(status_code=204)


@router.post("/{endpoint_id}/rotate-secret", status_code=201, response_model=SecretOut,
             responses=problems(404))
def rotate_operational_secret(endpoint_id: str, auth: AuthDep, session: SessionDep,
                              body: SecretIn | None = Body(default=None)) -> SecretOut:
    """A new key of its scheme (or of `signatureScheme`, or the one given); the previous
    one also signs for 24 hours."""
    given = body or SecretIn()
    return SecretOut(secret=targets.rotate_secret(
        session, Endpoint, _holding(session, auth.environment_id, endpoint_id), endpoint_id,
        given.secret,
        scheme=given.signature_scheme))
