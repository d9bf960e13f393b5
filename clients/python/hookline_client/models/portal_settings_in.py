from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PortalSettingsIn")



@_attrs_define
class PortalSettingsIn:
    """ 
        Attributes:
            name (None | str | Unset):
            logo_url (None | str | Unset):
            accent_color (None | str | Unset): #rrggbb
            support_url (None | str | Unset): https://, shown in failure notices
            notices_enabled (bool | None | Unset): Whether Consumers' contacts are sent failure notices
            failing_notice_hours (int | None | Unset): Hours between two failing notices of one endpoint (null: 24)
     """

    name: None | str | Unset = UNSET
    logo_url: None | str | Unset = UNSET
    accent_color: None | str | Unset = UNSET
    support_url: None | str | Unset = UNSET
    notices_enabled: bool | None | Unset = UNSET
    failing_notice_hours: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        logo_url: None | str | Unset
        if isinstance(self.logo_url, Unset):
            logo_url = UNSET
        else:
            logo_url = self.logo_url

        accent_color: None | str | Unset
        if isinstance(self.accent_color, Unset):
            accent_color = UNSET
        else:
            accent_color = self.accent_color

        support_url: None | str | Unset
        if isinstance(self.support_url, Unset):
            support_url = UNSET
        else:
            support_url = self.support_url

        notices_enabled: bool | None | Unset
        if isinstance(self.notices_enabled, Unset):
            notices_enabled = UNSET
        else:
            notices_enabled = self.notices_enabled

        failing_notice_hours: int | None | Unset
        if isinstance(self.failing_notice_hours, Unset):
            failing_notice_hours = UNSET
        else:
            failing_notice_hours = self.failing_notice_hours


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if name is not UNSET:
            field_dict["name"] = name
        if logo_url is not UNSET:
            field_dict["logoUrl"] = logo_url
        if accent_color is not UNSET:
            field_dict["accentColor"] = accent_color
        if support_url is not UNSET:
            field_dict["supportUrl"] = support_url
        if notices_enabled is not UNSET:
            field_dict["noticesEnabled"] = notices_enabled
        if failing_notice_hours is not UNSET:
            field_dict["failingNoticeHours"] = failing_notice_hours

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))


        def _parse_logo_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        logo_url = _parse_logo_url(d.pop("logoUrl", UNSET))


        def _parse_accent_color(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        accent_color = _parse_accent_color(d.pop("accentColor", UNSET))


        def _parse_support_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        support_url = _parse_support_url(d.pop("supportUrl", UNSET))


        def _parse_notices_enabled(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        notices_enabled = _parse_notices_enabled(d.pop("noticesEnabled", UNSET))


        def _parse_failing_notice_hours(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        failing_notice_hours = _parse_failing_notice_hours(d.pop("failingNoticeHours", UNSET))


        portal_settings_in = cls(
            name=name,
            logo_url=logo_url,
            accent_color=accent_color,
            support_url=support_url,
            notices_enabled=notices_enabled,
            failing_notice_hours=failing_notice_hours,
        )

        return portal_settings_in

