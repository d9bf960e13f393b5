"""Consumers: the parties that receive events, addressed by id or by their externalId."""

from __future__ import annotations

from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, Query, Response
from fastapi.concurrency import run_in_threadpool
from sqlmodel import Session

from api import pagination
from api.deps import AuthDep, SenderDep, SessionDep, TemporalDep
from api.dispatch import cancelled_and_settled, wake_cancelled
from api.jsonbody import JSONRoute
from api.schemas.common import COMMON_PROBLEMS, Page, PageLimit, problems
from api.schemas.consumers import ConsumerIn, ConsumerOut, ConsumerPatch, Contacts
from hookline.delivery.sender import Sender
from hookline.persistence.db import committed
from hookline.persistence.models import Consumer
from hookline.services import consumers, notice_channels
from hookline.services.patch import KEEP
from hookline.usecases import contacts

router = APIRouter(prefix="/v1/consumers", tags=["consumers"], responses=COMMON_PROBLEMS,
                   route_class=JSONRoute)
Limit = PageLimit


_out = ConsumerOut.of


async def _contacts(sender: Sender, given: Contacts | None, requires_https: bool
                    ) -> dict[str, Any] | None:
    return await contacts.checked(sender, given.stored() if given else None, requires_https)


def _create(session: Session, env_id: str, body: ConsumerIn, given: dict[str, Any] | None
            ) -> Consumer:
    consumer = consumers.create_consumer(session, env_id, body.external_id, body.name)
    if given is not None:
        session.flush()
        notice_channels.set_contacts(session, consumer, given)
    return consumer


@router.post("", status_code=201, response_model=ConsumerOut, responses=problems(409))
async def create_consumer(body: ConsumerIn, auth: AuthDep, session: SessionDep,
                          sender: SenderDep) -> ConsumerOut:
    """`contacts`: who hears of its endpoints' failures (failure notices): up to 5
    `emails`, a Slack incoming-webhook `slackUrl`, a Teams workflow `teamsUrl`."""
    given = await _contacts(sender, body.contacts, auth.requires_https)
    return _out(await run_in_threadpool(committed, session, _create, auth.environment_id,
                                        body, given))


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
async def update_consumer(ref: str, body: ConsumerPatch, auth: AuthDep, session: SessionDep,
                          sender: SenderDep, temporal: TemporalDep) -> ConsumerOut:
    """Absent fields stay; `contacts: null` tells nobody any more."""
    changing = "contacts" in body.model_fields_set
    given = await _contacts(sender, body.contacts, auth.requires_https) if changing else None
    consumer, cancelled = await run_in_threadpool(
        committed, session, _update, auth.environment_id, ref, body, changing, given)
    await wake_cancelled(temporal, cancelled)
    return _out(consumer)


def _update(session: Session, env_id: str, ref: str, body: ConsumerPatch, changing: bool,
            given: dict[str, Any] | None) -> tuple[Consumer, list[str]]:
    patch = consumers.ConsumerPatch(name=KEEP if body.name is None else body.name)
    consumer = consumers.update_consumer(session, env_id, ref, patch)
    cancelled = notice_channels.set_contacts(session, consumer, given) if changing else []
    return consumer, cancelled


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
