"""Event types: the registered `domain.action` names events are published under, and their
JSON Schemas (versioned: a changed schema is a new version, and the old ones stay), examples
and validation mode (`off`, `warn`, `enforce`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from hookline import payload_schemas
from hookline.errors import Conflict, NotFound, ValidationFailed, invalid
from hookline.ids import new_id
from hookline.payload_schemas import Violation
from hookline.persistence import queries
from hookline.persistence.models import EventType, EventTypeSchema
from hookline.services.patch import KEEP, Keep
from hookline.timeutil import utcnow

EVENT_TYPE_NAME = re.compile(r"^[a-z0-9_-]+(\.[a-z0-9_-]+)+$")
VALIDATIONS = ("off", "warn", "enforce")


@dataclass(frozen=True)
class SchemaSettings:
    """What a create or PATCH says of the schema; KEEP leaves a field as it is."""

    schema: dict[str, Any] | Keep | None = KEEP
    examples: list[Any] | Keep | None = KEEP
    validation: str | Keep = KEEP


NAME_MAX = 200  # the column's length: a longer name must be refused, not fail the insert


def check_name(name: str) -> None:
    if len(name) > NAME_MAX:
        raise invalid("name", f"must be at most {NAME_MAX} characters")
    if not EVENT_TYPE_NAME.fullmatch(name):  # match() would let "$" pass a final newline
        raise invalid("name", "must look like domain.action: lowercase letters, digits, "
                              "'_' and '-', parts separated by '.'")


def _refuse(field: str, found: list[Violation], what: str) -> ValidationFailed:
    errors = [{"field": f"{field}{v.pointer}", "pointer": v.pointer, "message": v.message}
              for v in found]
    return ValidationFailed(f"{field}: {what}: {found[0].message}", errors=errors)


@dataclass(frozen=True)
class Flags:
    """A type's archived and deprecated marks; KEEP leaves one as it is."""

    archived: bool | Keep = KEEP
    deprecated: bool | Keep = KEEP


def create(session: Session, env_id: str, name: str, description: str | None,
           settings: SchemaSettings, flags: Flags = Flags(), revive: bool = False
           ) -> EventType:
    """A new type; with `revive` (Svix's rule: archived is as good as gone), an archived one
    made again, afresh (description, schema and marks). /v1 keeps its rule: a name that
    exists, archived or not, is a conflict."""
    check_name(name)
    event_type = queries.event_types.by_name(session, env_id, name)
    if event_type is not None and not (revive and event_type.archived):
        raise Conflict(f"event type {name!r} already exists", slug="event-type-exists")
    if event_type is None:
        event_type = EventType(id=new_id("evtype"), environment_id=env_id, name=name)
        session.add(event_type)
        session.flush()
    fresh = SchemaSettings(
        schema=None if isinstance(settings.schema, Keep) else settings.schema,
        examples=None if isinstance(settings.examples, Keep) else settings.examples,
        validation="off" if isinstance(settings.validation, Keep) else settings.validation)
    return _change(session, event_type, description, fresh, Flags(
        archived=False if isinstance(flags.archived, Keep) else flags.archived,
        deprecated=False if isinstance(flags.deprecated, Keep) else flags.deprecated))


def update(session: Session, env_id: str, name: str, description: str | Keep | None,
           settings: SchemaSettings, flags: Flags = Flags()) -> EventType:
    return _change(session, get(session, env_id, name), description, settings, flags)


def _change(session: Session, event_type: EventType, description: str | Keep | None,
            settings: SchemaSettings, flags: Flags) -> EventType:
    _apply(session, event_type, settings)
    if not isinstance(description, Keep):
        event_type.description = description
    if not isinstance(flags.archived, Keep):
        event_type.archived = flags.archived
    if not isinstance(flags.deprecated, Keep):
        event_type.deprecated = flags.deprecated
    event_type.updated_at = utcnow()
    session.add(event_type)
    return event_type


