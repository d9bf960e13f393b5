"""The consumer portal: magic links that open it for one Consumer, what a portal session
may see and change, and each environment's branding.

A link's token is shown once and stored as its SHA-256, like an API key. A link may be
opened any number of times until it expires or is revoked; every portal request reads the
link again (`access`), so revoking a Consumer's links ends their sessions at once. The
portal changes endpoints and Deliveries through the same services as the API; the rules
here are only the portal's own: the Consumer's resources and nothing else (anything else
is 404, as for another environment's), read-only links, and the event types a link lets
the Consumer subscribe to."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlmodel import Session

from hookline.delivery import lines
from hookline.errors import Forbidden, NotFound, Unauthorized, invalid
from hookline.ids import new_id, token
from hookline.persistence import queries
from hookline.persistence.db import begin_reading
from hookline.persistence.models import (
    Consumer,
    Delivery,
    Endpoint,
    Environment,
    Event,
    EventType,
    PortalLink,
    PortalSettings,
)
from hookline.services import consumers, deliveries, endpoints, event_types, events, previews
from hookline.services.accounts import hash_key, target_kinds_of
from hookline.services.patch import KEEP, Keep
from hookline.services.polling import shown_url
from hookline.services.scoped import get_in
from hookline.services.targets import TargetRow, row_of
from hookline.settings import get_settings
from hookline.statuses import DeliveryStatus
from hookline.tenant_code.transform_pool import ExecutorPool
from hookline.timeutil import aware, utcnow

TOKEN_PREFIX = "hkp_"
EXPIRES_MIN, EXPIRES_MAX, EXPIRES_DEFAULT = 60, 7 * 86400, 3600
COLOR = re.compile(r"^#[0-9a-fA-F]{6}$")


@dataclass(frozen=True)
class Access:
    """What one portal session may do: one Consumer of one environment."""

    link_id: str
    environment_id: str
    environment_kind: str
    consumer_id: str
    consumer_external_id: str
    consumer_name: str
    read_only: bool
    event_types: tuple[str, ...] | None  # None: the Consumer may subscribe to any type
    expires_at: datetime
    # The kinds of endpoint the environment allows (its `targetKinds`), in the API's order.
    target_kinds: tuple[str, ...]

    @property
    def requires_https(self) -> bool:
        return self.environment_kind == "production"


def create_link(session: Session, env_id: str, consumer_ref: str, *, expires_in: int | None,
                read_only: bool, types: list[str] | None) -> tuple[PortalLink, str]:
    """Returns the stored link and its token, which is never stored."""
    consumer = consumers.get_consumer(session, env_id, consumer_ref)
    seconds = EXPIRES_DEFAULT if expires_in is None else expires_in
    if not EXPIRES_MIN <= seconds <= EXPIRES_MAX:
        raise invalid("expiresIn", f"must be {EXPIRES_MIN} to {EXPIRES_MAX} seconds")
    if types is not None:
        types = list(dict.fromkeys(types))
        if not types:
            raise invalid("eventTypes", "must name at least one event type, or be left out")
        known = event_types.registered_names(session, env_id, types)
        if missing := [name for name in types if name not in known]:
            raise invalid("eventTypes", "event types not registered: " + ", ".join(missing))
    secret = TOKEN_PREFIX + token(32)
    link = PortalLink(id=new_id("ptl"), environment_id=env_id, consumer_id=consumer.id,
                      token_hash=hash_key(secret), read_only=read_only, event_types=types,
                      expires_at=utcnow() + timedelta(seconds=seconds))
    session.add(link)
    return link, secret


# Where a link may lead once opened: a portal page, never another site.
_PAGE = re.compile(r"/portal/[A-Za-z0-9_/-]{0,200}")


def link_url(token: str, page: str | None = None) -> str:
    """The magic link of a portal token (its `/portal/open`), at the public URL; `page`:
    the portal page it opens on (a failure notice's endpoint)."""
    url = f"{get_settings().public_url.rstrip('/')}/portal/open?token={token}"
    return f"{url}&next={page}" if page and landing(page) == page else url


def landing(page: str | None) -> str:
    """The page an opened link leads to: `page` when it is a portal page, else the home."""
    return page if page and _PAGE.fullmatch(page) else "/portal/"


def revoke_links(session: Session, env_id: str, consumer_ref: str) -> None:
    """Revokes every link of the Consumer; their open sessions end with them."""
    consumer = consumers.get_consumer(session, env_id, consumer_ref)
    queries.portal_links.revoke_of_consumer(session, consumer.id, utcnow())


def _usable(link: PortalLink | None) -> PortalLink:
    if link is None:
        raise Unauthorized("this portal link is not valid")
    if link.revoked_at is not None:
        raise Unauthorized("this portal link has been revoked")
    if aware(link.expires_at) <= utcnow():
        raise Unauthorized("this portal link has expired; ask for a new one")
    return link


def _access(session: Session, link: PortalLink) -> Access:
    consumer = session.get(Consumer, link.consumer_id)
    env = session.get(Environment, link.environment_id)
    if consumer is None or env is None:
        raise Unauthorized("this portal link is not valid")
    return Access(link_id=link.id, environment_id=env.id, environment_kind=env.kind,
                  consumer_id=consumer.id, consumer_external_id=consumer.external_id,
                  consumer_name=consumer.name, read_only=link.read_only,
                  event_types=tuple(link.event_types) if link.event_types is not None
                  else None, expires_at=aware(link.expires_at),
                  target_kinds=tuple(target_kinds_of(env)))


def exchange(session: Session, secret: str) -> Access:
    """Opening a link: its token for what its session may do (401 when unusable)."""
    link = queries.portal_links.by_token_hash(session, hash_key(secret))
    found = _access(session, _usable(link))
    return found


def access(session: Session, link_id: str) -> Access:
    """A session's link, checked again on each request."""
    found = _access(session, _usable(session.get(PortalLink, link_id)))
    return found


def check_writable(found: Access) -> None:
    if found.read_only:
        raise Forbidden("this portal link is read-only: it cannot change anything")


def check_events(found: Access, chosen: list[str]) -> None:
    """A link limited to some event types subscribes to those only (and so never to every
    type, which an empty list means)."""
    if found.event_types is None:
        return
    if not chosen:
        raise invalid("events", "choose at least one event type")
    if outside := [name for name in chosen if name not in found.event_types]:
        raise invalid("events", "not available here: " + ", ".join(outside))


def own_endpoint(session: Session, found: Access, endpoint_id: str) -> Endpoint:
    endpoint = session.get(Endpoint, endpoint_id)
    if endpoint is None or endpoint.environment_id != found.environment_id \
            or endpoint.consumer_id != found.consumer_id:
        raise NotFound(f"endpoint {endpoint_id!r} not found")
    return endpoint


def own_delivery(session: Session, found: Access, delivery_id: str) -> Delivery:
    # One answer for an id that is nowhere and one that is another Consumer's, in the
    # customer's words: the API's not-found says "Entrega" in its title, which the error
    # page shows as its heading.
    missing = NotFound(f"Delivery {delivery_id} not found", title="Delivery not found")
    delivery = get_in(session, Delivery, found.environment_id, delivery_id, missing)
    if delivery.consumer_id != found.consumer_id:
        raise missing
    return delivery


@dataclass(frozen=True)
class DeliveryView:
    """A Delivery's page: what was sent, where, and whether Retry would be accepted."""

    delivery: Delivery
    endpoint_url: str | None  # None once the endpoint is deleted
    payload: str | None  # the body as sent, indented when it is JSON; None once erased
    retry_refused: str | None  # the API's reason for refusing a retry now, or None
    line: lines.Standing | None = None  # its place in its line, at an ordered endpoint

    @property
    def skip_offered(self) -> bool:
        """The exhausted head of a blocked line: Skip lets the line go on."""
        return self.line is not None and self.line.heads(self.delivery.id) \
            and self.delivery.status == DeliveryStatus.EXHAUSTED


def delivery_view(session: Session, found: Access, delivery_id: str) -> DeliveryView:
    delivery = own_delivery(session, found, delivery_id)
    endpoint = session.get(Endpoint, delivery.endpoint_id) if delivery.endpoint_id else None
    event = session.get(Event, delivery.event_id) if delivery.event_id else None
    refusal = deliveries.retry_refusal(session, delivery)
    return DeliveryView(
        delivery=delivery, endpoint_url=shown_url(endpoint) if endpoint is not None else None,
        payload=None if event is None or event.payload_erased else _indented(event.payload),
        retry_refused=None if refusal is None else refusal.detail or refusal.title,
        line=lines.standing(session, delivery.id))


def _indented(body: str) -> str:
    try:
        return json.dumps(json.loads(body), indent=2, ensure_ascii=False)
    except ValueError:
        return body


def own_event(session: Session, found: Access, event_id: str) -> Event:
    event = events.get_event(session, found.environment_id, event_id)
    if event.consumer_id != found.consumer_id:
        raise NotFound(f"event {event_id} not found")
    return event


def own_endpoints(session: Session, found: Access) -> list[TargetRow]:
    return endpoints.list_endpoints(session, found.environment_id, found.consumer_id)


RECENT_EVENTS = 10


def recent_events(session: Session, found: Access) -> list[Event]:
    """The Consumer's latest events, newest first: what the filter editor tries a filter on
    (by its id: those published before its externalId changed are its too)."""
    rows = queries.events.search(session, found.environment_id, queries.events.EventFilter(
        consumer_id=found.consumer_id), None, RECENT_EVENTS)
    return rows[:RECENT_EVENTS]


def preview(session: Session, found: Access, endpoint_id: str, event_id: str | None,
            filter: str | None, transforms: ExecutorPool) -> previews.Preview:
    """A filter as typed, tried on one of the Consumer's own events (another's is 422, as
    one of another environment is to the API)."""
    begin_reading(session)  # a read only, as the API's previews are
    own_endpoint(session, found, endpoint_id)
    if event_id is None:
        raise invalid("event", "choose one of your recent events to try the filter on")
    event = session.get(Event, event_id)
    if event is None or event.consumer_id != found.consumer_id:
        raise invalid("event", f"no event {event_id!r} of yours")
    return previews.endpoint_preview(session, found.environment_id, endpoint_id,
                                     previews.EventSample(event_id=event_id),
                                     previews.Tried(filter=filter), transforms)


def catalogue(session: Session, found: Access) -> list[EventType]:
    """The event types the Consumer may subscribe to, by name."""
    return queries.event_types.named(session, found.environment_id, found.event_types)


def branding(session: Session, env_id: str) -> PortalSettings:
    return session.get(PortalSettings, env_id) or PortalSettings(environment_id=env_id)


@dataclass(frozen=True)
class BrandingPatch:
    name: str | Keep | None = KEEP
    logo_url: str | Keep | None = KEEP
    accent_color: str | Keep | None = KEEP
    support_url: str | Keep | None = KEEP
    notices_enabled: bool | Keep = KEEP
    failing_notice_hours: int | Keep | None = KEEP


def set_branding(session: Session, env_id: str, patch: BrandingPatch) -> PortalSettings:
    row = branding(session, env_id)
    if not isinstance(patch.logo_url, Keep):
        if patch.logo_url is not None and not patch.logo_url.startswith("https://"):
            raise invalid("logoUrl", "must be an https:// URL")
        row.logo_url = patch.logo_url
    if not isinstance(patch.accent_color, Keep):
        if patch.accent_color is not None and not COLOR.match(patch.accent_color):
            raise invalid("accentColor", "must be a colour like #1a73e8")
        row.accent_color = patch.accent_color
    if not isinstance(patch.name, Keep):
        row.name = patch.name
    if not isinstance(patch.support_url, Keep):
        if patch.support_url is not None and not patch.support_url.startswith("https://"):
            raise invalid("supportUrl", "must be an https:// URL")
        row.support_url = patch.support_url
    if not isinstance(patch.notices_enabled, Keep):
        row.notices_enabled = patch.notices_enabled
    if not isinstance(patch.failing_notice_hours, Keep):
        row.failing_notice_hours = patch.failing_notice_hours
    row.updated_at = utcnow()
    session.add(row)
    return row


def own_endpoint_row(session: Session, found: Access, endpoint_id: str) -> TargetRow:
    row = row_of(session, own_endpoint(session, found, endpoint_id))
    return row


STATUSES = queries.explorer.STATUSES


@dataclass(frozen=True)
class DeliveryFilter:
    status: str | None = None
    event_type: str | None = None
    endpoint_id: str | None = None


def list_deliveries(session: Session, found: Access, wanted: DeliveryFilter,
                    before: str | None, limit: int) -> list[Delivery]:
    """The Consumer's Deliveries (those of endpoints since deleted too), newest first, by
    the delivery explorer's query; limit + 1 rows, for the caller's paging. An endpoint
    that is not the Consumer's is 404."""
    if wanted.status is not None and wanted.status not in STATUSES:
        raise invalid("status", f"must be one of {', '.join(STATUSES)}")
    if wanted.endpoint_id is not None:
        own_endpoint(session, found, wanted.endpoint_id)
    rows = queries.deliveries.search(session, found.environment_id, queries.explorer.DeliveryFilter(
        status=wanted.status, event_type=wanted.event_type, endpoint=wanted.endpoint_id,
        consumer_id=found.consumer_id), before, limit)
    return rows
