"""Destinations: where a Source forwards its messages."""

from __future__ import annotations

from typing import Any, Literal, cast

from pydantic import Field

from api.schemas.common import ApiInput
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
from hookline.persistence.models import Destination
from hookline.services.patch import KEEP
from hookline.services.target_credentials import Broker
from hookline.services.targets import TargetPatch, TargetRow

__all__ = ["SecretIn", "SecretOut"]

Url = Field(min_length=1, max_length=2048)


class DestinationIn(ApiInput):
    url: str = Url
    description: str | None = None
    headers: dict[str, str] | None = Field(default=None, description="Fixed headers")
    rate_limit: RateLimit | None = Field(default=None, description=RATE_LIMIT_DOC)
    filter: str | None = Field(default=None, description=FILTER_DOC)
    transformation: str | None = Field(default=None, description=TRANSFORMATION_DOC)
    signature_scheme: SignatureScheme = "v1"
    auth: AuthIn | None = Field(default=None, description=AUTH_DOC)
    tls: TlsIn | None = Field(default=None, description=TLS_DOC)
    credentials: CredentialsIn | None = Field(default=None, description=CREDENTIALS_DOC)
    endpoint_override: str | None = Field(default=None, max_length=2048,
                                          description=ENDPOINT_OVERRIDE_DOC)
    ordering: Ordering | None = Field(default=None, description=ORDERING_DOC)
    batch: Batch | None = Field(default=None, description=BATCH_DOC)

    def broker(self) -> Broker:
        return Broker(credentials_stored(self.credentials), self.endpoint_override)


class DestinationPatch(ApiInput):
    """Absent fields stay as they are; `headers` replaces all fixed headers."""

    url: str | None = Field(default=None, min_length=1, max_length=2048)
    description: str | None = None
    status: Literal["enabled", "disabled"] | None = None
    headers: dict[str, str] | None = None
    rate_limit: RateLimit | None = Field(default=None,
                                         description=RATE_LIMIT_DOC + "; absent: unchanged")
    filter: str | None = Field(default=None, description=FILTER_DOC + "; absent: unchanged")
    transformation: str | None = Field(default=None,
                                       description=TRANSFORMATION_DOC + "; absent: unchanged")
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
        """`description`, `rateLimit`, `filter`, `transformation`, `auth`, `tls`,
        `credentials` and `endpointOverride` may be null: absent (KEEP) is told from null."""
        given = self.model_fields_set
        return TargetPatch(
            url=self.url, status=self.status, headers=self.headers,
            description=self.description if "description" in given else KEEP,
            rate_limit=self.rate_limit if "rate_limit" in given else KEEP,
            filter=self.filter if "filter" in given else KEEP,
            transformation=self.transformation if "transformation" in given else KEEP,
            auth=stored(self.auth) if "auth" in given else KEEP,
            tls=stored(self.tls) if "tls" in given else KEEP,
            credentials=credentials_stored(self.credentials) if "credentials" in given
            else KEEP,
            endpoint_override=self.endpoint_override if "endpoint_override" in given else KEEP,
            ordering=ordering_patch(self.ordering, given),
            batch=batch_patch(self.batch, given))


class DestinationOut(TargetOut):
    source_id: str
    status: str

    @classmethod
    def own_fields(cls, row: TargetRow) -> dict[str, Any]:
        return {"source_id": cast(Destination, row.target).source_id}


class DestinationCreated(DestinationOut):
    secret: str = Field(description="Shown only in this response: the whsec_ secret (v1), or "
                        "the whpk_ public key (v1a)")
