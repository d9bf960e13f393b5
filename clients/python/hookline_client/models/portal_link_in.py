from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PortalLinkIn")



@_attrs_define
class PortalLinkIn:
    """ 
        Attributes:
            expires_in (int | None | Unset): seconds; 3600 when absent
            read_only (bool | Unset):  Default: False.
            event_types (list[str] | None | Unset): the event types the Consumer may subscribe to; all when absent
     """

    expires_in: int | None | Unset = UNSET
    read_only: bool | Unset = False
    event_types: list[str] | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        expires_in: int | None | Unset
        if isinstance(self.expires_in, Unset):
            expires_in = UNSET
        else:
            expires_in = self.expires_in

        read_only = self.read_only

        event_types: list[str] | None | Unset
        if isinstance(self.event_types, Unset):
            event_types = UNSET
        elif isinstance(self.event_types, list):
            event_types = self.event_types


        else:
            event_types = self.event_types


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if expires_in is not UNSET:
            field_dict["expiresIn"] = expires_in
        if read_only is not UNSET:
            field_dict["readOnly"] = read_only
        if event_types is not UNSET:
            field_dict["eventTypes"] = event_types

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_expires_in(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expires_in = _parse_expires_in(d.pop("expiresIn", UNSET))


        read_only = d.pop("readOnly", UNSET)

        def _parse_event_types(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                event_types_type_0 = cast(list[str], data)

                return event_types_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        event_types = _parse_event_types(d.pop("eventTypes", UNSET))


        portal_link_in = cls(
            expires_in=expires_in,
            read_only=read_only,
            event_types=event_types,
        )

        return portal_link_in

