"""Kafka: an idempotent producer (acks=all) per target, connected to the checked address of
its bootstrap broker; every other broker the cluster's metadata names passes the URL guard
before the producer connects to it, and is connected to at its checked address too. A
publish returns once every in-sync replica has the record."""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Awaitable, Callable
from typing import Any

from aiokafka import AIOKafkaProducer
from aiokafka import errors as kafka_errors
from aiokafka.client import AIOKafkaClient
from aiokafka.conn import create_conn

from hookline.delivery.credentials import ClientTLS
from hookline.delivery.kinds.brokers.address import BrokerAddress
from hookline.delivery.kinds.brokers.guard import Checked
from hookline.delivery.kinds.brokers.message import (
    AUTH,
    REFUSED,
    UNREACHABLE,
    BrokerFailed,
    BrokerMessage,
)
from hookline.delivery.kinds.tls import build
from hookline.url_guard import DNSFailure, URLRefused

CheckHost = Callable[[str, int], Awaitable[str]]

_AUTH_ERRORS = (kafka_errors.AuthenticationFailedError, kafka_errors.SaslAuthenticationFailed,
                kafka_errors.TopicAuthorizationFailedError,
                kafka_errors.ClusterAuthorizationFailedError,
                kafka_errors.TransactionalIdAuthorizationFailed,
                kafka_errors.UnsupportedSaslMechanismError,
                kafka_errors.AuthenticationMethodNotSupported)
_UNREACHABLE_ERRORS = (kafka_errors.KafkaConnectionError, kafka_errors.NodeNotReadyError,
                       kafka_errors.RequestTimedOutError, kafka_errors.KafkaTimeoutError)


class _GuardedClient(AIOKafkaClient):  # type: ignore[misc]
    """The producer's client, but connecting to each broker at an address the URL guard
    checked; a broker the guard refuses is one the producer cannot reach. The check's
    verdict is kept per broker name and port (`pinned`); a refusal is final for the
    metadata that named the broker (`refusal`), so a publish waiting on it ends at once."""

    check_host: CheckHost
    pinned: dict[tuple[str, int], str]
    refused: list[str]
    refusal: asyncio.Event

    async def _get_conn(self, node_id: Any, **kwargs: Any) -> Any:
        broker = self.cluster.broker_metadata(node_id)
        if broker is not None and broker.host not in self.pinned.values():
            try:
                ip = self.pinned.get((broker.host, broker.port)) \
                    or await self.check_host(broker.host, broker.port)
            except (URLRefused, DNSFailure) as exc:
                self.refused.append(f"the cluster names broker {broker.host}:{broker.port}, "
                                    f"which was refused: {exc}")
                self.refusal.set()
                return None
            self.pinned[(broker.host, broker.port)] = ip
            self.cluster._brokers[node_id] = broker._replace(host=ip)
        return await super()._get_conn(node_id, **kwargs)


