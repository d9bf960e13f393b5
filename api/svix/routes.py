"""Mounts the Svix-compatible API under /api/v1, out of Hookline's OpenAPI document (it is
Svix's API, described by Svix's)."""

from __future__ import annotations

from fastapi import APIRouter, FastAPI

from api.svix import (
    applications,
    attempts,
    authentication,
    endpoint_deliveries,
    endpoints,
    event_types,
    health,
    messages,
)
from api.svix.errors import PREFIX

router = APIRouter(prefix=PREFIX, include_in_schema=False)
MODULES = (applications, endpoints, endpoint_deliveries, messages, attempts, event_types,
           authentication, health)
for module in MODULES:
    router.include_router(module.router)


def install(app: FastAPI) -> None:
    app.include_router(router)
