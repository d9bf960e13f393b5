"""A RabbitMQ Source's reader: a consumer on the named queue, connected as the publisher is
(`brokers.amqp.connect`: the checked address, TLS naming the host), with as many messages
unacknowledged at once as a batch holds. A message done with is acknowledged; one held is
given back to the queue (`requeue`), to be read again.

A message's own id is its `message_id` property. One without it is known by a digest of
its body and headers (but the broker's `x-` ones): read again after a crash it is the same
message, so its publish is a replay (and two identical messages within a day are one Event;
give each a `message_id` or a `hookline-idempotency-key` header to keep them apart)."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
from typing import Any

from aiormq import exceptions as amqp_errors
from aiormq.abc import AbstractChannel, AbstractConnection, DeliveredMessage

from hookline.delivery.credentials import ClientTLS
from hookline.delivery.kinds.brokers.address import BrokerAddress
from hookline.delivery.kinds.brokers.amqp import connect
from hookline.delivery.kinds.brokers.guard import Checked
from hookline.delivery.kinds.brokers.message import described
from hookline.intake.inbound import Lag, ReadFailed, Received
from hookline.intake.resolve import Inbound

WAIT = 1.0  # seconds a fetch waits for the first message


class AmqpIntake:
    def __init__(self, address: BrokerAddress, checked: Checked,
                 credentials: dict[str, Any] | None, tls: ClientTLS | None,
                 consumption: dict[str, Any], timeout: float) -> None:
        self._address = address
        self._queue = address.options["queue"]
        self._checked = checked
        self._credentials = credentials
        self._client_tls = tls
        self._prefetch = consumption["batchSize"]
        self._timeout = timeout  # for each call: a broker that never answers fails it
        self._connection: AbstractConnection | None = None
        self._channel: AbstractChannel | None = None
        self._arrived: asyncio.Queue[DeliveredMessage] = asyncio.Queue()

    async def start(self) -> None:
        try:
            async with asyncio.timeout(self._timeout):
                self._connection = await connect(self._address, self._checked,
                                                 self._credentials, self._client_tls)
                channel = self._channel = await self._connection.channel()
                await channel.basic_qos(prefetch_count=self._prefetch)
                await channel.queue_declare(self._queue, passive=True)
                await channel.basic_consume(self._queue, self._arrived.put, no_ack=False)
        except TimeoutError:
            raise ReadFailed(f"the broker did not answer within {self._timeout:g} s") \
                from None
        except (amqp_errors.AuthenticationError,
                amqp_errors.ProbableAuthenticationError) as exc:
            raise ReadFailed(f"the broker refused the sign-in: {described(exc)}") from None
        except amqp_errors.ChannelNotFoundEntity as exc:
            raise ReadFailed(f"the queue {self._queue!r} does not exist: {described(exc)}") \
                from None
        except (amqp_errors.AMQPError, OSError) as exc:
            raise ReadFailed(f"the broker could not be read: {described(exc)}") from None

    async def fetch(self, most: int) -> list[Received]:
        self._open()
        try:
            first = await asyncio.wait_for(self._arrived.get(), WAIT)
        except TimeoutError:
            self._open()  # a connection that died says so here
            return []
        batch = [first]
        while len(batch) < most and not self._arrived.empty():
            batch.append(self._arrived.get_nowait())
        return [_received(message) for message in batch]

    async def settle(self, done: list[Received], held: list[Received]) -> None:
        channel = self._open()
        try:
            async with asyncio.timeout(self._timeout):
                for received in done:
                    await channel.basic_ack(received.handle)
                for received in held:
                    await channel.basic_nack(received.handle, requeue=True)
        except (amqp_errors.AMQPError, OSError, TimeoutError) as exc:
            # Unacknowledged, they go back to the queue when the channel closes.
            raise ReadFailed(f"the broker could not be told: {described(exc)}") from None

    async def lag(self) -> Lag | None:
        channel = self._open()
        try:
            async with asyncio.timeout(self._timeout):
                declared = await channel.queue_declare(self._queue, passive=True)
        except (amqp_errors.AMQPError, OSError, TimeoutError) as exc:
            raise ReadFailed(f"the queue could not be measured: {described(exc)}") from None
        return Lag(declared.message_count or 0, None)

    async def close(self) -> None:
        connection, self._connection, self._channel = self._connection, None, None
        if connection is not None and not connection.is_closed:
            with contextlib.suppress(Exception):
                await connection.close()

    def _open(self) -> AbstractChannel:
        channel = self._channel
        if channel is None or channel.is_closed:
            why = channel.closing.exception() if channel is not None and \
                channel.closing.done() else None
            raise ReadFailed(f"the connection to the broker closed: {why!r}")
        return channel


def _received(message: DeliveredMessage) -> Received:
    properties = message.header.properties
    headers = {name.lower(): _text(value)
               for name, value in (properties.headers or {}).items()}
    if properties.content_type:
        headers["content-type"] = properties.content_type
    # Not the broker's own headers (a quorum queue's x-delivery-count, x-death): they change
    # when the message comes again.
    own_id = properties.message_id or "sha256:" + hashlib.sha256(message.body + repr(sorted(
        (k, v) for k, v in headers.items() if not k.startswith("x-"))).encode()).hexdigest()
    return Received(Inbound(message.body, headers, own_id), message.delivery_tag,
                    properties.message_id or "")


def _text(value: Any) -> str:
    if isinstance(value, bytes):
        return value.decode(errors="replace")
    return str(value)
