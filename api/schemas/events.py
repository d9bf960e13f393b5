from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import Field, field_serializer

from api.schemas.common import ApiInput, ApiModel
from hookline.timeutil import iso


class PublishIn(ApiInput):
    free_form = frozenset({"data"})

    type: str = Field(min_length=1, max_length=200)
    consumer: str = Field(min_length=1, max_length=200, description="Consumer externalId")
    data: dict[str, Any]


class SchemaError(ApiModel):
    pointer: str = Field(description="JSON Pointer into `data`")
    message: str


class EventOut(ApiModel):
    id: str
    type: str
    consumer: str
    deliveries: int
    filtered: int = Field(default=0, description="Subscribed endpoints whose filter kept "
                          "this event from them: no Delivery was made for them")
    schema_version: int | None = Field(
        default=None, description="The event type's schema version `data` was validated "
                                  "against; null when its validation is off")
    schema_errors: list[SchemaError] | None = Field(
        default=None, description="What validation found, under `warn`; null when none")
    payload_erased: bool = Field(default=False, description="`data` was erased on request")
    created_at: datetime

    @field_serializer("created_at")
    def _iso(self, value: datetime) -> str | None:
        return iso(value)


class EventDetail(EventOut):
    data: Any


class ReplayOut(ApiModel):
    event_id: str | None = None
    message_id: str | None = None
    deliveries: list[str]
