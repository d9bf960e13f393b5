from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.consumption_in_start_from_type_0 import ConsumptionInStartFromType0
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ConsumptionIn")



@_attrs_define
class ConsumptionIn:
    """ 
        Attributes:
            concurrency (int | None | Unset):
            batch_size (int | None | Unset):
            start_from (ConsumptionInStartFromType0 | None | Unset):
     """

    concurrency: int | None | Unset = UNSET
    batch_size: int | None | Unset = UNSET
    start_from: ConsumptionInStartFromType0 | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        concurrency: int | None | Unset
        if isinstance(self.concurrency, Unset):
            concurrency = UNSET
        else:
            concurrency = self.concurrency

        batch_size: int | None | Unset
        if isinstance(self.batch_size, Unset):
            batch_size = UNSET
        else:
            batch_size = self.batch_size

        start_from: None | str | Unset
        if isinstance(self.start_from, Unset):
            start_from = UNSET
        elif isinstance(self.start_from, ConsumptionInStartFromType0):
            start_from = self.start_from.value
        else:
            start_from = self.start_from


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if concurrency is not UNSET:
            field_dict["concurrency"] = concurrency
        if batch_size is not UNSET:
            field_dict["batchSize"] = batch_size
        if start_from is not UNSET:
            field_dict["startFrom"] = start_from

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_concurrency(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        concurrency = _parse_concurrency(d.pop("concurrency", UNSET))


        def _parse_batch_size(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        batch_size = _parse_batch_size(d.pop("batchSize", UNSET))


        def _parse_start_from(data: object) -> ConsumptionInStartFromType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                start_from_type_0 = ConsumptionInStartFromType0(data)



                return start_from_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ConsumptionInStartFromType0 | None | Unset, data)

        start_from = _parse_start_from(d.pop("startFrom", UNSET))


        consumption_in = cls(
            concurrency=concurrency,
            batch_size=batch_size,
            start_from=start_from,
        )

        return consumption_in

