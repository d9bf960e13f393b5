"""The URL guard for broker targets, and the name resolution receivers' hosts share: the
broker's host (Kafka, AMQP) or the service endpoint (the AWS kinds: AWS's own for the
region, or the target's `endpointOverride`) must resolve to public addresses only, as an
HTTP receiver's must, on an allowed port. The
checked address is what the publisher connects to (`Checked`), so a name that resolves
elsewhere between the check and the connect changes nothing; a Kafka cluster's other
brokers, which its metadata names, pass the same check (`host`)."""

from __future__ import annotations

import asyncio
import ipaddress
from collections.abc import Sequence
from dataclasses import dataclass

from hookline.delivery.brokers.address import BROKER_PORTS, BrokerAddress
from hookline.target_kinds import S3
from hookline.url_guard import DNSFailure, Network, URLRefused, check_address, check_syntax


@dataclass(frozen=True)
class Checked:
    """Where a publish goes, as the guard checked it: Kafka's and AMQP's broker (`host`,
    `port`, the `ip` to connect to), or the AWS kinds' service `endpoint` URL (whose host
    is at `ip`)."""

    host: str
    port: int
    ip: str
    endpoint: str | None = None


class BrokerGuard:
    def __init__(self, *, allowed_ports: frozenset[int], any_port: bool,
                 allowed_networks: Sequence[Network]) -> None:
        self.allowed_ports = allowed_ports
        self.any_port = any_port
        self.allowed_networks = list(allowed_networks)

    async def check(self, address: BrokerAddress, endpoint_override: str | None,
                    require_https: bool) -> Checked:
        """Raises URLRefused or DNSFailure, as the HTTP guard does."""
        if address.host is not None and address.port is not None:
            if require_https and not address.tls:
                raise URLRefused("production environments require TLS: amqps://, or "
                                 "kafka://…?tls=true")
            ip = await self.host(address.host, address.port, address.scheme)
            return Checked(address.host, address.port, ip)
        endpoint = endpoint_override or aws_endpoint(address)
        _, host, port = check_syntax(endpoint, require_https=require_https,
                                          allowed_ports=self.allowed_ports,
                                          any_port=self.any_port)
        return Checked(host, port, await self.checked_address(host, port), endpoint)

    async def host(self, host: str, port: int, scheme: str) -> str:
        """A broker's host and port: the address to connect to, checked."""
        self.check_port(port, BROKER_PORTS.get(scheme, frozenset()))
        return await self.checked_address(host, port)

    def check_port(self, port: int, own: frozenset[int]) -> None:
        """HOOKLINE_ALLOWED_PORTS, or `own` (a broker's or a proxy's conventional ones)."""
        if port == 0 or not (self.any_port or port in self.allowed_ports or port in own):
            allowed = ", ".join(str(p) for p in sorted(self.allowed_ports | own))
            raise URLRefused(f"port {port} is not allowed (allowed: {allowed})")

    async def checked_address(self, host: str, port: int) -> str:
        """Rule 4 at attempt time, for receivers' hosts too (the Sender's guard): every
        address the name resolves to now must be allowed; the one to connect to."""
        try:
            addresses = [host.strip("[]")] if _is_literal(host) else await _resolve(host, port)
        except OSError as exc:
            raise DNSFailure(f"cannot resolve {host}: {exc}") from None
        return check_address(host, port, lambda _h, _p: addresses, self.allowed_networks)


def aws_endpoint(address: BrokerAddress) -> str:
    """The AWS service's public endpoint in the target's region."""
    service = "events" if address.kind == "eventbridge" else address.kind
    if address.kind == S3:
        return f"https://s3.{address.region}.amazonaws.com"
    return f"https://{service}.{address.region}.amazonaws.com"


async def _resolve(host: str, port: int) -> list[str]:
    infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=1)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def _is_literal(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
        return True
    except ValueError:
        return False
