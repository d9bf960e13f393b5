from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="SeekIn")



@_attrs_define
class SeekIn:
    """ 
        Attributes:
            after (datetime.datetime): Pull next the messages of events published at this time or later, delivered ones
                included
     """

    after: datetime.datetime





    def to_dict(self) -> dict[str, Any]:
        after = self.after.isoformat()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "after": after,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        after = datetime.datetime.fromisoformat(d.pop("after"))




        seek_in = cls(
            after=after,
        )

        return seek_in

