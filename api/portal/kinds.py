"""What the portal says of an endpoint's kind (DESIGN, "Destinations beyond HTTP"): the
kinds the environment lets a Consumer choose (`targetKinds`), each with an example URL, and
an endpoint in words ("Kafka topic orders on broker:9092") with its sign-in's members that
are not secret and its endpoint override. Reads stored values only: never a secret."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from hookline import target_kinds as kinds
from hookline.delivery.kinds.brokers.address import BrokerAddress, parse
from hookline.target_kinds import kind_of
from hookline.url_guard import URLRefused


@dataclass(frozen=True)
class Kind:
    name: str  # as `targetKinds` names it
    label: str  # what the form's hint calls it
    example: str


_OFFERED = (
    Kind(kinds.HTTP, "your server", "https://example.com/webhooks"),
    Kind(kinds.KAFKA, "Kafka", "kafka://kafka.example.com:9092/orders"),
    Kind(kinds.AMQP, "RabbitMQ", "amqps://rabbit.example.com/?exchange=hooks"),
    Kind(kinds.SQS, "SQS", "sqs://us-east-1/orders"),
    Kind(kinds.SNS, "SNS", "sns://us-east-1/orders"),
    Kind(kinds.EVENTBRIDGE, "EventBridge", "eventbridge://us-east-1/default"),
    Kind(kinds.KINESIS, "Kinesis", "kinesis://us-east-1/orders"),
    Kind(kinds.S3, "S3", "s3://my-bucket/webhooks/?region=eu-west-1"),
)
NETWORK_KINDS = (kinds.KAFKA, kinds.AMQP)  # those signing in with a user name


def offered(allowed: Iterable[str]) -> list[Kind]:
    """The kinds a Consumer may choose, in the API's order."""
    chosen = set(allowed)
    return [kind for kind in _OFFERED if kind.name in chosen]


@dataclass(frozen=True)
class Sections:
    """Which parts of the form's broker sign-in to show: those of the allowed kinds, and of
    the endpoint's own (an endpoint kept from before a kind was forbidden keeps its sign-in
    on the form, or saving the form would drop it)."""

    network: bool
    aws: bool
    names: str  # the broker kinds shown, in words: "Kafka, RabbitMQ or SQS"

    @classmethod
    def of(cls, allowed: Iterable[str], *urls: str) -> Sections:
        shown = set(allowed) | {kind_of(url) for url in urls if url}
        labels = [k.label for k in _OFFERED if k.name in shown and k.name != kinds.HTTP]
        names = " or ".join([", ".join(labels[:-1]), labels[-1]] if len(labels) > 1
                            else labels)
        return cls(network=bool(shown & set(NETWORK_KINDS)),
                   aws=bool(shown & set(kinds.AWS_KINDS)), names=names)

    @property
    def any(self) -> bool:
        return self.network or self.aws


PULLED = "Pulled by you (polling, no URL)"


def describe(url: str) -> str:
    """A broker URL in words; an HTTP URL (or one that does not parse) as it is; a polling
    endpoint, which has none, as what it is."""
    if kinds.is_polling(url):
        return PULLED
    if not kinds.is_broker(url):
        return url
    try:
        found = parse(url)
    except URLRefused:
        return url
    return _SAY[found.kind](found)


def _where(found: BrokerAddress) -> str:
    host = f"[{found.host}]" if found.host and ":" in found.host else found.host
    return f"{host}:{found.port}" + (" over TLS" if found.tls else "")


def _amqp(found: BrokerAddress) -> str:
    exchange, key = found.options.get("exchange", ""), found.options.get("routingKey", "")
    said = f"RabbitMQ exchange {exchange}" + (f" with routing key {key}" if key else "") \
        if exchange else f"RabbitMQ queue {key} (default exchange)"
    vhost = f", vhost {found.name}" if found.name != "/" else ""
    return f"{said} on {_where(found)}{vhost}"


def _s3(found: BrokerAddress) -> str:
    prefix = found.options.get("prefix", "")
    return f"S3 bucket {found.name}" + (f", prefix {prefix}" if prefix else "") + \
        f" ({found.region})"


_SAY = {
    kinds.KAFKA: lambda f: f"Kafka topic {f.name} on {_where(f)}",
    kinds.AMQP: _amqp,
    kinds.SQS: lambda f: f"SQS queue {f.name} ({f.region})",
    kinds.SNS: lambda f: f"SNS topic {f.name} ({f.region})",
    kinds.EVENTBRIDGE: lambda f: f"EventBridge bus {f.name} ({f.region})",
    kinds.KINESIS: lambda f: f"Kinesis stream {f.name} ({f.region})",
    kinds.S3: _s3,
}


@dataclass(frozen=True)
class Destination:
    """An endpoint as its pages show it: `description` its URL in words, `sign_in` its
    credentials' members that are not secret in words (None: an HTTP endpoint's, which has
    none), `endpoint_override` an AWS kind's."""

    kind: str
    description: str
    sign_in: str | None
    endpoint_override: str | None

    @property
    def is_broker(self) -> bool:
        return self.kind not in (kinds.HTTP, kinds.POLLING)

    @property
    def is_polling(self) -> bool:
        return self.kind == kinds.POLLING

    @classmethod
    def of(cls, target: Any) -> Destination:
        kind = kind_of(target.url)
        return cls(kind=kind, description=describe(target.url),
                   sign_in=sign_in(kind, target.credentials)
                   if kind not in (kinds.HTTP, kinds.POLLING) else None,
                   endpoint_override=target.endpoint_override)


def sign_in(kind: str, credentials: dict[str, Any] | None) -> str:
    """Named members only: a new secret member can never slip into a page."""
    given = credentials or {}
    if kind in NETWORK_KINDS:
        if not given.get("username"):
            return "none (the guest user)" if kind == kinds.AMQP else "none (no SASL)"
        mechanism = f" with SASL {given.get('mechanism') or 'PLAIN'}" \
            if kind == kinds.KAFKA else ""
        return f"as user {given['username']}{mechanism}"
    if given.get("roleArn"):
        external = f" (external id {given['externalId']})" if given.get("externalId") else ""
        return f"role {given['roleArn']}{external}"
    if given.get("accessKeyId"):
        return f"access key {given['accessKeyId']}"
    return "the service's own AWS credentials"
