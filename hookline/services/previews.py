"""Previews: what an endpoint or a destination would be sent for a stored event or message,
or for a sample, under its filter or an unsaved one, with nothing sent and nothing stored.

The answer is what an attempt would send now, after the target's transformation: the URL,
the headers (signed with the target's secrets in force, a fresh timestamp) and the body;
all three null when the filter keeps the event or message from the target, when the
transformation cancels it (`cancelled`) or fails (`error`)."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from hookline.contracts import AttemptResult
from hookline.delivery import targets
from hookline.delivery.credentials import OAuth2
from hookline.delivery.kinds.brokers.keys import message_key
from hookline.delivery.kinds.brokers.kind import broker_message
from hookline.delivery.kinds.headers import request_headers
from hookline.delivery.kinds.http import oauth
from hookline.delivery.model import Outgoing
from hookline.delivery.shaping import shaped
from hookline.errors import invalid
from hookline.ids import new_id
from hookline.persistence.db import begin_reading
from hookline.persistence.models import Destination, Endpoint, Event, Message, Source
from hookline.services import events
from hookline.services.headers import masked
from hookline.services.patch import KEEP, Keep
from hookline.services.scoped import get_in
from hookline.services.targets import (
    check_transformation,
    consumer_of,
    get_scoped,
)
from hookline.target_kinds import is_broker
from hookline.tenant_code import filters
from hookline.tenant_code.transform_pool import ExecutorPool
from hookline.timeutil import utcnow


@dataclass(frozen=True)
class Preview:
    matched: bool
    cancelled: bool
    url: str | None
    headers: dict[str, str] | None
    body: str | None
    error: str | None
    duration_ms: float
    key: str | None = None  # a broker target's message key


@dataclass(frozen=True)
class EventSample:
    """A stored event (`event_id`), or an unsaved one (`type` and `data`)."""

    event_id: str | None = None
    type: str | None = None
    data: Any = None
    has_data: bool = False


@dataclass(frozen=True)
class MessageSample:
    """A stored message (`message_id`), or an unsaved one."""

    message_id: str | None = None
    body: bytes | None = None
    headers: dict[str, str] | None = None
    query: str = ""
    content_type: str | None = None


@dataclass(frozen=True)
class Tried:
    """The code a preview runs: an unsaved filter or transformation (None: none), or KEEP
    for the target's own."""

    filter: str | Keep | None = KEEP
    transformation: str | Keep | None = KEEP

    def of(self, target: targets.Target, transforms: ExecutorPool
           ) -> tuple[str | None, str | None]:
        """(filter, transformation) to run, checked as a PATCH would check them."""
        found = target.filter if isinstance(self.filter, Keep) \
            else filters.check(self.filter)
        code = target.transformation if isinstance(self.transformation, Keep) \
            else check_transformation(transforms, self.transformation, target.environment_id)
        return found, code


def endpoint_preview(session: Session, env_id: str, endpoint_id: str, sample: EventSample,
                     tried: Tried, transforms: ExecutorPool) -> Preview:
    begin_reading(session)  # a read only: the tenant's code must not run holding a lock
    endpoint = get_scoped(session, Endpoint, env_id, endpoint_id)
    source, code = tried.of(endpoint, transforms)
    if sample.event_id is not None:
        event = _own(session, Event, env_id, sample.event_id, "eventId", "event")
        if event.payload_erased:
            raise invalid("eventId", f"the payload of event {event.id} was erased")
        variables = filters.event_variables(event.type, events.data_of(event),
                                            event.consumer_external_id, event.id)
        msg_id, body, event_type = event.id, event.payload, event.type
        consumer = event.consumer_external_id
    elif sample.type is not None and sample.has_data:
        consumer = consumer_of(session, endpoint)
        msg_id = new_id("evt")
        body = events.event_body(sample.type, utcnow(), events.data_json(sample.data))
        variables = filters.event_variables(sample.type, sample.data, consumer, msg_id)
        event_type = sample.type
    else:
        raise invalid("eventId", "give the eventId of a stored event, or a type and data")
    return _preview(endpoint, source, code, variables, _outgoing(
        endpoint, code, msg_id, body.encode(), "application/json", event_type, consumer),
        transforms)


