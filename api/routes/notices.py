"""A Consumer's failure notices: those sent, each with the Delivery that carries it, and
what a notice would say (`hookline.services.failure_notices`). Its `contacts` are set on
the Consumer itself."""

from __future__ import annotations

from fastapi import APIRouter
from sqlmodel import Session

from api import pagination
from api.deps import AuthDep, SessionDep
from api.jsonbody import JSONRoute
from api.schemas.common import COMMON_PROBLEMS, Page, PageLimit, problems
from api.schemas.consumers import NoticeDelivery, NoticeOut, NoticePreviewIn, NoticePreviewOut
from hookline.persistence import queries
from hookline.persistence.db import committed
from hookline.persistence.models import Delivery, Notice
from hookline.services import consumers, failure_notices

router = APIRouter(prefix="/v1/consumers/{ref}/notices", tags=["consumers"],
                   responses=COMMON_PROBLEMS, route_class=JSONRoute)
SCOPE = "notices"


def _out(session: Session, notice: Notice) -> NoticeOut:
    found = session.get(Delivery, notice.delivery_id) if notice.delivery_id else None
    delivery = NoticeDelivery(
        id=found.id, status=found.status, attempts=found.attempts,
        last_attempt_at=found.last_attempt_at, next_attempt_at=found.next_attempt_at
    ) if found else None
    return NoticeOut(id=notice.id, type=notice.type, channel=notice.channel,
                     recipient=notice.recipient, endpoint_id=notice.endpoint_id,
                     delivery=delivery, created_at=notice.created_at)


@router.get("", response_model=Page[NoticeOut], responses=problems(404))
def list_notices(ref: str, auth: AuthDep, session: SessionDep, limit: PageLimit = 50,
                 cursor: str | None = None) -> Page[NoticeOut]:
    """Newest first: each notice on each channel, and how its Delivery went (they are
    Deliveries, retried on the retry schedule)."""
    consumer = consumers.get_consumer(session, auth.environment_id, ref)
    rows = queries.notices.page(session, consumer.id, pagination.decode(SCOPE, cursor), limit)
    items, next_cursor = pagination.page(rows, limit, SCOPE, lambda n: n.id)
    found = [_out(session, n) for n in items]
    session.commit()
    return Page[NoticeOut](items=found, next_cursor=next_cursor)


@router.post("/preview", response_model=NoticePreviewOut, responses=problems(404))
def preview_notice(ref: str, auth: AuthDep, session: SessionDep,
                   body: NoticePreviewIn | None = None) -> NoticePreviewOut:
    """What a notice of `type` would say to this Consumer, on every channel, with the
    environment's branding: nothing is sent."""
    kind = (body or NoticePreviewIn()).type
    consumer = consumers.get_consumer(session, auth.environment_id, ref)
    said = committed(session, failure_notices.preview, auth.environment_id, consumer, kind)
    return NoticePreviewOut(**said)
