"""Sources, their provider settings, and the provider catalogue."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from api.schemas.common import ApiInput, ApiModel, AsInt32, MaybeTimestamp, Timestamp
from hookline.persistence.models import Source
from hookline.services.sources import ingest_url

Minutes = Annotated[int, Field(ge=0, le=43200), AsInt32]


class SourceIn(ApiInput):
    name: str = Field(min_length=1, max_length=200)
    type: Literal["webhook", "cron"] = "webhook"


class SourcePatch(ApiInput):
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
    url: str
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
    created_at: Timestamp


def source_out(source: Source, destinations: int) -> SourceOut:
    return SourceOut(
        id=source.id, name=source.name, type=source.type, status=source.status,
        url=ingest_url(source.token), provider=source.provider,
        has_secret=source.secret is not None, provider_config=source.provider_config,
        cron_expression=source.cron_expression, cron_timezone=source.cron_timezone,
        cron_payload=source.cron_payload, next_run_at=source.next_run_at,
        last_run_at=source.last_run_at, last_message_at=source.last_message_at,
        silence_alert_minutes=source.silence_alert_minutes, alert_emails=source.alert_emails,
        last_alert_at=source.last_alert_at, last_alert_error=source.last_alert_error,
        destinations=destinations,
        created_at=source.created_at)


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
