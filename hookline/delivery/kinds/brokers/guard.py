"""The URL guard for broker targets (`url_guard.AddressGuard`'s rules): the
broker's host (Kafka, AMQP) or the service endpoint (the AWS kinds: AWS's own for the
region, or the target's `endpointOverride`) must resolve to public addresses only, as an
HTTP receiver's must, on an allowed port. The
checked address is what the publisher connects to (`Checked`), so a name that resolves
elsewhere between the check and the connect changes nothing; a Kafka cluster's other
brokers, which its metadata names, pass the same check (`host`)."""

from __future__ import annotations

from dataclasses import dataclass

from hookline.delivery.kinds.brokers.address import BROKER_PORTS, BrokerAddress
from hookline.target_kinds import S3
from hookline.url_guard import AddressGuard, URLRefused


@dataclass(frozen=True)
class Checked:
    """Where a publish goes, as the guard checked it: Kafka's and AMQP's broker (`host`,
    `port`, the `ip` to connect to), or the AWS kinds' service `endpoint` URL (whose host
    is at `ip`)."""

    host: str
    port: int
    ip: str
    endpoint: str | None = None


class BrokerGuard(AddressGuard):
    """The address rules for a broker's host or its AWS service endpoint."""

    async def check(self, address: BrokerAddress, endpoint_override: str | None,
                    require_https: bool) -> Checked:
        """Raises URLRefused or DNSFailure, as for an HTTP receiver."""
        if address.host is not None and address.port is not None:
            if require_https and not address.tls:
                raise URLRefused("production environments require TLS: amqps://, or "
                                 "kafka://…?tls=true")
            ip = await self.host(address.host, address.port, address.scheme)
            return Checked(address.host, address.port, ip)
        target = await self.url(endpoint_override or aws_endpoint(address), require_https)
        return Checked(target.host, target.port, target.address, target.url)

    async def host(self, host: str, port: int, scheme: str) -> str:
        """A broker's host and port: the address to connect to, checked."""
        self.check_port(port, BROKER_PORTS.get(scheme, frozenset()))
        return await self.address(host, port)


def aws_endpoint(address: BrokerAddress) -> str:
    """The AWS service's public endpoint in the target's region."""
    service = "events" if address.kind == "eventbridge" else address.kind
    if address.kind == S3:
        return f"https://s3.{address.region}.amazonaws.com"
    return f"https://{service}.{address.region}.amazonaws.com"
