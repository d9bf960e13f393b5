"""What Kafka's publisher and a Kafka Source's reader share: a client whose every connection
goes to an address the URL guard checked (the bootstrap broker's, and each broker the
cluster's metadata names), TLS that still names the broker, SASL from the stored
credentials, and which of aiokafka's errors mean a refused sign-in or an unreachable
broker."""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiokafka import errors as kafka_errors
from aiokafka.client import AIOKafkaClient
from aiokafka.conn import create_conn

from hookline.delivery.credentials import ClientTLS
from hookline.delivery.kinds.brokers.guard import Checked
from hookline.delivery.kinds.brokers.message import described
from hookline.delivery.kinds.tls import build
from hookline.url_guard import DNSFailure, URLRefused

CheckHost = Callable[[str, int], Awaitable[str]]

AUTH_ERRORS = (kafka_errors.AuthenticationFailedError, kafka_errors.SaslAuthenticationFailed,
               kafka_errors.TopicAuthorizationFailedError,
               kafka_errors.ClusterAuthorizationFailedError,
               kafka_errors.GroupAuthorizationFailedError,
               kafka_errors.TransactionalIdAuthorizationFailed,
               kafka_errors.UnsupportedSaslMechanismError,
               kafka_errors.AuthenticationMethodNotSupported)
UNREACHABLE_ERRORS = (kafka_errors.KafkaConnectionError, kafka_errors.NodeNotReadyError,
                      kafka_errors.RequestTimedOutError, kafka_errors.KafkaTimeoutError)


class GuardedClient(AIOKafkaClient):  # type: ignore[misc]
    """A producer's or consumer's client, but connecting to each broker at an address the URL guard
    checked; a broker the guard refuses is one the producer cannot reach. The check's
    verdict is kept per broker name and port (`pinned`); a refusal is final for the
    metadata that named the broker (`refusal`), so a publish or read waiting on it ends at once."""

    check_host: CheckHost
    pinned: dict[tuple[str, int], str]
    refused: list[str]
    refusal: asyncio.Event

    async def _get_conn(self, node_id: Any, **kwargs: Any) -> Any:
        broker = self.cluster.broker_metadata(node_id)
        # An address already checked is connected to as it is; one the metadata names
        # anew, even a checked IP's other port, is checked first.
        checked = {(ip, port) for (_host, port), ip in self.pinned.items()}
        if broker is not None and (broker.host, broker.port) not in checked:
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


class NamedTLS(ssl.SSLContext):
    """Connections go to checked addresses, but TLS must still name the broker (SNI and
    the certificate's check): each address is named back by the client's pins."""

    pins: dict[tuple[str, int], str]

    def wrap_bio(self, incoming: Any, outgoing: Any, server_side: bool = False,
                 server_hostname: Any = None, session: Any = None) -> ssl.SSLObject:
        name = next((host for (host, _port), ip in self.pins.items()
                     if ip == server_hostname and host != ip), server_hostname)
        return super().wrap_bio(incoming, outgoing, server_side, name, session)



@dataclass
class Guarded:
    """One client's guarded connections: the addresses checked so far, by broker name and
    port (shared with its TLS context, which names them back), and what the guard
    refused of the brokers the cluster named (`GuardedClient`)."""

    checked: Checked
    check_host: CheckHost
    pins: dict[tuple[str, int], str] = field(default_factory=dict)
    refused: list[str] = field(default_factory=list)
    refusal: asyncio.Event = field(default_factory=asyncio.Event)

    def __post_init__(self) -> None:
        self.pins[(self.checked.host, self.checked.port)] = self.checked.ip

    def settings(self, credentials: dict[str, Any] | None, tls: bool,
                 client_tls: ClientTLS | None) -> dict[str, Any]:
        """aiokafka's connection arguments: the checked bootstrap address, the security
        protocol, TLS naming the brokers (`?tls=true`: the target's `tls`, else the default
        roots) and SASL."""
        found = sasl(credentials)
        checked = self.checked
        host = f"[{checked.ip}]" if ":" in checked.ip else checked.ip
        context = None
        if tls:
            context = build(client_tls, NamedTLS)
            context.pins = self.pins  # type: ignore[attr-defined]
        return {"bootstrap_servers": f"{host}:{checked.port}",
                "security_protocol": ("SASL_" if found else "") + ("SSL" if tls
                                                                    else "PLAINTEXT"),
                "ssl_context": context, **found}

    async def sign_in_refused(self, credentials: dict[str, Any] | None, tls: bool,
                              client_tls: ClientTLS | None, timeout: float) -> str | None:
        """Why the bootstrap broker refuses our SASL sign-in, or None (it takes it, or
        cannot be asked): a client's start reports a refusal as an unreachable broker, one
        connection says which it was."""
        settings = self.settings(credentials, tls, client_tls)
        checked = self.checked
        try:
            conn = await create_conn(
                checked.ip, checked.port, request_timeout_ms=int(timeout * 1000),
                security_protocol=settings["security_protocol"],
                ssl_context=settings["ssl_context"], **sasl(credentials))
        except AUTH_ERRORS as exc:
            return described(exc)
        except (kafka_errors.KafkaError, OSError, TimeoutError):
            return None
        conn.close()
        return None

    def guard(self, client: AIOKafkaClient) -> None:
        """Makes `client` connect only where the guard allows (the same client, its class
        swapped: aiokafka makes its own)."""
        client.__class__ = GuardedClient
        client.check_host = self.check_host
        client.pinned = self.pins
        client.refused = self.refused
        client.refusal = self.refusal


def sasl(credentials: dict[str, Any] | None) -> dict[str, str]:
    credentials = credentials or {}
    if credentials.get("username") is None:
        return {}
    return {"sasl_mechanism": credentials.get("mechanism") or "PLAIN",
            "sasl_plain_username": credentials["username"],
            "sasl_plain_password": credentials.get("password") or ""}

