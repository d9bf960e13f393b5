"""Transformations: a target's JavaScript `function handler(webhook)` (Svix's contract) that
reshapes what one attempt sends, run in V8 at every attempt.

`webhook` is `{method, url, eventType, payload, headers, cancel}`; the handler returns it
changed. The returned `payload` becomes the body (a string as it is, anything else as
JSON), `headers` are added to the fixed ones (never the `webhook-*` or `svix-*` signature
headers), `url` replaces the target's (and passes the URL guard at send; a broker target's
stays its kind), `cancel: true` sends nothing. A broker target's webhook also has `key`, the
message's key (Kafka's record key, AMQP's routing key, a FIFO queue's group...), which the
handler may change.

Handlers run on V8 executor processes (`hookline/tenant_code/v8/executor.js`, scheduled by
`transform_pool`), each target's in an isolate of its own made from its source and
kept while the source stays the same, so nothing one target's code sets is seen by
another's. An isolate has no network, file system, module loading or timers; each call has
a time limit and each isolate a heap limit, and an isolate that ran out of either, or whose
handler threw, is dropped. This module holds what the API and the attempts do around a call:
the source's static rules, the handler's argument and what its result asks for."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from hookline.errors import invalid
from hookline.signing import SIGNATURE_PREFIXES
from hookline.target_kinds import kind_of

MAX_SOURCE = 64 * 1024  # bytes of JavaScript
MAX_BODY = 5 * 2**20  # bytes a handler may make the body: what ingestion itself accepts
MAX_KEY = 1024  # characters of a broker message's key (a Kinesis partition key's 256 and
# an SQS group's 128 are checked by their services)
_BREAKS = frozenset("\r\n\0")


class TransformFailed(Exception):
    """The handler threw, ran out of time or memory, or returned something unusable: the
    attempt fails with `errorType: transformation` and this message. `exhausted`: it ran out
    of time or memory, or its executor died, which counts against the target as a receiver
    that times out does (its adaptive limit and breaker)."""

    def __init__(self, message: str, exhausted: bool = False, timed_out: bool = False,
                 unavailable: bool = False) -> None:
        super().__init__(message)
        self.exhausted, self.timed_out = exhausted, timed_out
        # The executors failed, not the code (one crashed, would not start, the pool is
        # stopping or full): the API answers 503 rather than refusing the code.
        self.unavailable = unavailable


@dataclass(frozen=True)
class Limits:
    timeout: float  # seconds per call
    max_memory: int  # bytes of V8 heap per context


@dataclass(frozen=True)
class Changed:
    """What the handler made of the webhook."""

    cancel: bool
    url: str
    body: bytes
    headers: dict[str, str]  # sent with the signature's (the fixed ones, as the handler left them)
    content_type: str | None  # application/json for a payload made JSON; None: unchanged
    key: str | None = None  # a broker target's message key; None: unchanged


def check(source: Any) -> str | None:
    """A transformation's source as the API takes it before loading it (None: none), or 422
    naming `transformation`. Loading it is the executors' (`ExecutorPool.defines_handler`)."""
    if source is None:
        return None
    if not isinstance(source, str):
        raise invalid("transformation", "must be JavaScript source (a string) or null")
    if len(source.encode()) > MAX_SOURCE:
        raise invalid("transformation", f"must be at most {MAX_SOURCE // 1024} KB")
    return source


def result_of(text: str) -> dict[str, Any]:
    """The handler's result read back from its JSON text."""
    try:
        result = json.loads(text)
    except (TypeError, ValueError):
        raise TransformFailed("the handler's result could not be read back") from None
    if not isinstance(result, dict):
        raise TransformFailed("handler must return the webhook object")
    return result


def webhook_of(*, url: str, event_type: str | None, body: bytes, content_type: str | None,
               headers: dict[str, str], key: str | None = None) -> dict[str, Any]:
    """The handler's argument: the payload parsed when it is JSON, else the body as text."""
    try:
        payload: Any = json.loads(body)
    except ValueError:
        payload = body.decode("utf-8", errors="replace")
    webhook = {"method": "POST", "url": url, "eventType": event_type, "payload": payload,
               "headers": dict(headers), "cancel": False}
    if key is not None:  # a broker target's
        webhook["key"] = key
    return webhook


def changed(result: dict[str, Any], url: str, body: bytes) -> Changed:
    """What the handler's result asks for; TransformFailed when a field has the wrong
    shape. A payload left out keeps the body; `webhook-*` and `svix-*` headers are dropped."""
    new_url = result.get("url", url)
    if not isinstance(new_url, str) or not new_url:
        raise TransformFailed("webhook.url must be a non-empty string")
    if kind_of(new_url) != kind_of(url):  # its credentials and kind are the target's
        raise TransformFailed(f"webhook.url must stay a {kind_of(url)} URL, as the target's is")
    key = result.get("key")
    if key is not None and (not isinstance(key, str) or len(key) > MAX_KEY):
        raise TransformFailed(f"webhook.key must be a string of at most {MAX_KEY} characters")
    headers = result.get("headers") or {}
    if not isinstance(headers, dict) or not all(
            isinstance(k, str) and isinstance(v, str) and k.strip()
            and not _BREAKS.intersection(k + v) for k, v in headers.items()):
        raise TransformFailed("webhook.headers must be an object of single-line strings")
    content_type = None
    try:
        if "payload" not in result:
            new_body = body
        elif isinstance(result["payload"], str):
            new_body = result["payload"].encode()
        else:
            new_body = json.dumps(result["payload"], separators=(",", ":"),
                                  ensure_ascii=False).encode()
            content_type = "application/json"
    except UnicodeEncodeError:  # a lone surrogate ("\ud800"), which no UTF-8 can carry
        raise TransformFailed("webhook.payload must be valid Unicode text") from None
    if len(new_body) > MAX_BODY:
        raise TransformFailed(f"webhook.payload must be at most {MAX_BODY // 2**20} MiB "
                              f"once serialized, not {len(new_body) / 2**20:.1f} MiB")
    kept = {k: v for k, v in headers.items() if not k.lower().startswith(SIGNATURE_PREFIXES)}
    return Changed(cancel=result.get("cancel") is True, url=new_url, body=new_body,
                   headers=kept, content_type=content_type, key=key)
