"""JSON Schemas of event types (draft 2020-12, with the `jsonschema` package and its format
checker): checking a schema when it is set, and a payload against it when it is published.

Compiled validators are kept per (event type, schema version): a version never changes once
stored, so the cache needs no invalidation, and publishing compiles a schema once per
process rather than once per event.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

MAX_VIOLATIONS = 100  # a payload wrong everywhere is reported, not enumerated
_CACHED = 256


@dataclass(frozen=True)
class Violation:
    pointer: str  # JSON Pointer (RFC 6901) into the validated document; "" is its root
    message: str


def pointer(path: Iterable[str | int]) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def _violations(errors: Iterable[ValidationError]) -> list[Violation]:
    found = sorted(errors, key=lambda e: [str(p) for p in e.absolute_path])
    return [Violation(pointer(e.absolute_path), e.message) for e in found[:MAX_VIOLATIONS]]


def schema_problems(schema: Any) -> list[Violation]:
    """Why `schema` is not a draft 2020-12 JSON Schema (pointers into the schema)."""
    if not isinstance(schema, dict):
        return [Violation("", "a JSON Schema here is an object")]
    return _violations(Draft202012Validator(
        Draft202012Validator.META_SCHEMA).iter_errors(schema))


def _compile(schema: dict[str, Any]) -> Draft202012Validator:
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


class Validators:
    """Compiled validators, the most recently used kept; shared by a process's threads."""

    def __init__(self, size: int = _CACHED) -> None:
        self._size = size
        self._lock = threading.Lock()
        self._compiled: OrderedDict[tuple[str, int], Draft202012Validator] = OrderedDict()

    def violations(self, key: tuple[str, int], load: Callable[[], dict[str, Any]],
                   document: Any) -> list[Violation]:
        with self._lock:
            validator = self._compiled.get(key)
            if validator is not None:
                self._compiled.move_to_end(key)
        if validator is None:
            validator = _compile(load())
            with self._lock:
                self._compiled[key] = validator
                while len(self._compiled) > self._size:
                    self._compiled.popitem(last=False)
        return _violations(validator.iter_errors(document))


VALIDATORS = Validators()


def violations_of(schema: dict[str, Any], document: Any) -> list[Violation]:
    """Uncached: for examples, checked once when they are set."""
    return _violations(_compile(schema).iter_errors(document))
