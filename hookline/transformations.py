"""Transformations: a target's JavaScript `function handler(webhook)` (Svix's contract) that
reshapes what one attempt sends, run in V8 (`mini-racer`) at every attempt.

`webhook` is `{method, url, eventType, payload, headers, cancel}`; the handler returns it
changed. The returned `payload` becomes the body (a string as it is, anything else as
JSON), `headers` are added to the fixed ones (never the `webhook-*` signature headers),
`url` replaces the target's (and passes the URL guard at send), `cancel: true` sends nothing.

Each target's code runs in a V8 context of its own, made from its source and kept while the
source stays the same (`Contexts`), so nothing one target's code sets is seen by another's.
A context has no network, file system, module loading or timers; each call has a time limit
and a memory limit, and a context that ran out of either is dropped.

mini-racer crashes the process (a segfault) when its contexts are used from more than one
thread, even one thread at a time. Attempts' calls therefore run in executor processes
(`hookline.transform_executor`, scheduled by `hookline.transform_pool`), each on its one
thread; the check at save runs here, on this process's one V8 thread (`_V8`)."""

from __future__ import annotations

import json
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from py_mini_racer import (
    JSEvalException,
    JSOOMException,
    JSParseException,
    JSTimeoutException,
    MiniRacer,
)

from hookline.errors import invalid

# The one thread every mini-racer call of the process runs on (see above): a property of
# the library, so of the process.
_V8 = ThreadPoolExecutor(max_workers=1, thread_name_prefix="v8")
MAX_SOURCE = 64 * 1024  # bytes of JavaScript
MAX_BODY = 5 * 2**20  # bytes a handler may make the body: what ingestion itself accepts
_BREAKS = frozenset("\r\n\0")
CONTEXTS = 64  # targets' contexts kept, least recently used dropped first
# Run once in every context before the target's code: no timers, and one entry point that
# hands the result back as JSON text, so that `undefined` or a value JSON cannot carry is
# the transformation's error rather than the bridge's.
_PRELUDE = """
globalThis.setTimeout = undefined; globalThis.clearTimeout = undefined;
globalThis.__timer_manager = undefined;
"""
_RUN = """
function __hookline_run(webhook) {
  const result = handler(webhook);
  if (result === null || typeof result !== "object" || Array.isArray(result)) {
    throw new TypeError("handler must return the webhook object, not " +
                        (Array.isArray(result) ? "an array" : String(result)));
  }
  return JSON.stringify(result);
}
"""


class TransformFailed(Exception):
    """The handler threw, ran out of time or memory, or returned something unusable: the
    attempt fails with `errorType: transformation` and this message. `exhausted`: it ran out
    of time or memory, or its executor died, which counts against the target as a receiver
    that times out does (its adaptive limit and breaker)."""

    def __init__(self, message: str, exhausted: bool = False, timed_out: bool = False) -> None:
        super().__init__(message)
        self.exhausted, self.timed_out = exhausted, timed_out


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


def check(source: Any, limits: Limits) -> str | None:
    """A transformation as the API takes it (None: none), or 422 naming `transformation`:
    it must parse, load within the limits and define `handler`."""
    if source is None:
        return None
    if not isinstance(source, str):
        raise invalid("transformation", "must be JavaScript source (a string) or null")
    if len(source.encode()) > MAX_SOURCE:
        raise invalid("transformation", f"must be at most {MAX_SOURCE // 1024} KB")
    try:
        defined = _V8.submit(_defines_handler, source, limits).result()
    except TransformFailed as exc:
        raise invalid("transformation", str(exc)) from None
    if not defined:
        raise invalid("transformation", "must define `function handler(webhook)`")
    return source


def _defines_handler(source: str, limits: Limits) -> bool:
    context = _load(source, limits)
    try:
        return bool(context.eval("typeof handler") == "function")
    finally:
        context.close()


def _load(source: str, limits: Limits) -> MiniRacer:
    context = MiniRacer()
    try:
        context.eval(_PRELUDE)
        _guarded(context, source, limits, "loading it")
        context.eval(_RUN)
    except BaseException:
        context.close()
        raise
    return context


