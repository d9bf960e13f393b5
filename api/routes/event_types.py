"""Event types: the registered `domain.action` names events are published under."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Response

from api import pagination
from api.deps import AuthDep, SessionDep
from api.jsonbody import JSONRoute
from api.schemas.common import COMMON_PROBLEMS, Int32, Page, problems
from api.schemas.consumers import EventTypeIn, EventTypeOut, EventTypePatch
from hookline.services import consumers

router = APIRouter(prefix="/v1/event-types", tags=["event types"], responses=COMMON_PROBLEMS,
                   route_class=JSONRoute)
Limit = Annotated[Int32, Query(ge=1, le=100)]


def _out(t: object) -> EventTypeOut:
    return EventTypeOut.model_validate(t, from_attributes=True)


@router.post("", status_code=201, response_model=EventTypeOut, responses=problems(409))
def create_event_type(body: EventTypeIn, auth: AuthDep, session: SessionDep) -> EventTypeOut:
    return _out(consumers.create_event_type(session, auth.environment_id, body.name,
                                            body.description))


@router.get("", response_model=Page[EventTypeOut])
def list_event_types(auth: AuthDep, session: SessionDep, limit: Limit = 50,
                     cursor: str | None = None) -> Page[EventTypeOut]:
    after = pagination.decode("event-types", cursor)
    rows = consumers.list_event_types(session, auth.environment_id, after, limit)
    items, next_cursor = pagination.page(rows, limit, "event-types", lambda t: t.name)
    return Page[EventTypeOut](items=[_out(t) for t in items], next_cursor=next_cursor)


@router.get("/{name}", response_model=EventTypeOut, responses=problems(404))
def get_event_type(name: str, auth: AuthDep, session: SessionDep) -> EventTypeOut:
    return _out(consumers.get_event_type(session, auth.environment_id, name))


@router.patch("/{name}", response_model=EventTypeOut, responses=problems(404))
def update_event_type(name: str, body: EventTypePatch, auth: AuthDep,
                      session: SessionDep) -> EventTypeOut:
    event_type = consumers.get_event_type(session, auth.environment_id, name)
    if "description" in body.model_fields_set:
        event_type.description = body.description
        session.add(event_type)
        session.commit()
    return _out(event_type)


@router.delete("/{name}", status_code=204, responses=problems(404))
def delete_event_type(name: str, auth: AuthDep, session: SessionDep) -> Response:
    session.delete(consumers.get_event_type(session, auth.environment_id, name))
    session.commit()
    return Response(status_code=204)
