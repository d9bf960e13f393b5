"""Destinations: where a Source forwards its messages."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from api.schemas.common import ApiInput, ApiModel
from api.schemas.sources import MaybeTimestamp, Timestamp
from api.schemas.targets import (
    OPENED_AT_DOC,
    RATE_LIMIT_DOC,
    RETRY_AT_DOC,
    CircuitState,
    RateLimit,
    target_fields,
)
from hookline.services import destinations
from hookline.services.destinations import KEEP, DestinationRow

Url = Field(min_length=1, max_length=2048)


class DestinationIn(ApiInput):
    url: str = Url
    description: str | None = None
    headers: dict[str, str] | None = Field(default=None, description="Fixed headers")
    rate_limit: RateLimit | None = Field(default=None, description=RATE_LIMIT_DOC)


class DestinationPatch(ApiInput):
    """Absent fields stay as they are; `headers` replaces all fixed headers."""

    url: str | None = Field(default=None, min_length=1, max_length=2048)
    description: str | None = None
    status: Literal["enabled", "disabled"] | None = None
    headers: dict[str, str] | None = None
    rate_limit: RateLimit | None = Field(default=None,
                                         description=RATE_LIMIT_DOC + "; absent: unchanged")

    def to_patch(self) -> destinations.DestinationPatch:
        """`description` and `rateLimit` may be null: absent (KEEP) is told from null."""
        given = self.model_fields_set
        return destinations.DestinationPatch(
            url=self.url, status=self.status, headers=self.headers,
            description=self.description if "description" in given else KEEP,
            rate_limit=self.rate_limit if "rate_limit" in given else KEEP)


class DestinationOut(ApiModel):
    id: str
    source_id: str
    url: str
    description: str | None = None
    status: str
    custom_headers: dict[str, str]
    rate_limit: int | None = Field(description=RATE_LIMIT_DOC)
    circuit: CircuitState
    circuit_opened_at: MaybeTimestamp = Field(description=OPENED_AT_DOC)
    circuit_retry_at: MaybeTimestamp = Field(description=RETRY_AT_DOC)
    created_at: Timestamp
    updated_at: Timestamp

    @classmethod
    def of(cls, row: DestinationRow) -> DestinationOut:
        return cls(**_fields(row))


class DestinationCreated(DestinationOut):
    secret: str = Field(description="Shown only in this response")

    @classmethod
    def of(cls, row: DestinationRow) -> DestinationCreated:
        return cls(**_fields(row), secret=row.destination.secret)


def _fields(row: DestinationRow) -> dict[str, Any]:
    d = row.destination
    return {"id": d.id, "source_id": d.source_id, "url": d.url, "description": d.description,
            "status": d.status, "custom_headers": dict(d.custom_headers),
            "created_at": d.created_at, "updated_at": d.updated_at,
            **target_fields(d, row.circuit)}


class SecretOut(ApiModel):
    secret: str
