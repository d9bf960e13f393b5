"""Svix's event types (`/api/v1/event-type`): Hookline's event types, by name. DELETE
archives one unless `expunge=true`; creating an archived one again starts it afresh."""

from __future__ import annotations

import re

from fastapi import APIRouter, Response
from sqlmodel import Session

from api.deps import SessionDep
from api.jsonbody import JSONRoute
from api.svix import paging
from api.svix.deps import AuthDep
from api.svix.schemas.common import NAME_PATTERN, ListResponse
from api.svix.schemas.event_types import (
    EventTypeIn,
    EventTypeOut,
    EventTypePatch,
    EventTypeUpdate,
)
from hookline.persistence.db import committed
from hookline.persistence.models import EventType
from hookline.services import event_types

router = APIRouter(prefix="/event-type", tags=["Event Type"], route_class=JSONRoute)
NAME = re.compile(NAME_PATTERN)


def _out(session: Session, event_type: EventType) -> EventTypeOut:
    return EventTypeOut.of(event_type, event_types.current_schema(session, event_type))


@router.get("")
def list_event_types(auth: AuthDep, session: SessionDep, limit: paging.Limit = 50,
                     iterator: str | None = None, order: paging.Order | None = None,
                     include_archived: bool = False, with_content: bool = False
                     ) -> ListResponse[EventTypeOut]:
    """By name, ascending: `order` is accepted and not used, as in Svix."""
    at = paging.seek(iterator, True, NAME)
    rows = event_types.list_all(session, auth.environment_id, at.after, limit,
                                ascending=at.ascending, include_archived=include_archived)
    schemas = event_types.current_schemas(session, rows) if with_content else {}
    return paging.respond(rows, limit, at, lambda t: t.name,
                          lambda t: EventTypeOut.of(t, schemas.get(t.id), with_content))


@router.post("", status_code=201)
def create_event_type(body: EventTypeIn, auth: AuthDep, session: SessionDep) -> EventTypeOut:
    return _out(session, committed(session, event_types.create, auth.environment_id,
                                   body.name, body.description, body.settings(),
                                   body.flags(), revive=True))


@router.get("/{event_type_name}")
def get_event_type(event_type_name: str, auth: AuthDep, session: SessionDep) -> EventTypeOut:
    """Archived ones too."""
    return _out(session, event_types.get(session, auth.environment_id, event_type_name))


@router.put("/{event_type_name}")
def update_event_type(event_type_name: str, body: EventTypeUpdate, auth: AuthDep,
                      session: SessionDep, response: Response) -> EventTypeOut:
    """200 when updated; 201 when it was created under the path's name."""
    env_id = auth.environment_id
    if event_types.find(session, env_id, event_type_name) is None:
        response.status_code = 201
        return _out(session, committed(session, event_types.create, env_id, event_type_name,
                                       body.description, body.settings(), body.flags(),
                                       revive=True))
    return _out(session, committed(session, event_types.update, env_id, event_type_name,
                                   body.description, body.settings(), body.flags()))


@router.patch("/{event_type_name}")
def patch_event_type(event_type_name: str, body: EventTypePatch, auth: AuthDep,
                     session: SessionDep) -> EventTypeOut:
    return _out(session, committed(session, event_types.update, auth.environment_id,
                                   event_type_name, body.description_or_keep(),
                                   body.settings(), body.flags()))


@router.delete("/{event_type_name}", status_code=204)
def delete_event_type(event_type_name: str, auth: AuthDep, session: SessionDep,
                      expunge: bool = False) -> Response:
    """Archives it; `expunge=true` deletes it."""
    remove = event_types.delete if expunge else event_types.archive
    committed(session, remove, auth.environment_id, event_type_name)
    return Response(status_code=204)
