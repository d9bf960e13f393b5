"""Svix's message attempts (`/api/v1/app/{app_id}/...`): the attempts to an endpoint or of a
message (an Event), where a message stands at each endpoint and an endpoint's messages
(their latest Deliveries), one attempt, its content expunged, and a message sent again to
an endpoint (a new Delivery, through the outbox as a publish's).

The lists run newest first by id, as Svix's; an `after` without an iterator reads the page
nearest `after` (oldest first, then turned back), as Svix's does. Svix's 90-day window
when neither `before` nor `after` is given is not copied: retention bounds the history
here. The SDKs' `with_msg`, `channel` and `tag` are accepted and not used."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Response
from sqlmodel import Session

from api.deps import SessionDep
from api.jsonbody import JSONRoute
from api.svix import paging, queries
from api.svix.deps import AuthDep, EndpointDep, MessageDep, endpoint_of_app
from api.svix.errors import SvixInvalid
from api.svix.queries import SvixFilter
from api.svix.schemas.attempts import (
    EndpointMessageOut,
    MessageAttemptOut,
    MessageEndpointOut,
    Status,
    StatusCodeClass,
    attempt_statuses,
    delivery_statuses,
)
from api.svix.schemas.common import NAME_PATTERN, ListResponse, Moment
from api.svix.schemas.endpoints import ID_PREFIX as EP_PREFIX
from hookline.errors import DomainError, PayloadErased
from hookline.persistence.db import committed
from hookline.persistence.models import Endpoint, Event
from hookline.services import deliveries, events
from hookline.services.polling import shown_url
from hookline.settings import get_settings

router = APIRouter(prefix="/app/{app_id}", tags=["Message Attempt"], route_class=JSONRoute)
ATT_ID, EVT_ID, EP_ID = (paging.ids(p) for p in ("att_", "evt_", EP_PREFIX))
NAME = re.compile(NAME_PATTERN)


class MissingPayload(DomainError):
    status, slug, title = 400, "missing-payload", "Missing payload"


@dataclass(frozen=True)
class Listing:
    """The query of Svix's time-ordered lists."""

    limit: int
    iterator: str | None
    status: int | None
    code_class: int | None
    event_types: tuple[str, ...]
    before: datetime | None
    after: datetime | None
    with_content: bool
    expanded: bool

    def seek(self, key: re.Pattern[str]) -> paging.Seek:
        if self.iterator is None and self.after is not None:
            return paging.Seek(None, ascending=True, backwards=True)
        return paging.seek(self.iterator, False, key)

    def filter(self, statuses: tuple[str, ...] | None, code_class: int | None = None
               ) -> SvixFilter:
        return SvixFilter(statuses=statuses, code_class=code_class,
                          event_types=self.event_types, before=self.before, after=self.after)


def listing(limit: paging.Limit = paging.LIMIT_DEFAULT, iterator: str | None = None,
            status: Status | None = None, status_code_class: StatusCodeClass | None = None,
            event_types: Annotated[list[str] | None, Query()] = None,
            before: Moment | None = None, after: Moment | None = None,
            with_content: bool = True, expanded_statuses: bool = False) -> Listing:
    """`event_types` as the SDKs send it (`a,b`) or repeated; naive times are UTC."""
    names = tuple(n for given in event_types or () for n in given.split(",") if n)
    if any(not NAME.fullmatch(name) or len(name) > 256 for name in names):
        raise SvixInvalid(("query", "event_types"), "must be event type names")
    return Listing(limit, iterator, status, status_code_class, names,
                   before, after,
                   with_content, expanded_statuses)


ListingDep = Annotated[Listing, Depends(listing)]


def _urls(session: Session, ids: Iterable[str | None]) -> dict[str, str]:
    """The current URL of each endpoint attempted (attempts keep none); "" once deleted."""
    return {i: shown_url(e) if (e := session.get(Endpoint, i)) else "" for i in set(ids) if i}


