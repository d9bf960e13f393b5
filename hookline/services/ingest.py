"""Receiving: one request to an ingestion URL becomes a stored Message and its Deliveries.

The message and its Deliveries are written in one transaction, so that a message the provider
was told we accepted has its Deliveries too, and their workflow starts in the outbox.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial
from typing import Any
from urllib.parse import parse_qsl

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from hookline.contracts import DeliveryStart
from hookline.errors import MethodNotAllowed, NotFound
from hookline.ids import new_id
from hookline.persistence import queries
from hookline.persistence.batches import Write, shared_read
from hookline.persistence.models import Destination, Message, Source
from hookline.providers import registry
from hookline.providers.base import Incoming, Provider, Reply, Verification
from hookline.services import deliveries, operational
from hookline.settings import get_settings
from hookline.target_kinds import SOURCE_KINDS
from hookline.tenant_code import filters
from hookline.timeutil import utcnow

DEDUPE_WINDOW = timedelta(hours=24)
VERIFICATION_ALERT_EVERY = timedelta(hours=1)
MAX_EVENT_ID = 255


@dataclass(frozen=True)
class Received:
    """One request to /in/{token}, as the route read it. Header names are lowercase."""

    token: str
    method: str
    headers: dict[str, str]
    body: bytes
    query: str  # the raw query string, as received
    remote_ip: str | None
    now: float  # unix seconds


@dataclass(frozen=True)
class Outcome:
    """What to answer: a handshake reply, or the message id (new or the first duplicate)."""

    message_id: str | None = None
    reply: Reply | None = None
    failure: str | None = None  # why verification failed; the request answers 401
    # For the metrics: the Source's provider, the verdict, and whether the message was a
    # duplicate (answered with the first one's id, neither stored nor forwarded).
    provider: str = ""
    verification: str = ""
    duplicate: bool = False
    status: int = 202  # what an accepted message is answered: the provider may demand 200


def provider_of(source: Source) -> Provider:
    # A code that is no longer registered falls back to generic rather than failing requests.
    return registry.get_provider(source.provider) or registry.PROVIDERS["generic"]


def _incoming(received: Received) -> Incoming:
    url = f"{get_settings().public_url.rstrip('/')}/in/{received.token}"
    if received.query:
        url += "?" + received.query
    return Incoming(method=received.method, url=url, headers=received.headers,
                    body=received.body, now=received.now,
                    query=dict(parse_qsl(received.query, keep_blank_values=True)))


def storable(text: str) -> bool:
    """Whether a column can hold this text on both databases: PostgreSQL's text has no NUL,
    and a lone surrogate (from a JSON escape) is no character any encoding can store."""
    if "\x00" in text:
        return False
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True


def _event_id(provider: Provider, incoming: Incoming, source: Source) -> str | None:
    """The provider's id of the event; an id no column can hold counts as none supplied (the
    message is stored byte for byte all the same, it only is not deduplicated)."""
    found = registry.event_id(provider, incoming, source.provider_config)
    if found and not storable(found):
        return None
    if found and len(found) > MAX_EVENT_ID:  # keep the column bounded; equal ids stay equal
        found = "sha256:" + hashlib.sha256(found.encode()).hexdigest()
    return found or None


def _duplicate(session: Session, source: Source, event_id: str) -> str | None:
    """The first message with this event id in the last 24 h. Messages that failed
    verification do not count: a forged request must not block the real one."""
    # On PostgreSQL, lock the Source row so two copies arriving together cannot both pass
    # this check (SQLite's write lock, taken at BEGIN, already serializes them).
    queries.sources.lock(session, source.id)
    return queries.messages.first_verified(session, source.id, event_id,
                                          utcnow() - DEDUPE_WINDOW)


def fan_out(session: Session, message: Message, schedule: list[float], source_name: str,
            provider: str) -> list[DeliveryStart]:
    """One pending Delivery per destination of the message's Source enabled now whose
    filter lets the message through (replay and cron runs). The caller commits."""
    destinations, _ = filters.admitted(
        queries.targets.enabled_destinations(session, message.source_id),
        lambda: filters.message_variables(message.body, message.content_type, message.headers,
                                          message.query, provider))
    message.fanout += len(destinations)
    session.add(message)
    session.flush()  # the message's row before its Deliveries'
    return deliveries.add_for_message(session, message.environment_id, message.id,
                                      destinations, schedule, source_name, message.body)


def _message(source: Source, received: Received, provider: Provider, result: Verification,
             event_id: str | None, fanout: int) -> dict[str, Any]:
    """The Message's row. A plain dict: building a Message object costs more than its INSERT."""
    hidden = set(registry.stripped_headers(provider))
    failed = result.verdict == "failed"
    return {
        "id": new_id("msg"), "environment_id": source.environment_id, "source_id": source.id,
        "method": received.method, "content_type": received.headers.get("content-type"),
        "body": None if failed else received.body, "body_bytes": len(received.body),
        "headers": {k: v for k, v in received.headers.items() if k not in hidden},
        "query": received.query, "remote_ip": received.remote_ip,
        "provider_event_id": event_id, "verification": result.verdict, "fanout": fanout,
        "created_at": utcnow()}


