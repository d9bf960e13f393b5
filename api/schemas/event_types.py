"""Event types, their JSON Schemas (versioned), examples and validation mode."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from api.schemas.common import ApiInput, ApiModel, Timestamp
from api.schemas.consumers import Name200
from hookline.services.event_types import SchemaSettings
from hookline.services.patch import KEEP

Validation = Literal["off", "warn", "enforce"]
SCHEMA_DOC = ("A JSON Schema (draft 2020-12) of the events' `data`; checked as a schema when "
              "set. Changing it makes a new version; the old ones stay readable")
EXAMPLES_DOC = "JSON objects, each valid against the schema"
VALIDATION_DOC = ("off: not validated; warn: published, with the violations kept on the "
                  "event (`schemaErrors`); enforce: a payload that does not match is 422")


class EventTypeIn(ApiInput):
    name: str = Name200
    description: str | None = None
    schema_: dict[str, Any] | None = Field(default=None, alias="schema",
                                           description=SCHEMA_DOC)
    examples: list[Any] | None = Field(default=None, description=EXAMPLES_DOC)
    validation: Validation = Field(default="off", description=VALIDATION_DOC)

    def settings(self) -> SchemaSettings:
        return SchemaSettings(schema=self.schema_, examples=self.examples,
                              validation=self.validation)


class EventTypePatch(ApiInput):
    """Absent fields stay as they are; null removes the schema or the examples."""

    description: str | None = None
    schema_: dict[str, Any] | None = Field(default=None, alias="schema",
                                           description=SCHEMA_DOC)
    examples: list[Any] | None = Field(default=None, description=EXAMPLES_DOC)
    validation: Validation | None = Field(default=None, description=VALIDATION_DOC)

    def settings(self) -> SchemaSettings:
        given = self.model_fields_set
        return SchemaSettings(
            schema=self.schema_ if "schema_" in given else KEEP,
            examples=self.examples if "examples" in given else KEEP,
            validation=self.validation if self.validation is not None else KEEP)


class EventTypeOut(ApiModel):
    name: str
    description: str | None = None
    schema_: dict[str, Any] | None = Field(default=None, serialization_alias="schema",
                                           description="The current schema, or null")
    schema_version: int | None = Field(default=None, description="Its version")
    examples: list[Any] | None = None
    validation: Validation = "off"
    created_at: Timestamp


class SchemaVersionOut(ApiModel):
    version: int
    schema_: dict[str, Any] = Field(serialization_alias="schema")
    created_at: Timestamp
