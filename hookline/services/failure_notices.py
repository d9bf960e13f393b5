"""Failure notices: a Consumer's contacts (`services/notice_channels`) hear of its own
endpoints' failures, on a real change of state only, never once per failed attempt:

- `endpoint.failing`: the first Delivery exhausted after a success (the endpoint's failure
  count going from 0 to 1), at most once per endpoint per the environment's interval (a
  day unless it says otherwise);
- `endpoint.disabled`: the endpoint disabled automatically (its failures, or a 410);
- `endpoint.recovered`: a success after either of those was sent;
- `digest`: weekly, when any of the Consumer's Deliveries ended exhausted that week.

Each is one Delivery per channel, of an Event of the hidden environment whose body (it
carries a portal link) is sealed at rest. `notify` is the engine's hook, in the outcome's
transaction: it tells the operational webhooks too."""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlmodel import Session

from hookline.errors import NotFound
from hookline.ids import first_id_at, new_id
from hookline.outcome_sentences import said
from hookline.persistence import queries
from hookline.persistence.models import (
    Consumer,
    Endpoint,
    Environment,
    Event,
    InstanceSecret,
    Notice,
    PortalSettings,
)
from hookline.services import deliveries, notice_channels, operational, portal
from hookline.services import notice_texts as texts
from hookline.services.notice_channels import EMAIL, SLACK, Channel
from hookline.services.polling import shown_url
from hookline.settings import get_settings
from hookline.statuses import ErrorType
from hookline.timeutil import aware, utcnow

log = logging.getLogger("hookline.notices")
DEFAULT_INTERVAL_HOURS = 24
WEEK = timedelta(days=7)
# A digest is due again this long after the last: the weekly Schedule's runs may drift.
DIGEST_AGAIN = timedelta(days=6)
LINK_SECONDS = portal.EXPIRES_MAX  # a notice's portal link works for a week
STATES = {texts.FAILING: "failing", texts.DISABLED: "disabled"}
# A Consumer's notices (one per channel) in a day, at most; and an e-mail address's.
PER_DAY = 100
PER_ADDRESS_DAY = 20


def notify(session: Session, env_id: str, event_type: str, target: Any,
           data: dict[str, Any]) -> None:
    """The engine's hook for an outcome's news (`attempts.Notify`): the operator's
    operational webhooks, then the endpoint's Consumer's notices."""
    if event_type in operational.TYPES:
        operational.notify(session, env_id, event_type, target, data)
    if not isinstance(target, Endpoint) or (event_type not in STATES
                                            and event_type != texts.RECOVERED):
        return
    # In a savepoint: a notice that fails is logged, and never holds up the outcome it
    # would tell of (whose transaction this is).
    try:
        with session.begin_nested():
            tell(session, target, event_type, data.get("lastAttempt") or {})
    except Exception:
        log.exception("the %s notice of endpoint %s was not sent", event_type, target.id)


def _branding(session: Session, env_id: str) -> PortalSettings | None:
    """The environment's settings when its Consumers are sent notices; None when not (it
    turned them off, or it is a hidden one)."""
    env = session.get(Environment, env_id)
    if env is None or env.operational_of is not None:
        return None
    found = portal.branding(session, env_id)
    return found if found.notices_enabled else None


def tell(session: Session, endpoint: Endpoint, kind: str, last: dict[str, Any]) -> list[Notice]:
    """Send `kind` about `endpoint` to its Consumer's contacts, if it is a change they
    have not heard of; in the caller's transaction."""
    brand = _branding(session, endpoint.environment_id)
    consumer = session.get(Consumer, endpoint.consumer_id)
    if brand is None or consumer is None or not consumer.contacts:
        return []
    now = utcnow()
    if kind == texts.FAILING and endpoint.failing_noticed_at is not None and \
            now - aware(endpoint.failing_noticed_at) < timedelta(
                hours=brand.failing_notice_hours or DEFAULT_INTERVAL_HOURS):
        return []
    channels = _room(session, consumer, notice_channels.channels(session, consumer), now,
                     kind)
    if not channels:
        return []
    facts = facts_of(session, brand, consumer, endpoint, kind, last)
    # What they were told, so a recovery is told only after a failure was.
    endpoint.notice_state = STATES.get(kind)
    if kind == texts.FAILING:
        endpoint.failing_noticed_at = now
    session.add(endpoint)
    return send(session, consumer, endpoint.id, facts, channels, now)


