"""Database tables. Timestamps are stored as UTC; JSON columns hold lists and objects;
credentials are sealed (`persistence/sealed`)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    Column,
    DateTime,
    ForeignKey,
    Index,
    LargeBinary,
    String,
    Table,
    Text,
    UniqueConstraint,
    false,
    true,
)
from sqlmodel import Field, SQLModel

from hookline.persistence.sealed import SealedJSON, SealedText
from hookline.statuses import DeliveryStatus


def utcnow() -> datetime:
    return datetime.now(UTC)


def _ts(nullable: bool = False) -> Any:
    # A type, not a Column: a Column belongs to one table, and DeliveryTarget's fields are
    # the columns of two.
    if nullable:
        return Field(default=None, sa_type=DateTime(timezone=True), nullable=True)
    return Field(default_factory=utcnow, sa_type=DateTime(timezone=True), nullable=False)


def _changed() -> Any:
    """`updated_at` of a table that had none: nullable in the schema only, for the rows made
    before it (the migration fills it from `created_at`); every new row has one."""
    return Field(default_factory=utcnow, sa_type=DateTime(timezone=True), nullable=True)


class Organization(SQLModel, table=True):
    __tablename__ = "organizations"
    id: str = Field(primary_key=True)
    name: str = Field(unique=True, max_length=200)
    created_at: datetime = _ts()


class Plan(SQLModel, table=True):
    """An organization's limits: request rate summed over all its keys, event quota, sources."""

    __tablename__ = "plans"
    org_id: str = Field(primary_key=True, foreign_key="organizations.id")
    rps: int
    monthly_events: int
    max_sources: int
    # Its share of the delivery engine beside other organizations' while they all have work
    # waiting (`hookline.delivery.outbox`): twice the weight, twice the attempts in flight.
    weight: int = Field(default=1, sa_column_kwargs={"server_default": "1"})


class Environment(SQLModel, table=True):
    __tablename__ = "environments"
    __table_args__ = (UniqueConstraint("org_id", "name"),)
    id: str = Field(primary_key=True)
    org_id: str = Field(foreign_key="organizations.id", index=True)
    name: str = Field(max_length=200)
    kind: str  # production | development
    # Set on the hidden environment that holds another's operational endpoints and events
    # (`services/operational`).
    operational_of: str | None = Field(default=None, foreign_key="environments.id")
    # Days its events, messages, Deliveries and attempts are kept (1..3650); None: the
    # instance's HOOKLINE_RETENTION (`services/retention`).
    retention_days: int | None = None
    # The forward proxy its requests to receivers go through (`delivery/kinds/http/egress`), instead
    # of the instance's HOOKLINE_EGRESS_PROXY; None: the instance's.
    egress_proxy: str | None = Field(default=None, sa_type=SealedText, nullable=True)
    # The kinds of target (`hookline.target_kinds.KINDS`) its endpoints and
    # destinations may be; None: every kind.
    target_kinds: list[str] | None = Field(default=None, sa_type=JSON, nullable=True)
    # Whether the instance's own AWS identity signs its AWS targets that have no
    # credentials of their own: an operator's grant (`hookline env update --instance-aws`),
    # never a tenant's, so no tenant acts as the operator in AWS (a confused deputy).
    instance_aws: bool = Field(default=False, sa_column_kwargs={"server_default": false()})
    created_at: datetime = _ts()


class ApiKey(SQLModel, table=True):
    __tablename__ = "api_keys"
    id: str = Field(primary_key=True)
    environment_id: str = Field(foreign_key="environments.id", index=True)
    key_hash: str = Field(unique=True)
    hint: str  # the first characters, to tell keys apart without storing them
    created_at: datetime = _ts()
    revoked_at: datetime | None = _ts(nullable=True)
    # Written at most once a minute per key and API process (`usecases.admission.note_use`).
    last_used_at: datetime | None = _ts(nullable=True)


