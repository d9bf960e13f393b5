from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ConsumerIn")



@_attrs_define
class ConsumerIn:
    """ 
        Attributes:
            external_id (str):
            name (str):
     """

    external_id: str
    name: str





    def to_dict(self) -> dict[str, Any]:
        external_id = self.external_id

        name = self.name


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "externalId": external_id,
            "name": name,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        external_id = d.pop("externalId")

        name = d.pop("name")

        consumer_in = cls(
            external_id=external_id,
            name=name,
        )

        return consumer_in

