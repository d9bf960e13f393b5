from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ordering_onexhausted import OrderingOnexhausted
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Ordering")



@_attrs_define
class Ordering:
    """ 
        Attributes:
            key (None | str | Unset): A JMESPath expression on the body, such as `data.customer.id`; an event where it finds
                no string or number goes to the line of the empty key
            on_exhausted (OrderingOnexhausted | Unset): What an exhausted head does to its line Default:
                OrderingOnexhausted.BLOCK.
     """

    key: None | str | Unset = UNSET
    on_exhausted: OrderingOnexhausted | Unset = OrderingOnexhausted.BLOCK





    def to_dict(self) -> dict[str, Any]:
        key: None | str | Unset
        if isinstance(self.key, Unset):
            key = UNSET
        else:
            key = self.key

        on_exhausted: str | Unset = UNSET
        if not isinstance(self.on_exhausted, Unset):
            on_exhausted = self.on_exhausted.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if key is not UNSET:
            field_dict["key"] = key
        if on_exhausted is not UNSET:
            field_dict["onExhausted"] = on_exhausted

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        key = _parse_key(d.pop("key", UNSET))


        _on_exhausted = d.pop("onExhausted", UNSET)
        on_exhausted: OrderingOnexhausted | Unset
        if isinstance(_on_exhausted,  Unset):
            on_exhausted = UNSET
        else:
            on_exhausted = OrderingOnexhausted(_on_exhausted)




        ordering = cls(
            key=key,
            on_exhausted=on_exhausted,
        )

        return ordering

