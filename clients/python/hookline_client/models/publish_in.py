from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.publish_in_data import PublishInData





T = TypeVar("T", bound="PublishIn")



@_attrs_define
class PublishIn:
    """ 
        Attributes:
            type_ (str):
            consumer (str): Consumer externalId
            data (PublishInData):
     """

    type_: str
    consumer: str
    data: PublishInData
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.publish_in_data import PublishInData # noqa: PLC0415
        type_ = self.type_

        consumer = self.consumer

        data = self.data.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "consumer": consumer,
            "data": data,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.publish_in_data import PublishInData # noqa: PLC0415
        d = dict(src_dict)
        type_ = d.pop("type")

        consumer = d.pop("consumer")

        data = PublishInData.from_dict(d.pop("data"))




        publish_in = cls(
            type_=type_,
            consumer=consumer,
            data=data,
        )


        publish_in.additional_properties = d
        return publish_in

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
