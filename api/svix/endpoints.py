"""Svix's endpoints (`/api/v1/app/{app_id}/endpoint`): the Consumer's endpoints, with their
fixed headers and secret; `{endpoint_id}` is an endpoint's id or its uid. Recover,
send-example and stats are in `endpoint_deliveries`.

Handlers that check a URL are async: DNS is awaited outside any database transaction, and
the database work runs in the thread pool around it, as in /v1's endpoints."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import cast

from fastapi import APIRouter, Response
from fastapi.concurrency import run_in_threadpool

from api.deps import SenderDep, SessionDep, TemporalDep
from api.dispatch import wake_cancelled
from api.jsonbody import JSONRoute
from api.svix import paging
from api.svix.deps import AuthDep, EndpointDep
from api.svix.schemas.common import ListResponse
from api.svix.schemas.endpoints import (
    ID_PREFIX,
    EndpointHeadersIn,
    EndpointHeadersOut,
    EndpointHeadersPatchIn,
    EndpointIn,
    EndpointOut,
    EndpointPatch,
    EndpointSecretOut,
    EndpointSecretRotateIn,
    EndpointUpdate,
)
from hookline.persistence.db import committed
from hookline.persistence.models import Endpoint
from hookline.services import consumers, endpoints
from hookline.services.accounts import Principal
from hookline.services.polling import shown_url
from hookline.services.targets import TargetPatch, check_url
from hookline.signing import verifying_key
from hookline.usecases import targets

router = APIRouter(prefix="/app/{app_id}/endpoint", tags=["Endpoint"], route_class=JSONRoute)
EP_ID = paging.ids(ID_PREFIX)


@router.get("")
def list_endpoints(app_id: str, auth: AuthDep, session: SessionDep, limit: paging.Limit = 50,
                   iterator: str | None = None, order: paging.Order = "descending"
                   ) -> ListResponse[EndpointOut]:
    """Newest first unless `order=ascending`, as in Svix."""
    at = paging.seek(iterator, order == "ascending", EP_ID)
    rows = endpoints.page_of_consumer(session, auth.environment_id, app_id, at.after, limit,
                                      ascending=at.ascending)
    return paging.respond(rows, limit, at, lambda e: e.id, EndpointOut.of)


async def _create(app_id: str, body: EndpointIn, auth: Principal, session: SessionDep,
                  sender: SenderDep) -> EndpointOut:
    owner = await run_in_threadpool(committed, session, consumers.get_consumer,
                                    auth.environment_id, app_id)
    await check_url(sender, body.url, auth.requires_https)
    row = await run_in_threadpool(
        committed, session, endpoints.create_endpoint, auth.environment_id, consumer=owner.id,
        url=body.url, events=body.events(), description=body.description or None,
        headers=body.headers, secret=body.secret, rate_limit=body.throttle_rate or
        body.rate_limit, signature_headers=body.names(), details=body.details())
    return EndpointOut.of(cast(Endpoint, row.target))


@router.post("", status_code=201)
async def create_endpoint(app_id: str, body: EndpointIn, auth: AuthDep, session: SessionDep,
                          sender: SenderDep) -> EndpointOut:
    """An unregistered event type, a refused URL, an invalid header or secret: 422; a uid
    another endpoint of the application has: 409."""
    return await _create(app_id, body, auth, session, sender)


@router.get("/{endpoint_id}")
def get_endpoint(endpoint: EndpointDep) -> EndpointOut:
    return EndpointOut.of(endpoint)


async def _update(found: Endpoint, patch: TargetPatch, auth: Principal, session: SessionDep,
                  sender: SenderDep, temporal: TemporalDep) -> EndpointOut:
    """Disabling cancels its waiting Deliveries (woken after the commit), as in /v1. A
    polling endpoint's `url` as read (its poll URL) sent back is no change."""
    if patch.url is not None and patch.url == shown_url(found):
        patch = replace(patch, url=None)
    if patch.url is not None and patch.url != found.url:
        await check_url(sender, patch.url, auth.requires_https)
    row, cancelled = await run_in_threadpool(targets.update, session, Endpoint,
                                             auth.environment_id, found.id, patch)
    await wake_cancelled(temporal, cancelled)
    return EndpointOut.of(cast(Endpoint, row.target))