def destination_preview(session: Session, env_id: str, destination_id: str,
                        sample: MessageSample, tried: Tried, transforms: ExecutorPool
                        ) -> Preview:
    begin_reading(session)
    destination = get_scoped(session, Destination, env_id, destination_id)
    source, code = tried.of(destination, transforms)
    owner = session.get(Source, destination.source_id)
    provider = owner.provider if owner is not None else "generic"
    if sample.message_id is not None:
        message = _own(session, Message, env_id, sample.message_id, "messageId", "message")
        if message.payload_erased:
            raise invalid("messageId", f"the payload of message {message.id} was erased")
        msg_id, body = message.id, message.body
        content_type, headers, query = message.content_type, message.headers, message.query
    elif sample.body is not None:
        msg_id, body, content_type = new_id("msg"), sample.body, sample.content_type
        headers, query = sample.headers or {}, sample.query
    else:
        raise invalid("messageId", "give the messageId of a stored message, or a body")
    variables = filters.message_variables(body, content_type, headers, query, provider)
    return _preview(destination, source, code, variables, _outgoing(
        destination, code, msg_id, body or b"", content_type or "application/octet-stream",
        None, destination.source_id), transforms)


def _own(session: Session, model: Any, env_id: str, row_id: str, field: str, what: str) -> Any:
    """A stored event or message of this environment, or 422 naming the field."""
    return get_in(session, model, env_id, row_id,
                  invalid(field, f"no {what} {row_id!r} in this environment"))


def _outgoing(target: targets.Target, code: str | None, msg_id: str, body: bytes,
              content_type: str, event_type: str | None, default_key: str) -> Outgoing:
    return Outgoing(url=target.url, msg_id=msg_id, body=body, content_type=content_type,
                    custom_headers=dict(target.custom_headers),
                    secrets=targets.secrets_in_force(target), require_https=False,
                    target_id=target.id, transformation=code, event_type=event_type,
                    signature_headers=target.signed_under(),
                    auth=OAuth2.stored(target.auth),
                    key=message_key(target.url, body, default_key))


def _preview(target: targets.Target, source: str | None, code: str | None,
             variables: dict[str, Any], out: Outgoing, transforms: ExecutorPool) -> Preview:
    """The filter, then the transformation on the API's executors, in a V8 context of its
    own (a preview's code may not be the target's saved one, and must see no state a
    previous preview left)."""
    started = time.perf_counter()
    verdict = filters.Verdict(True)
    if source:
        with filters.context(variables) as seen:
            verdict = filters.evaluate(source, seen)
    found: Outgoing | AttemptResult | None = out
    if verdict.matched and code is not None:
        found = shaped(transforms, out, key=f"{target.id}#{new_id('preview')}")
    took = round((time.perf_counter() - started) * 1000, 3)
    if not verdict.matched or not isinstance(found, Outgoing):
        error = verdict.error if not verdict.matched else \
            found.error_message if isinstance(found, AttemptResult) else None
        return Preview(matched=verdict.matched, cancelled=verdict.matched and found is None,
                       url=None, headers=None, body=None, error=error, duration_ms=took)
    if is_broker(found.url):  # a message's headers, and its key
        message = broker_message(found, found.msg_id, int(time.time()))
        return Preview(matched=True, cancelled=False, url=found.url,
                       headers=masked(message.headers),
                       body=found.body.decode("utf-8", errors="replace"), error=None,
                       duration_ms=took, key=message.key)
    headers = masked(request_headers(found, found.msg_id, int(time.time())))
    if found.auth is not None:  # the token itself is never shown
        headers = oauth.with_bearer(headers, oauth.REDACTED)
    return Preview(matched=True, cancelled=False, url=found.url, headers=headers,
                   body=found.body.decode("utf-8", errors="replace"), error=None,
                   duration_ms=took)


def sample_body(body: Any) -> bytes:
    """A sample message's body as received: a string as it is, anything else as JSON."""
    if isinstance(body, str):
        return body.encode()
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()
