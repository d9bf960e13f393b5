from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.event_type_in_validation import EventTypeInValidation
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.event_type_in_schema_type_0 import EventTypeInSchemaType0





T = TypeVar("T", bound="EventTypeIn")



@_attrs_define
class EventTypeIn:
    """ 
        Attributes:
            name (str):
            description (None | str | Unset):
            schema (EventTypeInSchemaType0 | None | Unset): A JSON Schema (draft 2020-12) of the events' `data`; checked as
                a schema when set. Changing it makes a new version; the old ones stay readable
            examples (list[Any] | None | Unset): JSON objects, each valid against the schema
            validation (EventTypeInValidation | Unset): off: not validated; warn: published, with the violations kept on the
                event (`schemaErrors`); enforce: a payload that does not match is 422 Default: EventTypeInValidation.OFF.
     """

    name: str
    description: None | str | Unset = UNSET
    schema: EventTypeInSchemaType0 | None | Unset = UNSET
    examples: list[Any] | None | Unset = UNSET
    validation: EventTypeInValidation | Unset = EventTypeInValidation.OFF





    def to_dict(self) -> dict[str, Any]:
        from ..models.event_type_in_schema_type_0 import EventTypeInSchemaType0 # noqa: PLC0415
        name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        schema: dict[str, Any] | None | Unset
        if isinstance(self.schema, Unset):
            schema = UNSET
        elif isinstance(self.schema, EventTypeInSchemaType0):
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

        validation: str | Unset = UNSET
        if not isinstance(self.validation, Unset):
            validation = self.validation.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
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
        from ..models.event_type_in_schema_type_0 import EventTypeInSchemaType0 # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        def _parse_schema(data: object) -> EventTypeInSchemaType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                schema_type_0 = EventTypeInSchemaType0.from_dict(data)



                return schema_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EventTypeInSchemaType0 | None | Unset, data)

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


        _validation = d.pop("validation", UNSET)
        validation: EventTypeInValidation | Unset
        if isinstance(_validation,  Unset):
            validation = UNSET
        else:
            validation = EventTypeInValidation(_validation)




        event_type_in = cls(
            name=name,
            description=description,
            schema=schema,
            examples=examples,
            validation=validation,
        )

        return event_type_in

