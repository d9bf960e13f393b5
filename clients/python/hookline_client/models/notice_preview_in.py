from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.notice_preview_in_type import NoticePreviewInType
from ..types import UNSET, Unset






T = TypeVar("T", bound="NoticePreviewIn")



@_attrs_define
class NoticePreviewIn:
    """ 
        Attributes:
            type_ (NoticePreviewInType | Unset):  Default: NoticePreviewInType.ENDPOINT_FAILING.
     """

    type_: NoticePreviewInType | Unset = NoticePreviewInType.ENDPOINT_FAILING





    def to_dict(self) -> dict[str, Any]:
        type_: str | Unset = UNSET
        if not isinstance(self.type_, Unset):
            type_ = self.type_.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if type_ is not UNSET:
            field_dict["type"] = type_

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _type_ = d.pop("type", UNSET)
        type_: NoticePreviewInType | Unset
        if isinstance(_type_,  Unset):
            type_ = UNSET
        else:
            type_ = NoticePreviewInType(_type_)




        notice_preview_in = cls(
            type_=type_,
        )

        return notice_preview_in

