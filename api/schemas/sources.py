"""Sources, their provider settings, and the provider catalogue."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from api.schemas.common import ApiInput, ApiModel, AsInt32, MaybeTimestamp, Timestamp
from api.schemas.credentials import (
    CREDENTIALS_DOC,
    ENDPOINT_OVERRIDE_DOC,
    TLS_DOC,
    CredentialsIn,
    CredentialsOut,
    TlsIn,
    TlsOut,
    credentials_stored,
    stored,
)
from hookline.delivery.credentials import CREDENTIAL_SECRETS, TLS_SECRETS, shown
from hookline.errors import invalid
from hookline.persistence.models import Source
from hookline.services.broker_sources import (
    MAX_BATCH,
    MAX_CONCURRENCY,
    BrokerSettings,
)
from hookline.services.patch import KEEP
from hookline.services.sources import ingest_url
from hookline.target_kinds import SOURCE_KINDS, kind_of

Minutes = Annotated[int, Field(ge=0, le=43200), AsInt32]
SourceType = Literal["webhook", "cron", "kafka", "sqs", "amqp"]
TYPE_DOC = ("`webhook` (the default; an ingestion URL providers post to), `cron` (a message "
            "on a schedule), or a broker Source that reads a topic or queue and publishes "
            "each message as an Event: `kafka`, `sqs` or `amqp` (when absent, the `url`'s "
            "kind)")
URL_DOC = ("A broker Source's topic or queue: `kafka://host:port/topic[?tls=true]`, "
           "`sqs://region/queue`, `amqp[s]://host[:port]/vhost?queue=name`. It passes the "
           "same URL rules as a broker target's")
DEAD_LETTER_DOC = ("A broker Source's: the target URL, of its kind and on its broker, that "
                   "takes a message which can never be published (bad JSON, an unknown "
                   "Consumer or event type, a schema's refusal, over the quota), with the "
                   "reason in the `hookline-dead-letter-reason` header or attribute. Required "
                   "for a broker Source")
MAPPING_DOC = ("A broker Source's: where a message's Event fields are, each a JMESPath "
               "expression on its JSON body. A `hookline-consumer`, `hookline-event-type` or "
               "`hookline-idempotency-key` header (an SQS message attribute) comes first. "
               "`payload` absent: the whole body; `idempotencyKey` absent: the message's "
               "own id (Kafka's topic, partition and offset). In a PATCH, the members given "
               "replace the stored ones (null removes one); null removes them all")
CONSUMPTION_DOC = (f"A broker Source's bounds: `concurrency` (messages published at once, 1 "
                   f"to {MAX_CONCURRENCY}), `batchSize` (messages read at once, 1 to "
                   f"{MAX_BATCH['kafka']}; RabbitMQ 1 to {MAX_BATCH['amqp']}; SQS 1 to "
                   f"{MAX_BATCH['sqs']}) and, for Kafka, "
                   "`startFrom` (`latest` or `earliest`: where a new Source begins). In a "
                   "PATCH, the members given replace the stored ones (null: the default)")


class MappingIn(ApiInput):
    consumer: str | None = Field(default=None, max_length=256,
                                 description="The Consumer's externalId or id")
    event_type: str | None = Field(default=None, max_length=256)
    idempotency_key: str | None = Field(default=None, max_length=256)
    payload: str | None = Field(default=None, max_length=256,
                                description="The Event's payload (a JSON object)")


class MappingOut(ApiModel):
    consumer: str | None = None
    event_type: str | None = None
    idempotency_key: str | None = None
    payload: str | None = None


class ConsumptionIn(ApiInput):
    concurrency: int | None = Field(default=None, ge=1, le=MAX_CONCURRENCY)
    batch_size: int | None = Field(default=None, ge=1, le=max(MAX_BATCH.values()))
    start_from: Literal["latest", "earliest"] | None = None


class ConsumptionOut(ApiModel):
    concurrency: int
    batch_size: int
    start_from: str | None = None


class LagOut(ApiModel):
    messages: int | None = Field(description="Messages in the topic or queue not yet done "
                                 "with")
    seconds: float | None = Field(description="While some wait, how long ago the last "
                                  "message read was written (Kafka, SQS); 0 when none wait")
    measured_at: Timestamp


def _stored(given: ApiInput | None) -> dict[str, Any] | None:
    """The members given, a null one kept: it removes the stored member."""
    return None if given is None else given.model_dump(by_alias=True, exclude_unset=True)


class _BrokerFields(ApiInput):
    url: str | None = Field(default=None, min_length=1, max_length=2048, description=URL_DOC)
    dead_letter: str | None = Field(default=None, min_length=1, max_length=2048,
                                    description=DEAD_LETTER_DOC)
    credentials: CredentialsIn | None = Field(default=None, description=CREDENTIALS_DOC)
    tls: TlsIn | None = Field(default=None, description=TLS_DOC)
    endpoint_override: str | None = Field(default=None, max_length=2048,
                                          description=ENDPOINT_OVERRIDE_DOC)
    mapping: MappingIn | None = Field(default=None, description=MAPPING_DOC)
    consumption: ConsumptionIn | None = Field(default=None, description=CONSUMPTION_DOC)

    def broker(self) -> BrokerSettings:
        """The broker settings given; absent (KEEP) is told from null."""
        given = self.model_fields_set
        if "url" in given and self.url is None:
            raise invalid("url", "must not be null")
        return BrokerSettings(
            url=self.url,
            dead_letter=self.dead_letter if "dead_letter" in given else KEEP,
            credentials=credentials_stored(self.credentials) if "credentials" in given
            else KEEP,
            tls=stored(self.tls) if "tls" in given else KEEP,
            endpoint_override=self.endpoint_override if "endpoint_override" in given else KEEP,
            mapping=_stored(self.mapping) if "mapping" in given else KEEP,
            consumption=_stored(self.consumption) if "consumption" in given else KEEP)


BROKER_FIELDS = frozenset(_BrokerFields.model_fields)


class SourceIn(_BrokerFields):
    name: str = Field(min_length=1, max_length=200)
    type: SourceType = Field(default="webhook", description=TYPE_DOC)

    def kind(self) -> str:
        """The type given, or a broker URL's kind."""
        if "type" not in self.model_fields_set and self.url is not None \
                and kind_of(self.url) in SOURCE_KINDS:
            return kind_of(self.url)
        return self.type


