"""A message that can never be published goes to its Source's dead-letter target: a broker
target of the Source's kind on its broker, published as any broker target's message is
(`kinds.brokers.publish`: the guard, the kept publisher, the attempt's time), with its
body and headers as read and the reason in `hookline-dead-letter-reason`."""

from __future__ import annotations

import time

from hookline.delivery.credentials import ClientTLS
from hookline.delivery.kinds.brokers.message import MAX_ATTRIBUTES, BrokerMessage
from hookline.delivery.kinds.brokers.pool import Publishers
from hookline.delivery.kinds.brokers.publish import publish
from hookline.delivery.model import Outgoing
from hookline.intake.inbound import Received
from hookline.intake.resolve import DEAD_LETTER_HEADER
from hookline.services.broker_sources import Reader
from hookline.target_kinds import SQS

MAX_REASON = 1000


async def send(publishers: Publishers, reader: Reader, received: Received, reason: str
               ) -> str | None:
    """None once the dead-letter target's broker confirmed the message; else why not."""
    inbound = received.message
    headers = {DEAD_LETTER_HEADER: reason[:MAX_REASON]}
    # SQS takes 10 attributes a message: the reason, and the first 9 of those read.
    kept = list(inbound.headers.items())[:MAX_ATTRIBUTES - 1] if reader.kind == SQS \
        else inbound.headers.items()
    headers |= {name: value for name, value in kept if name != DEAD_LETTER_HEADER}
    out = Outgoing(url=reader.dead_letter, msg_id=inbound.message_id, body=inbound.body,
                   content_type=inbound.headers.get("content-type", ""), custom_headers={},
                   secrets=[], require_https=reader.principal.requires_https,
                   target_id=f"{reader.source_id}:dead-letter",
                   tls=ClientTLS.stored(reader.tls), credentials=reader.credentials,
                   endpoint_override=reader.endpoint_override,
                   instance_aws=reader.instance_aws)
    message = BrokerMessage(msg_id=inbound.message_id, body=inbound.body, headers=headers,
                            key=received.key or inbound.message_id,
                            timestamp=int(time.time()))
    result = await publish(publishers, out, message)
    return None if result.succeeded else result.error_message or "refused"
