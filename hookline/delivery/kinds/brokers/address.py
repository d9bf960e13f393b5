"""What a target's URL says when it names a broker or a cloud service instead of an HTTP
receiver: its kind, the network address it reaches, and where in it a message goes.

    kafka://host:port/topic[?key=<JMESPath>][&tls=true]         amqp[s]://host[:port]/vhost?exchange=..&routingKey=..
    sqs://region/queue[.fifo]                   sns://region/topic
    eventbridge://region/bus                    kinesis://region/stream
    s3://bucket/prefix[?region=..]

A broker Source reads (`parse_source`) what a target writes, with its own forms:

    kafka://host:port/topic[?tls=true]          amqp[s]://host[:port]/vhost?queue=..
    sqs://region/queue[.fifo]

Pure: the guard (`brokers.guard`) resolves and judges the address this module reads."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import parse_qs, unquote, urlsplit

from hookline.delivery.kinds.brokers.keys import compiled
from hookline.target_kinds import (
    AMQP,
    EVENTBRIDGE,
    HTTP,
    KAFKA,
    KIND_OF_SCHEME,
    KINESIS,
    S3,
    SNS,
    SOURCE_KINDS,
    SQS,
)
from hookline.url_guard import URLRefused, check_text

# The ports a broker listens on by convention, allowed for its kind beside
# HOOKLINE_ALLOWED_PORTS (which is about HTTP receivers): Kafka's plaintext, TLS and MSK's
# SASL ports, AMQP's and AMQPS's.
BROKER_PORTS = {"kafka": frozenset({9092, 9093, 9094, 9096}), "amqp": frozenset({5672}),
                "amqps": frozenset({5671})}
_DEFAULT_PORT = {"kafka": 9092, "amqp": 5672, "amqps": 5671}
_REGION = re.compile(r"^[a-z]{2}(-[a-z]+)+-[0-9]$")
# What AWS takes as a queue, topic, bus or stream name (the strictest of them, and FIFO's
# suffix), and as a bucket name.
_AWS_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,256}$")
_BUCKET = re.compile(r"^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$")
_TOPIC = re.compile(r"^[A-Za-z0-9._-]{1,249}$")  # Kafka's topic names


@dataclass(frozen=True)
class BrokerAddress:
    """A parsed broker URL. `host`/`port`: what the guard judges and the client connects
    to (None for the AWS kinds, whose service endpoint follows from `region`)."""

    kind: str
    url: str
    scheme: str
    host: str | None = None
    port: int | None = None
    region: str | None = None
    name: str = ""  # the topic, queue, exchange's vhost, bus, stream or bucket
    options: dict[str, str] = field(default_factory=dict)  # the query, one value each

    @property
    def tls(self) -> bool:
        return self.scheme == "amqps" or self.options.get("tls") == "true"

    @property
    def fifo(self) -> bool:
        return self.kind == SQS and self.name.endswith(".fifo")


def parse(url: str) -> BrokerAddress:
    """Raises URLRefused saying what is wrong, as the URL guard does for HTTP URLs."""
    return _parse(url, reading=False)


def parse_source(url: str) -> BrokerAddress:
    """A broker Source's URL: a Kafka topic, an SQS queue or a RabbitMQ queue to read."""
    return _parse(url, reading=True)


def _parse(url: str, reading: bool) -> BrokerAddress:
    check_text(url)
    try:
        parts = urlsplit(url)
        port = parts.port
        query = parse_qs(parts.query, keep_blank_values=True, strict_parsing=bool(parts.query))
    except ValueError as exc:
        raise URLRefused(f"URL is not valid: {exc}") from None
    scheme = parts.scheme.lower()
    kind = KIND_OF_SCHEME.get(scheme)
    if kind is None or kind == HTTP:
        raise URLRefused(f"{scheme!r} is not a broker URL")
    if reading and kind not in SOURCE_KINDS:
        raise URLRefused(f"a source reads kafka://, sqs:// or amqp(s)://, not {scheme}://")
    if parts.username is not None or parts.password is not None:
        raise URLRefused("URL must not contain a user name or password; use `credentials`")
    if parts.fragment:
        raise URLRefused("URL must not have a fragment")
    if any(len(values) > 1 for values in query.values()):
        raise URLRefused("URL must give each query parameter once")
    options = {name: values[0] for name, values in query.items()}
    host = parts.hostname or ""
    path = unquote(parts.path[1:]) if parts.path.startswith("/") else unquote(parts.path)
    if kind in (KAFKA, AMQP):
        return _network(kind, url, scheme, host, port, path, options, reading)
    return _aws(kind, url, scheme, host, port, path, options)


