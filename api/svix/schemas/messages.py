"""Svix's message bodies over Hookline's events: `id` is the Event's, `eventId` its
idempotency key, `payload` its `data`, `timestamp` when it was published, `channels` and
`tags` its own."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AliasChoices, Field

from api.schemas.common import Timestamp
from api.schemas.consumers import Name200
from api.svix.schemas.applications import ApplicationIn
from api.svix.schemas.common import SvixInput, SvixModel, Uid, absent, not_prefixed
from api.svix.schemas.endpoints import Channel
from hookline.persistence.models import Event
from hookline.services.events import NewEvent, data_of

ID_PREFIX = "evt_"
# What Svix's server shows of a payload it no longer has.
EXPIRED: dict[str, Any] = {"expired": True}
# Svix's tags are as free as its channels' names, at most 5 of them too.
Tag = Annotated[str, Field(min_length=1, max_length=128)]


class MessageIn(SvixInput):
    """`eventType` must be registered (Svix sends any name; Hookline keeps its catalogue);
    `payloadRetentionPeriod` is read and not applied: the environment's retention is."""

    event_type: str = Name200
    payload: dict[str, Any] = Field(validation_alias=AliasChoices("payload", "data"))
    event_id: Annotated[Uid, not_prefixed(ID_PREFIX)] | None = None
    channels: Annotated[list[Channel], Field(min_length=1, max_length=5)] | None = None
    tags: Annotated[list[Tag], Field(min_length=1, max_length=5)] | None = None
    payload_retention_period: Annotated[int, Field(ge=5, le=90)] = 90
    application: ApplicationIn | None = None

    def event(self, app_id: str) -> NewEvent:
        """As Svix sends it: the payload alone, under Svix's headers or the endpoint's."""
        return NewEvent(self.event_type, app_id, self.payload, self.event_id, self.channels,
                        self.tags, enveloped=False, named_in_path=True)


class MessageOut(SvixModel):
    id: str
    event_id: str | None
    event_type: str
    payload: dict[str, Any]
    channels: list[str] | None = None
    tags: list[str] | None = Field(default=None, exclude_if=absent)
    timestamp: Timestamp

    @classmethod
    def of(cls, event: Event, with_content: bool = True) -> MessageOut:
        data = data_of(event) if with_content else {}
        return cls(id=event.id, event_id=event.idempotency_key, event_type=event.type,
                   payload=data if isinstance(data, dict) else EXPIRED,
                   channels=event.channels, tags=event.tags, timestamp=event.created_at)