def _room(session: Session, consumer: Consumer, channels: list[Channel], now: datetime,
          kind: str) -> list[Channel]:
    """Those of the channels that have room left in the day's shares (and no e-mail
    without an SMTP server to send it: HOOKLINE_SMTP_URL): the Consumer's
    (`PER_DAY` notices), and each address's, whoever's contacts list it
    (`PER_ADDRESS_DAY`): a tenant cannot make the instance's mail server write to a
    stranger more than that, however many Consumers or endpoints it makes."""
    day = first_id_at("ntc", (now - timedelta(days=1)).timestamp())
    mailing = bool(get_settings().smtp_url or get_settings().smtp_url_file)
    room = [c for c in channels if c.channel != EMAIL or (mailing and
            queries.notices.count_to_since(session, c.recipient, day) < PER_ADDRESS_DAY)]
    if room and queries.notices.count_since(session, consumer.id, day) + len(room) > PER_DAY:
        log.warning("consumer %s: over %d notices a day, %s not sent", consumer.id, PER_DAY,
                    kind)
        return []
    return room


def facts_of(session: Session, brand: PortalSettings, consumer: Consumer, endpoint: Endpoint,
             kind: str, last: dict[str, Any]) -> texts.Facts:
    error, code = last.get("errorType"), last.get("statusCode")
    if error == ErrorType.CIRCUIT_OPEN:  # held by the breaker: what opened it says more
        error, code = queries.attempts.last_run(session, endpoint.id) or (error, code)
    return texts.Facts(
        type=kind, company=brand.name or "Webhooks", consumer=consumer.name,
        link=_portal_link(session, consumer, f"/portal/endpoints/{endpoint.id}"),
        endpoint_url=shown_url(endpoint), sentence=said(error, code),
        waiting=queries.deliveries.count_waiting(session, endpoint.id),
        logo_url=brand.logo_url, support_url=brand.support_url)


def _portal_link(session: Session, consumer: Consumer, page: str) -> str:
    """A week's magic link to the Consumer's portal, opening on `page`."""
    _link, token = portal.create_link(session, consumer.environment_id, consumer.id,
                                      expires_in=LINK_SECONDS, read_only=False, types=None)
    return portal.link_url(token, page)


def body_of(facts: texts.Facts, channel: Channel, unsubscribe: str) -> dict[str, Any]:
    if channel.channel == EMAIL:
        return texts.email(facts, unsubscribe)
    return texts.slack(facts) if channel.channel == SLACK else texts.teams(facts)


def send(session: Session, consumer: Consumer, endpoint_id: str | None, facts: texts.Facts,
         channels: list[Channel], now: datetime) -> list[Notice]:
    """One notice per channel: its Event (the body sealed), its Delivery, its row."""
    schedule = get_settings().retry_delays
    sent: list[Notice] = []
    for channel in channels:
        hidden = channel.endpoint
        body = body_of(facts, channel, unsubscribe_url(session, hidden.id))
        event = Event(id=new_id("evt"), environment_id=hidden.environment_id,
                      type=f"notice.{facts.type}", consumer_id=hidden.consumer_id,
                      consumer_external_id=notice_channels.holder_of(consumer.id), payload="",
                      sealed_payload=json.dumps(body, separators=(",", ":")),
                      enveloped=False, deliveries=1, created_at=now)
        session.add(event)
        session.flush()
        [start] = deliveries.add_for_event(session, event, [hidden], schedule)
        notice = Notice(id=new_id("ntc"), environment_id=consumer.environment_id,
                        consumer_id=consumer.id, endpoint_id=endpoint_id, type=facts.type,
                        channel=channel.channel, recipient=channel.recipient,
                        delivery_id=start.delivery_id, created_at=now)
        session.add(notice)
        sent.append(notice)
    return sent


def _mac(session: Session, channel_id: str) -> str:
    row = session.get(InstanceSecret, 1)
    assert row is not None  # made by the migrations
    return hmac.new(row.secret.encode(), f"unsubscribe:{channel_id}".encode(),
                    hashlib.sha256).hexdigest()[:32]


