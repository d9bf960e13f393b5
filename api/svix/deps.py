"""Authentication of the Svix-compatible API: Hookline's API keys, as /v1 takes them. Svix's
SDKs choose a region from a token's suffix (`….eu`), so a key with one is taken as it is:
the suffix is dropped before the lookup (Hookline's keys hold no dot). And the endpoint a
path names, for the operations on one."""

from __future__ import annotations

import re
from typing import Annotated

from fastapi import Depends, Request

from api.deps import SessionDep, authenticate_key, bearer_key
from hookline.persistence.db import committed
from hookline.persistence.models import Endpoint, Event
from hookline.services import endpoints, events
from hookline.services.accounts import Principal

REGION_SUFFIX = re.compile(r"\.[A-Za-z0-9]{1,16}$")


def svix_key(request: Request) -> str:
    return REGION_SUFFIX.sub("", bearer_key(request))


def authenticate(request: Request, session: SessionDep) -> Principal:
    return authenticate_key(request, session, svix_key(request))


AuthDep = Annotated[Principal, Depends(authenticate)]


def endpoint_of_app(app_id: str, endpoint_id: str, auth: AuthDep, session: SessionDep
                    ) -> Endpoint:
    """`{endpoint_id}` (its id or uid) of the application `{app_id}`: another
    application's is a 404, as a missing one."""
    return committed(session, endpoints.get_of_consumer, auth.environment_id, app_id,
                     endpoint_id)


EndpointDep = Annotated[Endpoint, Depends(endpoint_of_app)]


def message_of_app(app_id: str, msg_id: str, auth: AuthDep, session: SessionDep) -> Event:
    """`{msg_id}` (its id or eventId) of the application `{app_id}`: another
    application's is a 404, as a missing one."""
    return committed(session, events.get_of_consumer, auth.environment_id, app_id, msg_id)


MessageDep = Annotated[Event, Depends(message_of_app)]