class _NamedTLS(ssl.SSLContext):
    """Connections go to checked addresses, but TLS must still name the broker (SNI and
    the certificate's check): each address is named back by the client's pins."""

    pins: dict[tuple[str, int], str]

    def wrap_bio(self, incoming: Any, outgoing: Any, server_side: bool = False,
                 server_hostname: Any = None, session: Any = None) -> ssl.SSLObject:
        name = next((host for (host, _port), ip in self.pins.items()
                     if ip == server_hostname and host != ip), server_hostname)
        return super().wrap_bio(incoming, outgoing, server_side, name, session)


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
        self._check_host = check_host
        self._producer: AIOKafkaProducer | None = None
        self._starting = asyncio.Lock()
        # What the guard said of brokers the cluster named (`_GuardedClient`).
        self._refused: list[str] = []
        self._refusal = asyncio.Event()

    async def _started(self) -> AIOKafkaProducer:
        if self._producer is not None:
            return self._producer
        async with self._starting:  # concurrent first attempts share one producer
            if self._producer is not None:
                return self._producer
            return await self._start()

    async def _start(self) -> AIOKafkaProducer:
        checked = self._checked
        pins = {(checked.host, checked.port): checked.ip}
        context = self._context(pins)
        sasl = self._sasl()
        protocol = ("SASL_" if sasl else "") + ("SSL" if self._tls else "PLAINTEXT")
        host = f"[{checked.ip}]" if ":" in checked.ip else checked.ip
        producer = AIOKafkaProducer(
            bootstrap_servers=f"{host}:{checked.port}", acks="all", enable_idempotence=True,
            request_timeout_ms=int(self._timeout * 1000), security_protocol=protocol,
            ssl_context=context, linger_ms=0, client_id="hookline",
            connections_max_idle_ms=300_000, **sasl)
        client = producer.client
        client.__class__ = _GuardedClient  # the same client, its connections guarded
        client.check_host = self._check_host
        client.pinned = pins  # shared with the TLS context, which names the addresses
        client.refused = self._refused
        client.refusal = self._refusal
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
        except _AUTH_ERRORS as exc:
            raise BrokerFailed(AUTH, _text(exc)) from None
        except (kafka_errors.UnknownTopicOrPartitionError,
                kafka_errors.InvalidTopicError) as exc:
            raise BrokerFailed(REFUSED, f"the topic {self.topic!r} does not exist or takes "
                                        f"no writes: {_text(exc)}") from None
        except _UNREACHABLE_ERRORS as exc:
            if self._refused:
                raise URLRefused(self._refused[-1]) from None
            if self._producer is None and self._sasl():
                await self._signs_in()
            raise BrokerFailed(UNREACHABLE, _text(exc)) from None
        except kafka_errors.KafkaError as exc:
            raise BrokerFailed(REFUSED, _text(exc)) from None

    async def _send(self, message: BrokerMessage) -> None:
        producer = await self._started()
        headers = [(name, value.encode()) for name, value in message.headers.items()]
        await producer.send_and_wait(self.topic, message.body, key=message.key.encode(),
                                     headers=headers)

    async def _unless_refused(self, message: BrokerMessage) -> None:
        """`_send`, unless the guard refuses a broker the cluster names first: the
        producer would wait for it (for metadata, a producer id or the record's
        confirmation) until the attempt's time ran out."""
        if self._refusal.is_set():
            raise URLRefused(self._refused[-1])
        sent = asyncio.ensure_future(self._send(message))
        refusal = asyncio.ensure_future(self._refusal.wait())
        try:
            done, _ = await asyncio.wait((sent, refusal), return_when=asyncio.FIRST_COMPLETED)
        finally:
            refusal.cancel()
            if not sent.done():
                sent.cancel()
        if sent in done:
            return sent.result()
        raise URLRefused(self._refused[-1])

    def _context(self, pins: dict[tuple[str, int], str]) -> ssl.SSLContext | None:
        """The TLS context for `?tls=true` (the target's `tls`, else the default roots),
        naming the addresses in `pins` (which the client's own pins share as they grow)."""
        if not self._tls:
            return None
        context = build(self._client_tls, _NamedTLS)
        context.pins = pins  # type: ignore[attr-defined]
        return context

    def _sasl(self) -> dict[str, str]:
        credentials = self._credentials
        if credentials.get("username") is None:
            return {}
        return {"sasl_mechanism": credentials.get("mechanism") or "PLAIN",
                "sasl_plain_username": credentials["username"],
                "sasl_plain_password": credentials.get("password") or ""}

    async def _signs_in(self) -> None:
        """Raises BrokerFailed(AUTH) when the bootstrap broker refuses our sign-in: the
        producer's start reports that as an unreachable broker, one connection says which."""
        checked = self._checked
        context = self._context({(checked.host, checked.port): checked.ip})
        try:
            conn = await create_conn(
                checked.ip, checked.port, request_timeout_ms=int(self._timeout * 1000),
                security_protocol=("SASL_SSL" if self._tls else "SASL_PLAINTEXT"),
                ssl_context=context, **self._sasl())
        except _AUTH_ERRORS as exc:
            raise BrokerFailed(AUTH, _text(exc)) from None
        except (kafka_errors.KafkaError, OSError, TimeoutError):
            return
        conn.close()

    async def close(self) -> None:
        if self._producer is not None:
            producer, self._producer = self._producer, None
            await producer.stop()


def _text(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"[:1000]