def _attempts(session: Session, listing: Listing, endpoint: Endpoint | None,
              event: Event | None = None) -> ListResponse[MessageAttemptOut]:
    at = listing.seek(ATT_ID)
    found = listing.filter(attempt_statuses(listing.status), listing.code_class)
    rows = queries.attempts(session, found, target_id=endpoint.id if endpoint else None,
                            event_id=event.id if event else None, after=at.after,
                            ascending=at.ascending, limit=listing.limit)
    urls = {endpoint.id: shown_url(endpoint)} if endpoint else \
        _urls(session, (a.target_id for a, _ in rows))
    return paging.respond(rows, listing.limit, at, lambda r: r[0].id, lambda r: (
        MessageAttemptOut.of(r[0], r[1], urls.get(r[0].target_id or "", ""),
                             listing.with_content)))


@router.get("/attempt/endpoint/{endpoint_id}")
def list_attempts_by_endpoint(endpoint: EndpointDep, session: SessionDep, listing: ListingDep
                              ) -> ListResponse[MessageAttemptOut]:
    return _attempts(session, listing, endpoint)


@router.get("/attempt/msg/{msg_id}")
def list_attempts_by_msg(app_id: str, message: MessageDep, auth: AuthDep, session: SessionDep,
                         listing: ListingDep, endpoint_id: str | None = None
                         ) -> ListResponse[MessageAttemptOut]:
    """`endpoint_id` (an id or uid) narrows them to one endpoint; an unknown one is 404."""
    endpoint = endpoint_of_app(app_id, endpoint_id, auth, session) if endpoint_id else None
    return _attempts(session, listing, endpoint, message)


@router.get("/endpoint/{endpoint_id}/msg")
def list_attempted_messages(endpoint: EndpointDep, session: SessionDep, listing: ListingDep
                            ) -> ListResponse[EndpointMessageOut]:
    """Each message sent to the endpoint, with its latest Delivery's status there."""
    at = listing.seek(EVT_ID)
    found = listing.filter(delivery_statuses(listing.status, listing.expanded))
    rows = queries.latest_to_endpoint(session, endpoint.id, found, at.after, at.ascending,
                                      listing.limit)
    return paging.respond(rows, listing.limit, at, lambda r: r[1].id, lambda r: (
        EndpointMessageOut.at(r[1], r[0], listing.with_content, listing.expanded)))


@router.get("/msg/{msg_id}/endpoint")
def list_attempted_destinations(message: MessageDep, session: SessionDep,
                                limit: paging.Limit = paging.LIMIT_DEFAULT,
                                iterator: str | None = None, expanded_statuses: bool = False
                                ) -> ListResponse[MessageEndpointOut]:
    """Each endpoint the message was sent to (that still exists), by id, with its latest
    Delivery's status there. `done` is true only on the last page (Svix's server always
    says true)."""
    at = paging.seek(iterator, True, EP_ID)
    rows = queries.latest_of_event(session, message.id, at.after, at.ascending, limit)
    return paging.respond(rows, limit, at, lambda r: r[1].id, lambda r: (
        MessageEndpointOut.at(r[1], r[0], expanded_statuses)))


@router.get("/msg/{msg_id}/attempt/{attempt_id}")
def get_attempt(message: MessageDep, attempt_id: str, session: SessionDep
                ) -> MessageAttemptOut:
    attempt = deliveries.attempt_of(session, message, attempt_id)
    urls = _urls(session, [attempt.target_id])
    return MessageAttemptOut.of(attempt, message.id, urls.get(attempt.target_id or "", ""))


@router.delete("/msg/{msg_id}/attempt/{attempt_id}/content", status_code=204)
def expunge_attempt_content(message: MessageDep, attempt_id: str, session: SessionDep
                            ) -> Response:
    """Its response then reads EXPUNGED."""
    committed(session, deliveries.expunge_attempt, message, attempt_id)
    return Response(status_code=204)


@router.post("/msg/{msg_id}/endpoint/{endpoint_id}/resend", status_code=202)
def resend(message: MessageDep, endpoint: EndpointDep, session: SessionDep
           ) -> dict[str, Any]:
    """A new Delivery of the message to this endpoint (same svix-id), made and started as
    a publish's: sent even if the endpoint no longer takes its type, as in Svix; one to a
    disabled endpoint is cancelled by the engine. 202 and `{}` (Svix's SDKs read a JSON
    body). An erased payload: 400 `missing_payload`."""
    try:
        committed(session, events.resend, message, endpoint, get_settings().retry_delays)
    except PayloadErased as erased:
        raise MissingPayload("Unable to resend message. Payload is missing (probably "
                             "expired).") from erased
    return {}
