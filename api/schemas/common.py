"""Shapes shared by every resource: problem documents, int32 fields, paged lists."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Annotated, Any, ClassVar, Generic, Literal, TypeVar

from fastapi import Query
from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    PlainSerializer,
    ValidationInfo,
    field_validator,
)
from pydantic.alias_generators import to_camel
from pydantic_core import PydanticCustomError

from hookline.timeutil import iso

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
_INT_TEXT = re.compile(r"^\s*[-+]?\d+\s*$")


def _int32(value: Any) -> Any:
    """An integer or a string holding an int32; nothing else (no floats, no booleans)."""
    if isinstance(value, bool):
        raise ValueError("must be an integer")
    if isinstance(value, str):
        if not _INT_TEXT.match(value):
            raise ValueError("must be an integer or a string holding an integer")
        value = int(value)
    if not isinstance(value, int):
        raise ValueError("must be an integer")
    if not INT32_MIN <= value <= INT32_MAX:
        raise ValueError("must fit in 32 bits")
    return value


AsInt32 = BeforeValidator(_int32)
Int32 = Annotated[int, AsInt32]
# Timestamps leave the API as ISO 8601 UTC with milliseconds and `Z`.
Timestamp = Annotated[datetime, PlainSerializer(iso, return_type=str)]
MaybeTimestamp = Annotated[datetime | None, PlainSerializer(iso, return_type=str | None)]
# A bounded one puts its bounds before the validator, so that OpenAPI shows them as
# minimum and maximum: Annotated[int, Field(ge=1, le=10), AsInt32].


def _holds_nul(value: Any) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_holds_nul(k) or _holds_nul(v) for k, v in value.items())
    if isinstance(value, list | tuple | set | frozenset):
        return any(_holds_nul(v) for v in value)
    return False  # numbers, booleans, nested models (which check their own fields)


class ApiModel(BaseModel):
    """camelCase on the wire, snake_case in Python."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="ignore")


class ApiInput(ApiModel):
    """A request body. A field it does not know is a 422 naming it, as Stripe's API does:
    a misspelt `rateLimt` dropped without a word leaves the user believing it is set. No
    text field holds NUL (U+0000): PostgreSQL's text cannot store it (SQLite can, so the
    rule keeps both databases alike). Fields named in `free_form` pass JSON through as given
    (event `data`, stored as JSON text, where NUL is an escape)."""

    model_config = ConfigDict(extra="forbid")
    free_form: ClassVar[frozenset[str]] = frozenset()

    @field_validator("*", mode="after")
    @classmethod
    def _no_nul(cls, value: Any, info: ValidationInfo) -> Any:
        if info.field_name not in cls.free_form and _holds_nul(value):
            raise PydanticCustomError("nul_character",
                                      "must not contain the NUL character (U+0000)")
        return value


class FieldError(BaseModel):
    field: str
    message: str


class Problem(BaseModel):
    type: str | None = None
    title: str | None = None
    status: int | None = None
    detail: str | None = None
    instance: str | None = None
    errors: list[FieldError] | None = None


_DESCRIPTIONS = {
    400: "Bad request", 401: "Missing, invalid or revoked API key", 402: "Plan limit reached",
    403: "An operator's action, not an API key's",
    404: "Not found (also for another environment's resources)", 405: "Method not allowed",
    409: "Conflict", 413: "Request body too large", 415: "Body is not application/json",
    422: "Validation failed", 429: "Rate limit exceeded; see Retry-After",
    500: "Internal error", 503: "Database or Temporal unavailable",
}


def problems(*codes: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI `responses=` for the error statuses a route can answer."""
    return {
        code: {"model": Problem, "description": _DESCRIPTIONS[code],
               "content": {"application/problem+json": {}}}
        for code in codes
    }


# Every authenticated route can answer these; routers declare them once.
COMMON_PROBLEMS = problems(401, 413, 415, 422, 429, 500, 503)

T = TypeVar("T")


class Page(ApiModel, Generic[T]):
    items: list[T]
    next_cursor: str | None = None


# `?cancel=true` on a payload erasure: exactly `true` or `false` (FastAPI's bool would also
# take yes/on/1), anything else is 422.
CancelFirst = Annotated[Literal["true", "false"], Query(
    description="`true`: cancel the Deliveries that may still send the payload (pending, "
                "processing or retrying), then erase it, in one request. `false` (the "
                "default): 409 `payload-in-flight` while any may still send it.")]

# A list's page size, bounds first so that OpenAPI shows them as minimum and maximum.
PageLimit = Annotated[int, Query(ge=1, le=100), AsInt32]
