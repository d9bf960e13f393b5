"""Endpoints: what only an endpoint has beyond any delivery target (`services/targets`): its
Consumer, the event types it subscribes to, and the test event.

Nothing here commits: the caller owns the transaction."""

from __future__ import annotations

import json

from sqlmodel import Session

from hookline import filters, transformations
from hookline.delivery import targets
from hookline.delivery.gate import Health, health_of
from hookline.delivery.model import Outgoing
from hookline.errors import NotFound, invalid
from hookline.ids import new_id
from hookline.persistence import queries
from hookline.persistence.models import Endpoint
from hookline.services import consumers, event_types
from hookline.services.headers import check_headers
from hookline.services.targets import TargetRow, check_secret, get_scoped
from hookline.signing import new_secret
from hookline.timeutil import iso, utcnow

LIST_LIMIT = 100
TEST_EVENT = "endpoint.test"


def check_events(session: Session, env_id: str, events: list[str]) -> list[str]:
    unique = list(dict.fromkeys(events))
    registered = event_types.registered_names(session, env_id, unique)
    missing = [name for name in unique if name not in registered]
    if missing:
        raise invalid("events", "event types not registered: " + ", ".join(missing))
    return unique


def create_endpoint(session: Session, env_id: str, *, consumer: str, url: str,
                    events: list[str] | None, description: str | None,
                    headers: dict[str, str] | None, secret: str | None,
                    rate_limit: int | None = None, filter: str | None = None,
                    transformation: str | None = None) -> TargetRow:
    """The URL and the transformation are checked by the caller first (check_url,
    check_transformation); everything else here."""
    try:
        owner = consumers.get_consumer(session, env_id, consumer)
    except NotFound:
        raise invalid("consumer", f"no consumer with externalId {consumer!r}") from None
    endpoint = Endpoint(
        id=new_id("ep"), environment_id=env_id, consumer_id=owner.id, url=url,
        description=description, events=check_events(session, env_id, events or []),
        custom_headers=check_headers(headers or {}),
        secret=new_secret() if secret is None else check_secret(secret),
        rate_limit=targets.check_rate_limit(rate_limit),
        filter=filters.check(filter),
        transformation=transformations.check(transformation))
    session.add(endpoint)
    return TargetRow(endpoint, Health(), owner.external_id)  # never gated yet: closed


def list_endpoints(session: Session, env_id: str, consumer: str | None) -> list[TargetRow]:
    """The 100 most recent, newest first (ids sort by creation time). An unknown `consumer`
    filter matches nothing and gives an empty list, like any filter that matches nothing."""
    rows = queries.targets.recent_endpoints(session, env_id, consumer, LIST_LIMIT)
    health = health_of(session, [endpoint.id for endpoint, _ in rows])
    return [TargetRow(endpoint, health[endpoint.id], external_id)
            for endpoint, external_id in rows]


def test_outgoing(session: Session, env_id: str, endpoint_id: str, require_https: bool
                  ) -> Outgoing:
    """What the endpoint test sends: an `endpoint.test` event signed with the secrets in
    force. Nothing is stored, so the test is in no history and no failure count."""
    endpoint = get_scoped(session, Endpoint, env_id, endpoint_id)
    body = json.dumps({"type": TEST_EVENT, "timestamp": iso(utcnow()),
                       "data": {"endpointId": endpoint.id}}, separators=(",", ":"))
    out = Outgoing(url=endpoint.url, msg_id=new_id("evt_test"), body=body.encode(),
                   content_type="application/json",
                   custom_headers=dict(endpoint.custom_headers),
                   secrets=targets.secrets_in_force(endpoint), require_https=require_https)
    return out
