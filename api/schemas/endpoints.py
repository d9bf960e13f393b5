from __future__ import annotations

from typing import Any, Literal, cast

from pydantic import Field
from pydantic.alias_generators import to_camel

from api.schemas.common import ApiInput, ApiModel, MaybeTimestamp
from api.schemas.credentials import (
    AUTH_DOC,
    CREDENTIALS_DOC,
    ENDPOINT_OVERRIDE_DOC,
    TLS_DOC,
    AuthIn,
    CredentialsIn,
    TlsIn,
    credentials_stored,
    stored,
)
from api.schemas.targets import (
    BATCH_DOC,
    FILTER_DOC,
    ORDERING_DOC,
    RATE_LIMIT_DOC,
    TRANSFORMATION_DOC,
    Batch,
    Ordering,
    RateLimit,
    SecretIn,
    SecretOut,
    SignatureScheme,
    TargetOut,
    batch_patch,
    ordering_patch,
)
from hookline.errors import invalid
from hookline.persistence.models import Endpoint
from hookline.services.patch import KEEP
from hookline.services.polling import committed_through, poll_url
from hookline.services.target_credentials import Broker
from hookline.services.targets import TargetPatch, TargetRow
from hookline.target_kinds import POLLING, POLLING_URL, is_polling, kind_of

__all__ = ["SecretIn", "SecretOut"]

Headers = dict[str, str]
SignatureHeaders = Literal["webhook", "svix"]
EndpointKind = Literal["http", "kafka", "amqp", "sqs", "sns", "eventbridge", "kinesis", "s3",
                       "polling"]
KIND_DOC = ("`polling` (no URL: its Consumer pulls its Deliveries from `pollUrl` with its poll "
            "token), or the kind its URL names: `http`, or a broker's")
SIGNATURE_HEADERS_DOC = ("The names the signature goes under, with the same values: `webhook` "
                         "(Webhook-Id, Webhook-Timestamp, Webhook-Signature: Standard "
                         "Webhooks) or `svix` (svix-id, svix-timestamp, svix-signature, what "
                         "Svix's verifiers also read)")


class OperationalEndpointIn(ApiInput):
    """An endpoint's settings; an operational endpoint's `events` are operational types."""

    url: str
    events: list[str] | None = Field(default=None, description="Absent or [] means all types")
    description: str | None = None
    headers: Headers | None = Field(default=None, description="Fixed headers")
    secret: str | None = Field(default=None, description="A whsec_ secret (v1) or a whsk_ "
                               "signing key (v1a); made when absent")
    rate_limit: RateLimit | None = Field(default=None, description=RATE_LIMIT_DOC)
    signature_scheme: SignatureScheme | None = Field(
        default=None, description="absent: the given secret's, else v1")
    signature_headers: SignatureHeaders = Field(default="webhook",
                                                description=SIGNATURE_HEADERS_DOC)
    auth: AuthIn | None = Field(default=None, description=AUTH_DOC)
    tls: TlsIn | None = Field(default=None, description=TLS_DOC)
    credentials: CredentialsIn | None = Field(default=None, description=CREDENTIALS_DOC)
    endpoint_override: str | None = Field(default=None, max_length=2048,
                                          description=ENDPOINT_OVERRIDE_DOC)

    def broker(self) -> Broker:
        return Broker(credentials_stored(self.credentials), self.endpoint_override)


class EndpointIn(OperationalEndpointIn):
    url: str | None = Field(default=None, description="Where its Deliveries are sent; "  # type: ignore[assignment]
                            "required, but for a polling endpoint, which has none")
    kind: EndpointKind | None = Field(default=None, description=KIND_DOC + "; absent: its "
                                      "URL's")
    consumer: str = Field(description="The Consumer's externalId")
    filter: str | None = Field(default=None, description=FILTER_DOC)
    transformation: str | None = Field(default=None, description=TRANSFORMATION_DOC)
    ordering: Ordering | None = Field(default=None, description=ORDERING_DOC)
    batch: Batch | None = Field(default=None, description=BATCH_DOC)

    def resolved(self) -> EndpointIn:
        """The body with the URL a polling endpoint stores (`kind: polling`, no `url`), or
        the 422 of a `url` and a `kind` that do not agree."""
        if self.kind == POLLING:
            if self.url is not None:
                raise invalid("url", "a polling endpoint has no URL: leave it out")
            return self.model_copy(update={"url": POLLING_URL})
        if self.url is None:
            raise invalid("url", "is required, unless kind is 'polling'")
        if is_polling(self.url):
            raise invalid("url", "is not a URL: for a polling endpoint, give kind 'polling' "
                                 "and no url")
        if self.kind is not None and kind_of(self.url) != self.kind:
            raise invalid("kind", f"is {self.kind!r}, but the URL is of kind "
                                  f"{kind_of(self.url)!r}")
        return self