def _network(kind: str, url: str, scheme: str, host: str, port: int | None, path: str,
             options: dict[str, str], reading: bool) -> BrokerAddress:
    if not host:
        raise URLRefused(f"a {scheme}:// URL must name the broker's host")
    port = _DEFAULT_PORT[scheme] if port is None else port
    if port == 0:
        raise URLRefused("port 0 is not allowed")
    if kind == KAFKA:
        _only(options, ("tls",) if reading else ("key", "tls"), scheme)
        if not _TOPIC.match(path):
            raise URLRefused("a kafka:// URL's path must be its topic: letters, digits, '.', "
                             "'_' and '-', at most 249")
        if options.get("tls", "false") not in ("true", "false"):
            raise URLRefused("a kafka:// URL's `tls` must be true or false")
        if "key" in options:
            try:
                compiled(options["key"])
            except ValueError as exc:
                raise URLRefused(str(exc)) from None
        return BrokerAddress(kind, url, scheme, host, port, name=path, options=options)
    if reading:
        _only(options, ("queue",), scheme)
        if not 1 <= len(options.get("queue", "")) <= 255:
            raise URLRefused(f"a source's {scheme}:// URL must name its `queue` (at most 255 "
                             "characters)")
        return BrokerAddress(kind, url, scheme, host, port, name=path or "/", options=options)
    _only(options, ("exchange", "routingKey"), scheme)
    if "exchange" not in options:
        raise URLRefused(f"a {scheme}:// URL must name its `exchange` ('' for the default "
                         "exchange, with `routingKey` the queue)")
    if len(options["exchange"]) > 255 or len(options.get("routingKey", "")) > 255:
        raise URLRefused("an exchange and a routing key are at most 255 characters")
    return BrokerAddress(kind, url, scheme, host, port, name=path or "/", options=options)


def _aws(kind: str, url: str, scheme: str, host: str, port: int | None, path: str,
         options: dict[str, str]) -> BrokerAddress:
    if port is not None:
        raise URLRefused(f"a {scheme}:// URL has no port: set `endpointOverride` to reach "
                         "another endpoint")
    if kind == S3:
        _only(options, ("region",), scheme)
        region = options.get("region", "us-east-1")
        if not _BUCKET.match(host):
            raise URLRefused("an s3:// URL must name a valid bucket: s3://bucket/prefix")
        if not _REGION.match(region):
            raise URLRefused(f"{region!r} is not an AWS region")
        if any(part in (".", "..") for part in path.replace("\\", "/").split("/")):
            raise URLRefused("an s3:// URL's prefix must not hold `.` or `..` segments: "
                             "object keys are written under the prefix, never beside it")
        return BrokerAddress(kind, url, scheme, region=region, name=host,
                             options={**options, "prefix": path})
    _only(options, (), scheme)
    if not _REGION.match(host):
        raise URLRefused(f"a {scheme}:// URL's host must be an AWS region, as in "
                         f"{scheme}://us-east-1/name")
    if not _AWS_NAME.match(path):
        raise URLRefused(f"a {scheme}:// URL's path must be the {_NOUN[kind]}'s name")
    return BrokerAddress(kind, url, scheme, region=host, name=path, options=options)


_NOUN = {SQS: "queue", SNS: "topic", EVENTBRIDGE: "event bus", KINESIS: "stream"}


def _only(options: dict[str, str], known: tuple[str, ...], scheme: str) -> None:
    unknown = sorted(set(options) - set(known))
    if unknown:
        allowed = ", ".join(known) or "none"
        raise URLRefused(f"a {scheme}:// URL does not take {', '.join(unknown)} "
                         f"(its query parameters: {allowed})")
