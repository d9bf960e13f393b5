"""Events: publish (fan-out into Deliveries), read, list with filters, replay."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Header, Query, Response
from fastapi.concurrency import run_in_threadpool

from api import pagination
from api.deps import AuthDep, SessionDep, TemporalDep
from api.dispatch import queue_starts, start_accepted
from api.schemas.common import COMMON_PROBLEMS, Int32, Page, problems
from api.schemas.deliveries import DeliveryOut, deliveries_page
from api.schemas.events import EventDetail, EventOut, PublishIn, ReplayOut
from hookline.errors import invalid
from hookline.models import Event
from hookline.services import events
from hookline.settings import get_settings
from hookline.timeutil import aware

router = APIRouter(prefix="/v1/events", tags=["events"], responses=COMMON_PROBLEMS)
Status = Literal["pending", "processing", "retrying", "delivered", "exhausted", "cancelled"]


def _out(event: Event) -> EventOut:
    return EventOut(id=event.id, type=event.type, consumer=event.consumer_external_id,
                    deliveries=event.deliveries, created_at=event.created_at)


@router.post("", status_code=201, response_model=EventOut, responses=problems(402, 413))
async def publish(body: PublishIn, auth: AuthDep, session: SessionDep, temporal: TemporalDep,
                  response: Response,
                  idempotency_key: Annotated[str | None, Header(max_length=255)] = None,
                  ) -> EventOut:
    published = await run_in_threadpool(
        events.publish, session, auth, body.type, body.consumer, body.data, idempotency_key,
        get_settings().retry_delays)
    if published.replayed:
        response.headers["Idempotent-Replayed"] = "true"
    # The committed rows are the outbox: queued starts, and should this process die first,
    # the worker's reconciler starts them. Publishing never waits on Temporal.
    queue_starts(temporal, published.starts)
    return _out(published.event)


@router.get("", response_model=Page[EventOut])
def list_events(
    auth: AuthDep, session: SessionDep,
    type: str | None = None, consumer: str | None = None, status: Status | None = None,
    since: Annotated[datetime | None, Query(alias="from")] = None,
    until: Annotated[datetime | None, Query(alias="to")] = None,
    cursor: str | None = None, limit: Annotated[Int32, Query(ge=1, le=100)] = 50,
) -> Page[EventOut]:
    since, until = (aware(t) if t else None for t in (since, until))
    if since and until and since > until:
        raise invalid("from", "must not be later than `to`")
    filters = events.EventFilter(type=type, consumer=consumer, status=status,
                                 since=since, until=until)
    after = pagination.decode("events", cursor)
    rows = events.list_events(session, auth.environment_id, filters, after, limit)
    items, next_cursor = pagination.page(rows, limit, "events", lambda e: e.id)
    return Page[EventOut](items=[_out(e) for e in items], next_cursor=next_cursor)


@router.get("/{event_id}", response_model=EventDetail, responses=problems(404))
def get_event(event_id: str, auth: AuthDep, session: SessionDep) -> EventDetail:
    event = events.get_event(session, auth.environment_id, event_id)
    return EventDetail(**_out(event).model_dump(), data=events.data_of(event))


@router.get("/{event_id}/deliveries", response_model=Page[DeliveryOut],
            responses=problems(404))
def event_deliveries(event_id: str, auth: AuthDep, session: SessionDep,
                     cursor: str | None = None,
                     limit: Annotated[Int32, Query(ge=1, le=100)] = 50) -> Page[DeliveryOut]:
    events.get_event(session, auth.environment_id, event_id)
    return deliveries_page(session, cursor, limit, event_id=event_id)


@router.post("/{event_id}/replay", status_code=202, response_model=ReplayOut,
             responses=problems(404))
async def replay(event_id: str, auth: AuthDep, session: SessionDep,
                 temporal: TemporalDep) -> ReplayOut:
    starts = await run_in_threadpool(events.replay, session, auth.environment_id, event_id,
                                     get_settings().retry_delays)
    await start_accepted(temporal, starts)
    return ReplayOut(event_id=event_id, deliveries=[s.delivery_id for s in starts])
