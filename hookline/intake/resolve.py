"""Which Event a broker message asks for: its Consumer, event type, idempotency key and
payload. A message's `hookline-*` header (an SQS message attribute) comes first, then the
Source's mapping (a JMESPath expression on the JSON body, bounded as every tenant's
expression is), then the defaults: the whole body as the payload, and the message's own id
as the key, so that a message read again after a crash publishes nothing new.

Pure: what cannot make an Event raises `Unpublishable`, whose reason goes with the message
to the dead-letter target."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from jmespath.exceptions import JMESPathError

from hookline.json_text import NotJSON, decode
from hookline.services.events import NewEvent
from hookline.tenant_code.expressions import OverBudget, scalar, search

CONSUMER_HEADER = "hookline-consumer"
EVENT_TYPE_HEADER = "hookline-event-type"
KEY_HEADER = "hookline-idempotency-key"
# What a dead letter carries: why it could not be published. A message that carries it
# already is never sent to a dead-letter target again (it would loop through a queue that
# feeds its own source).
DEAD_LETTER_HEADER = "hookline-dead-letter-reason"
# A message larger than this is never parsed: its `data` could not be over 1 MiB anyway
# (`events.MAX_DATA_BYTES`), and the API refuses a request body over 2 MiB.
MAX_BODY = 2 * 1024 * 1024
MAX_KEY = 255  # an Idempotency-Key's length, as the API takes it
MAX_NAME = 200  # a Consumer's externalId and an event type's name


class Unpublishable(ValueError):
    """A message that can never be an Event, and why (`str()`)."""


@dataclass(frozen=True)
class Inbound:
    """One message as its broker handed it. `headers`: lowercase names, text values;
    `message_id`: its own id in its topic or queue (Kafka's partition and offset, the SQS
    MessageId, AMQP's message id or delivery tag)."""

    body: bytes
    headers: dict[str, str]
    message_id: str


def resolve(source_id: str, message: Inbound, mapping: dict[str, Any] | None) -> NewEvent:
    """The Event `message` asks for, read by the Source `source_id` with its `mapping`."""
    if len(message.body) > MAX_BODY:
        raise Unpublishable(f"the message is larger than {MAX_BODY // 1024 // 1024} MiB")
    try:
        body = decode(message.body)
    except NotJSON as exc:
        raise Unpublishable(f"the body is not JSON: {exc.reason}") from None
    except ValueError as exc:  # its syntax (json.JSONDecodeError)
        raise Unpublishable(f"the body is not JSON: {exc}") from None
    mapping = mapping or {}
    consumer = _field(message, CONSUMER_HEADER, mapping.get("consumer"), body, "consumer")
    event_type = _field(message, EVENT_TYPE_HEADER, mapping.get("eventType"), body,
                        "event type")
    key = message.headers.get(KEY_HEADER) or (
        scalar(mapping["idempotencyKey"], body) if mapping.get("idempotencyKey") else None)
    payload = _payload(mapping.get("payload"), body)
    return NewEvent(type=event_type, consumer=consumer, data=payload,
                    idempotency_key=_bounded_key(key) if key else own_key(source_id, message))


def own_key(source_id: str, message: Inbound) -> str:
    """The idempotency key of a message that names none: its id in its Source."""
    return _bounded_key(f"{source_id}:{message.message_id}")


def _bounded_key(key: str) -> str:
    """At most MAX_KEY characters: a longer key is replaced by its digest, which is as
    unique and the same on every read."""
    if len(key) <= MAX_KEY:
        return key
    return "sha256:" + hashlib.sha256(key.encode()).hexdigest()


def _field(message: Inbound, header: str, expression: str | None, body: Any,
           noun: str) -> str:
    found = message.headers.get(header) or (
        scalar(expression, body) if expression else None)
    if not found:
        where = f"a `{header}` header" + (f" or a value at `{expression}`" if expression
                                          else ", or set the source's mapping")
        raise Unpublishable(f"the message names no {noun}: give it {where}")
    if len(found) > MAX_NAME:
        raise Unpublishable(f"the {noun} is longer than {MAX_NAME} characters")
    return found


def _payload(expression: str | None, body: Any) -> dict[str, Any]:
    if expression:
        try:
            body = search(expression, body)
        except OverBudget as exc:
            raise Unpublishable(f"the mapping's payload: {exc}") from None
        except (ValueError, JMESPathError) as exc:
            raise Unpublishable(f"the mapping's payload failed: {exc}") from None
    if not isinstance(body, dict):
        where = f"the value at `{expression}`" if expression else "the body"
        raise Unpublishable(f"{where} is not a JSON object, which an Event's data is")
    return body
