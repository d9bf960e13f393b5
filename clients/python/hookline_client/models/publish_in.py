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





    def to_dict(self) -> dict[str, Any]:
        from ..models.publish_in_data import PublishInData # noqa: PLC0415
        type_ = self.type_

        consumer = self.consumer

        data = self.data.to_dict()


        field_dict: dict[str, Any] = {}

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

        return publish_in

