from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="Batch")



@_attrs_define
class Batch:
    """ 
        Attributes:
            max_size (int): Deliveries in one request at most
            max_wait_ms (int | Unset): How long the oldest ready Delivery waits for the batch to fill (milliseconds)
                Default: 0.
     """

    max_size: int
    max_wait_ms: int | Unset = 0





    def to_dict(self) -> dict[str, Any]:
        max_size = self.max_size

        max_wait_ms = self.max_wait_ms


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "maxSize": max_size,
        })
        if max_wait_ms is not UNSET:
            field_dict["maxWaitMs"] = max_wait_ms

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        max_size = d.pop("maxSize")

        max_wait_ms = d.pop("maxWaitMs", UNSET)

        batch = cls(
            max_size=max_size,
            max_wait_ms=max_wait_ms,
        )

        return batch

