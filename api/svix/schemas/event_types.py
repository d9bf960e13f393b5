"""Svix's event-type bodies over Hookline's event types: `schemas` is `{"1": <JSON
Schema>}`, the type's current schema (Hookline keeps one, with its earlier versions), and
`archived` and `deprecated` are the type's marks."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import field_validator

from api.schemas.common import Timestamp
from api.schemas.consumers import Name200
from api.svix.schemas.common import NotNull, SvixInput, SvixModel
from hookline.persistence.models import EventType
from hookline.services.event_types import Flags, SchemaSettings
from hookline.services.patch import KEEP, Keep

VERSION = "1"  # the version Svix's schemas are written under, and ours is read as
Schemas = dict[str, dict[str, Any]]


def _one_version(schemas: Schemas | None) -> Schemas | None:
    if schemas is not None and set(schemas) - {VERSION}:
        raise ValueError("Hookline keeps one schema per event type (earlier ones as its "
                         f"history): send it as version {VERSION!r}")
    return schemas


def _no_flag(flag: str | None) -> str | None:
    if flag is not None:
        raise ValueError("feature flags are not supported: a portal link chooses the event "
                         "types it offers instead")
    return flag


class EventTypeUpdate(SvixInput):
    """A PUT: every field as given; absent `schemas` removes the schema."""

    description: str
    archived: bool = False
    deprecated: bool = False
    schemas: Schemas | None = None
    feature_flag: str | None = None

    _schemas = field_validator("schemas")(_one_version)
    _flag = field_validator("feature_flag")(_no_flag)

    def settings(self) -> SchemaSettings:
        return SchemaSettings(schema=(self.schemas or {}).get(VERSION))

    def flags(self) -> Flags:
        return Flags(archived=self.archived, deprecated=self.deprecated)


class EventTypeIn(EventTypeUpdate):
    name: str = Name200


class EventTypePatch(SvixInput):
    """Absent fields stay; null removes the schema (the others cannot be null)."""

    description: Annotated[str | None, NotNull] = None
    archived: Annotated[bool | None, NotNull] = None
    deprecated: Annotated[bool | None, NotNull] = None
    schemas: Schemas | None = None
    feature_flag: str | None = None

    _schemas = field_validator("schemas")(_one_version)
    _flag = field_validator("feature_flag")(_no_flag)

    def description_or_keep(self) -> str | Keep:
        return KEEP if self.description is None else self.description

    def settings(self) -> SchemaSettings:
        if "schemas" not in self.model_fields_set:
            return SchemaSettings()
        return SchemaSettings(schema=(self.schemas or {}).get(VERSION))

    def flags(self) -> Flags:
        return Flags(archived=KEEP if self.archived is None else self.archived,
                     deprecated=KEEP if self.deprecated is None else self.deprecated)


class EventTypeOut(SvixModel):
    name: str
    description: str
    archived: bool
    deprecated: bool
    schemas: Schemas | None
    feature_flag: str | None = None
    created_at: Timestamp
    updated_at: Timestamp

    @classmethod
    def of(cls, event_type: EventType, schema: dict[str, Any] | None,
           with_content: bool = True) -> EventTypeOut:
        """`with_content` False: without its schema, as Svix's lists answer by default."""
        schemas = {VERSION: schema} if with_content and schema is not None else None
        return cls(name=event_type.name, description=event_type.description or "",
                   archived=event_type.archived, deprecated=event_type.deprecated,
                   schemas=schemas, created_at=event_type.created_at,
                   updated_at=event_type.updated_at or event_type.created_at)
