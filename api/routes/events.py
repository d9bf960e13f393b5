"""Events: publish (fan-out into Deliveries), read, list with filters, replay."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from sqlmodel import Session

from api import pagination
from api.deps import (
    AuthDep,
    DeferredAfterAdmission,
    RefusedAfterAdmission,
    SessionDep,
    TemporalDep,
    authenticate_in_batch,
    batches_of,
    filter_pool_of,
)
from api.dispatch import wake_cancelled
from api.filter_pool import run_filtered
from api.jsonbody import JSONRoute
from api.pages import deliveries_page
from api.rawbody import parse_body, request_body_doc, short_header
from api.schemas.common import COMMON_PROBLEMS, CancelFirst, Page, PageLimit, problems
from api.schemas.deliveries import DeliveryOut
from api.schemas.events import EventDetail, EventOut, PublishIn, ReplayOut
from hookline import filters
from hookline.errors import DomainError, invalid
from hookline.ids import new_id
from hookline.persistence import queries
from hookline.persistence.batches import Job, Write
from hookline.persistence.db import committed
from hookline.persistence.models import Event
from hookline.services import erasure, events
from hookline.settings import get_settings
from hookline.statuses import DeliveryStatusName
from hookline.timeutil import aware
from hookline.usecases.admission import RateDecision

router = APIRouter(prefix="/v1/events", tags=["events"], responses=COMMON_PROBLEMS,
                   route_class=JSONRoute)


def _out(event: Event) -> EventOut:
    return EventOut(id=event.id, type=event.type, consumer=event.consumer_external_id,
                    deliveries=event.deliveries, filtered=event.filtered,
                    schema_version=event.schema_version,
                    schema_errors=event.schema_errors,
                    payload_erased=event.payload_erased, created_at=event.created_at)


PUBLISH_DOC = """Publish an Event: it becomes one Delivery for every enabled endpoint of the
Consumer that is subscribed to its type (an endpoint whose `events` list holds the type or is
empty). Endpoints registered later do not get it; replay the event for them.

**Body**: `type`, a registered event type name; `consumer`, the Consumer's `externalId`
(or its `id`); `data`, a JSON object of at most 1 MiB once serialized and 64 levels deep
(no NaN or Infinity). Unknown fields are ignored. When the type has a payload schema,
`data` is checked against it: under `enforce` a mismatch is refused (422, one error per
violation), under `warn` it is accepted and listed in `schemaErrors`.

**201 Created** answers the stored Event: `deliveries` is how many Deliveries it made (0 when
no endpoint is subscribed). They are sent afterwards, in the background, each signed with its
endpoint's secret (`Webhook-Id` is the event's `id`) and retried on failure; follow them with
GET /v1/events/{event_id}/deliveries.

**Idempotency**: send an `Idempotency-Key` header (at most 255 characters) to publish safely
again after a timeout. For 24 hours the same key in the same environment answers the Event
it first made, with 201 and the header `Idempotent-Replayed: true`, and creates nothing
(the body of the repeat is not compared).

**Errors** (problem+json): 401 missing, invalid or revoked API key; 402 the plan's monthly
event quota is used up; 413 `data` over 1 MiB or the request over 2 MiB; 415 a body that is
not `application/json`; 422 an unregistered `type`, an unknown `consumer`, a malformed body
or `data` refused by its schema; 429 the organization's rate limit (see `Retry-After`)."""


@dataclass(frozen=True)
class Publish:
    """What the batch thread needs of a publish request: nothing of the request itself."""

    authorization: str | None
    idempotency_key: str | None
    content_type: str | None
    body: bytes
    event_id: str  # made here, so that a run again after filters (api.filter_pool) keeps it


# The busiest route reads its own body and writes its own answer, and runs its database work
# in the process's batches (`hookline.persistence.batches`): FastAPI's dependencies, body model and
# response model cost more CPU here than the publish itself.
@router.post("", status_code=201, response_model=EventOut, summary="Publish an event",
             description=PUBLISH_DOC, responses={
                 201: {"description": "The Event, stored with its Deliveries (an idempotent "
                                      "repeat: the first one)"}, **problems(402, 413)},
             openapi_extra={**request_body_doc(PublishIn), "parameters": [
                 {"name": "Idempotency-Key", "in": "header", "required": False,
                  "description": "Repeats within 24 h answer the first Event, creating "
                                 "nothing", "schema": {"type": "string", "maxLength": 255}}]})
async def publish_event(request: Request) -> Response:
    headers = request.headers
    command = Publish(authorization=headers.get("authorization"),
                      idempotency_key=headers.get("idempotency-key"),
                      content_type=headers.get("content-type"), body=await request.body(),
                      event_id=new_id("evt"))
    # The batch commits the Deliveries' workflow starts to the outbox with them; the
    # workers' relay makes the starts, so publishing never waits on (or for) Temporal.
    try:
        published, decision = await run_filtered(
            batches_of(request), filter_pool_of(request), partial(_job, command))
    except RefusedAfterAdmission as refused:
        request.state.ratelimit = refused.decision
        raise refused.error from None
    request.state.ratelimit = decision
    replayed = {"Idempotent-Replayed": "true"} if published.replayed else None
    return Response(_out(published.event).model_dump_json(by_alias=True), status_code=201,
                    headers=replayed, media_type="application/json")


