"""Endpoints: what only an endpoint has beyond any delivery target (`services/targets`): its
Consumer, the event types it subscribes to, the names its signature goes under, a Svix
endpoint's uid, labels and channels, the test event and an event type's example.

Nothing here commits: the caller owns the transaction."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from hookline.delivery import batches, lines, targets
from hookline.delivery import polling as polled_targets
from hookline.delivery.credentials import ClientTLS, OAuth2
from hookline.delivery.gate import Health, health_of
from hookline.delivery.model import Outgoing
from hookline.errors import Conflict, DomainError, NotFound, invalid
from hookline.ids import new_id
from hookline.persistence import queries
from hookline.persistence.batches import Write
from hookline.persistence.models import Endpoint, Environment, Event
from hookline.services import consumers, event_types, events, polling, target_credentials
from hookline.services.accounts import Principal
from hookline.services.headers import check_headers, unmasked
from hookline.services.target_credentials import Broker
from hookline.services.targets import (
    TargetRow,
    check_kind,
    consumer_of,
    get_scoped,
    instance_aws,
    signing_key,
)
from hookline.signing import WEBHOOK
from hookline.target_kinds import is_polling
from hookline.tenant_code import filters, transformations
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


@dataclass(frozen=True)
class Details:
    """What an endpoint may carry beside its delivery settings: a Svix endpoint's uid,
    labels (strings by string) and channels, and whether it starts disabled."""

    uid: str | None = None
    metadata: dict[str, str] | None = None
    channels: list[str] | None = None
    disabled: bool = False


def create_endpoint(session: Session, env_id: str, *, consumer: str, url: str,
                    events: list[str] | None, description: str | None,
                    headers: dict[str, str] | None, secret: str | None,
                    rate_limit: int | None = None, filter: str | None = None,
                    transformation: str | None = None, signature_headers: str = WEBHOOK,
                    details: Details = Details(), signature_scheme: str | None = None,
                    auth: dict[str, Any] | None = None, tls: dict[str, Any] | None = None,
                    broker: Broker = Broker(), ordering: dict[str, Any] | None = None,
                    batch: dict[str, Any] | None = None) -> TargetRow:
    """The URL, the token URL and the transformation are checked by the caller first
    (check_url, check_token_url, check_transformation); everything else here. A polling
    endpoint (`url` is `target_kinds.POLLING_URL`) gets its poll token, and refuses what
    only sending needs (`polling.REFUSED`)."""
    try:
        owner = consumers.get_consumer(session, env_id, consumer)
    except NotFound:
        raise invalid("consumer", f"no consumer with externalId {consumer!r}") from None
    if details.uid is not None:
        check_uid_free(session, owner.id, details.uid)
    pulled = is_polling(url)
    if pulled:
        polling.check_settings({
            "headers": headers, "rateLimit": rate_limit, "transformation": transformation,
            "auth": auth, "tls": tls, "credentials": broker.credentials,
            "endpointOverride": broker.endpoint_override, "ordering": ordering,
            "batch": batch})
    else:
        check_kind(session, env_id, url)
    endpoint = Endpoint(
        id=new_id("ep"), environment_id=env_id, consumer_id=owner.id, url=url,
        description=description, events=check_events(session, env_id, events or []),
        custom_headers=check_headers(unmasked(headers or {}, {})),
        secret=signing_key(secret, signature_scheme),
        rate_limit=targets.check_rate_limit(rate_limit),
        filter=filters.check(filter),
        transformation=transformations.check(transformation),
        signature_headers=targets.check_signature_headers(signature_headers),
        uid=details.uid, metadata_=details.metadata or {}, channels=details.channels,
        auth=target_credentials.check_auth(auth), tls=target_credentials.check_tls(tls),
        ordering=lines.check(ordering), batch=batches.check(batch),
        poll_token=polling.new_token() if pulled else None,
        **broker.checked(url, auth, tls, env_id, instance_aws(session, env_id)))
    if details.disabled:
        targets.disable(endpoint, automatically=False)
    session.add(endpoint)
    if endpoint.batch is not None:
        batches.mirror(session, endpoint.id, endpoint.batch)
    if pulled:
        polled_targets.mirror(session, endpoint.id)
    return TargetRow(endpoint, Health(), owner.external_id)  # never gated yet: closed


def rotate_poll_token(session: Session, env_id: str, endpoint_id: str) -> str:
    """A polling endpoint's new token; the old one pulls nothing from now on. 409 for an
    endpoint that is not polling."""
    endpoint = get_scoped(session, Endpoint, env_id, endpoint_id)
    if not is_polling(endpoint.url):
        raise Conflict(f"endpoint {endpoint_id!r} is not a polling endpoint: it has no poll "
                       "token")
    endpoint.poll_token = polling.new_token()
    endpoint.updated_at = utcnow()
    session.add(endpoint)
    return endpoint.poll_token


def check_uid_free(session: Session, consumer_id: str, uid: str,
                   endpoint_id: str | None = None) -> None:
    """A uid names one endpoint of its Consumer (409 when another has it)."""
    found = queries.targets.endpoint_of_consumer(session, consumer_id, uid)
    if found is not None and found.id != endpoint_id:
        raise Conflict(f"an endpoint of this consumer has the uid {uid!r} already")


def find_of_consumer(session: Session, env_id: str, consumer: str, ref: str
                     ) -> Endpoint | None:
    """An endpoint of one Consumer (its id or externalId; 404 when none), by its id or its
    uid: another Consumer's is as good as missing."""
    owner = consumers.get_consumer(session, env_id, consumer)
    return queries.targets.endpoint_of_consumer(session, owner.id, ref)


