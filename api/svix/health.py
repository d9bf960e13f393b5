"""Svix's health checks, without authentication: `/health` reports the database, the queue
(Temporal, which runs the deliveries) and the cache (none here, so never failing), and is
200 while the API is ready by /readyz's rule, else 500; `/health/ping` is 204."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse

from hookline.observability.readiness import api_checks
from hookline.persistence.db import get_engine
from hookline.settings import get_settings

router = APIRouter(prefix="/health", tags=["Health"])


def _status(ok: bool) -> dict[str, str]:
    return {"status": "ok" if ok else "error"}


@router.api_route("", methods=["GET", "HEAD"])
async def health(request: Request) -> JSONResponse:
    found, ready = await api_checks(get_engine(), request.app.state.temporal,
                                    get_settings().ready_requires_temporal)
    body = {"database": _status(found["database"]), "queue": _status(found["temporal"]),
            "cache": _status(True)}
    return JSONResponse(body, status_code=200 if ready else 500)


@router.api_route("/ping", methods=["GET", "HEAD"], status_code=204)
async def ping() -> Response:
    return Response(status_code=204)