class RateWindow(SQLModel, table=True):
    """Requests an organization made in one wall-clock second, shared by every API process."""

    __tablename__ = "rate_windows"
    org_id: str = Field(primary_key=True)
    epoch_second: int = Field(primary_key=True)
    count: int = 0


class UsageCounter(SQLModel, table=True):
    __tablename__ = "usage_counters"
    org_id: str = Field(primary_key=True)
    period: str = Field(primary_key=True)  # YYYY-MM
    events: int = 0


class InstanceSecret(SQLModel, table=True):
    """A random key made at migration time; signs pagination cursors for every process."""

    __tablename__ = "instance_secret"
    id: int = Field(primary_key=True)
    secret: str


class Consumer(SQLModel, table=True):
    __tablename__ = "consumers"
    __table_args__ = (UniqueConstraint("environment_id", "external_id"),)
    id: str = Field(primary_key=True)
    environment_id: str = Field(foreign_key="environments.id", index=True)
    external_id: str = Field(max_length=200)
    name: str = Field(max_length=200)
    # The user's own labels (a Svix application's `metadata`): strings by string.
    metadata_: dict[str, str] = Field(default_factory=dict, sa_column=Column(
        "metadata", JSON, nullable=False, server_default="{}"))
    # A Svix application's `throttleRate`, kept and shown but not enforced (nor is it by
    # Svix's open-source server): each endpoint's `rateLimit` is what throttles.
    throttle_rate: int | None = None
    # Who hears of its endpoints' failures (`services/failure_notices`): `{"emails": [...],
    # "slackUrl", "teamsUrl"}`; None: nobody. Each is a hidden endpoint too
    # (`services/notice_channels`), which is what the notices are delivered to.
    contacts: dict[str, Any] | None = Field(default=None, sa_column=Column(
        JSON(none_as_null=True), nullable=True))
    digest_sent_at: datetime | None = _ts(nullable=True)  # its last weekly digest
    created_at: datetime = _ts()
    updated_at: datetime | None = _changed()


