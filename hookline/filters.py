"""Payload filters: a CEL expression (the Common Expression Language: typed, no loops, no
side effects) on an endpoint or a destination decides at fan-out whether an event or a
message makes a Delivery for it at all.

CEL runs in `common-expression-language` (the Rust `cel` crate through PyO3): 12 µs an
evaluation here against 620 µs for the pure-Python `cel-python` (bench/RESULTS.md, issue 35).
Programs are compiled once per source text and kept (`compiled`): a target whose filter
changes gets its new text's program, and the old one ages out of the cache.

An evaluation that fails (a missing key, a comparison of a string with a number) or gives
anything but `true` is no match: the target gets no Delivery. Failures are counted
(`hookline_filter_errors`) and the preview shows them."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar
from urllib.parse import parse_qsl

import cel

from hookline.errors import invalid
from hookline.observability import metrics
from hookline.persistence.models import DeliveryTarget

AnyTarget = TypeVar("AnyTarget", bound=DeliveryTarget)

MAX_FILTER = 4096  # bytes of CEL source
# "Failed to parse expression '...': ERROR: <input>:1:17: Syntax error: ..." and a caret
# drawing: the line, the column and the first line of the reason are what a user needs.
_PARSE_ERROR = re.compile(r"<input>:(\d+):(\d+): ([^\n|]*)")


@dataclass(frozen=True)
class Verdict:
    matched: bool
    error: str | None = None  # why the evaluation failed (then matched is False)


@lru_cache(maxsize=4096)
def compiled(source: str) -> Any:
    """The program of a filter's source; ValueError when it does not compile."""
    return cel.compile(source)


def check(source: Any) -> str | None:
    """A filter as the API takes it (None: no filter), or 422 naming `filter`."""
    if source is None:
        return None
    if not isinstance(source, str):
        raise invalid("filter", "must be a CEL expression (a string) or null")
    if len(source.encode()) > MAX_FILTER:
        raise invalid("filter", f"must be at most {MAX_FILTER} bytes")
    if not source.strip():
        raise invalid("filter", "must not be empty; null removes the filter")
    try:
        compiled(source)
    except ValueError as exc:
        raise invalid("filter", f"does not compile: {_position(str(exc))}") from None
    return source


def _position(message: str) -> str:
    found = _PARSE_ERROR.search(message)
    if found is None:
        return message.splitlines()[0] if message else "syntax error"
    line, column, reason = found.groups()
    return f"line {line}, column {column}: {reason.strip()}"


def context(variables: Mapping[str, Any]) -> Any:
    """The variables as CEL values, converted once for every filter evaluated on them (a
    seventh of the CPU of converting a dict per evaluation, over ten targets:
    bench/RESULTS.md, issue 35). Not thread-safe: one per fan-out."""
    found = cel.Context()
    found.update(dict(variables))
    return found


def evaluate(source: str, variables: Any) -> Verdict:
    """Whether the filter lets this event or message through; `variables` from `context`."""
    try:
        result = compiled(source).execute(variables)
    except Exception as exc:
        return Verdict(False, f"{type(exc).__name__}: {exc}")
    if result is True:
        return Verdict(True)
    if result is False:
        return Verdict(False)
    return Verdict(False, f"the filter gave {type(result).__name__} {result!r}, not a bool")


def admitted(targets: Sequence[AnyTarget], variables: Callable[[], Mapping[str, Any]]
             ) -> tuple[list[AnyTarget], int]:
    """The targets whose filter lets the event or message through (every target without a
    filter), and how many were kept out. `variables` is called once, and only when some
    target has a filter."""
    kept: list[AnyTarget] = []
    seen: Any = None
    out = errors = 0
    for target in targets:
        if target.filter is None:
            kept.append(target)
            continue
        if seen is None:
            seen = context(variables())
        verdict = evaluate(target.filter, seen)
        errors += verdict.error is not None
        if verdict.matched:
            kept.append(target)
        else:
            out += 1
    if out:
        metrics.filtered(targets[0].KIND, out, errors)
    return kept, out


def event_variables(event_type: str, data: Any, consumer: str, event_id: str
                    ) -> dict[str, Any]:
    """What an endpoint's filter sees of an event."""
    return {"type": event_type, "data": data, "consumer": consumer, "eventId": event_id}


def message_variables(body: bytes | None, content_type: str | None,
                      headers: Mapping[str, str], query: str, provider: str
                      ) -> dict[str, Any]:
    """What a destination's filter sees of a message: its body parsed when it is JSON (else
    null), its headers by lower-case name, its query string's parameters (the first value
    of each) and its content type and provider."""
    return {"body": parse_body(body), "headers": {k.lower(): v for k, v in headers.items()},
            "query": dict(reversed(parse_qsl(query, keep_blank_values=True))),
            "contentType": content_type, "provider": provider}


def parse_body(body: bytes | None) -> Any:
    if not body:
        return None
    try:
        return json.loads(body)
    except ValueError:
        return None