def receive(session: Session, received: Received, schedule: list[float],
            verdicts: filters.Verdicts | None = None) -> Outcome | Write[Outcome]:
    """A batched job's check (`hookline.persistence.batches`): the handshake, the signature and the
    Source's destinations only read; the Write it returns dedupes, stores and fans out in the
    write transaction, which on SQLite every other writer waits for. With `verdicts`,
    filters without one raise filters.Unevaluated (see there)."""
    source = shared_read(session, ("source", received.token), partial(
        queries.sources.by_token, session, received.token))
    if source is None or source.type in SOURCE_KINDS:  # a broker Source's token is unused
        raise NotFound("no source has this ingestion URL")
    provider = provider_of(source)
    incoming = _incoming(received)
    reply = registry.handshake(provider, incoming, source.secret, source.provider_config)
    if reply is not None:  # registration handshakes are answered, never stored
        if reply.secret and not source.secret:
            return Write(partial(_adopt_secret, source_id=source.id, reply=reply))
        return Outcome(reply=reply)
    if received.method in ("GET", "HEAD"):
        raise MethodNotAllowed("the ingestion URL accepts POST, PUT and PATCH; GET and HEAD "
                               "only for provider handshakes")
    result = registry.verify(provider, incoming, source.secret, source.provider_config)
    event_id = _event_id(provider, incoming, source)
    failed = result.verdict == "failed"
    enabled = shared_read(session, ("destinations", source.id), partial(
        queries.targets.enabled_destinations, session, source.id)) \
        if not failed and source.status == "enabled" else []
    message = _message(source, received, provider, result, event_id, 0)
    targets, _ = filters.admitted(enabled, lambda: filters.message_variables(
        message["body"], message["content_type"], message["headers"], message["query"],
        source.provider), verdicts, owner=source.id)
    message["fanout"] = len(targets)
    failure = (result.reason or "signature mismatch") if failed else None
    return Write(partial(_store, source=source, message=message, targets=targets,
                         failure=failure, schedule=schedule, provider=provider))


def _adopt_secret(session: Session, *, source_id: str, reply: Reply) -> Outcome:
    assert reply.secret is not None
    queries.sources.adopt_secret(session, source_id, reply.secret)
    return Outcome(reply=reply)


def _store(session: Session, *, source: Source, message: dict[str, Any],
           targets: list[Destination], failure: str | None, schedule: list[float],
           provider: Provider) -> Outcome:
    event_id = message["provider_event_id"]
    verdict = message["verification"]
    if event_id and failure is None and (first := _duplicate(session, source, event_id)):
        _touch(session, source)
        return Outcome(message_id=first, provider=provider.code, verification=verdict,
                       duplicate=True, status=provider.accept_status)
    try:
        queries.messages.insert(session, message)
        deliveries.add_for_message(session, source.environment_id, message["id"], targets,
                                   schedule, source.name, message["body"])
    except IntegrityError:  # the Source was deleted while this request was in flight
        raise NotFound("no source has this ingestion URL") from None
    if failure is None:  # a forged request must not hold off the silence alert
        _touch(session, source)
    else:
        _verification_failed(session, source, message["id"], failure)
    return Outcome(message_id=message["id"], failure=failure, provider=provider.code,
                   verification=verdict, status=provider.accept_status)


def _verification_failed(session: Session, source: Source, message_id: str, reason: str
                         ) -> None:
    """The `source.verification_failed` operational event, at most once an hour a Source
    (the UPDATE decides, so two processes cannot both send it)."""
    now = utcnow()
    if queries.sources.claim_verification_alert(session, source.id, now,
                                               now - VERIFICATION_ALERT_EVERY):
        operational.emit(session, source.environment_id, "source.verification_failed", {
            "sourceId": source.id, "name": source.name, "provider": source.provider,
            "messageId": message_id, "reason": reason})


def _touch(session: Session, source: Source) -> None:
    queries.sources.touch(session, source.id, utcnow())


def record_cron_run(session: Session, source_id: str, run_key: str, run_at: datetime,
               schedule: list[float]) -> str | None:
    """Store one run's Message (like an ingested one, verification `skipped`) with its
    pending Deliveries and their starts in the outbox, and commit; returns the Message id.
    None when the Source is gone, or when a run was already recorded under `run_key` (a
    retried activity): no run is recorded twice."""
    source = session.get(Source, source_id)
    if source is None or source.type != "cron":
        return None
    if queries.messages.with_event_id(session, source_id, run_key):
        return None
    body = (source.cron_payload or "{}").encode()
    message = Message(id=new_id("msg"), environment_id=source.environment_id,
                      source_id=source.id, method="POST", content_type="application/json",
                      body=body, body_bytes=len(body), headers={},
                      provider_event_id=run_key, verification="skipped")
    session.add(message)
    # A disabled Source stores what it makes but forwards nothing (a manual trigger).
    if source.status == "enabled":
        fan_out(session, message, schedule, source.name, source.provider)
    source.last_run_at = run_at
    source.last_message_at = utcnow()
    session.add(source)
    return message.id
