"""What endpoints and destinations share on the wire: the throttle (`rateLimit`), and the
circuit breaker and adaptive concurrency limit the delivery engine keeps for each."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Self

from pydantic import Field

from api.schemas.common import ApiInput, ApiModel, AsInt32, MaybeTimestamp, Timestamp
from api.schemas.credentials import (
    AUTH_DOC,
    CREDENTIALS_DOC,
    ENDPOINT_OVERRIDE_DOC,
    TLS_DOC,
    AuthOut,
    CredentialsOut,
    TlsOut,
)
from hookline.delivery.credentials import AUTH_SECRETS, CREDENTIAL_SECRETS, TLS_SECRETS, shown
from hookline.delivery.targets import RATE_LIMIT_MAX, RATE_LIMIT_MIN, Target, is_enabled
from hookline.services.headers import masked
from hookline.services.patch import KEEP, Keep
from hookline.services.targets import TargetRow
from hookline.signing import V1A, public_key, scheme_of, verifying_key
from hookline.target_kinds import is_polling

RATE_LIMIT_DOC = (f"Deliveries per second at most, {RATE_LIMIT_MIN} to {RATE_LIMIT_MAX}, "
                  "across every worker; null (the default) is no limit")
RateLimit = Annotated[int, Field(ge=RATE_LIMIT_MIN, le=RATE_LIMIT_MAX), AsInt32]
FILTER_DOC = ("A CEL expression, at most 4 KB, that decides at fan-out whether an event (for an "
              "endpoint: `type`, `data`, `consumer`, `eventId`) or a message (for a "
              "destination: `body`, `headers`, `query`, `contentType`, `provider`) makes a "
              "Delivery for it; an evaluation error counts as no match. null: no filter")
TRANSFORMATION_DOC = (
    "JavaScript, at most 64 KB, defining `function handler(webhook)`: run at every attempt "
    "with `{method, url, eventType, payload, headers, cancel}`, it returns the webhook "
    "changed (`payload` is sent, `headers` added, `url` replaced, `cancel: true` sends "
    "nothing). An error, a timeout or the memory limit fails the attempt with errorType "
    "`transformation`. null: none")
SIGNATURE_SCHEME_DOC = (
    "How deliveries are signed (Standard Webhooks): `v1`, HMAC-SHA256 with a `whsec_` secret "
    "the receiver also holds (the default), or `v1a`, ed25519 with a `whsk_` signing key the "
    "service keeps, the receiver holding only its `whpk_` public key (`publicKey`). A target's "
    "scheme is its key's kind: a rotation to a key of the other kind switches it, and both "
    "sign during the rotation's overlap")
SignatureScheme = Annotated[Literal["v1", "v1a"], Field(description=SIGNATURE_SCHEME_DOC)]
CircuitState = Annotated[Literal["closed", "open", "half_open"], Field(
    description="The circuit breaker: it opens after consecutive failures that say the "
                "receiver is down (timeouts, connection errors, 5xx, 429) and stops attempts; "
                "when its time is up one probe attempt goes (half_open), and a success "
                "closes it")]


ORDERING_DOC = (
    "Strict order: null (the default) delivers each event independently; an object makes "
    "one line per value of `key` (a JMESPath expression on the body; absent or null: one "
    "line for the whole target), each delivered one at a time in the order the events were "
    "accepted. The Deliveries waiting behind a line's head are `held`. `onExhausted`: "
    "`block` (the default) keeps an exhausted head at its line's head until it is retried "
    "or skipped (POST /v1/deliveries/{id}/skip); `skip` lets the line move on")


class Ordering(ApiInput):
    key: str | None = Field(default=None, max_length=256,
                            description="A JMESPath expression on the body, such as "
                            "`data.customer.id`; an event where it finds no string or number "
                            "goes to the line of the empty key")
    on_exhausted: Literal["block", "skip"] = Field(
        default="block", description="What an exhausted head does to its line")

    def stored(self) -> dict[str, Any]:
        return self.model_dump(by_alias=True)


BATCH_DOC = (
    "Batches: null (the default) sends each Delivery in its own request; an object sends up "
    "to `maxSize` ready Deliveries in one request, as soon as `maxSize` are ready or the "
    "oldest has waited `maxWaitMs`. The body is `{\"type\": \"batch\", \"events\": "
    "[...]}` (each event's usual body, in order), signed once with a batch id as "
    "`webhook-id`; one answer decides every Delivery in it, and a failed batch is retried "
    "whole. A broker target gets one record per Delivery, in order")


class Batch(ApiInput):
    max_size: int = Field(ge=1, le=1000, description="Deliveries in one request at most")
    max_wait_ms: int = Field(default=0, ge=0, le=60_000,
                             description="How long the oldest ready Delivery waits for the "
                             "batch to fill (milliseconds)")

    def stored(self) -> dict[str, Any]:
        return self.model_dump(by_alias=True)


def batch_patch(batch: Batch | None, given: set[str]) -> dict[str, Any] | Keep | None:
    """A PATCH's `batch`: absent keeps it, null removes it."""
    if "batch" not in given:
        return KEEP
    return batch.stored() if batch is not None else None


