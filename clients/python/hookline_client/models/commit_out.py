from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="CommitOut")



@_attrs_define
class CommitOut:
    """ 
        Attributes:
            cursor (None | str): The committed cursor now: the one given, or short of it when more than 5,000 waited up to
                it (commit again), or the one before when it was behind
            delivered (int): The Deliveries this commit ended `delivered`
     """

    cursor: None | str
    delivered: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        cursor: None | str
        cursor = self.cursor

        delivered = self.delivered


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "cursor": cursor,
            "delivered": delivered,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        cursor = _parse_cursor(d.pop("cursor"))


        delivered = d.pop("delivered")

        commit_out = cls(
            cursor=cursor,
            delivered=delivered,
        )


        commit_out.additional_properties = d
        return commit_out

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
