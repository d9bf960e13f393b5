"""A broker Source's settings (issue 69): the Kafka topic, SQS queue or RabbitMQ queue it
reads (`url`), its sign-in (`credentials`, `tls`, `endpointOverride`, under a broker
target's rules), where a message that can never be published goes (`deadLetter`), how a
message maps onto an Event (`mapping`), and how much it reads at once (`consumption`);
and each enabled one as its reader sees it (`Reader`), with what the reader found.

Everything is checked before anything is kept, each refusal a 422 naming the field. The
URLs are checked by the caller with the URL guard first (`services.targets.check_url`,
outside any transaction: it resolves DNS)."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, fields
from datetime import datetime
from typing import Any

from sqlmodel import Session

from hookline.delivery.kinds.brokers.address import BrokerAddress, parse, parse_source
from hookline.delivery.sender import Sender
from hookline.errors import DomainError, invalid
from hookline.persistence import queries
from hookline.persistence.models import Source
from hookline.services import accounts, target_credentials
from hookline.services.accounts import Principal
from hookline.services.patch import KEEP, Keep
from hookline.services.targets import check_kind, check_url, instance_aws
from hookline.target_kinds import AMQP, KAFKA, SOURCE_KINDS, SQS, kind_of
from hookline.tenant_code.expressions import compiled
from hookline.url_guard import URLRefused

log = logging.getLogger("hookline.intake")

# Where in a message its Event's fields are found, each a JMESPath expression on the
# body; a message's `hookline-*` header, when present, comes first.
MAPPING = ("consumer", "eventType", "idempotencyKey", "payload")
MAX_CONCURRENCY = 100
DEFAULT_CONCURRENCY = 10
# Messages read at once: SQS hands out at most 10 a call. RabbitMQ's come whole, whatever
# their size (its own limit: 16 MiB from 4.0, 128 MiB before), before one can be refused:
# fewer of them.
MAX_BATCH = {KAFKA: 500, AMQP: 100, SQS: 10}
DEFAULT_BATCH = {KAFKA: 100, AMQP: 100, SQS: 10}
START_FROM = ("latest", "earliest")
_EXAMPLE = {KAFKA: "kafka://broker:9092/orders", SQS: "sqs://us-east-1/orders",
            AMQP: "amqp://broker/vhost?queue=orders"}


@dataclass(frozen=True)
class BrokerSettings:
    """What a create or a PATCH gives of a broker Source, with the API's names inside the
    objects. KEEP (or None for `url`): not given."""

    url: str | None = None
    dead_letter: str | Keep | None = KEEP
    credentials: dict[str, Any] | Keep | None = KEEP
    tls: dict[str, Any] | Keep | None = KEEP
    endpoint_override: str | Keep | None = KEEP
    mapping: dict[str, Any] | Keep | None = KEEP
    consumption: dict[str, Any] | Keep | None = KEEP

    def given(self) -> list[str]:
        """The API's names of the fields given."""
        return [_API_NAMES.get(f.name, f.name) for f in fields(self)
                if not isinstance(getattr(self, f.name), Keep)
                and getattr(self, f.name) is not None]


_API_NAMES = {"dead_letter": "deadLetter", "endpoint_override": "endpointOverride"}


async def check_addresses(sender: Sender, kind: str, settings: BrokerSettings,
                          stored: Source | None, require_https: bool) -> None:
    """The URL and dead-letter target a create or PATCH leaves in force, through the guard
    every delivery passes, when either (or the endpoint override) changes. Outside any
    transaction: it resolves names. What is missing or of the wrong kind is `apply`'s to
    refuse, in the transaction."""
    if kind not in SOURCE_KINDS or not ({"url", "deadLetter", "endpointOverride"}
                                        & set(settings.given())):
        return
    override = (stored.endpoint_override if stored else None) if isinstance(
        settings.endpoint_override, Keep) else settings.endpoint_override
    url = settings.url or (stored.url if stored else None)
    dead_letter = (stored.dead_letter if stored else None) if isinstance(
        settings.dead_letter, Keep) else settings.dead_letter
    if url is not None:
        await check_url(sender, url, require_https, endpoint_override=override, reading=True)
    if dead_letter is not None and kind_of(dead_letter) == kind:
        await check_url(sender, dead_letter, require_https, "deadLetter", override)


