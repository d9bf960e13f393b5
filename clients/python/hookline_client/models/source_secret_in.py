from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="SourceSecretIn")



@_attrs_define
class SourceSecretIn:
    """ 
        Attributes:
            secret (None | str): The provider secret; null removes it
     """

    secret: None | str





    def to_dict(self) -> dict[str, Any]:
        secret: None | str
        secret = self.secret


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "secret": secret,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_secret(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        secret = _parse_secret(d.pop("secret"))


        source_secret_in = cls(
            secret=secret,
        )

        return source_secret_in

