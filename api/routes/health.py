"""Liveness and readiness: /readyz names whichever of the database and Temporal is down."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from sqlalchemy import text

from api.errors import problem_response
from api.schemas.common import problems
from hookline.errors import Unavailable
from hookline.persistence.db import get_engine

router = APIRouter(tags=["health"])


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    return {"status": "ok"}


def _database_ok() -> bool:
    try:
        with get_engine().connect() as conn:
            conn.execute(text("SELECT 1"))
        return True
    except Exception:
        return False


async def _temporal_ok(request: Request) -> bool:
    try:
        await asyncio.wait_for(request.app.state.temporal.service_client.check_health(), 3)
        return True
    except Exception:
        return False


@router.get("/readyz", responses=problems(503))
async def readyz(request: Request) -> Any:
    database, temporal = await asyncio.gather(run_in_threadpool(_database_ok),
                                              _temporal_ok(request))
    checks = {"database": "ok" if database else "unavailable",
              "temporal": "ok" if temporal else "unavailable"}
    if database and temporal:
        return {"status": "ok", **checks}
    down = " and ".join(name for name, state in checks.items() if state != "ok")
    error = Unavailable(f"{down} unavailable")
    response = problem_response(error, request)
    response.body = response.render({**error.body("/readyz"), "checks": checks})
    response.headers["content-length"] = str(len(response.body))
    return response
