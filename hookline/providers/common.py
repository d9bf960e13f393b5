"""Helpers shared by the provider modules: header and body access, verdicts, timestamps."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any, Final

from .base import Incoming, Reply, Verification

# base.Provider cannot say that signing or the event id depend on providerConfig (the
# `generic` provider needs both), so such providers put these callables in Provider.extra
# and the registry consults them:
#   SIGNS_WITH_CONFIG:    Callable[[Mapping[str, Any]], bool]
#   EVENT_ID_WITH_CONFIG: Callable[[Incoming, Mapping[str, Any]], str | None]
SIGNS_WITH_CONFIG: Final = "signs_with_config"
EVENT_ID_WITH_CONFIG: Final = "event_id_with_config"

VERIFIED: Final = Verification("verified")
SKIPPED: Final = Verification("skipped")


def failed(reason: str) -> Verification:
    return Verification("failed", reason)


def header(incoming: Incoming, *names: str) -> str | None:
    """The first of `names` present with a non-blank value, stripped."""
    for name in names:
        value = incoming.headers.get(name.lower())
        if value is not None and value.strip():
            return value.strip()
    return None


def json_body(incoming: Incoming) -> Any:
    """The parsed body, or None: event ids are best effort and bodies may be anything."""
    try:
        return json.loads(incoming.body)
    except (ValueError, RecursionError):
        return None


def as_id(value: Any) -> str | None:
    # bool is an int subclass but never a meaningful id.
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str) and value:
        return value
    return None


def body_field(incoming: Incoming, key: str) -> str | None:
    data = json_body(incoming)
    return as_id(data.get(key)) if isinstance(data, dict) else None


def batch_id(items: Any, key: str) -> str | None:
    """The id of a delivery that batches events: the one event's `key`, or a digest of all of
    them (order aside); None unless every item is an object with that id."""
    if not isinstance(items, list) or not items:
        return None
    ids = [as_id(item.get(key)) if isinstance(item, dict) else None for item in items]
    found = [i for i in ids if i]
    if len(found) != len(ids):
        return None
    if len(found) == 1:
        return found[0]
    return "sha256:" + hashlib.sha256("\n".join(sorted(found)).encode()).hexdigest()


def parse_int(value: str | None) -> int | None:
    if value is None:
        return None
    try:
        return int(value.strip())
    except ValueError:
        return None


def timestamp_problem(
    ts: float, now: float, tolerance: float, *, reject_future: bool
) -> str | None:
    """Why `ts` is outside the replay window, or None when it is inside.

    `reject_future` follows each provider's own SDK: some only bound the age.
    """
    age = now - ts
    if age > tolerance:
        return f"timestamp too old ({age:.0f} s, tolerance {tolerance:g} s)"
    if reject_future and -age > tolerance:
        return f"timestamp too far in the future ({-age:.0f} s, tolerance {tolerance:g} s)"
    return None


def parse_pairs(value: str, separator: str) -> dict[str, list[str]]:
    """`k=v<sep>k=v` into {k: [v, ...]}; repeated keys carry rotated signatures."""
    pairs: dict[str, list[str]] = {}
    for item in value.split(separator):
        key, eq, val = item.strip().partition("=")
        if eq:
            pairs.setdefault(key.strip(), []).append(val.strip())
    return pairs


def first(pairs: Mapping[str, list[str]], key: str) -> str | None:
    values = pairs.get(key)
    return values[0] if values else None


def json_reply(status: int, data: Mapping[str, Any]) -> Reply:
    return Reply(status=status, body=json.dumps(data).encode())
