"""Svix's endpoint bodies over Hookline's endpoints: `eventTypes` (or `filterTypes`) are its
event types (null: every type), `throttleRate` (or `rateLimit`) its rateLimit, `disabled`
its status, `uid`, `metadata` and `channels` its own fields, `secret` a whsec_ secret (the
prefix may be left out, as Svix's SDKs say). `signatureHeaders`, Hookline's choice of
signature header names, is `svix` for an endpoint made here unless the body says."""

from __future__ import annotations

from datetime import timedelta
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, StringConstraints

from api.schemas.common import Timestamp
from api.svix.schemas.common import (
    NAME_PATTERN,
    Metadata,
    NotNull,
    SvixInput,
    SvixModel,
    ThrottleRate,
    Uid,
    not_prefixed,
)
from hookline.delivery.targets import is_enabled
from hookline.persistence.models import Endpoint
from hookline.services.endpoints import Details
from hookline.services.headers import SENSITIVE
from hookline.services.patch import KEEP
from hookline.services.polling import shown_url
from hookline.services.targets import KEY_RULES, TargetPatch
from hookline.signing import SECRET_PREFIX, SIGNING_KEY_PREFIX, SVIX, V1, V1A, is_valid_key

ID_PREFIX = "ep_"
EndpointUid = Annotated[Uid, not_prefixed(ID_PREFIX)]
Url = Annotated[str, StringConstraints(min_length=1, max_length=65536)]
# Svix's sets: at least one name (null, not [], means every type), at most 10 channels.
EventTypes = Annotated[list[str], Field(min_length=1)]
Channel = Annotated[str, StringConstraints(min_length=1, max_length=128, pattern=NAME_PATTERN)]
Channels = Annotated[list[Channel], Field(min_length=1, max_length=10)]
SignatureHeaders = Literal["webhook", "svix"]
Version = Literal[1]  # Svix's deprecated `version`: 1 is the only one


def _secret(secret: str) -> str:
    """A secret with or without its prefix, by Hookline's rule (`key` of a rotation too), or,
    as in Svix, a `whsk_` signing key, which makes the endpoint sign `v1a`."""
    if secret.startswith(SIGNING_KEY_PREFIX):
        if not is_valid_key(secret):
            raise ValueError(KEY_RULES[V1A])
        return secret
    prefixed = secret if secret.startswith(SECRET_PREFIX) else SECRET_PREFIX + secret
    if not is_valid_key(prefixed):
        raise ValueError(KEY_RULES[V1] + " (here 'whsec_' may be left out), or 'whsk_' and "
                         "an ed25519 key")
    return prefixed


Secret = Annotated[str, AfterValidator(_secret)]


class EndpointUpdate(SvixInput):
    """A PUT: every Svix field as given, absent ones cleared (`signatureHeaders`, which
    Svix's SDKs never send, stays unless given)."""

    url: Url
    description: str = ""
    throttle_rate: ThrottleRate | None = None
    rate_limit: ThrottleRate | None = Field(default=None, description="Svix's old name of "
                                            "throttleRate")
    uid: EndpointUid | None = None
    disabled: bool = False
    event_types: EventTypes | None = None
    filter_types: EventTypes | None = Field(default=None, description="Svix's old name of "
                                            "eventTypes")
    channels: Channels | None = None
    metadata: Metadata = Field(default_factory=dict)
    version: Version = 1
    signature_headers: SignatureHeaders | None = None

    def events(self) -> list[str]:
        return self.event_types or self.filter_types or []

    def replacement(self) -> TargetPatch:
        return TargetPatch(url=self.url, status="disabled" if self.disabled else "enabled",
                           description=self.description or None,
                           rate_limit=self.throttle_rate or self.rate_limit,
                           events=self.events(), uid=self.uid, metadata=self.metadata,
                           channels=self.channels, signature_headers=self.signature_headers)

    def details(self) -> Details:
        return Details(uid=self.uid, metadata=self.metadata, channels=self.channels,
                       disabled=self.disabled)


class EndpointIn(EndpointUpdate):
    """A create: also the secret (made when absent) and the fixed headers."""

    secret: Secret | None = None
    headers: dict[str, str] | None = None

    def names(self) -> str:
        """Svix's SDKs verify `svix-*`: an endpoint made through /api/v1 signs under those
        names unless the body chose."""
        return self.signature_headers or SVIX


