"""Event types: the registered `domain.action` names events are published under, with their
JSON Schemas (versioned), examples and validation mode."""

from __future__ import annotations

from fastapi import APIRouter, Response
from sqlmodel import Session

from api import pagination
from api.deps import AuthDep, SessionDep
from api.jsonbody import JSONRoute
from api.schemas.common import COMMON_PROBLEMS, Page, PageLimit, problems
from api.schemas.event_types import (
    EventTypeIn,
    EventTypeOut,
    EventTypePatch,
    SchemaVersionOut,
)
from hookline.persistence.db import committed
from hookline.persistence.models import EventType
from hookline.services import event_types
from hookline.services.patch import KEEP

router = APIRouter(prefix="/v1/event-types", tags=["event types"], responses=COMMON_PROBLEMS,
                   route_class=JSONRoute)
Limit = PageLimit


def _outs(session: Session, types: list[EventType]) -> list[EventTypeOut]:
    schemas = event_types.current_schemas(session, types)
    return [EventTypeOut(name=t.name, description=t.description, schema_=schemas.get(t.id),
                         schema_version=t.schema_version, examples=t.examples,
                         validation=t.validation, created_at=t.created_at)
            for t in types]


@router.post("", status_code=201, response_model=EventTypeOut, responses=problems(409))
def create_event_type(body: EventTypeIn, auth: AuthDep, session: SessionDep) -> EventTypeOut:
    created = committed(session, event_types.create, auth.environment_id, body.name,
                        body.description, body.settings())
    return _outs(session, [created])[0]


@router.get("", response_model=Page[EventTypeOut])
def list_event_types(auth: AuthDep, session: SessionDep, limit: Limit = 50,
                     cursor: str | None = None) -> Page[EventTypeOut]:
    after = pagination.decode("event-types", cursor)
    rows = event_types.list_all(session, auth.environment_id, after, limit)
    items, next_cursor = pagination.page(rows, limit, "event-types", lambda t: t.name)
    return Page[EventTypeOut](items=_outs(session, items), next_cursor=next_cursor)


@router.get("/{name}", response_model=EventTypeOut, responses=problems(404))
def get_event_type(name: str, auth: AuthDep, session: SessionDep) -> EventTypeOut:
    return _outs(session, [event_types.get(session, auth.environment_id, name)])[0]


@router.patch("/{name}", response_model=EventTypeOut, responses=problems(404))
def update_event_type(name: str, body: EventTypePatch, auth: AuthDep,
                      session: SessionDep) -> EventTypeOut:
    description = body.description if "description" in body.model_fields_set \
        else KEEP
    updated = committed(session, event_types.update, auth.environment_id, name, description,
                        body.settings())
    return _outs(session, [updated])[0]


@router.get("/{name}/schemas", response_model=Page[SchemaVersionOut], responses=problems(404))
def list_schema_versions(name: str, auth: AuthDep, session: SessionDep, limit: Limit = 50,
                         cursor: str | None = None) -> Page[SchemaVersionOut]:
    """Every schema the type has had, newest first: a changed schema is a new version."""
    before = pagination.decode(f"schemas:{name}", cursor)
    rows = event_types.versions(session, auth.environment_id, name, before, limit)
    items, next_cursor = pagination.page(rows, limit, f"schemas:{name}", lambda v: v.version)
    return Page[SchemaVersionOut](
        items=[SchemaVersionOut(version=v.version, schema_=v.schema_, created_at=v.created_at)
               for v in items], next_cursor=next_cursor)


@router.delete("/{name}", status_code=204, responses=problems(404))
def delete_event_type(name: str, auth: AuthDep, session: SessionDep) -> Response:
    committed(session, event_types.delete, auth.environment_id, name)
    return Response(status_code=204)
