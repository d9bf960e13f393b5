from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="CommitIn")



@_attrs_define
class CommitIn:
    """ 
        Attributes:
            cursor (str): A page's `cursor`: everything up to it is processed
     """

    cursor: str





    def to_dict(self) -> dict[str, Any]:
        cursor = self.cursor


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "cursor": cursor,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cursor = d.pop("cursor")

        commit_in = cls(
            cursor=cursor,
        )

        return commit_in

