"""Endpoints: the URLs of Consumers that events are delivered to.

Handlers that check a URL or send a request are async: DNS and HTTP are awaited outside any
database transaction, and the database work runs in the thread pool around them."""

from __future__ import annotations

from functools import partial
from typing import Annotated

from fastapi import APIRouter, Body, Depends, Response
from fastapi.concurrency import run_in_threadpool

from api.deps import AuthDep, SenderDep, SessionDep, TemporalDep
from api.dispatch import wake_cancelled
from api.explorer import attempt_filter
from api.jsonbody import JSONRoute
from api.routes.recoveries import RESPONSES, recover
from api.schemas.common import COMMON_PROBLEMS, Page, PageLimit, problems
from api.schemas.deliveries import AttemptOut, attempts_page
from api.schemas.endpoints import (
    EndpointCreated,
    EndpointIn,
    EndpointOut,
    EndpointPatchIn,
    EndpointTestResult,
    Headers,
    HeadersIn,
    SecretIn,
    SecretOut,
)
from api.schemas.recoveries import RecoverIn, RecoveryStarted
from api.schemas.stats import HEALTH_DOC, Since, TargetStatsOut, health
from hookline.services import endpoints
from hookline.services.explorer import Filter

router = APIRouter(prefix="/v1/endpoints", tags=["endpoints"], responses=COMMON_PROBLEMS,
                   route_class=JSONRoute)


@router.post("", status_code=201, response_model=EndpointCreated)
async def create_endpoint(body: EndpointIn, auth: AuthDep, session: SessionDep,
                          sender: SenderDep) -> EndpointCreated:
    """The secret appears in this response only. An unknown consumer, an unregistered
    event type, a refused URL, an invalid header, secret or rateLimit: 422."""
    await endpoints.check_url(sender, body.url, auth.requires_https)
    row = await run_in_threadpool(
        endpoints.create_endpoint, session, auth.environment_id, consumer=body.consumer,
        url=body.url, events=body.events, description=body.description,
        headers=body.headers, secret=body.secret, rate_limit=body.rate_limit)
    return EndpointCreated.of(row)


@router.get("", response_model=list[EndpointOut])
def list_endpoints(auth: AuthDep, session: SessionDep,
                   consumer: str | None = None) -> list[EndpointOut]:
    """The 100 most recent endpoints, newest first; not paginated. `consumer` (externalId)
    filters; an unknown consumer gives an empty list, not 404."""
    rows = endpoints.list_endpoints(session, auth.environment_id, consumer)
    return [EndpointOut.of(row) for row in rows]


@router.get("/{endpoint_id}", response_model=EndpointOut, responses=problems(404))
def get_endpoint(endpoint_id: str, auth: AuthDep, session: SessionDep) -> EndpointOut:
    return EndpointOut.of(endpoints.get_endpoint(session, auth.environment_id, endpoint_id))


@router.patch("/{endpoint_id}", response_model=EndpointOut, responses=problems(404))
async def update_endpoint(endpoint_id: str, body: EndpointPatchIn, auth: AuthDep,
                          session: SessionDep, sender: SenderDep,
                          temporal: TemporalDep) -> EndpointOut:
    """Absent fields stay; a null rateLimit removes the limit. Disabling cancels the
    endpoint's waiting Deliveries; enabling resets its consecutive-failure count."""
    patch = body.to_patch()
    await run_in_threadpool(endpoints.ensure_exists, session, auth.environment_id, endpoint_id)
    if patch.url is not None:
        await endpoints.check_url(sender, patch.url, auth.requires_https)
    row, cancelled = await run_in_threadpool(
        endpoints.update_endpoint, session, auth.environment_id, endpoint_id, patch)
    await wake_cancelled(temporal, cancelled)
    return EndpointOut.of(row)


@router.delete("/{endpoint_id}", status_code=204, responses=problems(404))
async def delete_endpoint(endpoint_id: str, auth: AuthDep, session: SessionDep,
                          temporal: TemporalDep) -> Response:
    """Its waiting Deliveries are cancelled; its delivery history stays."""
    cancelled = await run_in_threadpool(
        endpoints.delete_endpoint, session, auth.environment_id, endpoint_id)
    await wake_cancelled(temporal, cancelled)
    return Response(status_code=204)


@router.put("/{endpoint_id}/headers", response_model=Headers, responses=problems(404))
def set_headers(endpoint_id: str, body: HeadersIn, auth: AuthDep,
                session: SessionDep) -> Headers:
    """Replaces all fixed headers ({} removes them); answers the set now in force."""
    return endpoints.set_headers(session, auth.environment_id, endpoint_id, body.headers)


@router.post("/{endpoint_id}/rotate-secret", status_code=201, response_model=SecretOut,
             responses=problems(404))
def rotate_secret(endpoint_id: str, auth: AuthDep, session: SessionDep,
                  body: SecretIn | None = Body(default=None)) -> SecretOut:
    """A new secret (or the one given); the previous one also signs for 24 hours."""
    secret = body.secret if body else None
    return SecretOut(secret=endpoints.rotate_secret(session, auth.environment_id,
                                                    endpoint_id, secret))


@router.get("/{endpoint_id}/stats", response_model=TargetStatsOut, responses=problems(404),
            description=HEALTH_DOC)
def endpoint_stats(endpoint_id: str, auth: AuthDep, session: SessionDep,
                   since: Since = None) -> TargetStatsOut:
    target = endpoints.get_scoped(session, auth.environment_id, endpoint_id)
    return health(session, target, "endpoint", since)


@router.get("/{endpoint_id}/attempts", response_model=Page[AttemptOut],
            responses=problems(404))
def list_attempts(endpoint_id: str, auth: AuthDep, session: SessionDep,
                  found: Annotated[Filter, Depends(attempt_filter)], cursor: str | None = None,
                  limit: PageLimit = 50) -> Page[AttemptOut]:
    """The attempts to this endpoint, newest first (the delivery explorer's filters)."""
    endpoints.get_scoped(session, auth.environment_id, endpoint_id)
    return attempts_page(session, endpoint_id, found, cursor, limit)


@router.post("/{endpoint_id}/test", response_model=EndpointTestResult,
             responses=problems(404))
async def test_endpoint(endpoint_id: str, auth: AuthDep, session: SessionDep,
                        sender: SenderDep) -> EndpointTestResult:
    """Sends one signed `endpoint.test` event now and waits for the answer (200 whatever
    the endpoint answered). Not stored; never counts as a failure. errorType is null on
    success."""
    out = await run_in_threadpool(endpoints.test_outgoing, session, auth.environment_id,
                                  endpoint_id, auth.requires_https)
    result = await sender.send(out)
    return EndpointTestResult(success=result.succeeded, status_code=result.status_code,
                              error_type=result.error_type, error_message=result.error_message,
                              duration_ms=result.duration_ms)


@router.post("/{endpoint_id}/recover", status_code=202, response_model=RecoveryStarted,
             responses=RESPONSES)
async def recover_endpoint(endpoint_id: str, body: RecoverIn, auth: AuthDep,
                           session: SessionDep, temporal: TemporalDep) -> Response:
    """Re-send the endpoint's exhausted or cancelled Deliveries created in the window, in
    creation order, each as a retry (same Webhook-Id), at the endpoint's pace. 409 while
    the endpoint is disabled."""
    return await recover(partial(endpoints.get_scoped, session, auth.environment_id,
                                 endpoint_id), body, auth.environment_id, session, temporal)
