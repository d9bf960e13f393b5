from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="PollOut")



@_attrs_define
class PollOut:
    """ 
        Attributes:
            url (str): Where its Consumer pulls: GET, with the endpoint's poll token as the bearer; POST `/commit` and
                `/seek` below it
            cursor (None | str): The committed cursor; null before any commit
            committed_through (None | str): Its Deliveries made up to this time are committed (or skipped by a seek); null
                before any commit
     """

    url: str
    cursor: None | str
    committed_through: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        url = self.url

        cursor: None | str
        cursor = self.cursor

        committed_through: None | str
        committed_through = self.committed_through


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "url": url,
            "cursor": cursor,
            "committedThrough": committed_through,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        def _parse_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        cursor = _parse_cursor(d.pop("cursor"))


        def _parse_committed_through(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        committed_through = _parse_committed_through(d.pop("committedThrough"))


        poll_out = cls(
            url=url,
            cursor=cursor,
            committed_through=committed_through,
        )


        poll_out.additional_properties = d
        return poll_out

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
