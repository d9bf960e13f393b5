from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.source_in_type import SourceInType
from ..types import UNSET, Unset






T = TypeVar("T", bound="SourceIn")



@_attrs_define
class SourceIn:
    """ 
        Attributes:
            name (str):
            type_ (SourceInType | Unset):  Default: SourceInType.WEBHOOK.
     """

    name: str
    type_: SourceInType | Unset = SourceInType.WEBHOOK





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        type_: str | Unset = UNSET
        if not isinstance(self.type_, Unset):
            type_ = self.type_.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
        })
        if type_ is not UNSET:
            field_dict["type"] = type_

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        _type_ = d.pop("type", UNSET)
        type_: SourceInType | Unset
        if isinstance(_type_,  Unset):
            type_ = UNSET
        else:
            type_ = SourceInType(_type_)




        source_in = cls(
            name=name,
            type_=type_,
        )

        return source_in

