"""Fixed headers of endpoints and destinations: the rules a submitted set must follow."""

from __future__ import annotations

import re

from hookline.errors import ValidationFailed
from hookline.signing import SIGNATURE_NAMES

# Credentials a receiver asks for: every read shows their values masked (Svix's own list,
# which its API shows by name only), and a set sent back with the mask keeps the stored value.
SENSITIVE = frozenset({"x-auth-token", "x-api-key", "www-authenticate", "authorization",
                       "proxy-authenticate", "proxy-authorization"})
MASK = "********"

MAX_HEADERS = 20
MAX_NAME = 128
MAX_VALUE = 1024

# The service sets these itself: a fixed header must not forge the signature (under either
# set of names an endpoint may sign with) or break framing.
RESERVED = SIGNATURE_NAMES | frozenset(name.lower() for name in (
    "Content-Type", "Content-Length", "Host", "Connection", "Transfer-Encoding", "User-Agent",
))
# RFC 7230 `token`: one or more tchar. Both patterns are used with fullmatch(): with
# match(), a `$` would accept a trailing newline.
_TOKEN = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
# Printable ASCII and horizontal tab. Stricter than "no CR, LF or NUL": the HTTP client
# encodes header values as ASCII, so anything else would fail every delivery at send time.
_VALUE = re.compile(r"[\t\x20-\x7e]*")


def _name_problem(name: str) -> str | None:
    if len(name) > MAX_NAME:
        return f"header name is longer than {MAX_NAME} characters"
    if not _TOKEN.fullmatch(name):
        return "header name must be an HTTP token (letters, digits and !#$%&'*+-.^_`|~)"
    if name.lower() in RESERVED:
        return f"{name} is set by the service and cannot be a fixed header"
    return None


def _value_problem(value: str) -> str | None:
    if len(value) > MAX_VALUE:
        return f"header value is longer than {MAX_VALUE} characters"
    if not _VALUE.fullmatch(value):
        return "header value must be printable ASCII (no CR, LF, NUL or other control " \
               "characters)"
    return None


def check_headers(headers: dict[str, str], field: str = "headers") -> dict[str, str]:
    """Every problem of a submitted set at once, as one validation error; returns the set
    unchanged when it is valid (the submitted set replaces the whole previous one)."""
    errors: list[dict[str, str]] = []
    if len(headers) > MAX_HEADERS:
        errors.append({"field": field, "message": f"at most {MAX_HEADERS} headers"})
    seen: set[str] = set()
    for name, value in headers.items():
        problem = _name_problem(name) or _value_problem(value)
        if problem is None and name.lower() in seen:
            problem = "the same header name appears twice (names are case-insensitive)"
        seen.add(name.lower())
        if problem:
            errors.append({"field": f"{field}.{name}", "message": problem})
    if errors:
        detail = "; ".join(f"{e['field']}: {e['message']}" for e in errors[:5])
        raise ValidationFailed(detail, errors=errors)
    return dict(headers)


def masked(headers: dict[str, str], given: dict[str, str] | None = None) -> dict[str, str]:
    """The set as reads show it: a sensitive header's value as MASK, unless the request
    being answered gave that very value (a write's answer tells its caller nothing new)."""
    told = {name.lower(): value for name, value in (given or {}).items()}
    return {name: value if name.lower() not in SENSITIVE or told.get(name.lower()) == value
            else MASK for name, value in headers.items()}


def unmasked(given: dict[str, str], stored: dict[str, str], field: str = "headers"
             ) -> dict[str, str]:
    """A submitted set, where a sensitive header given as MASK (a form or a client that
    read the set and sends it back) keeps the value stored under that name."""
    kept = {name.lower(): value for name, value in stored.items()}
    found: dict[str, str] = {}
    for name, value in given.items():
        if value == MASK and name.lower() in SENSITIVE:
            if name.lower() not in kept:
                raise ValidationFailed(f"{MASK} stands for the value stored, and none is: "
                                       "give the header's value", field=f"{field}.{name}")
            value = kept[name.lower()]
        found[name] = value
    return found
