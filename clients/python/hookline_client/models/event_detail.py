from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.schema_error import SchemaError





T = TypeVar("T", bound="EventDetail")



@_attrs_define
class EventDetail:
    """ 
        Attributes:
            id (str):
            type_ (str):
            consumer (str):
            deliveries (int):
            created_at (None | str):
            data (Any):
            filtered (int | Unset): Subscribed endpoints whose filter kept this event from them: no Delivery was made for
                them Default: 0.
            schema_version (int | None | Unset): The event type's schema version `data` was validated against; null when its
                validation is off
            schema_errors (list[SchemaError] | None | Unset): What validation found, under `warn`; null when none
            payload_erased (bool | Unset): `data` was erased on request Default: False.
     """

    id: str
    type_: str
    consumer: str
    deliveries: int
    created_at: None | str
    data: Any
    filtered: int | Unset = 0
    schema_version: int | None | Unset = UNSET
    schema_errors: list[SchemaError] | None | Unset = UNSET
    payload_erased: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.schema_error import SchemaError # noqa: PLC0415
        id = self.id

        type_ = self.type_

        consumer = self.consumer

        deliveries = self.deliveries

        created_at: None | str
        created_at = self.created_at

        data = self.data

        filtered = self.filtered

        schema_version: int | None | Unset
        if isinstance(self.schema_version, Unset):
            schema_version = UNSET
        else:
            schema_version = self.schema_version

        schema_errors: list[dict[str, Any]] | None | Unset
        if isinstance(self.schema_errors, Unset):
            schema_errors = UNSET
        elif isinstance(self.schema_errors, list):
            schema_errors = []
            for schema_errors_type_0_item_data in self.schema_errors:
                schema_errors_type_0_item = schema_errors_type_0_item_data.to_dict()
                schema_errors.append(schema_errors_type_0_item)


        else:
            schema_errors = self.schema_errors

        payload_erased = self.payload_erased


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "type": type_,
            "consumer": consumer,
            "deliveries": deliveries,
            "createdAt": created_at,
            "data": data,
        })
        if filtered is not UNSET:
            field_dict["filtered"] = filtered
        if schema_version is not UNSET:
            field_dict["schemaVersion"] = schema_version
        if schema_errors is not UNSET:
            field_dict["schemaErrors"] = schema_errors
        if payload_erased is not UNSET:
            field_dict["payloadErased"] = payload_erased

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.schema_error import SchemaError # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        type_ = d.pop("type")

        consumer = d.pop("consumer")

        deliveries = d.pop("deliveries")

        def _parse_created_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_at = _parse_created_at(d.pop("createdAt"))


        data = d.pop("data")

        filtered = d.pop("filtered", UNSET)

        def _parse_schema_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        schema_version = _parse_schema_version(d.pop("schemaVersion", UNSET))


        def _parse_schema_errors(data: object) -> list[SchemaError] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                schema_errors_type_0 = []
                _schema_errors_type_0 = data
                for schema_errors_type_0_item_data in (_schema_errors_type_0):
                    schema_errors_type_0_item = SchemaError.from_dict(schema_errors_type_0_item_data)



                    schema_errors_type_0.append(schema_errors_type_0_item)

                return schema_errors_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[SchemaError] | None | Unset, data)

        schema_errors = _parse_schema_errors(d.pop("schemaErrors", UNSET))


        payload_erased = d.pop("payloadErased", UNSET)

        event_detail = cls(
            id=id,
            type_=type_,
            consumer=consumer,
            deliveries=deliveries,
            created_at=created_at,
            data=data,
            filtered=filtered,
            schema_version=schema_version,
            schema_errors=schema_errors,
            payload_erased=payload_erased,
        )


        event_detail.additional_properties = d
        return event_detail

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
