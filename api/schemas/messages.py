"""Messages received by Sources, with their delivery counts."""

from __future__ import annotations

from api.schemas.common import ApiModel, Timestamp
from hookline.persistence.models import Message
from hookline.services.messages import Counts, body_text


class DeliveryCounts(ApiModel):
    total: int = 0
    delivered: int = 0
    in_flight: int = 0
    failed: int = 0
    cancelled: int = 0


class MessageItem(ApiModel):
    id: str
    source_id: str
    method: str
    content_type: str | None = None
    body_bytes: int
    provider_event_id: str | None = None
    verification: str
    fanout: int
    deliveries: DeliveryCounts
    payload_erased: bool = False  # body, headers and query erased on request
    created_at: Timestamp


class MessageDetail(MessageItem):
    body: str | None = None
    headers: dict[str, str]
    query: str = ""
    remote_ip: str | None = None


class Accepted(ApiModel):
    id: str


def _counts(counts: Counts | None) -> DeliveryCounts:
    c = counts or Counts()
    return DeliveryCounts(total=c.total, delivered=c.delivered, in_flight=c.in_flight,
                          failed=c.failed, cancelled=c.cancelled)


def message_item(message: Message, counts: Counts | None) -> MessageItem:
    return MessageItem(
        id=message.id, source_id=message.source_id, method=message.method,
        content_type=message.content_type, body_bytes=message.body_bytes,
        provider_event_id=message.provider_event_id, verification=message.verification,
        fanout=message.fanout, deliveries=_counts(counts),
        payload_erased=message.payload_erased, created_at=message.created_at)


def message_detail(message: Message, counts: Counts | None) -> MessageDetail:
    return MessageDetail(**message_item(message, counts).model_dump(), body=body_text(message),
                         headers=message.headers, query=message.query,
                         remote_ip=message.remote_ip)
