"""Liveness and readiness. The API is ready while its database answers: publishes and
ingestion never need Temporal (the outbox keeps what they accept), so Temporal's state is a
check in /readyz's body, and makes it 503 only with HOOKLINE_READY_REQUIRES_TEMPORAL."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from api.errors import problem_response
from api.schemas.common import problems
from hookline.errors import Unavailable
from hookline.observability.readiness import api_checks, state
from hookline.persistence.db import get_engine
from hookline.settings import get_settings

router = APIRouter(tags=["health"])


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    return {"status": "ok"}


@router.get("/readyz", responses=problems(503))
async def readyz(request: Request) -> Any:
    """200 while the database answers, with each check (`database`, `temporal`) in
    `checks`; 503 when the database does not, or Temporal does not and
    HOOKLINE_READY_REQUIRES_TEMPORAL is on."""
    requires_temporal = get_settings().ready_requires_temporal
    found, ready = await api_checks(get_engine(), request.app.state.temporal, requires_temporal)
    checks = {name: state(ok) for name, ok in found.items()}
    if ready:
        return {"status": "ok", **checks, "checks": checks}
    needed = ("database", "temporal") if requires_temporal else ("database",)
    down = " and ".join(name for name in needed if not found[name])
    error = Unavailable(f"{down} unavailable")
    response = problem_response(error, request)
    response.body = response.render({**error.body("/readyz"), "checks": checks})
    response.headers["content-length"] = str(len(response.body))
    return response
