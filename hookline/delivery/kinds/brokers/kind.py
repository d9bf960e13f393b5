"""The broker kinds as one kind of target (`kinds.Kind`): an attempt is a publish of the
signed body to the target's Kafka topic, RabbitMQ exchange or AWS service, through the
worker's publishers (`pool`)."""

from __future__ import annotations

import time

from hookline.contracts import AttemptResult
from hookline.delivery.kinds.brokers.guard import BrokerGuard
from hookline.delivery.kinds.brokers.message import EVENT_TYPE_HEADER, BrokerMessage
from hookline.delivery.kinds.brokers.pool import Publishers
from hookline.delivery.kinds.brokers.publish import publish
from hookline.delivery.kinds.headers import request_headers
from hookline.delivery.model import Outgoing


class BrokerSender:
    def __init__(self, guard: BrokerGuard, timeout: float) -> None:
        self.guard = guard
        self.publishers = Publishers(guard, timeout)

    async def send(self, out: Outgoing, msg_id: str) -> AttemptResult:
        return await publish(self.publishers, out, broker_message(out, msg_id, int(time.time())))

    async def aclose(self) -> None:
        await self.publishers.aclose()


def broker_message(out: Outgoing, msg_id: str, timestamp: int) -> BrokerMessage:
    """What a broker target is sent: the body with the headers an HTTP receiver would get
    (but the user agent's), and the event's type."""
    headers = request_headers(out, msg_id, timestamp)
    del headers["user-agent"]
    if out.event_type:
        headers[EVENT_TYPE_HEADER] = out.event_type
    return BrokerMessage(msg_id=msg_id, body=out.body, headers=headers, key=out.key,
                         timestamp=timestamp, event_type=out.event_type)