@router.put("/{endpoint_id}")
async def update_endpoint(app_id: str, endpoint_id: str, body: EndpointUpdate, auth: AuthDep,
                          session: SessionDep, sender: SenderDep, temporal: TemporalDep,
                          response: Response) -> EndpointOut:
    """200 when updated; 201 when `{endpoint_id}` named none and it was made (with the
    body's uid and a new secret, as in Svix)."""
    found = await run_in_threadpool(committed, session, endpoints.find_of_consumer,
                                    auth.environment_id, app_id, endpoint_id)
    if found is None:
        response.status_code = 201
        made = EndpointIn.model_validate(body.model_dump(exclude_unset=True))
        return await _create(app_id, made, auth, session, sender)
    return await _update(found, body.replacement(), auth, session, sender, temporal)


@router.patch("/{endpoint_id}")
async def patch_endpoint(endpoint: EndpointDep, body: EndpointPatch, auth: AuthDep,
                         session: SessionDep, sender: SenderDep, temporal: TemporalDep
                         ) -> EndpointOut:
    return await _update(endpoint, body.patch(), auth, session, sender, temporal)


@router.delete("/{endpoint_id}", status_code=204)
async def delete_endpoint(endpoint: EndpointDep, auth: AuthDep, session: SessionDep,
                          temporal: TemporalDep) -> Response:
    """Its waiting Deliveries are cancelled; its delivery history stays (as in /v1)."""
    cancelled = await run_in_threadpool(partial(targets.delete, session, Endpoint,
                                                auth.environment_id, endpoint.id))
    await wake_cancelled(temporal, cancelled)
    return Response(status_code=204)


@router.get("/{endpoint_id}/headers")
def get_endpoint_headers(endpoint: EndpointDep) -> EndpointHeadersOut:
    """Svix's sensitive headers (`Authorization`, `X-Api-Key`...) by name only."""
    return EndpointHeadersOut.of(endpoint.custom_headers)


@router.put("/{endpoint_id}/headers", status_code=204)
def update_endpoint_headers(endpoint: EndpointDep, body: EndpointHeadersIn, auth: AuthDep,
                            session: SessionDep) -> Response:
    """Replaces them all."""
    targets.set_headers(session, Endpoint, auth.environment_id, endpoint.id, body.headers)
    return Response(status_code=204)


@router.patch("/{endpoint_id}/headers", status_code=204)
def patch_endpoint_headers(endpoint: EndpointDep, body: EndpointHeadersPatchIn,
                           auth: AuthDep, session: SessionDep) -> Response:
    """Sets those given; removes those whose value is null or named in `deleteHeaders`."""
    targets.patch_headers(session, Endpoint, auth.environment_id, endpoint.id, body.headers,
                          body.delete_headers)
    return Response(status_code=204)


@router.get("/{endpoint_id}/secret")
def get_endpoint_secret(endpoint: EndpointDep) -> EndpointSecretOut:
    return EndpointSecretOut(key=verifying_key(endpoint.secret))


@router.post("/{endpoint_id}/secret/rotate")
def rotate_endpoint_secret(endpoint: EndpointDep, body: EndpointSecretRotateIn,
                           auth: AuthDep, session: SessionDep) -> EndpointSecretOut:
    """200 and the new secret: Svix's server answers 204, which its Python SDK cannot read
    (it parses the body). The previous secret signs beside it for `gracePeriodSeconds`."""
    return EndpointSecretOut(key=targets.rotate_secret(
        session, Endpoint, auth.environment_id, endpoint.id, body.key, body.overlap()))
