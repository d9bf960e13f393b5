"""Portal pages: the Consumer's Deliveries, their attempts, retry, skip and replay, through
`services/deliveries` and `services/events` (the API's rules: a 409 is shown as a message)."""

from __future__ import annotations

from typing import Protocol

from fastapi import APIRouter, Request, Response
from fastapi.concurrency import run_in_threadpool
from sqlmodel import Session

from api import pagination
from api.deps import SessionDep, TemporalDep
from api.dispatch import retry_now
from api.portal.auth import ChangeDep, PortalDep
from api.portal.web import Portal, PortalRoute, render
from hookline.delivery import gate
from hookline.errors import Conflict
from hookline.persistence import queries
from hookline.persistence.db import committed
from hookline.services import deliveries, events, portal
from hookline.services.portal import DeliveryFilter
from hookline.settings import get_settings
from hookline.statuses import ErrorType

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
    return render(request, "deliveries.html", found, items=items, next_cursor=next_cursor,
                  wanted=wanted, statuses=portal.STATUSES,
                  endpoints=portal.own_endpoints(session, found.access),
                  types=committed(session, portal.catalogue, found.access))


# What an attempt's `errorType` means, in a sentence; the raw error stays behind a
# disclosure, for the receiver's developer.
_ERRORS: dict[str, str] = {
    ErrorType.HTTP_STATUS:
        "The endpoint answered {code}: only a 2xx answer counts as delivered.",
    ErrorType.TIMEOUT: "The endpoint did not answer in time, so the attempt was abandoned.",
    ErrorType.CONNECTION:
        "Could not connect to the endpoint: nothing accepted the connection at that address, "
        "or it was cut before an answer.",
    ErrorType.DNS: "The endpoint's host name could not be found (DNS).",
    ErrorType.TLS:
        "The secure connection failed: check the endpoint's HTTPS certificate, or, if it asks "
        "for one, the client certificate set on this endpoint.",
    ErrorType.OAUTH:
        "Not sent: no access token could be had from the endpoint's OAuth2 token URL (it "
        "failed, refused the client credentials, or did not answer in time).",
    ErrorType.BROKER_UNREACHABLE:
        "Could not reach the endpoint's broker or cloud service, or the connection broke "
        "before it confirmed the message.",
    ErrorType.BROKER_REFUSED:
        "The broker refused the message: its topic, queue, exchange route, stream or bucket "
        "does not exist or takes no writes now.",
    ErrorType.BROKER_AUTH:
        "The broker refused the credentials set on this endpoint, or they do not allow "
        "publishing there.",
    ErrorType.BLOCKED_URL:
        "Not sent: the URL leads to a private or reserved address, which webhooks may not "
        "reach.",
    ErrorType.CIRCUIT_OPEN:
        "Not sent: the endpoint failed several times in a row, so its attempts are paused "
        "for a while; the next one is a probe that resumes them.",
    # The operator's code, not the customer's server: say so, or they go looking at theirs.
    ErrorType.TRANSFORMATION:
        "Not sent: the sender's code that prepares each request for this endpoint (its "
        "transformation) failed, so your endpoint was not called. Nothing on your side "
        "caused this.",
}


class Outcome(Protocol):
    """A stored attempt, or a test event's result."""

    @property
    def error_type(self) -> str | None: ...
    @property
    def status_code(self) -> int | None: ...


def explain(attempt: Outcome) -> str:
    sentence = _ERRORS.get(attempt.error_type or "", "The attempt failed.")
    return sentence.format(code=attempt.status_code)


def _detail(request: Request, found: Portal, session: Session, delivery_id: str, *,
            message: str | None = None, status: int = 200) -> Response:
    view = portal.delivery_view(session, found.access, delivery_id)
    attempts = queries.attempts.of_delivery(session, delivery_id, None, 100)[:100]
    session.commit()
    return render(request, "delivery.html", found, status=status, view=view,
                  delivery=view.delivery, attempts=attempts, explain=explain,
                  message=message, failed=status >= 400)


@router.get("/deliveries/{delivery_id}")
def show(request: Request, delivery_id: str, found: PortalDep,
         session: SessionDep) -> Response:
    return _detail(request, found, session, delivery_id)


@router.post("/deliveries/{delivery_id}/retry")
async def retry(request: Request, delivery_id: str, changed: ChangeDep, session: SessionDep,
                temporal: TemporalDep) -> Response:
    access = changed.access
    await run_in_threadpool(portal.own_delivery, session, access, delivery_id)
    try:
        start = await run_in_threadpool(committed, session, deliveries.request_retry,
                                        access.environment_id, delivery_id,
                                        get_settings().retry_delays,
                                        gate.limits_from(get_settings()))
    except Conflict as exc:
        return await run_in_threadpool(_detail, request, changed.portal, session,
                                       delivery_id, message=exc.detail, status=409)
    if start is None:
        return await run_in_threadpool(_detail, request, changed.portal, session,
                                       delivery_id, message="Retry queued: it waits its turn "
                                       "at the end of its line.")
    await retry_now(temporal, start)
    return await run_in_threadpool(_detail, request, changed.portal, session, delivery_id,
                                   message="Retry queued: a new attempt is on its way.")


@router.post("/deliveries/{delivery_id}/skip")
def skip(request: Request, delivery_id: str, changed: ChangeDep, session: SessionDep) -> Response:
    """The exhausted head of a blocked line stays exhausted; the next in its line goes."""
    portal.own_delivery(session, changed.access, delivery_id)
    try:
        following = committed(session, deliveries.skip, changed.access.environment_id,
                              delivery_id)
    except Conflict as exc:
        return _detail(request, changed.portal, session, delivery_id, message=exc.detail,
                       status=409)
    message = ("Skipped: the next delivery in its line is on its way." if following
               else "Skipped: nothing else waits in its line.")
    return _detail(request, changed.portal, session, delivery_id, message=message)


@router.post("/events/{event_id}/replay")
def replay(request: Request, event_id: str, changed: ChangeDep,
           session: SessionDep) -> Response:
    access = changed.access
    portal.own_event(session, access, event_id)
    starts = committed(session, events.replay, access.environment_id, event_id,
                       get_settings().retry_delays)
    return render(request, "replayed.html", changed.portal, event_id=event_id,
                  delivery_ids=[s.delivery_id for s in starts])
