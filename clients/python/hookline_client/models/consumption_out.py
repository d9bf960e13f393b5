from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ConsumptionOut")



@_attrs_define
class ConsumptionOut:
    """ 
        Attributes:
            concurrency (int):
            batch_size (int):
            start_from (None | str | Unset):
     """

    concurrency: int
    batch_size: int
    start_from: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        concurrency = self.concurrency

        batch_size = self.batch_size

        start_from: None | str | Unset
        if isinstance(self.start_from, Unset):
            start_from = UNSET
        else:
            start_from = self.start_from


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "concurrency": concurrency,
            "batchSize": batch_size,
        })
        if start_from is not UNSET:
            field_dict["startFrom"] = start_from

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        concurrency = d.pop("concurrency")

        batch_size = d.pop("batchSize")

        def _parse_start_from(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        start_from = _parse_start_from(d.pop("startFrom", UNSET))


        consumption_out = cls(
            concurrency=concurrency,
            batch_size=batch_size,
            start_from=start_from,
        )


        consumption_out.additional_properties = d
        return consumption_out

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
