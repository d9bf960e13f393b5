"""Kafka: an idempotent producer (acks=all) per target, connected to the checked address of
its bootstrap broker; every other broker the cluster's metadata names passes the URL guard
before the producer connects to it, and is connected to at its checked address too. A
publish returns once every in-sync replica has the record."""

from __future__ import annotations

import asyncio
from typing import Any

from aiokafka import AIOKafkaProducer
from aiokafka import errors as kafka_errors

from hookline.delivery.credentials import ClientTLS
from hookline.delivery.kinds.brokers.address import BrokerAddress
from hookline.delivery.kinds.brokers.guard import Checked
from hookline.delivery.kinds.brokers.kafka_client import (
    AUTH_ERRORS,
    UNREACHABLE_ERRORS,
    CheckHost,
    Guarded,
    sasl,
)
from hookline.delivery.kinds.brokers.message import (
    AUTH,
    REFUSED,
    UNREACHABLE,
    BrokerFailed,
    BrokerMessage,
    described,
)
from hookline.url_guard import URLRefused


class KafkaPublisher:
    def __init__(self, address: BrokerAddress, checked: Checked,
                 credentials: dict[str, Any] | None, tls: ClientTLS | None,
                 timeout: float, check_host: CheckHost) -> None:
        self.topic = address.name
        self._checked = checked
        self._credentials = credentials or {}
        self._tls = address.tls
        self._client_tls = tls
        self._timeout = timeout
        self._producer: AIOKafkaProducer | None = None
        self._starting = asyncio.Lock()
        # Its connections' checked addresses, and what the guard said of brokers the
        # cluster named.
        self._guarded = Guarded(checked, check_host)

    async def _started(self) -> AIOKafkaProducer:
        if self._producer is not None:
            return self._producer
        async with self._starting:  # concurrent first attempts share one producer
            if self._producer is not None:
                return self._producer
            return await self._start()

    async def _start(self) -> AIOKafkaProducer:
        producer = AIOKafkaProducer(
            acks="all", enable_idempotence=True,
            request_timeout_ms=int(self._timeout * 1000), linger_ms=0, client_id="hookline",
            connections_max_idle_ms=300_000,
            **self._guarded.settings(self._credentials, self._tls, self._client_tls))
        self._guarded.guard(producer.client)
        try:
            await producer.start()
        except BaseException:
            await producer.stop()
            raise
        # (A refused SASL sign-in surfaces from start() as an unreachable broker: `publish`
        # asks the broker itself which it was.)
        self._producer = producer
        return producer

    async def publish(self, message: BrokerMessage) -> None:
        try:
            await self._unless_refused(message)
        except BrokerFailed:
            raise
        except AUTH_ERRORS as exc:
            raise BrokerFailed(AUTH, described(exc)) from None
        except (kafka_errors.UnknownTopicOrPartitionError,
                kafka_errors.InvalidTopicError) as exc:
            raise BrokerFailed(REFUSED, f"the topic {self.topic!r} does not exist or takes "
                                        f"no writes: {described(exc)}") from None
        except UNREACHABLE_ERRORS as exc:
            if self._guarded.refused:
                raise URLRefused(self._guarded.refused[-1]) from None
            if self._producer is None and sasl(self._credentials):
                await self._signs_in()
            raise BrokerFailed(UNREACHABLE, described(exc)) from None
        except kafka_errors.KafkaError as exc:
            raise BrokerFailed(REFUSED, described(exc)) from None

    async def _send(self, message: BrokerMessage) -> None:
        producer = await self._started()
        headers = [(name, value.encode()) for name, value in message.headers.items()]
        await producer.send_and_wait(self.topic, message.body, key=message.key.encode(),
                                     headers=headers)

    async def _unless_refused(self, message: BrokerMessage) -> None:
        """`_send`, unless the guard refuses a broker the cluster names first: the
        producer would wait for it (for metadata, a producer id or the record's
        confirmation) until the attempt's time ran out."""
        guarded = self._guarded
        if guarded.refusal.is_set():
            raise URLRefused(guarded.refused[-1])
        sent = asyncio.ensure_future(self._send(message))
        refusal = asyncio.ensure_future(guarded.refusal.wait())
        try:
            done, _ = await asyncio.wait((sent, refusal), return_when=asyncio.FIRST_COMPLETED)
        finally:
            refusal.cancel()
            if not sent.done():
                sent.cancel()
        if sent in done:
            return sent.result()
        raise URLRefused(guarded.refused[-1])

    async def _signs_in(self) -> None:
        """Raises BrokerFailed(AUTH) when the bootstrap broker refuses our sign-in: the
        producer's start reports that as an unreachable broker, one connection says which."""
        refused = await self._guarded.sign_in_refused(self._credentials, self._tls,
                                                      self._client_tls, self._timeout)
        if refused is not None:
            raise BrokerFailed(AUTH, refused)

    async def close(self) -> None:
        if self._producer is not None:
            producer, self._producer = self._producer, None
            await producer.stop()

