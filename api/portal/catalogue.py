"""Portal pages: the event types the Consumer may subscribe to, with their JSON Schema and
examples (`services/event_types`)."""

from __future__ import annotations

import json

from fastapi import APIRouter, Request, Response

from api.deps import SessionDep
from api.portal.auth import PortalDep
from api.portal.web import PortalRoute, render
from hookline.persistence.db import committed
from hookline.services import event_types, portal

router = APIRouter(route_class=PortalRoute)


@router.get("/event-types")
def catalogue(request: Request, found: PortalDep, session: SessionDep) -> Response:
    types = committed(session, portal.catalogue, found.access)
    schemas = event_types.current_schemas(session, types)
    session.commit()
    shown = [{"name": t.name, "description": t.description,
              "schema": json.dumps(schemas[t.id], indent=2) if t.id in schemas else None,
              "examples": [json.dumps(e, indent=2) for e in t.examples or []]}
             for t in types]
    return render(request, "event_types.html", found, types=shown)