def _guarded(context: MiniRacer, code: str, limits: Limits, doing: str) -> Any:
    try:
        return context.eval(code, timeout_sec=limits.timeout, max_memory=limits.max_memory)
    except JSParseException as exc:
        raise TransformFailed(f"does not parse: {_first_lines(exc)}") from None
    except JSTimeoutException:
        raise TransformFailed(f"ran past its time limit ({limits.timeout:g} s) "
                              f"{doing}", exhausted=True, timed_out=True) from None
    except JSOOMException:
        raise TransformFailed(f"ran past its memory limit ({limits.max_memory // 2**20} MB) "
                              f"{doing}", exhausted=True) from None
    except JSEvalException as exc:
        raise TransformFailed(f"threw {doing}: {_first_lines(exc)}") from None


def _first_lines(exc: Exception) -> str:
    """V8's message without the source excerpt it draws under it."""
    lines = [line for line in str(exc).splitlines() if line.strip()]
    return (lines[0] if lines else type(exc).__name__).replace("<anonymous>", "line")[:500]


class Contexts:
    """An executor's V8 contexts: one per target and source, the least recently used dropped
    past `size`. Single-threaded: an executor process calls it from its one thread."""

    def __init__(self, limits: Limits, size: int = CONTEXTS) -> None:
        self.limits = limits
        self.size = size
        self._contexts: OrderedDict[tuple[str, str], MiniRacer] = OrderedDict()

    def warm(self) -> None:
        """Start V8 (its first context costs what later ones do not)."""
        MiniRacer().close()

    def call(self, target_id: str, source: str, webhook: str, timeout: float) -> str:
        """The handler's result (JSON text) for this webhook (JSON text), within `timeout`
        seconds (at most the limit's); TransformFailed."""
        key = (target_id, source)
        context = self._contexts.get(key)
        if context is None:
            context = self._contexts[key] = _load(source, self.limits)
            while len(self._contexts) > self.size:
                self._contexts.popitem(last=False)[1].close()
        self._contexts.move_to_end(key)
        try:
            return str(_guarded(context, f"__hookline_run({webhook})",
                                Limits(min(timeout, self.limits.timeout), self.limits.max_memory),
                                "running the handler"))
        except TransformFailed:
            self._contexts.pop(key).close()  # out of time or memory, or half-run: afresh
            raise


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
               headers: dict[str, str]) -> dict[str, Any]:
    """The handler's argument: the payload parsed when it is JSON, else the body as text."""
    try:
        payload: Any = json.loads(body)
    except ValueError:
        payload = body.decode("utf-8", errors="replace")
    return {"method": "POST", "url": url, "eventType": event_type, "payload": payload,
            "headers": dict(headers), "cancel": False}


def changed(result: dict[str, Any], url: str, body: bytes) -> Changed:
    """What the handler's result asks for; TransformFailed when a field has the wrong
    shape. A payload left out keeps the body; `webhook-*` headers are dropped."""
    new_url = result.get("url", url)
    if not isinstance(new_url, str) or not new_url:
        raise TransformFailed("webhook.url must be a non-empty string")
    headers = result.get("headers") or {}
    if not isinstance(headers, dict) or not all(
            isinstance(k, str) and isinstance(v, str) and k.strip()
            and not _BREAKS.intersection(k + v) for k, v in headers.items()):
        raise TransformFailed("webhook.headers must be an object of single-line strings")
    content_type = None
    if "payload" not in result:
        new_body = body
    elif isinstance(result["payload"], str):
        new_body = result["payload"].encode()
    else:
        new_body = json.dumps(result["payload"], separators=(",", ":"),
                              ensure_ascii=False).encode()
        content_type = "application/json"
    if len(new_body) > MAX_BODY:
        raise TransformFailed(f"webhook.payload must be at most {MAX_BODY // 2**20} MiB "
                              f"once serialized, not {len(new_body) / 2**20:.1f} MiB")
    kept = {k: v for k, v in headers.items() if not k.lower().startswith("webhook-")}
    return Changed(cancel=result.get("cancel") is True, url=new_url, body=new_body,
                   headers=kept, content_type=content_type)
