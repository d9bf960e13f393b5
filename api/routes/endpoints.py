"""Endpoints: the URLs of Consumers that events are delivered to. PATCH, DELETE, stats,
attempts and recover are the shared target routes (`api/routes/targets`).

Handlers that check a URL or send a request are async: DNS and HTTP are awaited outside any
database transaction, and the database work runs in the thread pool around them."""

from __future__ import annotations

from fastapi import APIRouter, Body
from fastapi.concurrency import run_in_threadpool

from api.deps import AuthDep, SenderDep, SessionDep, TenantCodeDep
from api.jsonbody import JSONRoute
from api.routes.targets import TargetResource, add_shared_routes, check_new
from api.schemas.common import COMMON_PROBLEMS, problems
from api.schemas.credentials import stored
from api.schemas.endpoints import (
    EndpointCreated,
    EndpointIn,
    EndpointOut,
    EndpointPatchIn,
    EndpointTestResult,
    Headers,
    HeadersIn,
    PollTokenOut,
    SecretIn,
    SecretOut,
)
from api.schemas.previews import EventPreviewIn, PreviewOut
from hookline.persistence.db import committed
from hookline.persistence.models import Endpoint
from hookline.services import endpoints, previews
from hookline.services.headers import masked
from hookline.services.previews import EventSample
from hookline.usecases import targets

router = APIRouter(prefix="/v1/endpoints", tags=["endpoints"], responses=COMMON_PROBLEMS,
                   route_class=JSONRoute)


@router.post("", status_code=201, response_model=EndpointCreated)
async def create_endpoint(body: EndpointIn, auth: AuthDep, session: SessionDep,
                          sender: SenderDep, tenant: TenantCodeDep) -> EndpointCreated:
    """The secret appears in this response only (and a polling endpoint's poll token). An
    unknown consumer, an unregistered event type, a refused URL, an invalid header, secret
    or rateLimit, or what a polling endpoint cannot have: 422."""
    body = body.resolved()
    assert body.url is not None
    code = await check_new(body, auth, sender, tenant)
    row = await run_in_threadpool(committed, session, endpoints.create_endpoint,
                                  auth.environment_id, consumer=body.consumer, url=body.url,
                                  events=body.events, description=body.description,
                                  headers=body.headers, secret=body.secret,
                                  rate_limit=body.rate_limit, filter=body.filter,
                                  transformation=code,
                                  signature_headers=body.signature_headers,
                                  signature_scheme=body.signature_scheme,
                                  auth=stored(body.auth), tls=stored(body.tls),
                                  broker=body.broker(),
                                  ordering=body.ordering.stored() if body.ordering else None,
                                  batch=body.batch.stored() if body.batch else None)
    return EndpointCreated.of(row, body.headers)


@router.get("", response_model=list[EndpointOut])
def list_endpoints(auth: AuthDep, session: SessionDep,
                   consumer: str | None = None) -> list[EndpointOut]:
    """The 100 most recent endpoints, newest first; not paginated. `consumer` (externalId)
    filters; an unknown consumer gives an empty list, not 404."""
    rows = committed(session, endpoints.list_endpoints, auth.environment_id, consumer)
    return [EndpointOut.of(row) for row in rows]


@router.get("/{endpoint_id}", response_model=EndpointOut, responses=problems(404))
def get_endpoint(endpoint_id: str, auth: AuthDep, session: SessionDep) -> EndpointOut:
    return EndpointOut.of(targets.read(session, Endpoint, auth.environment_id, endpoint_id))


@router.put("/{endpoint_id}/headers", response_model=Headers, responses=problems(404))
def set_endpoint_headers(endpoint_id: str, body: HeadersIn, auth: AuthDep,
                session: SessionDep) -> Headers:
    """Replaces all fixed headers ({} removes them); answers the set now in force. Reads
    show credentials (`Authorization`, `X-Api-Key`...) masked: such a masked value sent
    back keeps the stored one."""
    return masked(targets.set_headers(session, Endpoint, auth.environment_id, endpoint_id,
                                      body.headers), body.headers)


@router.post("/{endpoint_id}/rotate-secret", status_code=201, response_model=SecretOut,
             responses=problems(404))
def rotate_endpoint_secret(endpoint_id: str, auth: AuthDep, session: SessionDep,
                  body: SecretIn | None = Body(default=None)) -> SecretOut:
    """A new key of its scheme (or of `signatureScheme`, or the one given); the previous
    one also signs for 24 hours."""
    given = body or SecretIn()
    return SecretOut(secret=targets.rotate_secret(session, Endpoint, auth.environment_id,
                                                  endpoint_id, given.secret,
                                                  scheme=given.signature_scheme))


@router.post("/{endpoint_id}/rotate-poll-token", status_code=201, response_model=PollTokenOut,
             responses=problems(404, 409))
def rotate_endpoint_poll_token(endpoint_id: str, auth: AuthDep, session: SessionDep
                               ) -> PollTokenOut:
    """A polling endpoint's new poll token: the previous one is refused from now on."""
    return PollTokenOut(poll_token=committed(session, endpoints.rotate_poll_token,
                                             auth.environment_id, endpoint_id))


@router.post("/{endpoint_id}/test", response_model=EndpointTestResult,
             responses=problems(404, 409))
async def test_endpoint(endpoint_id: str, auth: AuthDep, session: SessionDep,
                        sender: SenderDep) -> EndpointTestResult:
    """Sends one signed `endpoint.test` event now and waits for the answer (200 whatever
    the endpoint answered). Not stored; never counts as a failure. errorType is null on
    success. 409 for a polling endpoint, which is sent nothing."""
    out = await run_in_threadpool(committed, session, endpoints.test_outgoing, auth.environment_id,
                                  endpoint_id, auth.requires_https)
    result = await sender.send(out)
    return EndpointTestResult(success=result.succeeded, status_code=result.status_code,
                              error_type=result.error_type, error_message=result.error_message,
                              duration_ms=result.duration_ms)


add_shared_routes(router, TargetResource(
    Endpoint, "/{endpoint_id}", "endpoint_id", EndpointOut, EndpointPatchIn,
    patch_doc="Absent fields stay; a null rateLimit removes the limit. Disabling cancels the "
              "endpoint's waiting Deliveries; enabling resets its consecutive-failure count.",
    recover_doc="Re-send the endpoint's exhausted or cancelled Deliveries created in the "
                "window, in creation order, each as a retry (same Webhook-Id), at the "
                "endpoint's pace. 409 while the endpoint is disabled."))


@router.post("/{endpoint_id}/preview", response_model=PreviewOut, responses=problems(404))
async def preview_endpoint(endpoint_id: str, body: EventPreviewIn, auth: AuthDep,
                           session: SessionDep, tenant: TenantCodeDep) -> PreviewOut:
    """What the endpoint would be sent for a stored event (`eventId`) or a sample (`type`
    and `data`), under its filter or an unsaved one (`filter`). Nothing is sent or stored."""
    sample = EventSample(event_id=body.event_id, type=body.type, data=body.data,
                         has_data="data" in body.model_fields_set)
    return PreviewOut(**vars(await tenant.run(
        auth.environment_id, committed, session, previews.endpoint_preview,
        auth.environment_id, endpoint_id, sample, body.tried(), tenant.transforms)))
