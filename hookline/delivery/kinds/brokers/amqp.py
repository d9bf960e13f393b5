"""RabbitMQ (AMQP 0-9-1): one connection and one channel per target, in confirm mode, to
the checked address of its broker (TLS still naming the host). Each message is persistent
and published `mandatory`: it counts only once the broker acknowledged it, and a message no
queue would take (no binding for its routing key) comes back as a refusal."""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from typing import Any

import aiormq
from aiormq import exceptions as amqp_errors
from aiormq.abc import AbstractChannel, AbstractConnection
from pamqp import commands as spec
from yarl import URL

from hookline.delivery.credentials import ClientTLS
from hookline.delivery.kinds.brokers.address import BrokerAddress
from hookline.delivery.kinds.brokers.guard import Checked
from hookline.delivery.kinds.brokers.message import (
    AUTH,
    REFUSED,
    UNREACHABLE,
    BrokerFailed,
    BrokerMessage,
    described,
)
from hookline.delivery.kinds.tls import build

PERSISTENT = 2


class AmqpPublisher:
    def __init__(self, address: BrokerAddress, checked: Checked,
                 credentials: dict[str, Any] | None, tls: ClientTLS | None,
                 timeout: float) -> None:
        self.exchange = address.options.get("exchange", "")
        self.routing_key = address.options.get("routingKey")
        self._address = address
        self._checked = checked
        self._credentials = credentials or {}
        self._client_tls = tls
        self._timeout = timeout
        self._connection: AbstractConnection | None = None
        self._channel: AbstractChannel | None = None
        self._opening = asyncio.Lock()

    async def _opened(self) -> AbstractChannel:
        async with self._opening:  # concurrent first attempts share one connection
            if self._channel is not None and not self._channel.is_closed:
                return self._channel
            if self._connection is None or self._connection.is_closed:
                self._connection = await self._connect()
            self._channel = await self._connection.channel(publisher_confirms=True,
                                                           on_return_raises=True)
            return self._channel

    async def _connect(self) -> AbstractConnection:
        return await connect(self._address, self._checked, self._credentials,
                             self._client_tls)

    async def publish(self, message: BrokerMessage) -> None:
        properties = spec.Basic.Properties(
            content_type=message.headers.get("content-type"), delivery_mode=PERSISTENT,
            message_id=message.msg_id, timestamp=None, message_type=message.event_type,
            headers={k: v for k, v in message.headers.items() if k != "content-type"})
        try:
            channel = await self._opened()
            confirmation = await channel.basic_publish(
                message.body, exchange=self.exchange,
                routing_key=self.routing_key if self.routing_key is not None else message.key,
                properties=properties, mandatory=True)
        except (amqp_errors.AuthenticationError,
                amqp_errors.ProbableAuthenticationError) as exc:
            await self.close()
            raise BrokerFailed(AUTH, described(exc)) from None
        except amqp_errors.PublishError as exc:
            raise BrokerFailed(REFUSED, "no queue is bound for this routing key, so the "
                                        f"broker returned the message ({described(exc)})") from None
        except amqp_errors.ChannelAccessRefused as exc:
            raise BrokerFailed(AUTH, described(exc)) from None
        except amqp_errors.ChannelClosed as exc:  # no such exchange, and the like
            raise BrokerFailed(REFUSED, described(exc)) from None
        except (amqp_errors.AMQPConnectionError, OSError) as exc:
            await self.close()
            raise BrokerFailed(UNREACHABLE, described(exc)) from None
        except amqp_errors.AMQPError as exc:
            raise BrokerFailed(REFUSED, described(exc)) from None
        if not isinstance(confirmation, spec.Basic.Ack):
            raise BrokerFailed(REFUSED, "the broker did not confirm the message (nack)")

    async def close(self) -> None:
        connection, self._connection, self._channel = self._connection, None, None
        if connection is not None and not connection.is_closed:
            with contextlib.suppress(Exception):  # closing one already broken
                await connection.close()


async def connect(address: BrokerAddress, checked: Checked,
                  credentials: dict[str, Any] | None, client_tls: ClientTLS | None
                  ) -> AbstractConnection:
    """A connection to the checked address of `address`'s broker and vhost, TLS still
    naming the host; a publisher's, or a Source's reader's."""
    credentials = credentials or {}
    url = URL.build(scheme=address.scheme, host=checked.ip, port=checked.port,
                    user=credentials.get("username", "guest"),
                    password=credentials.get("password", "guest"),
                    path="/" + address.name, encoded=False)
    options: dict[str, Any] = {}
    if address.tls:
        options = {"context": build(client_tls, ssl.SSLContext),
                   "server_hostname": checked.host}
    # A heartbeat finds a dead connection between uses; the name shows in RabbitMQ's
    # management UI.
    url = url.update_query(heartbeat=30, name="hookline")
    return await aiormq.connect(url, **options)