class EndpointPatch(SvixInput):
    """Absent fields stay; null clears `uid`, `throttleRate` and `channels`, and makes
    `eventTypes` every type again (the others cannot be null)."""

    url: Annotated[Url | None, NotNull] = None
    description: Annotated[str | None, NotNull] = None
    throttle_rate: ThrottleRate | None = None
    rate_limit: ThrottleRate | None = None
    uid: EndpointUid | None = None
    disabled: Annotated[bool | None, NotNull] = None
    event_types: EventTypes | None = None
    filter_types: EventTypes | None = None
    channels: Channels | None = None
    metadata: Annotated[Metadata | None, NotNull] = None
    version: Annotated[Version | None, NotNull] = None
    signature_headers: Annotated[SignatureHeaders | None, NotNull] = None

    def patch(self) -> TargetPatch:
        given = self.model_fields_set
        throttle = self.throttle_rate if "throttle_rate" in given else \
            self.rate_limit if "rate_limit" in given else KEEP
        types = given & {"event_types", "filter_types"}
        events = (self.event_types or self.filter_types or []) if types else None
        status = None if self.disabled is None else "disabled" if self.disabled else "enabled"
        return TargetPatch(
            url=self.url, status=status,
            description=KEEP if self.description is None else self.description or None,
            rate_limit=throttle, events=events, uid=self.uid if "uid" in given else KEEP,
            metadata=self.metadata,
            channels=self.channels if "channels" in given else KEEP,
            signature_headers=self.signature_headers)


class EndpointCommon(SvixModel):
    """What every answer showing an endpoint has (Svix's `EndpointOutCommon`). Svix's
    server shows `filterTypes` and `rateLimit` too, copies of `eventTypes` and
    `throttleRate`."""

    id: str
    uid: str | None
    url: str
    description: str
    disabled: bool
    event_types: list[str] | None
    filter_types: list[str] | None
    channels: list[str] | None
    throttle_rate: int | None
    rate_limit: int | None
    version: int = 1
    created_at: Timestamp
    updated_at: Timestamp


class EndpointOut(EndpointCommon):
    """`signatureHeaders` is Hookline's."""

    metadata: Metadata
    signature_headers: str

    @classmethod
    def of(cls, endpoint: Endpoint) -> EndpointOut:
        """A polling endpoint's `url`, which Svix's schema requires, is where it is pulled."""
        types = list(endpoint.events) or None
        return cls(id=endpoint.id, uid=endpoint.uid, url=shown_url(endpoint),
                   description=endpoint.description or "",
                   disabled=not is_enabled(endpoint), event_types=types,
                   filter_types=types, channels=endpoint.channels,
                   throttle_rate=endpoint.rate_limit, rate_limit=endpoint.rate_limit,
                   metadata=endpoint.metadata_, signature_headers=endpoint.signature_headers,
                   created_at=endpoint.created_at, updated_at=endpoint.updated_at)




class EndpointHeadersIn(SvixInput):
    headers: dict[str, str]


class EndpointHeadersPatchIn(SvixInput):
    """Svix's server removes a header whose value is null; its SDKs name them in
    `deleteHeaders`: both work."""

    headers: dict[str, str | None]
    delete_headers: list[str] = Field(default_factory=list)


class EndpointHeadersOut(SvixModel):
    headers: dict[str, str]
    sensitive: list[str]

    @classmethod
    def of(cls, headers: dict[str, str]) -> EndpointHeadersOut:
        return cls(headers={k: v for k, v in headers.items() if k.lower() not in SENSITIVE},
                   sensitive=[k for k in headers if k.lower() in SENSITIVE])


class EndpointSecretOut(SvixModel):
    key: str


GRACE_MAX = 7 * 86400  # Svix's: the previous secret signs for up to 7 days


class EndpointSecretRotateIn(SvixInput):
    """`key` null: a new secret is made; `gracePeriodSeconds` (24 hours when absent): how
    long the previous one keeps signing beside it."""

    key: Secret | None = None
    grace_period_seconds: Annotated[int | None, Field(ge=0, le=GRACE_MAX)] = None

    def overlap(self) -> timedelta | None:
        seconds = self.grace_period_seconds
        return None if seconds is None else timedelta(seconds=seconds)
