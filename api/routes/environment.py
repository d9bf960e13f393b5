"""The API key's environment: read it, and set how long it keeps its data."""

from __future__ import annotations

import math

from fastapi import APIRouter
from fastapi.concurrency import run_in_threadpool
from sqlmodel import Session

from api.deps import AuthDep, SenderDep, SessionDep
from api.jsonbody import JSONRoute
from api.schemas.common import COMMON_PROBLEMS, problems
from api.schemas.environment import EnvironmentOut, EnvironmentPatch
from hookline.delivery.kinds.http.egress import redacted
from hookline.persistence.db import committed
from hookline.persistence.models import Environment
from hookline.services import accounts, retention
from hookline.settings import get_settings, parse_duration

router = APIRouter(prefix="/v1", tags=["environment"], responses=COMMON_PROBLEMS,
                   route_class=JSONRoute)


def _out(env: Environment) -> EnvironmentOut:
    seconds = retention.kept_seconds(env.retention_days,
                                     parse_duration(get_settings().retention))
    return EnvironmentOut(
        id=env.id, name=env.name, kind=env.kind, retention_days=env.retention_days,
        # Whole days, rounded up: an instance retention of 36h reads 2, and one of 6h reads 1.
        effective_retention_days=None if seconds is None else math.ceil(seconds / retention.DAY),
        egress_proxy=env.egress_proxy and redacted(env.egress_proxy),
        target_kinds=accounts.target_kinds_of(env), created_at=env.created_at)


@router.get("/environment", response_model=EnvironmentOut)
def get_environment(auth: AuthDep, session: SessionDep) -> EnvironmentOut:
    """The environment this API key belongs to."""
    return _out(accounts.get_env(session, auth.environment_id))


@router.patch("/environment", response_model=EnvironmentOut, responses=problems(403))
async def update_environment(body: EnvironmentPatch, auth: AuthDep, session: SessionDep,
                             sender: SenderDep) -> EnvironmentOut:
    """`egressProxy`: the proxy its requests to receivers go through (a URL of another
    scheme, or at an address a receiver could not have: 422). `targetKinds`: the kinds its
    targets may be (an unknown kind: 422); its key may narrow them, never widen them (403
    `operator-only`: the operator widens them). Nothing changes unless all of it is valid.
    `retentionDays` (1..3650): how long this environment's events and messages, with their
    Deliveries and attempts, are kept once nothing more can happen to them; null returns to
    the instance's HOOKLINE_RETENTION. The daily retention pass applies it."""
    if "egress_proxy" in body.model_fields_set:
        await accounts.check_egress_proxy(sender, body.egress_proxy)
    return await run_in_threadpool(_update, session, auth.environment_id, body)


def _update(session: Session, env_id: str, body: EnvironmentPatch) -> EnvironmentOut:
    return _out(committed(session, _apply, env_id, body))


def _apply(session: Session, env_id: str, body: EnvironmentPatch) -> Environment:
    """Every change in one transaction: a refused one leaves the others undone."""
    env = accounts.get_env(session, env_id)
    if "retention_days" in body.model_fields_set:
        env = accounts.set_retention(session, env.id, body.retention_days)
    if "egress_proxy" in body.model_fields_set:
        env = accounts.set_egress_proxy(session, env.id, body.egress_proxy)
    if "target_kinds" in body.model_fields_set:
        env = accounts.set_target_kinds(session, env.id, body.target_kinds)
    return env
