"""Every statement on `event_types` and their versioned schemas (`event_type_schemas`):
publish's check of a type and of its schema, and the API's reads."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy import bindparam, func, tuple_
from sqlmodel import Session, col, select

from hookline.persistence.models import EventType, EventTypeSchema, table_of

# Publishing reads these on every request: built once, bound parameters, plain columns.
_TYPES, _SCHEMAS = table_of(EventType), table_of(EventTypeSchema)
_REGISTERED = sa.select(_TYPES.c.id, _TYPES.c.validation, _TYPES.c.schema_version,
                        _TYPES.c.archived).where(
    _TYPES.c.environment_id == bindparam("env"), _TYPES.c.name == bindparam("type"))
_SCHEMA = sa.select(_SCHEMAS.c.schema).where(_SCHEMAS.c.event_type_id == bindparam("type"),
                                            _SCHEMAS.c.version == bindparam("version"))


def registered(session: Session, env_id: str, name: str) -> Any:
    """(id, validation, schema_version, archived) of the environment's type, or None."""
    return session.execute(_REGISTERED, {"env": env_id, "type": name}).first()


def schema(session: Session, type_id: str, version: int) -> Any:
    return session.execute(_SCHEMA, {"type": type_id, "version": version}).scalar_one()


def by_name(session: Session, env_id: str, name: str) -> EventType | None:
    return session.exec(select(EventType).where(EventType.environment_id == env_id,
                                                EventType.name == name)).first()


def page(session: Session, env_id: str, after: str | None, limit: int | None, *,
         ascending: bool = True, include_archived: bool = False) -> list[EventType]:
    """By name (descending unless `ascending`) from past `after`; limit+1 rows for the pager
    (all of them for None)."""
    query = select(EventType).where(EventType.environment_id == env_id)
    if not include_archived:
        query = query.where(col(EventType.archived).is_(False))
    key = col(EventType.name)
    if after:
        query = query.where(key > after if ascending else key < after)
    query = query.order_by(key.asc() if ascending else key.desc())
    return list(session.exec(query if limit is None else query.limit(limit + 1)).all())


def names_in(session: Session, env_id: str, names: list[str]) -> set[str]:
    """Those of `names` registered and not archived."""
    return set(session.exec(select(EventType.name).where(
        EventType.environment_id == env_id, col(EventType.name).in_(names),
        col(EventType.archived).is_(False))).all())


def last_version(session: Session, type_id: str) -> int | None:
    return session.exec(select(func.max(EventTypeSchema.version)).where(
        EventTypeSchema.event_type_id == type_id)).one()


def schemas_of(session: Session, pairs: list[tuple[str, int]]) -> list[EventTypeSchema]:
    """The schemas of these (type id, version) pairs."""
    return list(session.exec(select(EventTypeSchema).where(tuple_(
        col(EventTypeSchema.event_type_id), col(EventTypeSchema.version)).in_(pairs))))


def versions(session: Session, type_id: str, before: int | None, limit: int
             ) -> list[EventTypeSchema]:
    """A type's schemas, newest first; limit+1 rows for the pager."""
    query = select(EventTypeSchema).where(EventTypeSchema.event_type_id == type_id)
    if before is not None:
        query = query.where(col(EventTypeSchema.version) < before)
    return list(session.exec(query.order_by(col(EventTypeSchema.version).desc())
                             .limit(limit + 1)).all())


def named(session: Session, env_id: str, names: Sequence[str] | None) -> list[EventType]:
    """The environment's types that are not archived, by name; only these `names` unless
    None."""
    query = select(EventType).where(EventType.environment_id == env_id,
                                    col(EventType.archived).is_(False))
    if names is not None:
        query = query.where(col(EventType.name).in_(names))
    return list(session.exec(query.order_by(col(EventType.name))).all())