def ordering_patch(ordering: Ordering | None, given: set[str]) -> dict[str, Any] | Keep | None:
    """A PATCH's `ordering`: absent keeps it, null removes it."""
    if "ordering" not in given:
        return KEEP
    return ordering.stored() if ordering is not None else None


class TargetOut(ApiModel):
    """What an endpoint's and a destination's records share."""

    id: str
    url: str
    description: str | None = None
    custom_headers: dict[str, str]
    rate_limit: int | None = Field(description=RATE_LIMIT_DOC)
    filter: str | None = Field(description=FILTER_DOC)
    transformation: str | None = Field(description=TRANSFORMATION_DOC)
    signature_scheme: SignatureScheme
    public_key: str | None = Field(description="`v1a`: the `whpk_` public key receivers "
                                   "verify with; null for `v1`")
    circuit: CircuitState
    circuit_opened_at: MaybeTimestamp = Field(
        description="When the circuit last opened; null while closed")
    circuit_retry_at: MaybeTimestamp = Field(
        description="While open: when one probe attempt may go")
    auth: AuthOut | None = Field(default=None, description=AUTH_DOC)
    tls: TlsOut | None = Field(default=None, description=TLS_DOC)
    credentials: CredentialsOut | None = Field(default=None, description=CREDENTIALS_DOC)
    endpoint_override: str | None = Field(default=None, description=ENDPOINT_OVERRIDE_DOC)
    ordering: Ordering | None = Field(default=None, description=ORDERING_DOC)
    batch: Batch | None = Field(default=None, description=BATCH_DOC)
    concurrency_limit: int = Field(
        ge=1, description="Read-only: the attempts the engine sends at once now. It adapts to "
        "the receiver: it grows while answers come promptly and without errors, and shrinks "
        "on timeouts, connection errors, 5xx, 429 and answers well slower than usual; from 1 "
        "up to the service's HOOKLINE_TARGET_MAX_IN_FLIGHT")
    created_at: Timestamp
    updated_at: Timestamp

    @classmethod
    def own_fields(cls, row: TargetRow) -> dict[str, Any]:
        """The fields of this kind of target only."""
        return {}

    @classmethod
    def of(cls, row: TargetRow, given_headers: dict[str, str] | None = None) -> Self:
        """The record; one that has a `secret` field (at creation) shows what a receiver
        verifies with: the secret (`v1`) or the public key (`v1a`), never a signing key.
        Fixed headers that are credentials show masked, but those `given_headers` (the
        answered request's) gave as they are."""
        shown = ({"secret": verifying_key(row.target.secret)} if "secret" in cls.model_fields
                 else {})
        return cls(**target_fields(row, given_headers), **cls.own_fields(row), **shown)


class SecretOut(ApiModel):
    secret: str = Field(description="What receivers verify with from now: the `whsec_` "
                        "secret (`v1`) or the `whpk_` public key (`v1a`)")


class SecretIn(ApiInput):
    """A rotation: a new key of the target's scheme, of `signatureScheme` (a switch), or the
    one given."""

    secret: str | None = Field(default=None, description="A whsec_ secret (v1) or a whsk_ "
                               "signing key (v1a); made when absent")
    signature_scheme: SignatureScheme | None = Field(
        default=None, description="The scheme of the new key; absent: the target's, or the "
        "given secret's")


def target_fields(row: TargetRow, given_headers: dict[str, str] | None = None
                  ) -> dict[str, Any]:
    """The shared fields of an endpoint's or a destination's record, with its breaker and
    its concurrency limit (`TargetOut.of`)."""
    target, health = row.target, row.health
    return {"id": target.id, "url": None if is_polling(target.url) else target.url,
            "description": target.description,
            "status": shown_status(target),
            "custom_headers": masked(target.custom_headers, given_headers),
            "rate_limit": target.rate_limit,
            "filter": target.filter, "transformation": target.transformation,
            "signature_scheme": scheme_of(target.secret),
            "public_key": public_key(target.secret) if scheme_of(target.secret) == V1A
            else None,
            "auth": shown(target.auth, AUTH_SECRETS), "tls": shown(target.tls, TLS_SECRETS),
            "credentials": shown(target.credentials, CREDENTIAL_SECRETS),
            "endpoint_override": target.endpoint_override, "ordering": target.ordering,
            "batch": target.batch,
            "circuit": health.state, "circuit_opened_at": health.opened_at,
            "circuit_retry_at": health.retry_at,
            "concurrency_limit": health.concurrency_limit, "created_at": target.created_at,
            "updated_at": target.updated_at}


def shown_status(target: Target) -> str:
    """The status as the API shows it: an endpoint's as stored (the spec's three names), a
    destination's as `enabled` or `disabled` (`disabledReason` in its stats says why)."""
    if target.KIND == "endpoint":
        return target.status
    return "enabled" if is_enabled(target) else "disabled"
