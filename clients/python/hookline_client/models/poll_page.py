from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.polled_message import PolledMessage





T = TypeVar("T", bound="PollPage")



@_attrs_define
class PollPage:
    """ 
        Attributes:
            data (list[PolledMessage]):
            cursor (None | str): Opaque: where a page ends. Pass it as `cursor` for the next page, and commit it once the
                page is processed; null before anything was pulled
            done (bool): Nothing more to pull now
     """

    data: list[PolledMessage]
    cursor: None | str
    done: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.polled_message import PolledMessage # noqa: PLC0415
        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)



        cursor: None | str
        cursor = self.cursor

        done = self.done


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "data": data,
            "cursor": cursor,
            "done": done,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.polled_message import PolledMessage # noqa: PLC0415
        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in (_data):
            data_item = PolledMessage.from_dict(data_item_data)



            data.append(data_item)


        def _parse_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        cursor = _parse_cursor(d.pop("cursor"))


        done = d.pop("done")

        poll_page = cls(
            data=data,
            cursor=cursor,
            done=done,
        )


        poll_page.additional_properties = d
        return poll_page

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
