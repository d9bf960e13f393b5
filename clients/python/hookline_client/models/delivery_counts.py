from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="DeliveryCounts")



@_attrs_define
class DeliveryCounts:
    """ 
        Attributes:
            total (int | Unset):  Default: 0.
            delivered (int | Unset):  Default: 0.
            in_flight (int | Unset):  Default: 0.
            failed (int | Unset):  Default: 0.
            cancelled (int | Unset):  Default: 0.
     """

    total: int | Unset = 0
    delivered: int | Unset = 0
    in_flight: int | Unset = 0
    failed: int | Unset = 0
    cancelled: int | Unset = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        total = self.total

        delivered = self.delivered

        in_flight = self.in_flight

        failed = self.failed

        cancelled = self.cancelled


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if total is not UNSET:
            field_dict["total"] = total
        if delivered is not UNSET:
            field_dict["delivered"] = delivered
        if in_flight is not UNSET:
            field_dict["inFlight"] = in_flight
        if failed is not UNSET:
            field_dict["failed"] = failed
        if cancelled is not UNSET:
            field_dict["cancelled"] = cancelled

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        total = d.pop("total", UNSET)

        delivered = d.pop("delivered", UNSET)

        in_flight = d.pop("inFlight", UNSET)

        failed = d.pop("failed", UNSET)

        cancelled = d.pop("cancelled", UNSET)

        delivery_counts = cls(
            total=total,
            delivered=delivered,
            in_flight=in_flight,
            failed=failed,
            cancelled=cancelled,
        )


        delivery_counts.additional_properties = d
        return delivery_counts

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
