"""Svix's message bodies over Hookline's events: `id` is the Event's, `eventId` its
idempotency key, `payload` its `data`, `timestamp` when it was published."""

from __future__ import annotations

from typing import Any

from api.schemas.common import Timestamp
from api.svix.schemas.common import SvixModel
from hookline.persistence.models import Event
from hookline.services.events import data_of

# What Svix's server shows of a payload it no longer has.
EXPIRED: dict[str, Any] = {"expired": True}


class MessageOut(SvixModel):
    id: str
    event_id: str | None
    event_type: str
    payload: dict[str, Any]
    channels: list[str] | None = None
    timestamp: Timestamp

    @classmethod
    def of(cls, event: Event) -> MessageOut:
        data = data_of(event)
        return cls(id=event.id, event_id=event.idempotency_key, event_type=event.type,
                   payload=data if isinstance(data, dict) else EXPIRED,
                   timestamp=event.created_at)
