from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.schema_version_out_schema import SchemaVersionOutSchema





T = TypeVar("T", bound="SchemaVersionOut")



@_attrs_define
class SchemaVersionOut:
    """ 
        Attributes:
            version (int):
            schema (SchemaVersionOutSchema):
            created_at (str):
     """

    version: int
    schema: SchemaVersionOutSchema
    created_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.schema_version_out_schema import SchemaVersionOutSchema # noqa: PLC0415
        version = self.version

        schema = self.schema.to_dict()

        created_at = self.created_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "version": version,
            "schema": schema,
            "createdAt": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.schema_version_out_schema import SchemaVersionOutSchema # noqa: PLC0415
        d = dict(src_dict)
        version = d.pop("version")

        schema = SchemaVersionOutSchema.from_dict(d.pop("schema"))




        created_at = d.pop("createdAt")

        schema_version_out = cls(
            version=version,
            schema=schema,
            created_at=created_at,
        )


        schema_version_out.additional_properties = d
        return schema_version_out

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
