"""Publishing: one Event and one pending Delivery per subscribed endpoint, in one transaction,
with the Deliveries' workflow starts in the outbox (the workers' relay makes them)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from sqlmodel import Session

from hookline import payload_schemas
from hookline.contracts import DeliveryStart
from hookline.errors import (
    Conflict,
    NotFound,
    PayloadErased,
    PayloadTooLarge,
    PlanLimitReached,
    ValidationFailed,
    invalid,
)
from hookline.ids import new_id
from hookline.persistence import queries
from hookline.persistence.batches import Write, shared_read
from hookline.persistence.models import (
    Endpoint,
    Event,
)
from hookline.persistence.queries.targets import Subscriber
from hookline.services import deliveries
from hookline.services.accounts import Principal
from hookline.services.scoped import get_in
from hookline.tenant_code import filters
from hookline.timeutil import aware, iso, utcnow

MAX_DATA_BYTES = 1024 * 1024
IDEMPOTENCY_WINDOW = timedelta(hours=24)


@dataclass(frozen=True)
class NewEvent:
    """What a publish asks for. `consumer` is the Consumer's externalId or id; `named_in_path`
    makes an unknown one a 404 (the resource a path names) rather than a field's 422.
    `only`: an endpoint id, the one endpoint it may go to (an event type's example)."""

    type: str
    consumer: str
    data: dict[str, Any]
    idempotency_key: str | None = None
    channels: list[str] | None = None
    tags: list[str] | None = None
    enveloped: bool = True  # False: the body is `data` alone (`Event.enveloped`)
    named_in_path: bool = False
    only: str | None = None


@dataclass(frozen=True)
class Published:
    event: Event
    replayed: bool  # an earlier request with the same Idempotency-Key made it


def _existing(session: Session, env_id: str, key: str) -> Event | None:
    """The Event an Idempotency-Key made in the last 24 h (older keys may be used again)."""
    event = queries.events.by_key(session, env_id, key)
    if event is None or aware(event.created_at) < utcnow() - IDEMPOTENCY_WINDOW:
        return None
    return event


def _release_expired_key(session: Session, env_id: str, key: str) -> None:
    queries.events.release_key(session, env_id, key, utcnow() - IDEMPOTENCY_WINDOW)


def _charge(session: Session, org_id: str, monthly_events: int) -> None:
    used = queries.usage.count_event(session, org_id, utcnow().strftime("%Y-%m"))
    if used > monthly_events:  # the caller's rollback takes the count back
        raise PlanLimitReached(
            f"the monthly quota of {monthly_events} events is used up",
            title="Entrega quota exhausted", slug="event-quota-exhausted")




def _of_type(endpoints: list[Subscriber], event_type: str, channels: list[str] | None
             ) -> list[Subscriber]:
    """Those subscribed to the type (an empty list: to all) and, for an endpoint with
    channels, on one of the event's (Svix's rule: an endpoint without any takes all)."""
    return [e for e in endpoints if (not e.events or event_type in e.events)
            and (not e.channels or not set(e.channels).isdisjoint(channels or ()))]


def subscribed(session: Session, consumer_id: str, event_type: str,
               channels: list[str] | None = None) -> list[Subscriber]:
    return _of_type(queries.targets.subscribers(session, consumer_id), event_type, channels)


def fan_out(session: Session, event: Event, schedule: list[float]) -> list[DeliveryStart]:
    """One pending Delivery per endpoint subscribed now whose filter lets the event through
    (replay). The caller commits."""
    endpoints, filtered = filters.admitted(
        subscribed(session, event.consumer_id, event.type, event.channels),
        lambda: filters.event_variables(event.type, data_of(event), event.consumer_external_id,
                                        event.id))
    starts = deliveries.add_for_event(session, event, endpoints, schedule)
    event.deliveries += len(starts)
    event.filtered += filtered
    session.add(event)
    return starts


def check_new_event(session: Session, principal: Principal, new: NewEvent, schedule: list[float],
            verdicts: filters.Verdicts | None = None, event_id: str | None = None
            ) -> Published | Write[Published]:
    """A batched job's check (`hookline.persistence.batches`): it only reads, so on SQLite no writer
    waits for it; the Write it returns holds just the quota count and the inserts. With
    `verdicts`, filters without one raise filters.Unevaluated (see there)."""
    env_id = principal.environment_id
    event_type, consumer_ref, data, idempotency_key = (new.type, new.consumer, new.data,
                                                       new.idempotency_key)
    if idempotency_key and (found := _existing(session, env_id, idempotency_key)):
        return Published(found, replayed=True)
    registered = shared_read(session, ("type", env_id, event_type), partial(
        queries.event_types.registered, session, env_id, event_type))
    if registered is None:
        raise invalid("type", f"event type {event_type!r} is not registered")
    if registered.archived:
        raise invalid("type", f"event type {event_type!r} is archived: create it again to "
                              "publish it")
    schema_version, schema_errors = _validate(session, registered, data)
    consumer = shared_read(session, ("consumer", env_id, consumer_ref), partial(
        queries.consumers.ids_by_ref, session, env_id, consumer_ref))
    if consumer is None:
        if new.named_in_path:
            raise NotFound(f"consumer {consumer_ref!r} not found")
        raise invalid("consumer", f"no consumer with externalId {consumer_ref!r}")
    subscribed = _of_type(shared_read(session, ("endpoints", consumer.id),
                                      partial(queries.targets.subscribers, session,
                                              consumer.id)), event_type, new.channels)
    if new.only is not None:
        subscribed = [endpoint for endpoint in subscribed if endpoint.id == new.only]
    created = utcnow()
    data_text = data_json(data)
    event_id = event_id or new_id("evt")
    endpoints, filtered = filters.admitted(subscribed, partial(
        filters.event_variables, event_type, data, consumer.external_id, event_id, data_text),
        verdicts, owner=consumer.id)
    body = event_body(event_type, created, data_text) if new.enveloped else data_text
    event = Event(id=event_id, environment_id=env_id, type=event_type,
                  consumer_id=consumer.id, consumer_external_id=consumer.external_id,
                  payload=body, enveloped=new.enveloped, idempotency_key=idempotency_key,
                  channels=new.channels, tags=new.tags, created_at=created,
                  deliveries=len(endpoints), filtered=filtered, schema_version=schema_version,
                  schema_errors=schema_errors)
    # What ordered endpoints' keys read (`lines.key_of`): the body as sent, not parsed again.
    document = ({"type": event_type, "timestamp": iso(created), "data": data} if new.enveloped
                else data) if any(e.ordering is not None for e in endpoints) else None
    return Write(partial(_write, event=event, endpoints=endpoints, principal=principal,
                         schedule=schedule, document=document))


def data_json(data: Any) -> str:
    """An event's `data` as it is sent, or 413 past 1 MiB."""
    data_text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    if len(data_text.encode()) > MAX_DATA_BYTES:
        raise PayloadTooLarge("`data` is larger than 1 MiB once serialized")
    return data_text


def event_body(event_type: str, created: datetime, data_text: str) -> str:
    """The body every endpoint of an event is sent: `{type, timestamp, data}`."""
    return (f'{{"type":{json.dumps(event_type)},"timestamp":"{iso(created)}",'
            f'"data":{data_text}}}')


def _validate(session: Session, registered: Any, data: dict[str, Any]
              ) -> tuple[int | None, list[dict[str, str]] | None]:
    """Validate `data` against the type's current schema unless its validation is `off`:
    under `enforce` a mismatch is refused (422, one error per violation), under `warn` it
    is kept on the event. Returns the version validated against and what it found."""
    if registered.validation == "off" or registered.schema_version is None:
        return None, None
    key = (registered.id, registered.schema_version)
    found = payload_schemas.VALIDATORS.violations(key, partial(
        queries.event_types.schema, session, key[0], key[1]), data)
    if found and registered.validation == "enforce":
        raise ValidationFailed(
            f"data does not match the event type's schema (version {key[1]}): "
            f"{found[0].pointer or '/'}: {found[0].message}",
            errors=[{"field": f"data{v.pointer}", "pointer": v.pointer, "message": v.message}
                    for v in found])
    return key[1], [{"pointer": v.pointer, "message": v.message} for v in found] or None


def _write(session: Session, *, event: Event, endpoints: list[Subscriber],
           principal: Principal, schedule: list[float], document: Any = None) -> Published:
    key, env_id = event.idempotency_key, event.environment_id
    if key is None:
        queries.events.insert(session, event.model_dump())
    elif not queries.events.insert_unless_held(session, row := event.model_dump()):
        # The key is held: by an Event older than the window, which gives it up, or by one
        # made meanwhile (in this batch, or by another process), which this publish replays.
        _release_expired_key(session, env_id, key)
        if not queries.events.insert_unless_held(session, row):
            if found := _existing(session, env_id, key):
                return Published(found, replayed=True)
            raise Conflict(f"the Idempotency-Key {key!r} is in use; try again")
    # After the insert: a publish that replays is not counted. A refusal undoes the insert
    # with the rest of the job's write (`persistence.batches`).
    _charge(session, principal.org_id, principal.monthly_events)
    deliveries.add_for_event(session, event, endpoints, schedule, document)
    return Published(event, replayed=False)


def replay(session: Session, env_id: str, event_id: str, schedule: list[float]
           ) -> list[DeliveryStart]:
    event = get_event(session, env_id, event_id)
    if event.payload_erased:
        raise PayloadErased("event", event_id)
    starts = fan_out(session, event, schedule)
    return starts


def resend(session: Session, event: Event, endpoint: Endpoint, schedule: list[float]
           ) -> DeliveryStart:
    """Svix's resend: a new Delivery of the Event to this endpoint (its Consumer's) alone,
    started through the outbox as a publish's are, whatever the endpoint's types and filter
    say now; the caller commits."""
    if event.payload_erased:
        raise PayloadErased("event", event.id)
    [start] = deliveries.add_for_event(session, event, [endpoint], schedule)
    event.deliveries += 1
    session.add(event)
    return start


def get_event(session: Session, env_id: str, event_id: str) -> Event:
    return get_in(session, Event, env_id, event_id, NotFound(f"event {event_id} not found"))


def _consumer_id(session: Session, env_id: str, ref: str) -> str:
    """Read here, not through `services.consumers`, which imports erasure, which imports
    this module."""
    found = queries.consumers.ids_by_ref(session, env_id, ref)
    if found is None:
        raise NotFound(f"consumer {ref!r} not found")
    return str(found.id)


def get_of_consumer(session: Session, env_id: str, consumer: str, ref: str) -> Event:
    """An Event published to one Consumer (its id or externalId; 404 when none), by its id
    or its Idempotency-Key: another Consumer's is as good as missing."""
    found = queries.events.of_consumer(session, _consumer_id(session, env_id, consumer), ref)
    if found is None:
        raise NotFound(f"event {ref!r} not found")
    return found


def page_of_consumer(session: Session, env_id: str, consumer: str, after: str | None,
                     limit: int, *, ascending: bool = False, channel: str | None = None,
                     types: list[str] | None = None, before: datetime | None = None,
                     after_time: datetime | None = None) -> list[Event]:
    """One Consumer's Events past `after` in id order (newest first unless `ascending`)."""
    return queries.events.page_of_consumer(session, _consumer_id(session, env_id, consumer),
                                           after, limit,
                                           ascending=ascending, channel=channel, types=types,
                                           before=before, since=after_time)


def data_of(event: Event) -> Any:
    """The event's `data`; None once its payload was erased."""
    if event.payload_erased:
        return None
    body = json.loads(event.payload)
    return body["data"] if event.enveloped else body
