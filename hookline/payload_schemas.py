"""JSON Schemas of event types (draft 2020-12, with the `jsonschema` package and its format
checker): checking a schema when it is set, and a payload against it when it is published.

Compiled validators are kept per (event type, schema version): a version never changes once
stored, so the cache needs no invalidation, and publishing compiles a schema once per
process rather than once per event.
"""

from __future__ import annotations

import importlib.util
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

# jsonschema checks the `iri` formats with rfc3987-syntax, which builds an Earley parser when
# it is imported: 2 s of CPU in every process that imports jsonschema (the API, the worker,
# each CLI command), though only a schema with `format: iri` ever needs it. jsonschema
# registers those two checks only if it can import it, so it is hidden while jsonschema
# loads, and `FORMATS` registers them to load it on their first use.
_HIDDEN = "rfc3987_syntax" not in sys.modules and "jsonschema" not in sys.modules
if _HIDDEN:
    sys.modules["rfc3987_syntax"] = None  # type: ignore[assignment]
try:
    from jsonschema import Draft202012Validator, FormatChecker
    from jsonschema.exceptions import ValidationError
finally:
    if _HIDDEN:
        del sys.modules["rfc3987_syntax"]

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


def _iri_syntax(term: str, value: str) -> bool:
    from rfc3987_syntax import is_valid_syntax  # its parser is built once, here

    return bool(is_valid_syntax(term, value))


def _iri(instance: object) -> bool:
    return not isinstance(instance, str) or _iri_syntax("iri", instance)


def _iri_reference(instance: object) -> bool:
    return not isinstance(instance, str) or _iri_syntax("iri_reference", instance)


# Draft 2020-12's checks, with the two of rfc3987-syntax as jsonschema defines them when it
# can import it (the `format-nongpl` extra installs it). The API builds the parser on a
# thread of its own as it starts (`warm`), so no tenant's first IRI check stalls the
# publishes batched with it; other processes never build it.
FORMATS = FormatChecker(())
FORMATS.checkers = dict(Draft202012Validator.FORMAT_CHECKER.checkers)
if importlib.util.find_spec("rfc3987_syntax") is not None:
    FORMATS.checkers.update({"iri": (_iri, ValueError),
                             "iri-reference": (_iri_reference, ValueError)})


def warm() -> None:
    """Build the IRI checks' parser now (about 2 s of CPU), where it is installed."""
    if "iri" in FORMATS.checkers:
        _iri_syntax("iri", "x:")


def _compile(schema: dict[str, Any]) -> Draft202012Validator:
    return Draft202012Validator(schema, format_checker=FORMATS)


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
