from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.event_type_patch_validation_type_0 import EventTypePatchValidationType0
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.event_type_patch_schema_type_0 import EventTypePatchSchemaType0





T = TypeVar("T", bound="EventTypePatch")



@_attrs_define
class EventTypePatch:
    """ Absent fields stay as they are; null removes the schema or the examples.

        Attributes:
            description (None | str | Unset):
            schema (EventTypePatchSchemaType0 | None | Unset): A JSON Schema (draft 2020-12) of the events' `data`; checked
                as a schema when set. Changing it makes a new version; the old ones stay readable
            examples (list[Any] | None | Unset): JSON objects, each valid against the schema
            validation (EventTypePatchValidationType0 | None | Unset): off: not validated; warn: published, with the
                violations kept on the event (`schemaErrors`); enforce: a payload that does not match is 422
     """

    description: None | str | Unset = UNSET
    schema: EventTypePatchSchemaType0 | None | Unset = UNSET
    examples: list[Any] | None | Unset = UNSET
    validation: EventTypePatchValidationType0 | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.event_type_patch_schema_type_0 import EventTypePatchSchemaType0 # noqa: PLC0415
        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        schema: dict[str, Any] | None | Unset
        if isinstance(self.schema, Unset):
            schema = UNSET
        elif isinstance(self.schema, EventTypePatchSchemaType0):
            schema = self.schema.to_dict()
        else:
            schema = self.schema

        examples: list[Any] | None | Unset
        if isinstance(self.examples, Unset):
            examples = UNSET
        elif isinstance(self.examples, list):
            examples = self.examples


        else:
            examples = self.examples

        validation: None | str | Unset
        if isinstance(self.validation, Unset):
            validation = UNSET
        elif isinstance(self.validation, EventTypePatchValidationType0):
            validation = self.validation.value
        else:
            validation = self.validation


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if description is not UNSET:
            field_dict["description"] = description
        if schema is not UNSET:
            field_dict["schema"] = schema
        if examples is not UNSET:
            field_dict["examples"] = examples
        if validation is not UNSET:
            field_dict["validation"] = validation

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_type_patch_schema_type_0 import EventTypePatchSchemaType0 # noqa: PLC0415
        d = dict(src_dict)
        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        def _parse_schema(data: object) -> EventTypePatchSchemaType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                schema_type_0 = EventTypePatchSchemaType0.from_dict(data)



                return schema_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EventTypePatchSchemaType0 | None | Unset, data)

        schema = _parse_schema(d.pop("schema", UNSET))


        def _parse_examples(data: object) -> list[Any] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                examples_type_0 = cast(list[Any], data)

                return examples_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[Any] | None | Unset, data)

        examples = _parse_examples(d.pop("examples", UNSET))


        def _parse_validation(data: object) -> EventTypePatchValidationType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                validation_type_0 = EventTypePatchValidationType0(data)



                return validation_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EventTypePatchValidationType0 | None | Unset, data)

        validation = _parse_validation(d.pop("validation", UNSET))


        event_type_patch = cls(
            description=description,
            schema=schema,
            examples=examples,
            validation=validation,
        )

        return event_type_patch

