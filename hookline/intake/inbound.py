"""What every kind of broker Source's reader does (`Intake`): hand out a batch of messages,
then acknowledge those that are done with and give back those held, to be read again."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from hookline.intake.resolve import Inbound


@dataclass(frozen=True)
class Received:
    """A message, and what its reader acknowledges it by (Kafka's partition and offset, an
    SQS receipt handle, an AMQP delivery tag)."""

    message: Inbound
    handle: Any
    key: str = ""  # a Kafka record's key, kept for its dead letter
    # Its ordered lane (a Kafka partition): a message held holds those behind it in it.
    lane: str = ""


@dataclass(frozen=True)
class Lag:
    """How far behind its topic or queue a Source is: messages not yet done with, and, while
    some wait, how long ago the last message read was written (a consumer's usual time
    lag; None where the broker does not say when a message was written)."""

    messages: int
    seconds: float | None


class ReadFailed(Exception):
    """The broker could not be read, and why (`str()`); the reader is made again after a
    pause."""


class Intake(Protocol):
    async def start(self) -> None:
        """Connects; raises ReadFailed."""

    async def fetch(self, most: int) -> list[Received]:
        """Up to `most` messages, waiting a little for the first; raises ReadFailed."""

    async def settle(self, done: list[Received], held: list[Received]) -> None:
        """Acknowledges `done` (published, or sent to the dead-letter target), and gives
        back `held`, to be read again: a message is never acknowledged before its Event
        is committed."""

    async def lag(self) -> Lag | None:
        """None: not known yet."""

    async def close(self) -> None: ...