def _job(command: Publish, verdicts: filters.Verdicts | None,
         deferred: filters.Unevaluated | None) -> Job[tuple[events.Published, RateDecision]]:
    counted = deferred.decision if isinstance(deferred, DeferredAfterAdmission) else None
    return partial(_publish, command, verdicts, counted)


def _publish(command: Publish, verdicts: filters.Verdicts | None, counted: RateDecision | None,
             session: Session) -> tuple[events.Published, RateDecision] \
        | Write[tuple[events.Published, RateDecision]]:
    admitted = authenticate_in_batch(command.authorization, session, counted)
    try:
        errors: list[dict[str, Any]] = []
        key = short_header("idempotency-key", command.idempotency_key, 255, errors)
        publish_in = parse_body(PublishIn, command.body, command.content_type, errors)
        if errors or publish_in is None:
            raise RequestValidationError(errors)
        checked = events.publish(session, admitted.principal, publish_in.type,
                                 publish_in.consumer, publish_in.data, key,
                                 get_settings().retry_delays, verdicts, command.event_id)
    except (DomainError, RequestValidationError) as exc:
        raise RefusedAfterAdmission(exc, admitted.decision) from None
    except filters.Unevaluated as needed:
        raise DeferredAfterAdmission(needed, admitted.decision) from None
    if not isinstance(checked, Write):
        return checked, admitted.decision
    return Write(partial(_written, checked, admitted.decision))


def _written(write: Write[events.Published], decision: RateDecision, session: Session
             ) -> tuple[events.Published, RateDecision]:
    try:
        return write.run(session), decision
    except DomainError as exc:  # a quota refusal, an idempotency race
        raise RefusedAfterAdmission(exc, decision) from None


@router.get("", response_model=Page[EventOut])
def list_events(
    auth: AuthDep, session: SessionDep,
    type: str | None = None, consumer: str | None = None, status: DeliveryStatusName | None = None,
    since: Annotated[datetime | None, Query(alias="from")] = None,
    until: Annotated[datetime | None, Query(alias="to")] = None,
    cursor: str | None = None, limit: PageLimit = 50,
) -> Page[EventOut]:
    since, until = (aware(t) if t else None for t in (since, until))
    if since and until and since > until:
        raise invalid("from", "must not be later than `to`")
    filters = queries.events.EventFilter(type=type, consumer=consumer, status=status,
                                 since=since, until=until)
    after = pagination.decode("events", cursor)
    rows = queries.events.search(session, auth.environment_id, filters, after, limit)
    items, next_cursor = pagination.page(rows, limit, "events", lambda e: e.id)
    return Page[EventOut](items=[_out(e) for e in items], next_cursor=next_cursor)


@router.get("/{event_id}", response_model=EventDetail, responses=problems(404))
def get_event(event_id: str, auth: AuthDep, session: SessionDep) -> EventDetail:
    event = events.get_event(session, auth.environment_id, event_id)
    return EventDetail(**_out(event).model_dump(), data=events.data_of(event))


@router.get("/{event_id}/deliveries", response_model=Page[DeliveryOut],
            responses=problems(404))
def list_event_deliveries(event_id: str, auth: AuthDep, session: SessionDep,
                     cursor: str | None = None,
                     limit: PageLimit = 50) -> Page[DeliveryOut]:
    events.get_event(session, auth.environment_id, event_id)
    return deliveries_page(session, cursor, limit, event_id=event_id)


@router.delete("/{event_id}/payload", status_code=204, responses=problems(404, 409))
async def erase_event_payload(event_id: str, auth: AuthDep, session: SessionDep,
                        temporal: TemporalDep, cancel: CancelFirst = "false") -> Response:
    """Erase the event's data (GDPR); its metadata, Deliveries and attempts stay, and reads
    show `data: null`, `payloadErased: true`. 409 `payload-in-flight` while a Delivery may
    still send it, unless `cancel=true`."""
    cancelled = await run_in_threadpool(committed, session, erasure.erase_event,
                                        auth.environment_id, event_id, cancel == "true")
    await wake_cancelled(temporal, cancelled)
    return Response(status_code=204)


@router.post("/{event_id}/replay", status_code=202, response_model=ReplayOut,
             responses=problems(404, 409))
def replay_event(event_id: str, auth: AuthDep, session: SessionDep) -> ReplayOut:
    starts = committed(session, events.replay, auth.environment_id, event_id,
                       get_settings().retry_delays)
    return ReplayOut(event_id=event_id, deliveries=[s.delivery_id for s in starts])