def unsubscribe_url(session: Session, channel_id: str) -> str:
    """The link each e-mail carries: it takes its address off the Consumer's contacts."""
    return (f"{get_settings().public_url.rstrip('/')}/portal/unsubscribe/{channel_id}"
            f"?token={_mac(session, channel_id)}")


@dataclass(frozen=True)
class Unsubscribing:
    consumer: Consumer
    address: str


def unsubscribing(session: Session, channel_id: str, token: str) -> Unsubscribing:
    """Whose address an unsubscribe link names: 404 when the link is not one we made, or
    its address is off the contacts already."""
    endpoint = session.get(Endpoint, channel_id)
    if endpoint is None or endpoint.description != EMAIL or \
            not hmac.compare_digest(token.encode(), _mac(session, channel_id).encode()):
        raise NotFound("this unsubscribe link is not valid, or was used already")
    holder = session.get(Consumer, endpoint.consumer_id)
    consumer = session.get(Consumer, notice_channels.holder_for(holder.external_id)) \
        if holder else None
    if consumer is None:
        raise NotFound("this unsubscribe link is not valid, or was used already")
    return Unsubscribing(consumer, Channel(EMAIL, endpoint).recipient)


def unsubscribe(session: Session, channel_id: str, token: str
                ) -> tuple[Unsubscribing, list[str]]:
    """Take the link's address off its Consumer's contacts; whose it was, and the
    Deliveries cancelled with its channel."""
    found = unsubscribing(session, channel_id, token)
    return found, notice_channels.unsubscribe(session, found.consumer, found.address)


def digests(session: Session, now: datetime, after: str | None, limit: int = 100
            ) -> tuple[int, str | None]:
    """Weekly digests to up to `limit` Consumers past `after` (by id) whose Deliveries
    ended exhausted in the past week and who had none for six days; (how many were sent,
    the last Consumer read, or None when no more are left)."""
    rows = queries.notices.exhausted_since(session, now - WEEK, now - DIGEST_AGAIN, after,
                                           limit)
    by_consumer: dict[str, list[tuple[str, int]]] = {}
    for consumer_id, endpoint_id, count in rows:
        by_consumer.setdefault(consumer_id, []).append((endpoint_id, count))
    sent = 0
    for consumer_id, failures in by_consumer.items():
        consumer = session.get(Consumer, consumer_id)
        if consumer is not None and _digest(session, consumer, failures, now):
            sent += 1
    return sent, (rows[-1][0] if len(by_consumer) >= limit else None)


def _digest(session: Session, consumer: Consumer, failures: list[tuple[str, int]],
            now: datetime) -> bool:
    brand = _branding(session, consumer.environment_id)
    channels = _room(session, consumer, notice_channels.channels(session, consumer), now,
                     texts.DIGEST) if brand else []
    if brand is None or not channels:
        return False
    shown = [(shown_url(e), count) for endpoint_id, count in failures
             if (e := session.get(Endpoint, endpoint_id)) is not None]
    facts = texts.Facts(type=texts.DIGEST, company=brand.name or "Webhooks",
                        consumer=consumer.name, failures=shown,
                        link=_portal_link(session, consumer, "/portal/deliveries"),
                        logo_url=brand.logo_url, support_url=brand.support_url)
    send(session, consumer, None, facts, channels, now)
    consumer.digest_sent_at = now
    session.add(consumer)
    return True


def preview(session: Session, env_id: str, consumer: Consumer, kind: str) -> dict[str, Any]:
    """What a notice of `kind` would say to this Consumer now, on every channel, with its
    first endpoint as the example (or a made-up one): nothing is sent, no link is made."""
    brand = portal.branding(session, env_id)
    endpoints = queries.targets.endpoints_of_consumer(session, consumer.id)
    url = shown_url(endpoints[0]) if endpoints else "https://example.com/webhooks"
    facts = texts.Facts(type=kind, company=brand.name or "Webhooks", consumer=consumer.name,
                        link="<a link to the portal, valid for a week>",
                        endpoint_url=url, sentence=said("http_status", 500),
                        waiting=3 if kind == texts.FAILING else 0,
                        failures=[(url, 12)], logo_url=brand.logo_url,
                        support_url=brand.support_url)
    return {"subject": texts.subject(facts),
            "email": texts.email(facts, "<unsubscribe link>"),
            "slack": texts.slack(facts), "teams": texts.teams(facts)}
