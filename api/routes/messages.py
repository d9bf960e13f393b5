"""Messages received by Sources: list, read, their Deliveries, replay."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query, Response
from fastapi.concurrency import run_in_threadpool

from api import pagination
from api.deps import AuthDep, SessionDep, TemporalDep
from api.dispatch import cancelled_and_settled
from api.jsonbody import JSONRoute
from api.pages import deliveries_page
from api.schemas.common import COMMON_PROBLEMS, AsInt32, CancelFirst, Page, PageLimit, problems
from api.schemas.deliveries import DeliveryOut
from api.schemas.events import ReplayOut
from api.schemas.messages import MessageDetail, MessageItem, message_detail, message_item
from hookline.persistence.db import committed
from hookline.services import erasure, messages
from hookline.settings import get_settings

router = APIRouter(prefix="/v1/ingest", tags=["messages"], responses=COMMON_PROBLEMS,
                   route_class=JSONRoute)
Verification = Literal["verified", "failed", "skipped", "not_configured"]


@router.get("/sources/{source_id}/messages", response_model=Page[MessageItem],
            responses=problems(404))
def list_messages(source_id: str, auth: AuthDep, session: SessionDep,
                  verification: Verification | None = None, cursor: str | None = None,
                  limit: Annotated[int, Query(ge=1, le=200), AsInt32] = 50) -> Page[MessageItem]:
    scope = f"messages:{source_id}"
    rows = messages.list_messages(session, auth.environment_id, source_id, verification,
                                  pagination.decode(scope, cursor), limit)
    items, next_cursor = pagination.page(rows, limit, scope, lambda m: m.id)
    counts = messages.delivery_counts(session, [m.id for m in items])
    return Page[MessageItem](items=[message_item(m, counts.get(m.id)) for m in items],
                             next_cursor=next_cursor)


@router.get("/messages/{message_id}", response_model=MessageDetail, responses=problems(404))
def get_message(message_id: str, auth: AuthDep, session: SessionDep) -> MessageDetail:
    message = messages.get_message(session, auth.environment_id, message_id)
    return message_detail(message, messages.delivery_counts(session, [message.id])
                          .get(message.id))


@router.get("/messages/{message_id}/deliveries", response_model=Page[DeliveryOut],
            responses=problems(404))
def list_message_deliveries(message_id: str, auth: AuthDep, session: SessionDep,
                       cursor: str | None = None,
                       limit: PageLimit = 50) -> Page[DeliveryOut]:
    messages.get_message(session, auth.environment_id, message_id)
    return deliveries_page(session, cursor, limit, message_id=message_id)


@router.delete("/messages/{message_id}/payload", status_code=204,
               responses=problems(404, 409))
async def erase_message_payload(message_id: str, auth: AuthDep, session: SessionDep,
                        temporal: TemporalDep, cancel: CancelFirst = "false") -> Response:
    """Erase the message's body, headers and query (GDPR); its metadata, Deliveries and
    attempts stay, and reads show `body: null`, `headers: {}`, `payloadErased: true`. 409
    `payload-in-flight` while a Delivery may still send it, unless `cancel=true`."""
    cancelled = await run_in_threadpool(committed, session, erasure.erase_message,
                                        auth.environment_id, message_id, cancel == "true")
    await cancelled_and_settled(temporal, session, cancelled)
    return Response(status_code=204)


@router.post("/messages/{message_id}/replay", status_code=202, response_model=ReplayOut,
             responses=problems(404, 409))
def replay_message(message_id: str, auth: AuthDep, session: SessionDep) -> ReplayOut:
    starts = committed(session, messages.replay, auth.environment_id, message_id,
                       get_settings().retry_delays)
    return ReplayOut(message_id=message_id, deliveries=[s.delivery_id for s in starts])
