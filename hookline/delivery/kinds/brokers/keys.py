"""A Kafka target's message key from its URL's `key`: a JMESPath expression on the event as
it is sent (`{type, timestamp, data}`, or a message's JSON body), such as `data.customer.id`.
A string or a number is the key; anything else (nothing found, an object, a body that is
not JSON, an evaluation over its budget) leaves the default key, the event's Consumer.
The expression is bounded at save and at every evaluation (`hookline.tenant_code.expressions`)."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs, urlsplit

from hookline.tenant_code import expressions


def compiled(expression: str) -> dict[str, Any]:
    """Raises ValueError saying what is wrong with the key."""
    try:
        return expressions.compiled(expression)
    except ValueError as exc:
        raise ValueError(f"the key: {exc}") from None


def expression_of(url: str) -> str | None:
    """A Kafka URL's `key` expression, if it has one."""
    if not url.startswith("kafka:") or "key=" not in url:
        return None
    return parse_qs(urlsplit(url).query).get("key", [None])[0]


def message_key(url: str, body: bytes, default: str) -> str:
    """A broker message's key: a Kafka URL's `key` expression on the body, else `default`
    (the event's Consumer, or the message's Source)."""
    return key_of(expression_of(url), body, default)


def key_of(expression: str | None, body: bytes, default: str) -> str:
    if not expression:
        return default
    try:
        document: Any = json.loads(body)
    except ValueError:
        return default
    found = expressions.scalar(expression, document)
    return default if found is None else found