def _apply(session: Session, event_type: EventType, settings: SchemaSettings) -> None:
    """Checks everything first, so that a refused request changes nothing."""
    current = current_schema(session, event_type)
    schema = current if isinstance(settings.schema, Keep) else settings.schema
    if schema is not None and (found := payload_schemas.schema_problems(schema)):
        raise _refuse("schema", found, "not a draft 2020-12 JSON Schema")
    examples = event_type.examples if isinstance(settings.examples, Keep) else settings.examples
    for i, example in enumerate(examples or []):
        if not isinstance(example, dict):
            raise invalid(f"examples/{i}", "each example is a JSON object")
        if schema is not None and (found := payload_schemas.violations_of(schema, example)):
            raise _refuse(f"examples/{i}", found, "does not match the schema")
    validation = event_type.validation if isinstance(settings.validation, Keep) \
        else settings.validation
    if validation != "off" and schema is None:
        raise invalid("validation", f"{validation!r} needs a schema: set `schema` too")
    if schema != current:
        event_type.schema_version = _store(session, event_type, schema)
    event_type.examples = examples
    event_type.validation = validation


def _store(session: Session, event_type: EventType, schema: dict[str, Any] | None
           ) -> int | None:
    """The new current version (None when the schema is removed); old ones are kept."""
    if schema is None:
        return None
    last = queries.event_types.last_version(session, event_type.id)
    version = (last or 0) + 1
    session.add(EventTypeSchema(event_type_id=event_type.id, version=version, schema_=schema,
                                created_at=utcnow()))
    session.flush()
    return version


def current_schema(session: Session, event_type: EventType) -> dict[str, Any] | None:
    return current_schemas(session, [event_type]).get(event_type.id)


def current_schemas(session: Session, event_types: list[EventType]) -> dict[str, Any]:
    """Each type's current schema, by type id, in one query."""
    pairs = [(t.id, t.schema_version) for t in event_types if t.schema_version is not None]
    if not pairs:
        return {}
    rows = queries.event_types.schemas_of(session, pairs)
    return {row.event_type_id: row.schema_ for row in rows}


def example(session: Session, event_type: EventType, index: int = 0) -> dict[str, Any] | None:
    """Its example at `index`: of its `examples`, else of its schema's `examples` keyword
    (where Svix keeps them, `schemas["1"].examples`); None when there is no such object."""
    found = event_type.examples
    if not found:
        schema = current_schema(session, event_type) or {}
        found = schema.get("examples") if isinstance(schema.get("examples"), list) else None
    if not found or not 0 <= index < len(found) or not isinstance(found[index], dict):
        return None
    chosen: dict[str, Any] = found[index]
    return chosen


def find(session: Session, env_id: str, name: str) -> EventType | None:
    """Archived ones too."""
    return queries.event_types.by_name(session, env_id, name)


def get(session: Session, env_id: str, name: str) -> EventType:
    found = find(session, env_id, name)
    if found is None:
        raise NotFound(f"event type {name!r} not found")
    return found


def list_all(session: Session, env_id: str, after: str | None, limit: int, *,
             ascending: bool = True, include_archived: bool = False) -> list[EventType]:
    """By name from past `after`; archived types only when asked for."""
    return queries.event_types.page(session, env_id, after, limit, ascending=ascending,
                                    include_archived=include_archived)


def versions(session: Session, env_id: str, name: str, before: int | None, limit: int
             ) -> list[EventTypeSchema]:
    """The type's schemas, newest first."""
    event_type = get(session, env_id, name)
    return queries.event_types.versions(session, event_type.id, before, limit)


def delete(session: Session, env_id: str, name: str) -> None:
    session.delete(get(session, env_id, name))


def archive(session: Session, env_id: str, name: str) -> None:
    update(session, env_id, name, KEEP, SchemaSettings(), Flags(archived=True))


def registered_names(session: Session, env_id: str, names: list[str]) -> set[str]:
    """Those of `names` one may subscribe to: registered and not archived."""
    if not names:
        return set()
    return queries.event_types.names_in(session, env_id, names)
