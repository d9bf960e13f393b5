"""Bulk recovery: re-send an endpoint's or a destination's failed Deliveries, from one
Temporal workflow per recovery; read or cancel it by its id."""

from __future__ import annotations

from collections.abc import Callable

from fastapi import APIRouter, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse
from sqlmodel import Session
from temporalio.client import Client

from api.deps import AuthDep, SessionDep, TemporalDep
from api.jsonbody import JSONRoute
from api.recovering import begin
from api.schemas.common import COMMON_PROBLEMS, problems
from api.schemas.recoveries import Matching, RecoverIn, RecoveryOut, RecoveryStarted
from hookline.delivery import targets
from hookline.persistence.db import committed
from hookline.persistence.models import Recovery
from hookline.services import recoveries
from hookline.temporal import cancel_workflow

router = APIRouter(prefix="/v1/recoveries", tags=["recoveries"], responses=COMMON_PROBLEMS,
                   route_class=JSONRoute)
RESPONSES = {200: {"model": Matching, "description": "dryRun: how many match; nothing done"},
             **problems(404, 409)}


def _out(recovery: Recovery) -> RecoveryOut:
    return RecoveryOut.model_validate(recovery, from_attributes=True)


async def recover(find: Callable[[], targets.Target], body: RecoverIn, auth_env: str,
                  session: Session, temporal: Client) -> Response:
    """POST .../recover of an endpoint or a destination (`find` reads it, scoped)."""
    w = recoveries.window(body.since, body.until, list(body.statuses or []) or None)
    if body.dry_run:
        target = await run_in_threadpool(find)
        found = await run_in_threadpool(recoveries.count, session, target, w)
        return JSONResponse(Matching(matching=found).model_dump(by_alias=True))
    recovery = await begin(find, w, auth_env, session, temporal)
    started = RecoveryStarted(id=recovery.id, recovered=recovery.matching)
    return JSONResponse(started.model_dump(by_alias=True), status_code=202)


@router.get("/{recovery_id}", response_model=RecoveryOut, responses=problems(404))
def get_recovery(recovery_id: str, auth: AuthDep, session: SessionDep) -> RecoveryOut:
    return _out(recoveries.get_scoped(session, auth.environment_id, recovery_id))


@router.delete("/{recovery_id}", response_model=RecoveryOut, responses=problems(404))
async def cancel_recovery(recovery_id: str, auth: AuthDep, session: SessionDep,
                          temporal: TemporalDep) -> RecoveryOut:
    """Stops it between batches: what it re-sent stays re-sent."""
    recovery = await run_in_threadpool(committed, session, recoveries.cancel, auth.environment_id,
                                       recovery_id)
    await cancel_workflow(temporal, recovery_id)
    return _out(recovery)