def apply(session: Session, source: Source, settings: BrokerSettings) -> None:
    """Sets a Source's broker settings, checked against its type: only a broker Source
    takes them, and it needs a URL of its kind and a dead-letter target on the same
    broker. Raises before changing anything."""
    if source.type not in SOURCE_KINDS:
        if given := settings.given():
            raise invalid(given[0], f"only broker sources (type kafka, sqs or amqp) take "
                                    f"`{given[0]}`; a {source.type} source has none")
        return
    url = settings.url or source.url
    if url is None:
        raise invalid("url", f"is required: the {source.type} source's "
                             f"{_NOUN[source.type]}, e.g. {_EXAMPLE[source.type]}")
    address = _read(url, source.type)
    if settings.url is not None:
        check_kind(session, source.environment_id, url)
    dead_letter = source.dead_letter if isinstance(settings.dead_letter, Keep) \
        else settings.dead_letter
    tls = source.tls if isinstance(settings.tls, Keep) \
        else target_credentials.check_tls(settings.tls, source.tls)
    target_credentials.check_broker_fit(url, None, tls)
    credentials, override = target_credentials.changed(
        target_credentials.Held(source.url or url, source.credentials,
                                source.endpoint_override),
        settings.url, settings.credentials, settings.endpoint_override,
        source.environment_id, instance_aws(session, source.environment_id))
    if dead_letter is None:
        raise invalid("deadLetter", "is required: the topic or queue on the same broker "
                                    "that takes a message which can never be published")
    if settings.url is not None or not isinstance(settings.dead_letter, Keep) \
            or not isinstance(settings.endpoint_override, Keep):
        check_dead_letter(address, dead_letter)
        check_kind(session, source.environment_id, dead_letter, "deadLetter")
    mapping = source.mapping if isinstance(settings.mapping, Keep) \
        else check_mapping(settings.mapping, source.mapping)
    consumption = check_consumption(source.type, None if isinstance(
        settings.consumption, Keep) else settings.consumption, source.consumption)
    source.url, source.dead_letter, source.tls = url, dead_letter, tls
    source.credentials, source.endpoint_override = credentials, override
    source.mapping, source.consumption = mapping, consumption


_NOUN = {KAFKA: "topic", SQS: "queue", AMQP: "queue"}


def _read(url: str, kind: str) -> BrokerAddress:
    try:
        address = parse_source(url)
    except URLRefused as exc:
        raise invalid("url", str(exc)) from None
    if address.kind != kind:
        raise invalid("url", f"a {kind} source reads a {_NOUN[kind]}: "
                             f"{_EXAMPLE[kind]}")
    return address


def check_dead_letter(read: BrokerAddress, dead_letter: str) -> None:
    """A dead-letter target is a target URL of the Source's own kind, on its broker (its
    credentials go nowhere else; an AWS kind's endpoint is the Source's), and not what it
    reads (a dead letter would come back)."""
    try:
        target = parse(dead_letter)
    except URLRefused as exc:
        raise invalid("deadLetter", str(exc)) from None
    if target.kind != read.kind:
        raise invalid("deadLetter", f"must be a {read.kind} target on the source's broker, "
                                    f"e.g. {_DEAD_LETTER_EXAMPLE[read.kind]}")
    if (target.host, target.port) != (read.host, read.port):
        raise invalid("deadLetter", "must be on the source's own broker: its credentials "
                                    "go nowhere else")
    if _same_place(read, target):
        raise invalid("deadLetter", f"must not be the {_NOUN[read.kind]} the source reads: "
                                    "a dead letter would be read again")


_DEAD_LETTER_EXAMPLE = {KAFKA: "kafka://broker:9092/orders-dead",
                        SQS: "sqs://us-east-1/orders-dead",
                        AMQP: "amqp://broker/vhost?exchange=&routingKey=orders-dead"}


def _same_place(read: BrokerAddress, target: BrokerAddress) -> bool:
    if read.kind == AMQP:
        return target.name == read.name and target.options.get("exchange") == "" \
            and target.options.get("routingKey") == read.options["queue"]
    return (target.region, target.name) == (read.region, read.name)


