"""The consumer portal: server-rendered pages under /portal that a user hands to their own
customers through a magic link (`POST /v1/consumers/{id}/portal`). One module per page
group; `auth` holds sessions and CSRF, `web` templates and HTML errors (the framing
rules of every response are `api.middleware`'s)."""

from __future__ import annotations

from fastapi import APIRouter, FastAPI
from fastapi.staticfiles import StaticFiles

from api.portal import auth, catalogue, deliveries, docs, endpoints, notifications, web

router = APIRouter(prefix="/portal", include_in_schema=False)
# docs last: its catch-all answers the portal's unknown paths with an HTML 404.
for module in (auth, endpoints, deliveries, catalogue, notifications, docs):
    router.include_router(module.router)


def install(app: FastAPI) -> None:
    app.mount("/portal/static", StaticFiles(directory=web.HERE / "static"),
              name="portal-static")
    app.include_router(router)
