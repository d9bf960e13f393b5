"""The kinds of target an attempt goes to, each behind one interface (`Kind`): `http`, a
webhook receiver, and `brokers`, Kafka, RabbitMQ and the AWS kinds
(`hookline.target_kinds` names them by URL). `delivery.sender` hands each attempt to its
URL's kind; what the kinds share is the signed headers (`headers`) and a target's TLS
context (`tls`)."""

from __future__ import annotations

import time
from typing import Protocol

from hookline.contracts import AttemptResult
from hookline.delivery.model import Outgoing


class Kind(Protocol):
    async def send(self, out: Outgoing, msg_id: str) -> AttemptResult:
        """One attempt: its outcome, a failure included (never raises for the target's)."""
        ...

    async def aclose(self) -> None: ...


def failed(error_type: str, message: str, started: float) -> AttemptResult:
    """An attempt that got no answer a status code could carry (a broker's, an e-mail's),
    begun at `started` (`time.monotonic()`)."""
    return AttemptResult(succeeded=False, status_code=None, response_body=None,
                         error_type=error_type, error_message=message[:1000],
                         duration_ms=int((time.monotonic() - started) * 1000))


def confirmed(started: float) -> AttemptResult:
    """An attempt the broker or the SMTP server took, begun at `started`."""
    return AttemptResult(succeeded=True, status_code=None, response_body=None,
                         error_type=None, error_message=None,
                         duration_ms=int((time.monotonic() - started) * 1000))
