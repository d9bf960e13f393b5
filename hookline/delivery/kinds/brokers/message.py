"""What a broker target is handed for one attempt (`BrokerMessage`), how a publish fails
(`BrokerFailed`, with the attempt's `errorType`), and what every broker kind's publisher
does (`Publisher`): return once the broker confirmed the message, or raise."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from hookline.statuses import ErrorType

# A failed publish's error types (DESIGN): the broker or service could not be reached or
# dropped the connection; it answered and refused the message (a nack, no route, no such
# topic or queue, a throttle); it refused our credentials or their rights.
UNREACHABLE = ErrorType.BROKER_UNREACHABLE
REFUSED = ErrorType.BROKER_REFUSED
AUTH = ErrorType.BROKER_AUTH

# SQS's and SNS's message attributes per message, which carry a message's headers.
MAX_ATTRIBUTES = 10

# The headers a message carries beside the signature's (`webhook-id` and
# `webhook-timestamp` are the event's id and timestamp): its event type.
EVENT_TYPE_HEADER = "webhook-event-type"


@dataclass(frozen=True)
class BrokerMessage:
    """One message: the body as an HTTP receiver would get it, with the headers it would
    get (the signature's, `content-type`, the event type, the target's fixed ones), and the
    key (Kafka's record key, SQS FIFO's group, Kinesis's partition key, AMQP's routing key
    when the target's URL has none): the event's Consumer unless the transformation or the
    target's `key` expression set it."""

    msg_id: str
    body: bytes
    headers: dict[str, str]
    key: str
    timestamp: int  # unix seconds, the signature's
    event_type: str | None = None


def described(exc: BaseException) -> str:
    """A broker client's error as a failure's message says it: its type, then its text."""
    return f"{type(exc).__name__}: {exc}"[:1000]


class BrokerFailed(Exception):
    """A publish that failed: `error_type` is UNREACHABLE, REFUSED or AUTH; `str()` says
    why."""

    def __init__(self, error_type: str, message: str) -> None:
        super().__init__(message)
        self.error_type = error_type


class Publisher(Protocol):
    """A connection to one target's broker, made on first use and kept by `pool`."""

    async def publish(self, message: BrokerMessage) -> None:
        """Returns once the broker confirmed the message; raises BrokerFailed."""

    async def close(self) -> None: ...
