from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="LagOut")



@_attrs_define
class LagOut:
    """ 
        Attributes:
            messages (int | None): Messages in the topic or queue not yet done with
            seconds (float | None): While some wait, how long ago the last message read was written (Kafka, SQS); 0 when
                none wait
            measured_at (str):
     """

    messages: int | None
    seconds: float | None
    measured_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        messages: int | None
        messages = self.messages

        seconds: float | None
        seconds = self.seconds

        measured_at = self.measured_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "messages": messages,
            "seconds": seconds,
            "measuredAt": measured_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_messages(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        messages = _parse_messages(d.pop("messages"))


        def _parse_seconds(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        seconds = _parse_seconds(d.pop("seconds"))


        measured_at = d.pop("measuredAt")

        lag_out = cls(
            messages=messages,
            seconds=seconds,
            measured_at=measured_at,
        )


        lag_out.additional_properties = d
        return lag_out

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
