"""Destinations: where a Source forwards its messages."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from api.schemas.common import ApiInput, ApiModel
from api.schemas.sources import Timestamp

Url = Field(min_length=1, max_length=2048)


class DestinationIn(ApiInput):
    url: str = Url
    description: str | None = None
    headers: dict[str, str] | None = Field(default=None, description="Fixed headers")


class DestinationPatch(ApiInput):
    """Absent fields stay as they are; `headers` replaces all fixed headers."""

    url: str | None = Field(default=None, min_length=1, max_length=2048)
    description: str | None = None
    status: Literal["enabled", "disabled"] | None = None
    headers: dict[str, str] | None = None


class DestinationOut(ApiModel):
    id: str
    source_id: str
    url: str
    description: str | None = None
    status: str
    custom_headers: dict[str, str]
    created_at: Timestamp
    updated_at: Timestamp


class DestinationCreated(DestinationOut):
    secret: str = Field(description="Shown only in this response")


class SecretOut(ApiModel):
    secret: str
