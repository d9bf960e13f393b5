"""Consumers: the parties that receive events, addressed by id or by their externalId."""

from __future__ import annotations

from functools import partial
from typing import Annotated

from fastapi import APIRouter, Query, Response
from fastapi.concurrency import run_in_threadpool

from api import pagination
from api.deps import AuthDep, SessionDep, TemporalDep
from api.dispatch import cancelled_and_settled, wake_cancelled
from api.jsonbody import JSONRoute
from api.schemas.common import COMMON_PROBLEMS, Page, PageLimit, problems
from api.schemas.consumers import ConsumerIn, ConsumerOut, ConsumerPatch
from hookline.persistence.db import committed
from hookline.services import consumers
from hookline.services.patch import KEEP

router = APIRouter(prefix="/v1/consumers", tags=["consumers"], responses=COMMON_PROBLEMS,
                   route_class=JSONRoute)
Limit = PageLimit


def _out(c: object) -> ConsumerOut:
    return ConsumerOut.model_validate(c, from_attributes=True)


@router.post("", status_code=201, response_model=ConsumerOut, responses=problems(409))
def create_consumer(body: ConsumerIn, auth: AuthDep, session: SessionDep) -> ConsumerOut:
    return _out(committed(session, consumers.create_consumer, auth.environment_id, body.external_id,
                          body.name))


@router.get("", response_model=Page[ConsumerOut])
def list_consumers(auth: AuthDep, session: SessionDep, limit: Limit = 50,
                   cursor: str | None = None) -> Page[ConsumerOut]:
    after = pagination.decode("consumers", cursor)
    rows = consumers.list_consumers(session, auth.environment_id, after, limit)
    items, next_cursor = pagination.page(rows, limit, "consumers", lambda c: c.id)
    return Page[ConsumerOut](items=[_out(c) for c in items], next_cursor=next_cursor)


@router.get("/{ref}", response_model=ConsumerOut, responses=problems(404))
def get_consumer(ref: str, auth: AuthDep, session: SessionDep) -> ConsumerOut:
    return _out(consumers.get_consumer(session, auth.environment_id, ref))


@router.patch("/{ref}", response_model=ConsumerOut, responses=problems(404))
def update_consumer(ref: str, body: ConsumerPatch, auth: AuthDep,
                    session: SessionDep) -> ConsumerOut:
    patch = consumers.ConsumerPatch(name=KEEP if body.name is None else body.name)
    return _out(committed(session, consumers.update_consumer, auth.environment_id, ref, patch))


@router.delete("/{ref}", status_code=204, responses=problems(404))
async def delete_consumer(
    ref: str, auth: AuthDep, session: SessionDep, temporal: TemporalDep,
    erase_payloads: Annotated[bool, Query(
        alias="erasePayloads", description="Also erase the payloads of the Consumer's "
        "events (their metadata, Deliveries and attempts stay)")] = False,
) -> Response:
    cancelled = await run_in_threadpool(partial(
        committed, session, consumers.delete_consumer, auth.environment_id, ref,
        erase_payloads=erase_payloads))
    if erase_payloads:  # as an erase does: nothing leaves once it has answered
        await cancelled_and_settled(temporal, session, cancelled)
    else:
        await wake_cancelled(temporal, cancelled)
    return Response(status_code=204)