class SourcePatch(_BrokerFields):
    """Absent fields stay as they are; null clears the nullable ones."""

    name: str | None = Field(default=None, min_length=1, max_length=200)
    status: Literal["enabled", "disabled"] | None = None
    provider: str | None = Field(default=None, max_length=100)
    provider_config: dict[str, Any] | None = None
    silence_alert_minutes: Minutes | None = Field(
        default=None, description="0 turns the alert off; at most 43200 (30 days)")
    alert_emails: str | None = Field(default=None, max_length=2000,
                                     description="Up to 5 addresses separated by commas")
    cron_expression: str | None = Field(default=None, max_length=200,
                                        description="cron sources only; 5 fields")
    cron_timezone: str | None = Field(default=None, max_length=100,
                                      description="cron sources only; IANA name, default UTC")
    cron_payload: str | None = Field(default=None,
                                     description="cron sources only; a JSON object's text")


class SourceSecretIn(ApiInput):
    secret: str | None = Field(description="The provider secret; null removes it")


class SourceOut(ApiModel):
    id: str
    name: str
    type: str
    status: str
    url: str = Field(description="The ingestion URL, or a broker Source's topic or queue")
    provider: str
    has_secret: bool
    provider_config: dict[str, Any] | None = None
    cron_expression: str | None = None
    cron_timezone: str | None = None
    cron_payload: str | None = None
    next_run_at: MaybeTimestamp = None
    last_run_at: MaybeTimestamp = None
    last_message_at: MaybeTimestamp = None
    silence_alert_minutes: int | None = None
    alert_emails: str | None = None
    last_alert_at: MaybeTimestamp = None
    last_alert_error: str | None = None
    destinations: int
    dead_letter: str | None = Field(default=None, description=DEAD_LETTER_DOC)
    credentials: CredentialsOut | None = Field(default=None, description=CREDENTIALS_DOC)
    tls: TlsOut | None = Field(default=None, description=TLS_DOC)
    endpoint_override: str | None = Field(default=None, description=ENDPOINT_OVERRIDE_DOC)
    mapping: MappingOut | None = Field(default=None, description=MAPPING_DOC)
    consumption: ConsumptionOut | None = Field(default=None, description=CONSUMPTION_DOC)
    lag: LagOut | None = Field(default=None, description="A broker Source's: how far "
                               "behind its topic or queue it last was")
    last_error: str | None = Field(default=None, description="A broker Source's: why it "
                                   "last could not read, publish or acknowledge")
    last_error_at: MaybeTimestamp = None
    paused_until: MaybeTimestamp = Field(
        default=None, description="A broker Source's: it reads nothing until then, the "
                                  "environment's quota or rate limit having refused, or a "
                                  "failure (`lastError`) to be tried again")
    created_at: Timestamp


def source_out(source: Source, destinations: int) -> SourceOut:
    broker = source.type in SOURCE_KINDS
    return SourceOut(
        id=source.id, name=source.name, type=source.type, status=source.status,
        url=source.url if broker and source.url else ingest_url(source.token),
        provider=source.provider,
        has_secret=source.secret is not None, provider_config=source.provider_config,
        cron_expression=source.cron_expression, cron_timezone=source.cron_timezone,
        cron_payload=source.cron_payload, next_run_at=source.next_run_at,
        last_run_at=source.last_run_at, last_message_at=source.last_message_at,
        silence_alert_minutes=source.silence_alert_minutes, alert_emails=source.alert_emails,
        last_alert_at=source.last_alert_at, last_alert_error=source.last_alert_error,
        destinations=destinations, dead_letter=source.dead_letter,
        credentials=shown(source.credentials, CREDENTIAL_SECRETS),
        tls=shown(source.tls, TLS_SECRETS), endpoint_override=source.endpoint_override,
        mapping=source.mapping, consumption=source.consumption,
        lag=LagOut(messages=source.lag_messages, seconds=source.lag_seconds,
                   measured_at=source.lag_measured_at) if source.lag_measured_at else None,
        last_error=source.last_error, last_error_at=source.last_error_at,
        paused_until=source.paused_until, created_at=source.created_at)


class ConfigFieldOut(ApiModel):
    name: str
    description: str
    required: bool


class ProviderOut(ApiModel):
    code: str
    name: str
    scheme: str
    needs_secret: bool
    config_fields: list[ConfigFieldOut]
    event_id_location: str
    stripped_headers: list[str]
    verification: str = Field(description="signature, token (the secret travels as is), "
                              "skipped (needs a key fetched over the network: never verified) "
                              "or configurable (generic)")
    handshake: str | None = Field(description="The registration handshake and how it is "
                                  "answered, or null")
