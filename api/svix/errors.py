"""Errors as Svix's API answers them, for every request under /api/v1 (this module is the
dialect `api/errors.py` hands them to): `{"code", "detail"}` with Svix's status and code,
and 422 as Svix's `{"detail": [{"loc", "msg", "type"}]}`. The Svix SDKs parse both, so
every error body is JSON, unknown routes and refused methods included."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fastapi.responses import JSONResponse

from hookline.errors import DomainError, ValidationFailed

PREFIX = "/api/v1"
# Svix's code where it is not the problem's slug in snake_case (`not-found`: `not_found`).
_CODES = {"unauthorized": "authentication_failed", "forbidden": "insufficient access",
          "consumer-exists": "conflict", "bad-request": "generic_error",
          "no-example": "invalid_scheme"}
# A service's field under Svix's name, where Hookline's differs.
_FIELDS = {"events": "eventTypes", "rateLimit": "throttleRate", "type": "eventType",
           "data": "payload"}
# What Svix's server refuses while reading a query string (400), not validating it (422).
_UNREADABLE = {"literal_error", "enum", "bool_type", "int_type", "int_from_float"}


def owns(path: str) -> bool:
    return path == PREFIX or path.startswith(PREFIX + "/")


class NotImplementedHere(DomainError):
    status, slug, title = 501, "not-implemented", "Not implemented"


class SvixInvalid(ValidationFailed):
    """A 422 of the Svix layer's own, at Svix's location (`("query", "iterator")`) and with
    its type (`application_uid_mismatch`)."""

    def __init__(self, loc: tuple[str, ...], message: str, kind: str = "value_error") -> None:
        field = ".".join(loc[1:])
        super().__init__(f"{field}: {message}", field=field)
        self.loc, self.message, self.kind = loc, message, kind


def render(error: DomainError, headers: dict[str, str] | None = None) -> JSONResponse:
    if isinstance(error, SvixInvalid):
        return _invalid([{"loc": list(error.loc), "msg": error.message, "type": error.kind}])
    if isinstance(error, ValidationFailed):  # a service's: a field of the body
        return _invalid([{"loc": ["body", *filter(None, [_svix_field(e.get("field"))])],
                          "msg": e.get("message", ""), "type": "value_error"}
                         for e in error.errors or [{}]])
    code = _CODES.get(error.slug, error.slug.replace("-", "_"))
    return JSONResponse({"code": code, "detail": error.detail or error.title},
                        status_code=error.status, headers=headers or error.headers)


def _svix_field(field: str | None) -> str | None:
    head, dot, rest = (field or "").partition(".")
    return _FIELDS.get(head, head) + dot + rest if field else field


def render_validation(errors: Sequence[Any]) -> JSONResponse:
    """FastAPI's refusal of a request's parameters or body, in Svix's words: a query string
    it cannot read is a 400 `generic_error`, anything else a 422."""
    if errors and all(_unreadable(e) for e in errors):
        names = ", ".join(str(e["loc"][-1]) for e in errors)
        return render(DomainError(f"Failed to deserialize query string: {names}: "
                                  f"{errors[0]['msg']}"))
    return _invalid([{"loc": [str(part) for part in e.get("loc", ())],
                      "msg": str(e.get("msg", "")),
                      "type": "value_error.jsondecode" if e.get("type") == "json_invalid"
                      else "value_error"} for e in errors])


def _unreadable(error: Any) -> bool:
    kind = str(error.get("type", ""))
    return tuple(error.get("loc", ()))[:1] == ("query",) and (
        kind.endswith("_parsing") or kind in _UNREADABLE)


def _invalid(items: list[dict[str, Any]]) -> JSONResponse:
    return JSONResponse({"detail": items}, status_code=422)
