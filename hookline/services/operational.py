"""Operational webhooks: events about the service itself (an endpoint disabled, a Delivery
exhausted, a circuit opened, a Source gone silent...), delivered to the operational
endpoints an operator registers per environment.

They ride the same engine as every Delivery (Standard Webhooks signatures, the retry
schedule, one Temporal workflow each) by living in a hidden environment of their own,
`operational_of` the user's: its one Consumer owns the operational endpoints and its Events
are the operational events. So they never reach the user's Consumers' endpoints, no user
list shows them, and a failing operational endpoint can only disable itself (the hidden
environment has no operational environment of its own, so its failures emit nothing).

`emit` runs in the caller's transaction, beside the change it reports."""

from __future__ import annotations

import json
from typing import Any

from sqlmodel import Session

from hookline.ids import new_id
from hookline.persistence import queries
from hookline.persistence.models import Consumer, Endpoint, Environment, Event, EventType
from hookline.services import deliveries, events
from hookline.services.polling import shown_url
from hookline.settings import get_settings
from hookline.tenant_code import filters
from hookline.timeutil import iso, utcnow

TYPES = ("endpoint.disabled", "endpoint.enabled", "destination.disabled",
         "destination.enabled", "delivery.exhausted", "endpoint.circuit_opened",
         "endpoint.circuit_closed", "source.silent", "source.verification_failed")
CONSUMER = "operational"  # the hidden environment's one Consumer


def environment_of(session: Session, env_id: str, *, create: bool = False
                   ) -> Environment | None:
    """The hidden environment of `env_id`'s operational endpoints (made on first use)."""
    found = queries.accounts.hidden_env_of(session, env_id)
    if found is not None or not create:
        return found
    parent = session.get(Environment, env_id)
    if parent is None:
        return None
    hidden = Environment(id=new_id("env"), org_id=parent.org_id, kind=parent.kind,
                         name=f"{parent.name} operational {parent.id}"[:200],
                         operational_of=env_id)
    session.add(hidden)
    session.flush()
    session.add(Consumer(id=new_id("csm"), environment_id=hidden.id, external_id=CONSUMER,
                         name="Operational webhooks"))
    for name in TYPES:
        session.add(EventType(id=new_id("evtype"), environment_id=hidden.id, name=name))
    session.flush()
    return hidden


def holds(session: Session, hidden_id: str, endpoint_id: str) -> bool:
    """Whether the endpoint is one of the operational endpoints of `hidden_id` (which also
    holds its Consumers' failure notice channels, `services/notice_channels`)."""
    endpoint = session.get(Endpoint, endpoint_id)
    consumer = queries.consumers.by_external_id(session, hidden_id, CONSUMER)
    return endpoint is not None and consumer is not None and endpoint.consumer_id == consumer.id


def emit(session: Session, env_id: str, event_type: str, data: dict[str, Any]) -> None:
    """Record one operational event and its Deliveries to the operational endpoints that
    want it, in the caller's transaction. Nothing when none does."""
    hidden = environment_of(session, env_id)
    if hidden is None:
        return
    consumer = queries.consumers.by_external_id(session, hidden.id, CONSUMER)
    assert consumer is not None  # made with the hidden environment
    event_id = new_id("evt")
    endpoints, filtered = filters.admitted(
        events.subscribed(session, consumer.id, event_type),
        lambda: filters.event_variables(event_type, data, CONSUMER, event_id))
    if not endpoints:
        return
    created = utcnow()
    body = json.dumps({"type": event_type, "timestamp": iso(created), "data": data},
                      separators=(",", ":"), ensure_ascii=False)
    event = Event(id=event_id, environment_id=hidden.id, type=event_type,
                  consumer_id=consumer.id, consumer_external_id=CONSUMER, payload=body,
                  created_at=created, deliveries=len(endpoints), filtered=filtered)
    session.add(event)
    session.flush()
    deliveries.add_for_event(session, event, endpoints, get_settings().retry_delays)


def notify(session: Session, env_id: str, event_type: str, target: Any,
           data: dict[str, Any]) -> None:
    """An event about an endpoint or a destination: its fields first, then `data`."""
    emit(session, env_id, event_type, {**target_ref(session, target), **data})


def target_ref(session: Session, target: Any) -> dict[str, Any]:
    """The fields that name an endpoint or a destination in an operational event."""
    if target.KIND == "endpoint":
        consumer = session.get(Consumer, target.consumer_id)
        return {"endpointId": target.id, "url": shown_url(target),
                "consumer": consumer.external_id if consumer else None}
    return {"destinationId": target.id, "sourceId": target.source_id, "url": target.url}


def kind_of(target: Any) -> str:
    return str(target.KIND)
