"""Ingestion Sources: create, read, alter, delete, set the provider secret, rotate the URL."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import APIRouter, BackgroundTasks, Response
from fastapi.concurrency import run_in_threadpool
from sqlalchemy.orm import object_session
from sqlmodel import Session
from temporalio.client import Client

from api.deps import AuthDep, SenderDep, SessionDep, TemporalDep
from api.dispatch import wake_cancelled
from api.jsonbody import JSONRoute
from api.schemas.common import COMMON_PROBLEMS, problems
from api.schemas.sources import (
    BROKER_FIELDS,
    SourceIn,
    SourceOut,
    SourcePatch,
    SourceSecretIn,
    source_out,
)
from hookline.persistence import queries
from hookline.persistence.db import committed
from hookline.persistence.models import Source
from hookline.scheduling import schedules
from hookline.services import broker_sources, sources
from hookline.settings import get_settings

log = logging.getLogger("hookline.api.sources")
router = APIRouter(prefix="/v1/ingest/sources", tags=["sources"], responses=COMMON_PROBLEMS,
                   route_class=JSONRoute)


def _out(session: Session, source: Source) -> SourceOut:
    count = queries.targets.destination_counts(session, [source.id]).get(source.id, 0)
    return source_out(source, count)


async def sync_schedule(temporal: Client, source: Source | None, source_id: str) -> None:
    """After the commit that changed a Source's cron fields or status (`source` None: after
    a delete): bring its Temporal Schedule in line, then reload `source` for the nextRunAt
    Temporal reported. Temporal being down does not fail the request: the workers'
    schedule reconcile pass applies the change later."""
    try:
        await schedules.sync_source(temporal, source_id)
    except Exception as exc:
        log.warning("schedule of %s left to the reconciler: %s", source_id, exc)
    session = object_session(source) if source is not None else None
    if session is not None:
        await run_in_threadpool(session.refresh, source)


async def sync_silence(temporal: Client) -> None:
    """After the commit that changed what a Source watches (or deleted one): resume or
    pause the silence check. Temporal being down does not fail the request: the workers'
    schedule reconcile pass applies the change later."""
    try:
        await schedules.sync_silence(temporal, get_settings())
    except Exception as exc:
        log.warning("silence check's schedule left to the reconciler: %s", exc)


@router.post("", status_code=201, response_model=SourceOut, responses=problems(402))
async def create_source(body: SourceIn, auth: AuthDep, session: SessionDep,
                        temporal: TemporalDep, sender: SenderDep) -> SourceOut:
    kind, broker = body.kind(), body.broker()
    await broker_sources.check_addresses(sender, kind, broker, None, auth.requires_https)
    source = await run_in_threadpool(committed, session, sources.create_source, auth.environment_id,
                                     auth.org_id, body.name, kind, broker)
    if source.type == "cron":
        await sync_schedule(temporal, source, source.id)
    return source_out(source, 0)


@router.get("", response_model=list[SourceOut])
def list_sources(auth: AuthDep, session: SessionDep) -> list[SourceOut]:
    rows = sources.list_sources(session, auth.environment_id)
    counts = queries.targets.destination_counts(session, [s.id for s in rows])
    return [source_out(s, counts.get(s.id, 0)) for s in rows]


@router.get("/{source_id}", response_model=SourceOut, responses=problems(404))
def get_source(source_id: str, auth: AuthDep, session: SessionDep) -> SourceOut:
    return _out(session, sources.get_source(session, auth.environment_id, source_id))


@router.patch("/{source_id}", response_model=SourceOut, responses=problems(404))
async def update_source(source_id: str, body: SourcePatch, auth: AuthDep,
                        session: SessionDep, temporal: TemporalDep, sender: SenderDep
                        ) -> SourceOut:
    changes: dict[str, Any] = body.model_dump(exclude_unset=True, exclude=set(BROKER_FIELDS))
    broker = body.broker()
    if broker.given():
        found = await run_in_threadpool(committed, session, sources.get_source,
                                        auth.environment_id, source_id)
        await broker_sources.check_addresses(sender, found.type, broker, found,
                                             auth.requires_https)
    update = await run_in_threadpool(committed, session, sources.update_source, auth.environment_id,
                                     source_id, changes, broker)
    if update.schedule_changed:
        await sync_schedule(temporal, update.source, source_id)
    if update.watch_changed:
        await sync_silence(temporal)
    return await run_in_threadpool(_out, session, update.source)


@router.delete("/{source_id}", status_code=204, responses=problems(404))
async def delete_source(source_id: str, auth: AuthDep, session: SessionDep,
                        temporal: TemporalDep, background: BackgroundTasks) -> Response:
    cancelled = await run_in_threadpool(committed, session, sources.delete_source,
                                        auth.environment_id, source_id)
    await sync_schedule(temporal, None, source_id)
    await sync_silence(temporal)
    # After the answer: the rows are gone already, and a busy Source can have thousands of
    # waiting Deliveries whose workflows only need waking to end.
    background.add_task(wake_cancelled, temporal, cancelled)
    return Response(status_code=204)


@router.put("/{source_id}/secret", response_model=SourceOut, responses=problems(404))
def set_source_secret(source_id: str, body: SourceSecretIn, auth: AuthDep, session: SessionDep
               ) -> SourceOut:
    source = committed(session, sources.set_secret, auth.environment_id, source_id, body.secret)
    return _out(session, source)


@router.post("/{source_id}/rotate-token", response_model=SourceOut, responses=problems(404))
def rotate_source_token(source_id: str, auth: AuthDep, session: SessionDep) -> SourceOut:
    return _out(session, committed(session, sources.rotate_token, auth.environment_id, source_id))
