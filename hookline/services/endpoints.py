"""Endpoints: a Consumer's URL, the event types it receives, its secret, fixed headers and
rate limit; reads also show its circuit breaker (kept by the delivery engine).

Every function commits before returning, reads included: callers await
DNS and HTTP between calls, and on SQLite an open transaction holds the write lock."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from sqlalchemy import or_
from sqlmodel import Session, col, select

from hookline import targets
from hookline.delivery import gate
from hookline.delivery.attempts import Outgoing
from hookline.delivery.gate import Health, health_of
from hookline.errors import NotFound, invalid
from hookline.ids import new_id
from hookline.models import Consumer, Endpoint
from hookline.services import consumers, event_types, operational
from hookline.services.headers import check_headers
from hookline.services.patch import KEEP, Keep
from hookline.services.scoped import get_in
from hookline.signing import is_valid_secret, new_secret
from hookline.timeutil import iso, utcnow
from hookline.url_guard import DNSFailure, URLRefused

if TYPE_CHECKING:
    from hookline.delivery.sender import Sender

LIST_LIMIT = 100
TEST_EVENT = "endpoint.test"
SECRET_RULE = "must be 'whsec_' followed by the base64 of 24 to 64 random bytes"


class EndpointRow(NamedTuple):
    endpoint: Endpoint
    consumer: str  # the owning Consumer's externalId, which the API shows
    health: Health  # the breaker and the concurrency limit the engine keeps


@dataclass(frozen=True)
class EndpointPatch:
    """Absent fields (None, or KEEP for the nullable ones) stay as they are."""

    url: str | None = None
    events: list[str] | None = None
    status: str | None = None  # enabled | disabled
    description: str | Keep | None = KEEP
    rate_limit: int | Keep | None = KEEP  # None: no limit


async def check_url(sender: Sender, url: str, require_https: bool) -> None:
    """URL rules 1-5 at registration, with the same guard (and settings) as every delivery.
    Runs outside any transaction: it resolves DNS."""
    try:
        await sender.guard(url, require_https)
    except URLRefused as exc:
        raise invalid("url", str(exc)) from None
    except DNSFailure as exc:
        raise invalid("url", f"the host does not resolve ({exc})") from None


def _check_events(session: Session, env_id: str, events: list[str]) -> list[str]:
    unique = list(dict.fromkeys(events))
    registered = event_types.registered_names(session, env_id, unique)
    missing = [name for name in unique if name not in registered]
    if missing:
        raise invalid("events", "event types not registered: " + ", ".join(missing))
    return unique


def _check_secret(secret: str | None) -> str:
    if secret is None:
        return new_secret()
    if not is_valid_secret(secret):
        raise invalid("secret", SECRET_RULE)
    return secret


def get_scoped(session: Session, env_id: str, endpoint_id: str) -> Endpoint:
    return get_in(session, Endpoint, env_id, endpoint_id,
                  NotFound(f"endpoint {endpoint_id!r} not found"))


def _row(session: Session, endpoint: Endpoint) -> EndpointRow:
    consumer = session.get(Consumer, endpoint.consumer_id)
    return EndpointRow(endpoint, consumer.external_id if consumer else "",
                       health_of(session, [endpoint.id])[endpoint.id])


def ensure_exists(session: Session, env_id: str, endpoint_id: str) -> None:
    """404 before slower checks (DNS) of a request on an endpoint that is not there."""
    try:
        get_scoped(session, env_id, endpoint_id)
    finally:
        session.commit()


def create_endpoint(session: Session, env_id: str, *, consumer: str, url: str,
                    events: list[str] | None, description: str | None,
                    headers: dict[str, str] | None, secret: str | None,
                    rate_limit: int | None = None) -> EndpointRow:
    """The URL is checked by the caller (check_url) first; everything else here."""
    try:
        owner = consumers.get_consumer(session, env_id, consumer)
    except NotFound:
        raise invalid("consumer", f"no consumer with externalId {consumer!r}") from None
    endpoint = Endpoint(
        id=new_id("ep"), environment_id=env_id, consumer_id=owner.id, url=url,
        description=description, events=_check_events(session, env_id, events or []),
        custom_headers=check_headers(headers or {}), secret=_check_secret(secret),
        rate_limit=targets.check_rate_limit(rate_limit))
    session.add(endpoint)
    session.commit()
    return EndpointRow(endpoint, owner.external_id, Health())  # never gated yet: closed


def get_endpoint(session: Session, env_id: str, endpoint_id: str) -> EndpointRow:
    row = _row(session, get_scoped(session, env_id, endpoint_id))
    session.commit()
    return row


def list_endpoints(session: Session, env_id: str, consumer: str | None) -> list[EndpointRow]:
    """The 100 most recent, newest first (ids sort by creation time). An unknown `consumer`
    filter matches nothing and gives an empty list, like any filter that matches nothing."""
    query = select(Endpoint, Consumer.external_id).join(
        Consumer, col(Consumer.id) == col(Endpoint.consumer_id)).where(
        Endpoint.environment_id == env_id)
    if consumer is not None:
        query = query.where(or_(col(Consumer.external_id) == consumer,
                                col(Consumer.id) == consumer))
    rows = session.exec(query.order_by(col(Endpoint.id).desc()).limit(LIST_LIMIT)).all()
    health = health_of(session, [endpoint.id for endpoint, _ in rows])
    session.commit()
    return [EndpointRow(endpoint, external_id, health[endpoint.id])
            for endpoint, external_id in rows]


def _apply_status(session: Session, endpoint: Endpoint, status: str) -> list[str]:
    """Setting the state it is already in changes nothing (a disabled endpoint keeps the
    reason it was disabled for; an enabled one keeps its failure count)."""
    if status == "disabled" and targets.is_enabled(endpoint):
        targets.disable(endpoint, automatically=False)
        return targets.cancel_waiting(session, endpoint)
    if status == "enabled" and not targets.is_enabled(endpoint):
        targets.enable(endpoint)
        gate.forget(session, endpoint.id)
        operational.notify(session, endpoint.environment_id, "endpoint.enabled", endpoint, {})
    return []


def update_endpoint(session: Session, env_id: str, endpoint_id: str, patch: EndpointPatch
                    ) -> tuple[EndpointRow, list[str]]:
    """Validates everything before changing anything. Returns the endpoint and the
    Deliveries a disable cancelled, whose workflows the caller wakes after this commit."""
    endpoint = get_scoped(session, env_id, endpoint_id)
    events = _check_events(session, env_id, patch.events) if patch.events is not None else None
    if patch.status not in (None, "enabled", "disabled"):
        raise invalid("status", "must be 'enabled' or 'disabled'")
    if not isinstance(patch.rate_limit, Keep):
        endpoint.rate_limit = targets.check_rate_limit(patch.rate_limit)
    if patch.url is not None and patch.url != endpoint.url:
        endpoint.url = patch.url
        gate.forget(session, endpoint.id)
    if events is not None:
        endpoint.events = events
    if not isinstance(patch.description, Keep):
        endpoint.description = patch.description
    cancelled = _apply_status(session, endpoint, patch.status) if patch.status else []
    endpoint.updated_at = utcnow()
    session.add(endpoint)
    row = _row(session, endpoint)  # read before the commit: the transaction ends here
    session.commit()
    return row, cancelled


def delete_endpoint(session: Session, env_id: str, endpoint_id: str) -> list[str]:
    """Returns the Deliveries that were waiting for it, now cancelled, to wake."""
    endpoint = get_scoped(session, env_id, endpoint_id)
    cancelled = targets.cancel_waiting(session, endpoint)
    session.delete(endpoint)
    session.commit()
    return cancelled


def set_headers(session: Session, env_id: str, endpoint_id: str, headers: dict[str, str]
                ) -> dict[str, str]:
    endpoint = get_scoped(session, env_id, endpoint_id)
    endpoint.custom_headers = check_headers(headers)
    endpoint.updated_at = utcnow()
    session.add(endpoint)
    session.commit()
    return dict(endpoint.custom_headers)


def rotate_secret(session: Session, env_id: str, endpoint_id: str, secret: str | None) -> str:
    """The previous secret keeps signing (next to the new one) for 24 hours."""
    endpoint = get_scoped(session, env_id, endpoint_id)
    fresh = _check_secret(secret)
    targets.rotate(endpoint, fresh)
    session.add(endpoint)
    session.commit()
    return fresh


def test_outgoing(session: Session, env_id: str, endpoint_id: str, require_https: bool
                  ) -> Outgoing:
    """What the endpoint test sends: an `endpoint.test` event signed with the secrets in
    force. Nothing is stored, so the test is in no history and no failure count."""
    endpoint = get_scoped(session, env_id, endpoint_id)
    body = json.dumps({"type": TEST_EVENT, "timestamp": iso(utcnow()),
                       "data": {"endpointId": endpoint.id}}, separators=(",", ":"))
    out = Outgoing(url=endpoint.url, msg_id=new_id("evt_test"), body=body.encode(),
                   content_type="application/json",
                   custom_headers=dict(endpoint.custom_headers),
                   secrets=targets.secrets_in_force(endpoint), require_https=require_https)
    session.commit()
    return out
