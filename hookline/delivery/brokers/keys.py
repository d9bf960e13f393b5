"""A Kafka target's message key from its URL's `key`: a JMESPath expression on the event as
it is sent (`{type, timestamp, data}`, or a message's JSON body), such as `data.customer.id`.
A string or a number is the key; anything else (nothing found, an object, a body that is
not JSON) leaves the default key, the event's Consumer. JMESPath has no loops or
recursion, so an expression costs at most a few passes over a body that is itself bounded."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any
from urllib.parse import parse_qs, urlsplit

import jmespath
from jmespath.exceptions import JMESPathError
from jmespath.parser import ParsedResult

MAX_EXPRESSION = 256


@lru_cache(maxsize=256)
def compiled(expression: str) -> ParsedResult:
    """Raises ValueError saying what is wrong with it."""
    if len(expression) > MAX_EXPRESSION:
        raise ValueError(f"a key expression is at most {MAX_EXPRESSION} characters")
    try:
        return jmespath.compile(expression)
    except JMESPathError as exc:
        raise ValueError(f"the key is not a JMESPath expression: {exc}") from None


def message_key(url: str, body: bytes, default: str) -> str:
    """A broker message's key: a Kafka URL's `key` expression on the body, else `default`
    (the event's Consumer, or the message's Source)."""
    if not url.startswith("kafka:"):
        return default
    expression = parse_qs(urlsplit(url).query).get("key", [None])[0]
    return key_of(expression, body, default)


def key_of(expression: str | None, body: bytes, default: str) -> str:
    if not expression:
        return default
    try:
        document: Any = json.loads(body)
        found = compiled(expression).search(document)
    except (ValueError, JMESPathError):
        return default
    if isinstance(found, bool) or not isinstance(found, str | int | float):
        return default
    return str(found)
