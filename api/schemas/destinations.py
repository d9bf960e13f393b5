"""Destinations: where a Source forwards its messages."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from api.schemas.common import ApiInput, ApiModel
from api.schemas.targets import RATE_LIMIT_DOC, RateLimit, TargetOut, target_fields
from hookline.services import destinations
from hookline.services.destinations import DestinationRow
from hookline.services.patch import KEEP

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


class DestinationOut(TargetOut):
    source_id: str
    status: str

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
    return {"source_id": d.source_id, "status": d.status, **target_fields(d, row.health)}


class SecretOut(ApiModel):
    secret: str
