"""The one decoder of JSON bodies: requests' (`api/jsonbody.py`, `api/rawbody.py`) and broker
messages' (`hookline.intake`).

Beyond syntax it refuses what Python's json module accepts but the service cannot keep or
pass on: bytes that are not text in the declared charset, nesting deeper than MAX_DEPTH,
numbers beyond the interpreter's digit limit or the range of a double, NaN and Infinity
(not JSON: a receiver's parser would refuse the delivered body), and lone surrogates (not
Unicode characters: they cannot be encoded for storage or sending). Each is a 422 (an
unknown charset a 415) rather than a 500.

Pure."""

from __future__ import annotations

import codecs
import json
import math
import re
from email.message import Message
from typing import Any

from hookline.errors import UnsupportedMediaType, ValidationFailed

# Webhook payloads rarely pass 10 levels; Svix's serde_json stops at 128. Past about 1,000
# Python's parser raises RecursionError, which used to leave as a 500.
MAX_DEPTH = 64
# Lone surrogates can only come from \uXXXX escapes (a strict UTF-8 decode refuses their
# bytes), so bodies without such an escape skip the walk over their strings.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class NotJSON(ValidationFailed):
    """A body refused beyond syntax, and why (`reason`)."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"the request body is not valid JSON: {reason}", field="body")
        self.reason = reason


def _not_json(reason: str) -> NotJSON:
    return NotJSON(reason)


def _charset(content_type: str | None) -> str | None:
    if not content_type:
        return None
    message = Message()
    message["content-type"] = content_type
    charset = message.get_param("charset")
    return charset.strip().lower() if isinstance(charset, str) else None


def _text(body: bytes, content_type: str | None) -> str:
    charset = _charset(content_type)
    try:
        codec = codecs.lookup(charset).name if charset else None
    except LookupError:
        raise UnsupportedMediaType(f"charset {charset!r} is not supported; send UTF-8") from None
    if codec is None or codec.startswith("utf"):
        codec = json.detect_encoding(body)  # JSON's own rule: UTF-8, or UTF-16/32 by BOM
    try:
        return body.decode(codec)
    except UnicodeDecodeError as exc:
        raise _not_json(f"it is not valid {codec} text (byte {body[exc.start]:#04x} at "
                        f"offset {exc.start})") from None


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _not_json(f"the number {text[:40]} is out of range")
    return value


def _constant(name: str) -> Any:
    raise _not_json(f"{name} is not a JSON value")


def _check(value: Any, depth: int, strings: bool) -> None:
    if depth > MAX_DEPTH:
        raise _not_json(f"it nests deeper than {MAX_DEPTH} levels")
    if isinstance(value, dict):
        for key, item in value.items():
            if strings:
                _check(key, depth, strings)
            _check(item, depth + 1, strings)
    elif isinstance(value, list):
        for item in value:
            _check(item, depth + 1, strings)
    elif strings and isinstance(value, str):
        try:
            value.encode()
        except UnicodeEncodeError as exc:
            raise _not_json(f"a string holds the lone surrogate \\u{ord(value[exc.start]):04x}"
                            ", which is not a Unicode character") from None


def decode(body: bytes, content_type: str | None = None) -> Any:
    """The parsed body. Syntax errors raise json.JSONDecodeError (FastAPI renders those as
    its own `json_invalid`); every other refusal raises a DomainError."""
    text = _text(body, content_type)
    try:
        value = json.loads(text, parse_float=_finite, parse_constant=_constant)
    except RecursionError:
        raise _not_json(f"it nests deeper than {MAX_DEPTH} levels") from None
    except json.JSONDecodeError:
        raise
    except ValueError as exc:  # an integer past sys.get_int_max_str_digits()
        raise _not_json(str(exc).split(";")[0]) from None
    containers = text.count("[") + text.count("{")
    surrogates = _SURROGATE_ESCAPE.search(text) is not None
    if containers > MAX_DEPTH or surrogates:
        _check(value, 1, surrogates)
    return value
