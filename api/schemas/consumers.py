from __future__ import annotations

from datetime import datetime

from pydantic import Field, field_serializer

from api.schemas.common import ApiInput, ApiModel
from hookline.timeutil import iso

Name200 = Field(min_length=1, max_length=200)


class Timestamped(ApiModel):
    created_at: datetime

    @field_serializer("created_at")
    def _iso(self, value: datetime) -> str | None:
        return iso(value)


class ConsumerIn(ApiInput):
    external_id: str = Name200
    name: str = Name200


class ConsumerPatch(ApiInput):
    name: str | None = Field(default=None, min_length=1, max_length=200)


class ConsumerOut(Timestamped):
    id: str
    external_id: str
    name: str
