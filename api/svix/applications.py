"""Svix's applications (`/api/v1/app`), which are Consumers; `{app_id}` is a Consumer's id
or its externalId (Svix's uid)."""

from __future__ import annotations

from functools import partial

from fastapi import APIRouter, Response
from fastapi.concurrency import run_in_threadpool

from api.deps import SessionDep, TemporalDep
from api.dispatch import wake_cancelled
from api.jsonbody import JSONRoute
from api.svix import paging
from api.svix.deps import AuthDep
from api.svix.schemas.applications import (
    ID_PREFIX,
    ApplicationIn,
    ApplicationOut,
    ApplicationPatch,
)
from api.svix.schemas.common import ListResponse
from hookline.persistence.db import committed
from hookline.services import consumers

router = APIRouter(prefix="/app", tags=["Application"], route_class=JSONRoute)
APP_ID = paging.ids(ID_PREFIX)


@router.get("")
def list_applications(auth: AuthDep, session: SessionDep, limit: paging.Limit = 50,
                      iterator: str | None = None, order: paging.Order = "ascending"
                      ) -> ListResponse[ApplicationOut]:
    at = paging.seek(iterator, order == "ascending", APP_ID)
    rows = consumers.list_consumers(session, auth.environment_id, at.after, limit,
                                    ascending=at.ascending)
    return paging.respond(rows, limit, at, lambda c: c.id, ApplicationOut.of)


@router.post("", status_code=201)
def create_application(body: ApplicationIn, auth: AuthDep, session: SessionDep,
                       response: Response, get_if_exists: bool = False) -> ApplicationOut:
    """201 when created; with `get_if_exists`, 200 and the application its uid names."""
    if get_if_exists and body.uid is not None and (
            found := consumers.find_consumer(session, auth.environment_id, body.uid)):
        response.status_code = 200
        return ApplicationOut.of(found)
    return ApplicationOut.of(committed(session, consumers.create_consumer, auth.environment_id,
                                       body.uid, body.name, body.details()))


@router.get("/{app_id}")
def get_application(app_id: str, auth: AuthDep, session: SessionDep) -> ApplicationOut:
    return ApplicationOut.of(consumers.get_consumer(session, auth.environment_id, app_id))


@router.put("/{app_id}")
def update_application(app_id: str, body: ApplicationIn, auth: AuthDep, session: SessionDep,
                       response: Response) -> ApplicationOut:
    """200 when updated; 201 when `{app_id}` named none and it was created (with the body's
    uid, as in Svix)."""
    if consumers.find_consumer(session, auth.environment_id, app_id) is None:
        response.status_code = 201
        return ApplicationOut.of(committed(session, consumers.create_consumer,
                                           auth.environment_id, body.uid, body.name,
                                           body.details()))
    return ApplicationOut.of(committed(session, consumers.update_consumer, auth.environment_id,
                                       app_id, body.replacement()))


@router.patch("/{app_id}")
def patch_application(app_id: str, body: ApplicationPatch, auth: AuthDep,
                      session: SessionDep) -> ApplicationOut:
    return ApplicationOut.of(committed(session, consumers.update_consumer, auth.environment_id,
                                       app_id, body.patch()))


@router.delete("/{app_id}", status_code=204)
async def delete_application(app_id: str, auth: AuthDep, session: SessionDep,
                             temporal: TemporalDep) -> Response:
    """Deletes the Consumer and its endpoints, as /v1 does; their waiting Deliveries are
    cancelled."""
    cancelled = await run_in_threadpool(partial(
        committed, session, consumers.delete_consumer, auth.environment_id, app_id))
    await wake_cancelled(temporal, cancelled)
    return Response(status_code=204)
