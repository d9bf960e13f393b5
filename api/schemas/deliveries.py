"""Deliveries and their attempts, for both sending (events) and receiving (messages)."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field, field_serializer

from api.schemas.common import ApiModel
from hookline.timeutil import iso

ERROR_TYPES_DOC = (
    "null on success; else why the attempt failed: http_status (the receiver answered "
    "non-2xx, see statusCode), timeout, connection, dns, tls, blocked_url (the URL guard "
    "refused the address), oauth (the target's OAuth2 token endpoint gave no token, so "
    "nothing was sent to the receiver), proxy (the egress proxy failed), transformation (the "
    "target's code failed), broker_unreachable, broker_refused or broker_auth (a broker "
    "target's publish: the broker could not be reached or did not confirm, refused the "
    "message, or refused the credentials), or circuit_open (no request was sent: the "
    "target's circuit breaker was still open when the Delivery's retry window ended, so it "
    "ended exhausted), or not_polled (a polling endpoint's Consumer did not pull and commit "
    "it within HOOKLINE_POLL_WINDOW)")


class DeliveryOut(ApiModel):
    id: str
    status: str
    event_id: str | None = None
    message_id: str | None = None
    endpoint_id: str | None = None
    destination_id: str | None = None
    attempts: int
    next_attempt_at: datetime | None = None
    last_attempt_at: datetime | None = None
    # The last attempt's outcome, so a list answers "why" without a call per Delivery.
    response_status: int | None = Field(default=None, validation_alias="last_status_code")
    error_type: str | None = Field(default=None, validation_alias="last_error_type",
                                   description=ERROR_TYPES_DOC)
    duration_ms: int | None = Field(default=None, validation_alias="last_duration_ms")
    created_at: datetime
    updated_at: datetime

    @field_serializer("next_attempt_at", "last_attempt_at", "created_at", "updated_at")
    def _iso(self, value: datetime | None) -> str | None:
        return iso(value)


class AttemptOut(ApiModel):
    id: str
    delivery_id: str
    target_id: str | None = None
    attempt: int
    status: str
    status_code: int | None = None
    response_body: str | None = None
    error_type: str | None = Field(default=None, description=ERROR_TYPES_DOC)
    error_message: str | None = None
    duration_ms: int
    created_at: datetime

    @field_serializer("created_at")
    def _iso(self, value: datetime) -> str | None:
        return iso(value)


class RetryOut(ApiModel):
    id: str
    status: str = "queued"


class SkippedOut(ApiModel):
    id: str
    status: str = "exhausted"
    next: str | None = Field(default=None, description="The Delivery now at the head of the "
                                                       "line; null when none waits")


def delivery_out(row: object) -> DeliveryOut:
    return DeliveryOut.model_validate(row, from_attributes=True)
