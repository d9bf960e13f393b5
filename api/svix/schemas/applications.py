"""Svix's application bodies, which read and write a Consumer: `uid` is its externalId
(none when the Consumer is its own externalId), `name` its name, `metadata` and
`throttleRate` its own fields."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from api.schemas.common import Timestamp
from api.schemas.consumers import Name200
from api.svix.schemas.common import (
    Metadata,
    NotNull,
    SvixInput,
    SvixModel,
    ThrottleRate,
    Uid,
    absent,
    not_prefixed,
)
from hookline.persistence.models import Consumer
from hookline.services.consumers import ConsumerPatch, Details
from hookline.services.patch import KEEP

ID_PREFIX = "csm_"
AppUid = Annotated[Uid, not_prefixed(ID_PREFIX)]


class ApplicationIn(SvixInput):
    name: str = Name200
    uid: AppUid | None = None
    throttle_rate: ThrottleRate | None = None
    rate_limit: ThrottleRate | None = Field(default=None, description="Svix's old name of "
                                            "throttleRate")
    metadata: Metadata = Field(default_factory=dict)

    def details(self) -> Details:
        return Details(metadata=self.metadata, throttle_rate=self.throttle_rate or
                       self.rate_limit)

    def replacement(self) -> ConsumerPatch:
        """A PUT: every field as given, absent ones cleared (no uid: none)."""
        details = self.details()
        return ConsumerPatch(name=self.name, external_id=self.uid,
                             metadata=details.metadata or {},
                             throttle_rate=details.throttle_rate)


class ApplicationPatch(SvixInput):
    """Absent fields stay; null clears `uid` and `throttleRate` (`name` and `metadata`
    cannot be null)."""

    name: Annotated[str | None, NotNull, Field(min_length=1, max_length=200)] = None
    uid: AppUid | None = None
    throttle_rate: ThrottleRate | None = None
    rate_limit: ThrottleRate | None = None
    metadata: Annotated[Metadata | None, NotNull] = None

    def patch(self) -> ConsumerPatch:
        given = self.model_fields_set
        throttle = self.throttle_rate if "throttle_rate" in given else \
            self.rate_limit if "rate_limit" in given else KEEP
        return ConsumerPatch(name=KEEP if self.name is None else self.name,
                             external_id=self.uid if "uid" in given else KEEP,
                             metadata=KEEP if self.metadata is None else self.metadata,
                             throttle_rate=throttle)


class ApplicationOut(SvixModel):
    id: str
    uid: str | None = Field(default=None, exclude_if=absent)
    name: str
    throttle_rate: int | None
    rate_limit: int | None = Field(default=None, exclude_if=absent)
    metadata: Metadata
    created_at: Timestamp
    updated_at: Timestamp

    @classmethod
    def of(cls, consumer: Consumer) -> ApplicationOut:
        uid = None if consumer.external_id == consumer.id else consumer.external_id
        return cls(id=consumer.id, uid=uid, name=consumer.name,
                   throttle_rate=consumer.throttle_rate, rate_limit=consumer.throttle_rate,
                   metadata=consumer.metadata_, created_at=consumer.created_at,
                   updated_at=consumer.updated_at or consumer.created_at)