class EndpointPatchIn(ApiInput):
    url: str | None = None
    events: list[str] | None = Field(default=None, description="Replaces the list; [] = all")
    status: Literal["enabled", "disabled"] | None = None
    description: str | None = None
    rate_limit: RateLimit | None = Field(default=None,
                                         description=RATE_LIMIT_DOC + "; absent: unchanged")
    filter: str | None = Field(default=None, description=FILTER_DOC + "; absent: unchanged")
    transformation: str | None = Field(default=None,
                                       description=TRANSFORMATION_DOC + "; absent: unchanged")
    signature_headers: SignatureHeaders | None = Field(
        default=None, description=SIGNATURE_HEADERS_DOC + "; absent: unchanged")
    auth: AuthIn | None = Field(default=None, description=AUTH_DOC + "; absent: unchanged")
    tls: TlsIn | None = Field(default=None, description=TLS_DOC + "; absent: unchanged")
    credentials: CredentialsIn | None = Field(default=None,
                                              description=CREDENTIALS_DOC + "; absent: unchanged")
    endpoint_override: str | None = Field(
        default=None, max_length=2048, description=ENDPOINT_OVERRIDE_DOC + "; absent: unchanged")
    ordering: Ordering | None = Field(default=None,
                                      description=ORDERING_DOC + "; absent: unchanged")
    batch: Batch | None = Field(default=None, description=BATCH_DOC + "; absent: unchanged")

    def to_patch(self) -> TargetPatch:
        """Absent fields stay as they are; null is refused where the field cannot be null,
        rather than guessed to mean "unchanged" or "reset"."""
        for name in ("url", "events", "status", "signature_headers"):
            if name in self.model_fields_set and getattr(self, name) is None:
                raise invalid(to_camel(name), "must not be null; leave the field out to keep "
                                              "it")
        given = self.model_fields_set
        return TargetPatch(
            url=self.url, events=self.events, status=self.status,
            description=self.description if "description" in given else KEEP,
            rate_limit=self.rate_limit if "rate_limit" in given else KEEP,
            filter=self.filter if "filter" in given else KEEP,
            transformation=self.transformation if "transformation" in given else KEEP,
            signature_headers=self.signature_headers,
            auth=stored(self.auth) if "auth" in given else KEEP,
            tls=stored(self.tls) if "tls" in given else KEEP,
            credentials=credentials_stored(self.credentials) if "credentials" in given
            else KEEP,
            endpoint_override=self.endpoint_override if "endpoint_override" in given else KEEP,
            ordering=ordering_patch(self.ordering, given),
            batch=batch_patch(self.batch, given))


class HeadersIn(ApiInput):
    headers: Headers


class PollOut(ApiModel):
    url: str = Field(description="Where its Consumer pulls: GET, with the endpoint's poll "
                     "token as the bearer; POST `/commit` and `/seek` below it")
    cursor: str | None = Field(description="The committed cursor; null before any commit")
    committed_through: MaybeTimestamp = Field(
        description="Its Deliveries made up to this time are committed (or skipped by a "
        "seek); null before any commit")

    @classmethod
    def of(cls, endpoint: Endpoint) -> PollOut:
        return cls(url=poll_url(endpoint.id), cursor=endpoint.poll_cursor,
                   committed_through=committed_through(endpoint.poll_cursor))


class EndpointOut(TargetOut):
    url: str | None = Field(description="Where its Deliveries are sent; null for a polling "  # type: ignore[assignment]
                            "endpoint")
    kind: EndpointKind = Field(description=KIND_DOC)
    consumer: str
    status: Literal["Enabled", "DisabledAutomatically", "DisabledManually"]
    events: list[str]
    signature_headers: SignatureHeaders = Field(description=SIGNATURE_HEADERS_DOC)
    poll: PollOut | None = Field(default=None, description="A polling endpoint's: where its "
                                 "Consumer pulls, and how far it has committed")

    @classmethod
    def own_fields(cls, row: TargetRow) -> dict[str, Any]:
        endpoint = cast(Endpoint, row.target)
        polled = is_polling(endpoint.url)
        return {"consumer": row.consumer, "events": list(endpoint.events),
                "signature_headers": endpoint.signature_headers,
                "kind": kind_of(endpoint.url),
                "poll": PollOut.of(endpoint) if polled else None}


class EndpointCreated(EndpointOut):
    secret: str = Field(description="Shown only in this response: the whsec_ secret (v1), or "
                        "the whpk_ public key (v1a)")
    poll_token: str | None = Field(default=None, description="A polling endpoint's: the "
                                   "hlpoll_ token its Consumer pulls with, shown in this "
                                   "response and on its portal page")

    @classmethod
    def own_fields(cls, row: TargetRow) -> dict[str, Any]:
        return {**super().own_fields(row), "poll_token": cast(Endpoint, row.target).poll_token}


class PollTokenOut(ApiModel):
    poll_token: str = Field(description="The hlpoll_ token its Consumer pulls with now")


class EndpointTestResult(ApiModel):
    success: bool = Field(description="The endpoint answered 2xx")
    status_code: int | None
    error_type: str | None = Field(description="null on success; else http_status, timeout, "
                                               "connection, dns, tls, blocked_url, oauth, "
                                               "proxy, broker_unreachable, broker_refused or "
                                               "broker_auth")
    error_message: str | None
    duration_ms: int