def check_mapping(given: dict[str, Any] | None, stored: dict[str, Any] | None = None
                  ) -> dict[str, Any] | None:
    """Each member a JMESPath expression, bounded as a Kafka target's key is. The members
    given replace the stored ones, a null one removes it; None removes them all."""
    if given is None:
        return None
    found: dict[str, Any] = {}
    for name, expression in {**(stored or {}), **given}.items():
        if name not in MAPPING:
            raise invalid(f"mapping.{name}", f"is not a mapping member ({', '.join(MAPPING)})")
        if expression is None:
            continue
        if not isinstance(expression, str) or not expression.strip():
            raise invalid(f"mapping.{name}", "must be a JMESPath expression")
        try:
            compiled(expression)
        except ValueError as exc:
            raise invalid(f"mapping.{name}", str(exc)) from None
        found[name] = expression
    return found or None


def check_consumption(kind: str, given: dict[str, Any] | None,
                      stored: dict[str, Any] | None = None) -> dict[str, Any]:
    """The bounds in force: those given, else those stored, else the defaults (a null one
    given is its default again)."""
    found: dict[str, Any] = {"concurrency": DEFAULT_CONCURRENCY,
                             "batchSize": DEFAULT_BATCH[kind]}
    if kind == KAFKA:
        found["startFrom"] = "latest"
    for name, value in {**(stored or {}), **(given or {})}.items():
        if value is None:
            continue
        if name not in found:
            raise invalid(f"consumption.{name}", "is a Kafka source's only" if name
                          == "startFrom" else "is not a consumption member (concurrency, "
                          "batchSize, startFrom)")
        found[name] = value
    for name, top in (("concurrency", MAX_CONCURRENCY), ("batchSize", MAX_BATCH[kind])):
        value = found[name]
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= top:
            raise invalid(f"consumption.{name}", f"must be 1 to {top} for a {kind} source")
    if found.get("startFrom", "latest") not in START_FROM:
        raise invalid("consumption.startFrom", "must be 'latest' or 'earliest'")
    return found


@dataclass(frozen=True)
class Reader:
    """An enabled broker Source as its reader needs it: what it reads and signs in with,
    where its dead letters go, its mapping and bounds, and the caller its Events are
    published as (its environment, counted against its organization's plan)."""

    source_id: str
    kind: str
    url: str
    dead_letter: str
    credentials: dict[str, Any] | None = field(repr=False)
    tls: dict[str, Any] | None = field(repr=False)
    endpoint_override: str | None
    mapping: dict[str, Any] | None
    consumption: dict[str, Any]
    instance_aws: bool
    principal: Principal


def readers(session: Session) -> list[Reader]:
    """Every enabled broker Source's; one whose stored settings no longer pass (a row
    written by hand, a rule made stricter) is left out, and said in the log."""
    found: list[Reader] = []
    for source, env, plan in queries.sources.readers(session):
        try:
            if source.url is None or source.dead_letter is None:
                raise ValueError("it has no url or no deadLetter")
            consumption = check_consumption(source.type, None, source.consumption)
        except (ValueError, DomainError) as exc:
            log.warning("source %s is not read: %s", source.id, exc)
            continue
        principal = accounts.principal_of("", env.id, env.kind, env.org_id,
                                          plan.rps if plan else None,
                                          plan.monthly_events if plan else None)
        found.append(Reader(
            source.id, source.type, source.url, source.dead_letter, source.credentials,
            source.tls, source.endpoint_override, source.mapping, consumption,
            env.instance_aws, principal))
    return found


@dataclass(frozen=True)
class Found:
    """What a reader last found of its Source. `error` None: it read and published
    without one."""

    lag_messages: int | None
    lag_seconds: float | None
    error: str | None
    paused_until: datetime | None
    read_at: datetime | None  # when it last published a message


def note(session: Session, source_id: str, found: Found, now: datetime) -> None:
    values: dict[str, Any] = {"paused_until": found.paused_until}
    if found.lag_messages is not None:
        values |= {"lag_messages": found.lag_messages, "lag_seconds": found.lag_seconds,
                   "lag_measured_at": now}
    if found.error is not None:
        values |= {"last_error": found.error[:1000], "last_error_at": now}
    if found.read_at is not None:
        values["last_message_at"] = found.read_at
    queries.sources.note_reading(session, source_id, values)