class EventType(SQLModel, table=True):
    __tablename__ = "event_types"
    __table_args__ = (UniqueConstraint("environment_id", "name"),)
    id: str = Field(primary_key=True)
    environment_id: str = Field(foreign_key="environments.id", index=True)
    name: str = Field(max_length=200)
    description: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    # The current JSON Schema is `event_type_schemas` row (id, schema_version); None: none.
    schema_version: int | None = None
    validation: str = Field(default="off", sa_column_kwargs={"server_default": "off"})
    examples: list[Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    # Archived: as good as deleted (not subscribable, not publishable, not in the portal)
    # until created again, but kept and listed on request (Svix's DELETE without expunge).
    archived: bool = Field(default=False, sa_column_kwargs={"server_default": false()})
    deprecated: bool = Field(default=False, sa_column_kwargs={"server_default": false()})
    created_at: datetime = _ts()
    updated_at: datetime | None = _changed()


class EventTypeSchema(SQLModel, table=True):
    """Every schema an event type has had: a version is never changed once stored."""

    __tablename__ = "event_type_schemas"
    event_type_id: str = Field(sa_column=Column(
        String, ForeignKey("event_types.id", ondelete="CASCADE"), primary_key=True))
    version: int = Field(primary_key=True)
    schema_: dict[str, Any] = Field(sa_column=Column("schema", JSON, nullable=False))
    created_at: datetime = _ts()


class DeliveryTarget(SQLModel):
    """What an endpoint and a destination are alike: a URL the engine delivers to, signed
    with its secrets, with fixed headers, a throttle, and one status rule
    (`hookline.delivery.targets`). Each kind has its own table and adds what owns it."""

    KIND: ClassVar[str]  # endpoint | destination: the word in messages and event types
    DELIVERY_COLUMN: ClassVar[str]  # the Delivery column that names this kind of target

    id: str = Field(primary_key=True)
    environment_id: str = Field(foreign_key="environments.id", index=True)
    url: str = Field(sa_type=Text, nullable=False)
    description: str | None = Field(default=None, sa_type=Text, nullable=True)
    status: str = "Enabled"  # Enabled | DisabledAutomatically | DisabledManually
    custom_headers: dict[str, str] = Field(default_factory=dict, sa_type=SealedJSON,
                                           nullable=False)
    secret: str = Field(sa_type=SealedText, nullable=False)
    previous_secret: str | None = Field(default=None, sa_type=SealedText, nullable=True)
    previous_secret_expires_at: datetime | None = _ts(nullable=True)
    failure_count: int = 0
    rate_limit: int | None = None  # deliveries per second, across every worker
    # A CEL expression deciding at fan-out whether an event or message is for this target
    # (`hookline.tenant_code.filters`); None: everything it subscribes to.
    filter: str | None = Field(default=None, sa_type=Text, nullable=True)
    # JavaScript defining `handler(webhook)`, run at every attempt to reshape what it sends
    # (`hookline.tenant_code.transformations`); None: sent as it is.
    transformation: str | None = Field(default=None, sa_type=Text, nullable=True)
    # How the engine reaches the receiver beyond the signature (`hookline.delivery.credentials`):
    # OAuth2 client credentials, and a client certificate or a CA bundle for TLS. Their
    # secrets are stored as `secret` is, and never shown again.
    auth: dict[str, Any] | None = Field(default=None, sa_type=SealedJSON, nullable=True)
    tls: dict[str, Any] | None = Field(default=None, sa_type=SealedJSON, nullable=True)
    # A broker target's (its URL's scheme names the kind, `hookline.delivery.kinds.brokers`): what
    # it signs in with, stored as `secret` is and never shown again, and for the AWS kinds
    # the service endpoint to use instead of AWS's own.
    credentials: dict[str, Any] | None = Field(default=None, sa_type=SealedJSON, nullable=True)
    endpoint_override: str | None = Field(default=None, sa_type=Text, nullable=True)
    # Strict order (`hookline.delivery.lines`): None, or `{"key": <JMESPath> | None,
    # "onExhausted": "block" | "skip"}`, one line per key's value.
    ordering: dict[str, Any] | None = Field(default=None, sa_type=JSON, nullable=True)
    # Batches (`hookline.delivery.batches`): None, or `{"maxSize": n, "maxWaitMs": ms}`:
    # up to n Deliveries in one request. Mirrored on its gate row, which the relay reads.
    batch: dict[str, Any] | None = Field(default=None, sa_type=JSON, nullable=True)
    created_at: datetime = _ts()
    updated_at: datetime = _ts()

    @property
    def disabled_automatically(self) -> bool:
        return self.status == "DisabledAutomatically"

    def signed_under(self) -> str:
        """The names its signature goes under (`hookline.signing`): Standard Webhooks'."""
        return "webhook"

    def uid_scope(self) -> str | None:
        """What its uid is unique within; None: it takes no uid."""
        return None


class Endpoint(DeliveryTarget, table=True):
    """A Consumer's URL, for the event types it subscribes to ([]: every type)."""

    __tablename__ = "endpoints"
    # A uid names one endpoint of its Consumer (Svix's `{endpoint_id}` takes it); NULLs are
    # distinct in a unique index on both databases, so endpoints without one never clash.
    __table_args__ = (Index("ix_endpoints_consumer_uid", "consumer_id", "uid", unique=True),)
    KIND: ClassVar[str] = "endpoint"
    DELIVERY_COLUMN: ClassVar[str] = "endpoint_id"
    consumer_id: str = Field(foreign_key="consumers.id", index=True)
    events: list[str] = Field(default_factory=list, sa_type=JSON, nullable=False)
    # The names its signature goes under: `webhook` (webhook-id, -timestamp, -signature) or
    # `svix` (svix-id...), with the same values (`hookline.signing`).
    signature_headers: str = Field(default="webhook",
                                   sa_column_kwargs={"server_default": "webhook"})
    # A Svix endpoint's own fields: its `uid`, the user's labels (strings by string) and its
    # channels (kept and shown; which messages they admit comes with Svix's messages).
    uid: str | None = Field(default=None, max_length=200)
    metadata_: dict[str, str] = Field(default_factory=dict, sa_column=Column(
        "metadata", JSON, nullable=False, server_default="{}"))
    channels: list[str] | None = Field(default=None, sa_type=JSON, nullable=True)
    # A polling endpoint's (`url` is `target_kinds.POLLING_URL`): the token its Consumer
    # pulls with, sealed (the portal shows it, so it cannot be a hash), and how far the
    # Consumer has committed: the last Delivery id a commit covered (`services/polling`).
    poll_token: str | None = Field(default=None, sa_type=SealedText, nullable=True)
    poll_cursor: str | None = None
    # What its Consumer was last told of it (`services/failure_notices`): None, `failing` or
    # `disabled`, until a success tells them it recovered; and when a failing notice last
    # went, which sends the next no sooner than the environment's interval.
    notice_state: str | None = None
    failing_noticed_at: datetime | None = _ts(nullable=True)

    def signed_under(self) -> str:
        return self.signature_headers

    def uid_scope(self) -> str | None:
        return self.consumer_id


class Event(SQLModel, table=True):
    __tablename__ = "events"
    __table_args__ = (
        UniqueConstraint("environment_id", "idempotency_key"),
        Index("ix_events_env_id", "environment_id", "id"),
        # A Consumer's Events in id order (Svix's message list, /v1/events?consumer=): a page
        # reads its rows from the index instead of sorting all the Consumer's Events.
        Index("ix_events_consumer_id", "consumer_id", "id"),
    )
    id: str = Field(primary_key=True)
    environment_id: str = Field(foreign_key="environments.id")
    type: str
    consumer_id: str  # no foreign key: an event outlives its Consumer
    consumer_external_id: str
    payload: str = Field(sa_column=Column(Text, nullable=False))  # the delivered body, as sent
    # The body is `{type, timestamp, data}`, or `data` alone: Svix sends a message's payload
    # as it is, and a message published through /api/v1 is sent as Svix would send it.
    enveloped: bool = Field(default=True, sa_column_kwargs={"server_default": true()})
    idempotency_key: str | None = None
    # Svix's: an endpoint with channels receives only the events carrying one of them.
    channels: list[str] | None = Field(default=None, sa_type=JSON, nullable=True)
    tags: list[str] | None = Field(default=None, sa_type=JSON, nullable=True)
    deliveries: int = 0
    filtered: int = Field(default=0, sa_column_kwargs={"server_default": "0"})  # by filters
    # The event type's schema version `data` was validated against, and what it found when
    # the type's validation is `warn` (under `enforce` such an event is refused).
    schema_version: int | None = None
    schema_errors: list[dict[str, str]] | None = Field(
        default=None, sa_column=Column(JSON, nullable=True))
    # Erased on request (`services/erasure`): `payload` is then empty, the rest kept.
    payload_erased: bool = Field(default=False, sa_column_kwargs={"server_default": false()})
    # The body, sealed, when it carries a credential (a failure notice's portal link): then
    # `payload` is empty and this is what is sent.
    sealed_payload: str | None = Field(default=None, sa_type=SealedText, nullable=True)
    created_at: datetime = _ts()


class Source(SQLModel, table=True):
    __tablename__ = "sources"
    __table_args__ = (UniqueConstraint("environment_id", "name"),)
    id: str = Field(primary_key=True)
    environment_id: str = Field(foreign_key="environments.id", index=True)
    name: str = Field(max_length=200)
    type: str = "webhook"  # webhook | cron | kafka | sqs | amqp (a broker Source)
    status: str = "enabled"
    token: str = Field(unique=True)
    provider: str = "generic"
    secret: str | None = Field(default=None, sa_type=SealedText, nullable=True)
    provider_config: dict[str, Any] | None = Field(default=None, sa_type=SealedJSON,
                                                   nullable=True)
    cron_expression: str | None = None
    cron_timezone: str | None = None
    cron_payload: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    next_run_at: datetime | None = _ts(nullable=True)
    last_run_at: datetime | None = _ts(nullable=True)
    last_message_at: datetime | None = _ts(nullable=True)
    silence_alert_minutes: int | None = None
    alert_emails: str | None = None
    # The silent period an alert was last sent for starts at this time (last message or
    # creation); an alert is due again only once a newer message starts a new period.
    alerted_period_start: datetime | None = _ts(nullable=True)
    last_alert_at: datetime | None = _ts(nullable=True)
    last_alert_error: str | None = None
    # The last `source.verification_failed` operational event: at most one an hour.
    verification_alerted_at: datetime | None = _ts(nullable=True)
    # A broker Source's (`hookline.services.broker_sources`): the topic or queue it reads,
    # how it signs in (sealed, as a broker target's), where a message that can never be
    # published goes, how a message maps onto an Event, and how much it reads at once.
    url: str | None = Field(default=None, sa_type=Text, nullable=True)
    credentials: dict[str, Any] | None = Field(default=None, sa_type=SealedJSON, nullable=True)
    tls: dict[str, Any] | None = Field(default=None, sa_type=SealedJSON, nullable=True)
    endpoint_override: str | None = Field(default=None, sa_type=Text, nullable=True)
    dead_letter: str | None = Field(default=None, sa_type=Text, nullable=True)
    mapping: dict[str, Any] | None = Field(default=None, sa_type=JSON, nullable=True)
    consumption: dict[str, Any] | None = Field(default=None, sa_type=JSON, nullable=True)
    # What its reader last found: how far behind the broker it is, its last error, and
    # until when it waits for the environment's quota or rate.
    lag_messages: int | None = None
    lag_seconds: float | None = None
    lag_measured_at: datetime | None = _ts(nullable=True)
    last_error: str | None = Field(default=None, sa_type=Text, nullable=True)
    last_error_at: datetime | None = _ts(nullable=True)
    paused_until: datetime | None = _ts(nullable=True)
    created_at: datetime = _ts()


class Destination(DeliveryTarget, table=True):
    """A URL a Source forwards its messages to."""

    __tablename__ = "destinations"
    KIND: ClassVar[str] = "destination"
    DELIVERY_COLUMN: ClassVar[str] = "destination_id"
    source_id: str = Field(foreign_key="sources.id", index=True)


class Message(SQLModel, table=True):
    __tablename__ = "messages"
    __table_args__ = (
        Index("ix_messages_source_id_id", "source_id", "id"),
        Index("ix_messages_source_event", "source_id", "provider_event_id"),
        Index("ix_messages_env_id", "environment_id", "id"),
    )
    id: str = Field(primary_key=True)
    environment_id: str = Field(foreign_key="environments.id")
    source_id: str = Field(foreign_key="sources.id")
    method: str
    content_type: str | None = None
    body: bytes | None = Field(default=None, sa_column=Column(LargeBinary, nullable=True))
    body_bytes: int = 0
    headers: dict[str, str] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    query: str = ""
    remote_ip: str | None = None
    provider_event_id: str | None = None
    verification: str = "skipped"
    fanout: int = 0
    # Erased on request: body, headers and query are then empty, the rest kept.
    payload_erased: bool = Field(default=False, sa_column_kwargs={"server_default": false()})
    created_at: datetime = _ts()


class Delivery(SQLModel, table=True):
    """One payload to one URL: an Event to an Endpoint, or a Message to a Destination."""

    __tablename__ = "deliveries"
    __table_args__ = (
        Index("ix_deliveries_status_updated", "status", "updated_at"),
        Index("ix_deliveries_endpoint_status", "endpoint_id", "status"),
        Index("ix_deliveries_destination_status", "destination_id", "status"),
        Index("ix_deliveries_endpoint_id", "endpoint_id", "id"),
        Index("ix_deliveries_destination_id", "destination_id", "id"),
        # The delivery explorer's filters (GET /v1/deliveries), each read in id order.
        Index("ix_deliveries_env_id", "environment_id", "id"),
        Index("ix_deliveries_consumer_id", "consumer_id", "id"),
        Index("ix_deliveries_env_type_id", "environment_id", "event_type", "id"),
        Index("ix_deliveries_env_status_id", "environment_id", "status", "id"),
        Index("ix_deliveries_env_error_id", "environment_id", "last_error_type", "id"),
        Index("ix_deliveries_env_class_id", "environment_id", "last_status_class", "id"),
    )
    id: str = Field(primary_key=True)
    environment_id: str = Field(foreign_key="environments.id")
    event_id: str | None = Field(default=None, foreign_key="events.id", index=True)
    # No foreign keys to endpoints and destinations: their delivery history outlives them.
    endpoint_id: str | None = None
    message_id: str | None = Field(default=None, foreign_key="messages.id", index=True)
    destination_id: str | None = None
    # A str column holding the value: annotated with the enum, it would map to sa.Enum.
    status: str = DeliveryStatus.PENDING.value
    attempts: int = 0
    next_attempt_at: datetime | None = _ts(nullable=True)
    last_attempt_at: datetime | None = _ts(nullable=True)
    # Copied here so the delivery explorer filters on one table: the Event's type and
    # Consumer (none for a Message's), and the last attempt's outcome.
    event_type: str | None = None
    consumer_id: str | None = None
    last_status_code: int | None = None
    last_status_class: int | None = None  # 5 for a 5xx: what `responseStatus=5xx` seeks
    last_error_type: str | None = None
    last_duration_ms: int | None = None
    # The line it keeps its place in, at an ordered target (the key's value; "" without
    # one): None at a target that is not ordered (`hookline.delivery.lines`).
    line: str | None = None
    # The batch it is sent in, at a batched target (`hookline.delivery.batches`).
    batch_id: str | None = Field(default=None, index=True)
    created_at: datetime = _ts()
    updated_at: datetime = _ts()


class Attempt(SQLModel, table=True):
    __tablename__ = "attempts"
    __table_args__ = (Index("ix_attempts_delivery_attempt", "delivery_id", "attempt"),
                      Index("ix_attempts_target_id", "target_id", "id"))
    id: str = Field(primary_key=True)
    delivery_id: str = Field(foreign_key="deliveries.id")
    target_id: str | None = None  # the Delivery's endpoint or destination
    attempt: int
    status: str  # succeeded | failed
    status_code: int | None = None
    response_body: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    error_type: str | None = None
    error_message: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    duration_ms: int = 0
    created_at: datetime = _ts()


def table_of(model: type[SQLModel]) -> Table:
    """The Core table behind a model, for prepared statements on hot paths (no ORM rows and
    no unit of work)."""
    table: Table = model.__table__  # type: ignore[attr-defined]
    return table


class OrderLine(SQLModel, table=True):
    """A line of an ordered target that has a Delivery at its head: the one it may attempt
    (`hookline.delivery.lines`). No row: nothing waits in it."""

    __tablename__ = "order_lines"
    target_id: str = Field(primary_key=True)
    key: str = Field(primary_key=True)
    environment_id: str
    head_id: str | None = Field(default=None, index=True)
    next_seq: int = 0  # what the next Delivery to queue behind the head is numbered


class LineWait(SQLModel, table=True):
    """A Delivery queued in its line behind the head (status `held`), with the start it
    enters the outbox with when it becomes the head."""

    __tablename__ = "line_waits"
    target_id: str = Field(primary_key=True)
    key: str = Field(primary_key=True)
    seq: int = Field(primary_key=True)
    delivery_id: str = Field(index=True, unique=True)
    environment_id: str
    start: str = Field(sa_column=Column(Text, nullable=False))  # the DeliveryStart, as JSON
    trace_context: str | None = None


class OutboxStart(SQLModel, table=True):
    """A new Delivery whose workflow is still to start: written in the transaction that
    creates the Delivery, deleted by the worker's relay when it takes the start."""

    __tablename__ = "delivery_outbox"
    __table_args__ = (Index("ix_delivery_outbox_target", "target_id", "delivery_id"),
                      Index("ix_delivery_outbox_queued", "queued_at"),
                      Index("ix_delivery_outbox_window", "target_id", "window_end"))
    delivery_id: str = Field(primary_key=True)
    start: str = Field(sa_column=Column(Text, nullable=False))  # the DeliveryStart, as JSON
    target_id: str | None = None  # the endpoint or destination: the relay admits per target
    # The relay takes turns between environments, then between their lanes: a Consumer's
    # endpoints, or one destination (None: queued before version 0026).
    environment_id: str | None = None
    lane: str | None = None
    # When it entered the outbox (a recovery queues old Deliveries anew): the relay's lag and
    # the oldest start's age in the metrics. None for rows queued before version 0008.
    queued_at: datetime | None = _ts(nullable=True)
    # The W3C trace context of the request that queued it, when tracing is on: the relay
    # starts the workflow in that trace (`hookline.observability.tracing`).
    trace_context: str | None = None
    # The end of its retry window (queued + the sum of its delays): an open circuit may hold
    # it here until then, not after (`outbox.ended`). None for rows queued before 0015.
    window_end: datetime | None = _ts(nullable=True)


class AttemptLease(SQLModel, table=True):
    """An attempt slot of a target, held from admission until the attempt is recorded. Live
    leases (not expired) count against the target's concurrency limit; one whose worker died
    expires on its own."""

    __tablename__ = "attempt_leases"
    __table_args__ = (Index("ix_attempt_leases_target", "target_id", "expires_at"),)
    delivery_id: str = Field(primary_key=True)
    target_id: str
    expires_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
    # The target's attempts admitted at once with this one, counting it: whether its success
    # grows the target's concurrency limit (`hookline.delivery.limit.grows`).
    in_flight: int | None = None


class TargetGate(SQLModel, table=True):
    """What the delivery engine knows of one endpoint or destination beyond its settings:
    the circuit breaker, a pause asked for by the receiver, the throttle's next free slot,
    and its adaptive concurrency limit."""

    __tablename__ = "target_gates"
    target_id: str = Field(primary_key=True)
    failures: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    circuit: str = Field(default="closed", sa_column_kwargs={"server_default": "closed"})
    circuit_opened_at: datetime | None = _ts(nullable=True)
    circuit_retry_at: datetime | None = _ts(nullable=True)
    paused_until: datetime | None = _ts(nullable=True)
    next_send_at: datetime | None = _ts(nullable=True)  # the throttle's next free send time
    # Attempts admitted at once (`hookline.delivery.limit`); whole ones count.
    concurrency_limit: float = Field(default=1.0, sa_column_kwargs={"server_default": "1"})
    # The target's `batch`, where the relay reads it with the rest (None: not batched).
    batch_size: int | None = None
    batch_wait_ms: int | None = None
    # A polling endpoint's: its starts take no lease and count toward no cap (`outbox`).
    polling: bool = Field(default=False, sa_column_kwargs={"server_default": false()})


class DeliveryBatch(SQLModel, table=True):
    """Deliveries of one target sent in one request (`hookline.delivery.batches`): its
    members have its id as `batch_id`. One member's attempt at a time claims it and sends
    every member due; the others take the outcome it records."""

    __tablename__ = "delivery_batches"
    id: str = Field(primary_key=True)
    target_id: str = Field(index=True)
    # The member whose id its attempt lease is held under: the gate counts a batch once.
    lease_key: str
    attempts: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    claimed_until: datetime | None = _ts(nullable=True)  # while one attempt sends it
    created_at: datetime = _ts()


class Recovery(SQLModel, table=True):
    """A bulk recovery: re-sends a target's failed Deliveries in creation order, batch by
    batch, from one Temporal workflow (whose id is this id). Its progress is stored with
    each batch, in the batch's transaction, so a batch run twice recovers nothing twice."""

    __tablename__ = "recoveries"
    id: str = Field(primary_key=True)
    environment_id: str = Field(foreign_key="environments.id", index=True)
    target_id: str
    since: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
    until: datetime | None = _ts(nullable=True)
    statuses: list[str] = Field(sa_column=Column(JSON, nullable=False))
    status: str = "running"  # running | done | cancelled
    matching: int = 0  # when it was asked for
    recovered: int = 0
    last_delivery_id: str | None = None  # where the next batch starts after
    created_at: datetime = _ts()
    finished_at: datetime | None = _ts(nullable=True)


class PortalLink(SQLModel, table=True):
    """A consumer portal magic link: stored as the SHA-256 of its token, like API keys. Its
    sessions live only while it is neither expired nor revoked (`services/portal`)."""

    __tablename__ = "portal_links"
    id: str = Field(primary_key=True)
    environment_id: str = Field(foreign_key="environments.id", index=True)
    consumer_id: str = Field(sa_column=Column(
        String, ForeignKey("consumers.id", ondelete="CASCADE"), nullable=False, index=True))
    token_hash: str = Field(unique=True)
    read_only: bool = False
    # The event types the Consumer may subscribe to through this link; None: every type.
    event_types: list[str] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    expires_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
    revoked_at: datetime | None = _ts(nullable=True)
    created_at: datetime = _ts()


class PortalNotice(SQLModel, table=True):
    """What a portal form came to, for the page its redirect shows (`services/portal_notices`):
    a form never answers with a page, so reloading one never sends it again. Sealed: a
    refused form comes back as typed, and a test's answer is the receiver's."""

    __tablename__ = "portal_notices"
    id: str = Field(primary_key=True)
    link_id: str = Field(sa_column=Column(
        String, ForeignKey("portal_links.id", ondelete="CASCADE"), nullable=False, index=True))
    body: dict[str, Any] = Field(sa_type=SealedJSON, nullable=False)
    once: bool = False  # read once (a new signing secret is shown only once)
    created_at: datetime = Field(default_factory=utcnow, sa_column=Column(
        DateTime(timezone=True), nullable=False, index=True))


class PortalSettings(SQLModel, table=True):
    """An environment's portal branding."""

    __tablename__ = "portal_settings"
    environment_id: str = Field(primary_key=True, foreign_key="environments.id")
    name: str | None = Field(default=None, max_length=200)
    logo_url: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    accent_color: str | None = None
    # Failure notices to its Consumers (`services/failure_notices`): the support address
    # they show, whether they go at all, and the hours between two failing notices of one
    # endpoint (None: a day).
    support_url: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    notices_enabled: bool = Field(default=True, sa_column_kwargs={"server_default": true()})
    failing_notice_hours: int | None = None
    updated_at: datetime = _ts()


class Notice(SQLModel, table=True):
    """A failure notice on one channel of a Consumer's contacts: what it was about, and the
    Delivery that carries it (to a hidden endpoint, `services/notice_channels`)."""

    __tablename__ = "notices"
    __table_args__ = (Index("ix_notices_consumer_id", "consumer_id", "id"),
                      Index("ix_notices_recipient", "recipient", "id"))
    id: str = Field(primary_key=True)
    environment_id: str = Field(foreign_key="environments.id")
    consumer_id: str = Field(sa_column=Column(
        String, ForeignKey("consumers.id", ondelete="CASCADE"), nullable=False))
    endpoint_id: str | None = None  # None for a digest
    type: str  # endpoint.failing | endpoint.disabled | endpoint.recovered | digest
    channel: str  # email | slack | teams
    recipient: str  # the address, or the host of the Slack or Teams URL
    delivery_id: str | None = None
    created_at: datetime = _ts()


class NoticeSuppression(SQLModel, table=True):
    """An address that unsubscribed from an environment's failure notices: no Consumer of
    it may list the address again."""

    __tablename__ = "notice_suppressions"
    environment_id: str = Field(primary_key=True, foreign_key="environments.id")
    address: str = Field(primary_key=True)
    created_at: datetime = _ts()
