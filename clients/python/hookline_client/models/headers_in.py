from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.headers_in_headers import HeadersInHeaders





T = TypeVar("T", bound="HeadersIn")



@_attrs_define
class HeadersIn:
    """ 
        Attributes:
            headers (HeadersInHeaders):
     """

    headers: HeadersInHeaders





    def to_dict(self) -> dict[str, Any]:
        from ..models.headers_in_headers import HeadersInHeaders # noqa: PLC0415
        headers = self.headers.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "headers": headers,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.headers_in_headers import HeadersInHeaders # noqa: PLC0415
        d = dict(src_dict)
        headers = HeadersInHeaders.from_dict(d.pop("headers"))




        headers_in = cls(
            headers=headers,
        )

        return headers_in

