"""What Svix's bodies share: camelCase names, strict JSON types, its list envelope, and the
forms of its uids and metadata."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Generic, TypeVar

from pydantic import AfterValidator, BeforeValidator, ConfigDict, Field, StringConstraints

from api.schemas.common import ApiInput, ApiModel
from hookline.timeutil import aware

# Svix's uids and names: `[a-zA-Z0-9\-_.]`, at most 256 characters in Svix; 200 here, what
# a Consumer's externalId and an event type's name hold.
NAME_PATTERN = r"^[a-zA-Z0-9\-_.]+$"
Uid = Annotated[str, StringConstraints(min_length=1, max_length=200, pattern=NAME_PATTERN)]


def not_prefixed(prefix: str) -> AfterValidator:
    """A uid that looked like an id could name another object: `{app_id}` and
    `{endpoint_id}` take both."""

    def check(uid: str) -> str:
        if uid.startswith(prefix):
            raise ValueError(f"Uids are not allowed to start with {prefix!r}, the prefix "
                             "of the ids")
        return uid

    return AfterValidator(check)


def _utc(value: datetime) -> datetime:
    """In UTC (a time without an offset is UTC, as the Python SDK sends naive ones); one that
    UTC cannot hold (year 1 at +05:00) is refused, not a 500."""
    try:
        return aware(value)
    except OverflowError:
        raise ValueError("is out of range once in UTC") from None


# A date-time of a query string or body, in UTC.
Moment = Annotated[datetime, AfterValidator(_utc)]

# Svix's `throttleRate`: a u16 of at least 1.
ThrottleRate = Annotated[int, Field(ge=1, le=65535)]
Metadata = dict[str, str]


def _refuse_null(value: Any) -> Any:
    if value is None:
        raise ValueError("must not be null")
    return value


# A PATCH field that may be left out but not set to null: None means absent.
NotNull = BeforeValidator(_refuse_null)


def absent(value: Any) -> bool:
    """For fields Svix leaves out of a body when they are null."""
    return value is None


class SvixModel(ApiModel):
    """A response body."""


class SvixInput(ApiInput):
    """A request body, typed as strictly as Svix's server reads JSON: `"5"` is not a number
    and `1` is not `true` (each a 422). A date-time field will need `strict=False`: FastAPI
    validates the parsed JSON, where date-times are still strings. Fields it does not know
    are ignored, as Svix's server does: its SDKs send fields of newer versions."""

    model_config = ConfigDict(strict=True, extra="ignore")


T = TypeVar("T")


class ListResponse(SvixModel, Generic[T]):
    """Svix's page: `iterator` is always present (null on an empty page); `prevIterator`
    is left out when there is none."""

    data: list[T]
    iterator: str | None
    prev_iterator: str | None = Field(default=None, exclude_if=absent)
    done: bool
