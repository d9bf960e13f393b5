from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PortalSettingsOut")



@_attrs_define
class PortalSettingsOut:
    """ 
        Attributes:
            name (None | str):
            logo_url (None | str):
            accent_color (None | str):
            support_url (None | str | Unset):
            notices_enabled (bool | Unset):  Default: True.
            failing_notice_hours (int | None | Unset):
            updated_at (None | str | Unset):
     """

    name: None | str
    logo_url: None | str
    accent_color: None | str
    support_url: None | str | Unset = UNSET
    notices_enabled: bool | Unset = True
    failing_notice_hours: int | None | Unset = UNSET
    updated_at: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        name: None | str
        name = self.name

        logo_url: None | str
        logo_url = self.logo_url

        accent_color: None | str
        accent_color = self.accent_color

        support_url: None | str | Unset
        if isinstance(self.support_url, Unset):
            support_url = UNSET
        else:
            support_url = self.support_url

        notices_enabled = self.notices_enabled

        failing_notice_hours: int | None | Unset
        if isinstance(self.failing_notice_hours, Unset):
            failing_notice_hours = UNSET
        else:
            failing_notice_hours = self.failing_notice_hours

        updated_at: None | str | Unset
        if isinstance(self.updated_at, Unset):
            updated_at = UNSET
        else:
            updated_at = self.updated_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "logoUrl": logo_url,
            "accentColor": accent_color,
        })
        if support_url is not UNSET:
            field_dict["supportUrl"] = support_url
        if notices_enabled is not UNSET:
            field_dict["noticesEnabled"] = notices_enabled
        if failing_notice_hours is not UNSET:
            field_dict["failingNoticeHours"] = failing_notice_hours
        if updated_at is not UNSET:
            field_dict["updatedAt"] = updated_at

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))


        def _parse_logo_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        logo_url = _parse_logo_url(d.pop("logoUrl"))


        def _parse_accent_color(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        accent_color = _parse_accent_color(d.pop("accentColor"))


        def _parse_support_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        support_url = _parse_support_url(d.pop("supportUrl", UNSET))


        notices_enabled = d.pop("noticesEnabled", UNSET)

        def _parse_failing_notice_hours(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        failing_notice_hours = _parse_failing_notice_hours(d.pop("failingNoticeHours", UNSET))


        def _parse_updated_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        updated_at = _parse_updated_at(d.pop("updatedAt", UNSET))


        portal_settings_out = cls(
            name=name,
            logo_url=logo_url,
            accent_color=accent_color,
            support_url=support_url,
            notices_enabled=notices_enabled,
            failing_notice_hours=failing_notice_hours,
            updated_at=updated_at,
        )


        portal_settings_out.additional_properties = d
        return portal_settings_out

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
