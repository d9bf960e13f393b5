"""Svix's bodies about an endpoint's deliveries: recover (Hookline's recovery of its failed
Deliveries), send-example (an event type's example, published to it) and stats (its
Deliveries by status, in Svix's five words)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from api.schemas.common import Timestamp
from api.svix.schemas.common import Moment, SvixInput, SvixModel
from hookline.persistence.models import Recovery
from hookline.statuses import DeliveryStatus

# Date-times arrive as strings in the parsed JSON, which a strict model refuses; naive ones
# (Svix's Python SDK sends those unchanged) are UTC.
DateTime = Annotated[Moment, Field(strict=False)]
TaskStatus = Literal["running", "finished", "failed"]
_TASK_STATUS: dict[str, TaskStatus] = {"running": "running", "done": "finished"}


class RecoverIn(SvixInput):
    since: DateTime
    until: DateTime | None = None


class RecoverOut(SvixModel):
    """Svix's background task: `id` is the recovery's (`GET /v1/recoveries/{id}` follows
    it)."""

    id: str
    status: TaskStatus
    task: Literal["endpoint.recover"] = "endpoint.recover"
    updated_at: Timestamp

    @classmethod
    def of(cls, recovery: Recovery) -> RecoverOut:
        return cls(id=recovery.id, status=_TASK_STATUS.get(recovery.status, "failed"),
                   updated_at=recovery.finished_at or recovery.created_at)


class EventExampleIn(SvixInput):
    event_type: str
    example_index: int = Field(default=0, ge=0)


# A Delivery's status in Svix's words: `sending` is one being attempted or waiting for its
# next attempt; `canceled` one cancelled (Svix's server never counts any).
_WORDS = {DeliveryStatus.PENDING: "pending", DeliveryStatus.PROCESSING: "sending",
          DeliveryStatus.RETRYING: "sending", DeliveryStatus.DELIVERED: "success",
          DeliveryStatus.EXHAUSTED: "fail", DeliveryStatus.CANCELLED: "canceled",
          DeliveryStatus.HELD: "pending"}


class EndpointStats(SvixModel):
    success: int = 0
    pending: int = 0
    sending: int = 0
    fail: int = 0
    canceled: int = 0

    @classmethod
    def of(cls, by_status: dict[str, int]) -> EndpointStats:
        counts = dict.fromkeys(cls.model_fields, 0)
        for status, count in by_status.items():
            counts[_WORDS[DeliveryStatus(status)]] += count
        return cls(**counts)
