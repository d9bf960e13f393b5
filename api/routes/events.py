"""Events: publish (fan-out into Deliveries), read, list with filters, replay."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute

from api import pagination, publishing
from api.deps import AuthDep, SessionDep, TemporalDep, bearer_key
from api.dispatch import cancelled_and_settled
from api.jsonbody import JSONRoute
from api.pages import deliveries_page
from api.rawbody import parse_body, request_body_doc, short_header
from api.schemas.common import COMMON_PROBLEMS, CancelFirst, Page, PageLimit, problems
from api.schemas.deliveries import DeliveryOut
from api.schemas.events import EventDetail, EventOut, PublishIn, ReplayOut
from hookline.errors import DomainError, invalid
from hookline.persistence import queries
from hookline.persistence.db import committed
from hookline.persistence.models import Event
from hookline.services import erasure, events
from hookline.settings import get_settings
from hookline.statuses import DeliveryStatusName
from hookline.timeutil import aware
from hookline.usecases.publishing import KeyHolder, Unreadable

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


async def publish_event(request: Request) -> Response:
    # The batch commits the Deliveries' workflow starts to the outbox with them; the
    # workers' relay makes the starts, so publishing never waits on (or for) Temporal.
    published = await publishing.publish(request, KeyHolder(bearer_key(request)),
                                         _read(request, await request.body()))
    replayed = {"Idempotent-Replayed": "true"} if published.replayed else None
    return Response(_out(published.event).model_dump_json(by_alias=True), status_code=201,
                    headers=replayed, media_type="application/json")


# A plain APIRoute: the handler reads its body itself (`_read`), so JSONRoute's decoding has
# nothing to do, and its wrapper would only lengthen every resumption of the hot path.
router.add_api_route(
    "", publish_event, methods=["POST"], route_class_override=APIRoute, status_code=201,
    response_model=EventOut, summary="Publish an event", description=PUBLISH_DOC, responses={
        201: {"description": "The Event, stored with its Deliveries (an idempotent "
                             "repeat: the first one)"}, **problems(402, 413)},
    openapi_extra={**request_body_doc(PublishIn), "parameters": [
        {"name": "Idempotency-Key", "in": "header", "required": False,
         "description": "Repeats within 24 h answer the first Event, creating "
                        "nothing", "schema": {"type": "string", "maxLength": 255}}]})


def _read(request: Request, body: bytes) -> events.NewEvent | Unreadable:
    errors: list[dict[str, Any]] = []
    # An empty key is none (it would be one key for every request that sends it empty).
    key = short_header("idempotency-key", request.headers.get("idempotency-key"), 255,
                       errors) or None
    try:
        publish_in = parse_body(PublishIn, body, request.headers.get("content-type"), errors)
    except DomainError as exc:
        return Unreadable(exc)
    if errors or publish_in is None:
        return Unreadable(RequestValidationError(errors))
    return events.NewEvent(publish_in.type, publish_in.consumer, publish_in.data, key)


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
    await cancelled_and_settled(temporal, session, cancelled)
    return Response(status_code=204)


@router.post("/{event_id}/replay", status_code=202, response_model=ReplayOut,
             responses=problems(404, 409))
def replay_event(event_id: str, auth: AuthDep, session: SessionDep) -> ReplayOut:
    starts = committed(session, events.replay, auth.environment_id, event_id,
                       get_settings().retry_delays)
    return ReplayOut(event_id=event_id, deliveries=[s.delivery_id for s in starts])
