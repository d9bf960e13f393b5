"""The kinds of target an attempt goes to, each behind one interface (`Kind`): `http`, a
webhook receiver, and `brokers`, Kafka, RabbitMQ and the AWS kinds
(`hookline.target_kinds` names them by URL). `delivery.sender` hands each attempt to its
URL's kind; what the kinds share is the signed headers (`headers`) and a target's TLS
context (`tls`)."""

from __future__ import annotations

from typing import Protocol

from hookline.contracts import AttemptResult
from hookline.delivery.model import Outgoing


class Kind(Protocol):
    async def send(self, out: Outgoing, msg_id: str) -> AttemptResult:
        """One attempt: its outcome, a failure included (never raises for the target's)."""
        ...

    async def aclose(self) -> None: ...