def get_of_consumer(session: Session, env_id: str, consumer: str, ref: str) -> Endpoint:
    found = find_of_consumer(session, env_id, consumer, ref)
    if found is None:
        raise NotFound(f"endpoint {ref!r} not found")
    return found


def page_of_consumer(session: Session, env_id: str, consumer: str, after: str | None,
                     limit: int, *, ascending: bool = False) -> list[Endpoint]:
    """Those after `after` in id order (newest first unless `ascending`)."""
    owner = consumers.get_consumer(session, env_id, consumer)
    return queries.targets.endpoints_page(session, owner.id, after, limit,
                                          ascending=ascending)


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
    force. Nothing is stored, so the test is in no history and no failure count. A broker
    gets it as a real message, marked with its event type (`webhook-event-type`) as any
    event is, so that a consumer can tell it from the others."""
    endpoint = get_scoped(session, Endpoint, env_id, endpoint_id)
    if is_polling(endpoint.url):
        raise Conflict(f"endpoint {endpoint_id!r} is a polling endpoint: nothing is sent to "
                       "it, so there is nothing to test; its Consumer pulls from its poll URL")
    body = json.dumps({"type": TEST_EVENT, "timestamp": iso(utcnow()),
                       "data": {"endpointId": endpoint.id}}, separators=(",", ":"))
    out = Outgoing(url=endpoint.url, msg_id=new_id("evt_test"), body=body.encode(),
                   content_type="application/json", event_type=TEST_EVENT,
                   custom_headers=dict(endpoint.custom_headers),
                   secrets=targets.secrets_in_force(endpoint), require_https=require_https,
                   signature_headers=endpoint.signature_headers,
                   auth=OAuth2.stored(endpoint.auth), tls=ClientTLS.stored(endpoint.tls),
                   proxy=_env_proxy(session, env_id), target_id=endpoint.id,
                   instance_aws=instance_aws(session, env_id),
                   credentials=endpoint.credentials,
                   endpoint_override=endpoint.endpoint_override,
                   key=consumer_of(session, endpoint))
    return out


def _env_proxy(session: Session, env_id: str) -> str | None:
    env = session.get(Environment, env_id)
    return env.egress_proxy if env else None


class NoExample(DomainError):
    status, slug, title = 400, "no-example", "No example"


def send_example(session: Session, principal: Principal, endpoint: Endpoint, event_type: str,
                 index: int, schedule: list[float]) -> Event:
    """The event type's example (`event_types.example`) published as an Event of the
    endpoint's Consumer for this endpoint only (Svix's send-example): stored and delivered
    as any other, so only if the endpoint takes the type and its filter lets it through. Its
    body is the example alone, as Svix sends it."""
    found = event_types.get(session, principal.environment_id, event_type)
    data = event_types.example(session, found, index)
    if data is None:
        raise NoExample(f"event type {event_type!r} has no example {index} (its `examples`, "
                        "or its schema's)")
    published = events.check_new_event(session, principal, events.NewEvent(
        event_type, endpoint.consumer_id, data, enveloped=False, only=endpoint.id), schedule)
    if isinstance(published, Write):
        published = published.run(session)
    return published.event
