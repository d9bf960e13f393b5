"""Portal pages: the Consumer's Deliveries, their attempts, retry, skip and replay, through
`services/deliveries` and `services/events` (the API's rules: a 409 is shown as a message)."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import RedirectResponse
from sqlmodel import Session

from api import pagination
from api.deps import SessionDep, TemporalDep
from api.dispatch import retry_now
from api.portal.auth import Change, ChangeDep, PortalDep
from api.portal.notices import after, shown, status_of
from api.portal.web import Portal, PortalRoute, render
from hookline.delivery import gate
from hookline.errors import Conflict
from hookline.outcome_sentences import explain, said
from hookline.persistence import queries
from hookline.persistence.db import committed
from hookline.services import deliveries, events, portal
from hookline.services.portal import DeliveryFilter
from hookline.settings import get_settings

router = APIRouter(route_class=PortalRoute)
PAGE = 25
SCOPE = "portal-deliveries"


@router.get("/deliveries")
def list_page(request: Request, found: PortalDep, session: SessionDep,
              status: str = "", event_type: str = "", endpoint: str = "",
              cursor: str | None = None) -> Response:
    wanted = DeliveryFilter(status=status or None, event_type=event_type or None,
                            endpoint_id=endpoint or None)
    rows = committed(session, portal.list_deliveries, found.access, wanted,
                     pagination.decode(SCOPE, cursor), PAGE)
    items, next_cursor = pagination.page(rows, PAGE, SCOPE, lambda d: d.id)
    endpoints = portal.own_endpoints(session, found.access)
    return render(request, "deliveries.html", found, items=items, next_cursor=next_cursor,
                  wanted=wanted, statuses=portal.STATUSES, endpoints=endpoints,
                  urls={row.target.id: row.target.url for row in endpoints}, said=said,
                  types=committed(session, portal.catalogue, found.access))


@router.get("/deliveries/{delivery_id}")
async def show(request: Request, delivery_id: str, found: PortalDep,
               session: SessionDep) -> Response:
    """A Delivery and its attempts; after Retry or Skip, with what it came to."""
    notice = await shown(request, session, found) or {}
    return await run_in_threadpool(_detail, request, found, session, delivery_id,
                                   notice.get("text"), status_of(notice))


def _detail(request: Request, found: Portal, session: Session, delivery_id: str,
            message: str | None, status: int) -> Response:
    view = portal.delivery_view(session, found.access, delivery_id)
    attempts = queries.attempts.of_delivery(session, delivery_id, None, 100)[:100]
    session.commit()
    return render(request, "delivery.html", found, status=status, view=view,
                  delivery=view.delivery, attempts=attempts, explain=explain,
                  message=message, failed=status >= 400)


async def _told(session: Session, changed: Change, delivery_id: str, text: str,
                status: int = 200) -> Response:
    return await after(session, changed, f"/portal/deliveries/{delivery_id}",
                       {"kind": "message", "text": text, "status": status})


@router.post("/deliveries/{delivery_id}/retry")
async def retry(delivery_id: str, changed: ChangeDep, session: SessionDep,
                temporal: TemporalDep) -> Response:
    access = changed.access
    await run_in_threadpool(portal.own_delivery, session, access, delivery_id)
    try:
        start = await run_in_threadpool(committed, session, deliveries.request_retry,
                                        access.environment_id, delivery_id,
                                        get_settings().retry_delays,
                                        gate.limits_from(get_settings()))
    except Conflict as exc:
        return await _told(session, changed, delivery_id, exc.detail or exc.title, 409)
    if start is None:
        return await _told(session, changed, delivery_id,
                           "Retry queued: it waits its turn at the end of its line.")
    await retry_now(temporal, start)
    return await _told(session, changed, delivery_id,
                       "Retry queued: a new attempt is on its way.")


@router.post("/deliveries/{delivery_id}/skip")
async def skip(delivery_id: str, changed: ChangeDep, session: SessionDep) -> Response:
    """The exhausted head of a blocked line stays exhausted; the next in its line goes."""
    await run_in_threadpool(portal.own_delivery, session, changed.access, delivery_id)
    try:
        following = await run_in_threadpool(committed, session, deliveries.skip,
                                            changed.access.environment_id, delivery_id)
    except Conflict as exc:
        return await _told(session, changed, delivery_id, exc.detail or exc.title, 409)
    return await _told(session, changed, delivery_id,
                       "Skipped: the next delivery in its line is on its way." if following
                       else "Skipped: nothing else waits in its line.")


@router.post("/events/{event_id}/replay")
async def replay(event_id: str, changed: ChangeDep, session: SessionDep) -> Response:
    access = changed.access
    await run_in_threadpool(portal.own_event, session, access, event_id)
    starts = await run_in_threadpool(committed, session, events.replay, access.environment_id,
                                     event_id, get_settings().retry_delays)
    return await after(session, changed, f"/portal/events/{event_id}/replayed",
                       {"kind": "replayed", "deliveries": [s.delivery_id for s in starts]})


@router.get("/events/{event_id}/replayed")
async def replayed(request: Request, event_id: str, found: PortalDep,
                   session: SessionDep) -> Response:
    await run_in_threadpool(committed, session, portal.own_event, found.access, event_id)
    notice = await shown(request, session, found)
    if notice is None or notice["kind"] != "replayed":
        return RedirectResponse("/portal/deliveries", status_code=303)
    return render(request, "replayed.html", found, event_id=event_id,
                  delivery_ids=notice["deliveries"])
