from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="ContactsOut")



@_attrs_define
class ContactsOut:
    """ 
        Attributes:
            emails (list[str]):
            slack_url (None | str):
            teams_url (None | str):
     """

    emails: list[str]
    slack_url: None | str
    teams_url: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        emails = self.emails



        slack_url: None | str
        slack_url = self.slack_url

        teams_url: None | str
        teams_url = self.teams_url


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "emails": emails,
            "slackUrl": slack_url,
            "teamsUrl": teams_url,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        emails = cast(list[str], d.pop("emails"))


        def _parse_slack_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        slack_url = _parse_slack_url(d.pop("slackUrl"))


        def _parse_teams_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        teams_url = _parse_teams_url(d.pop("teamsUrl"))


        contacts_out = cls(
            emails=emails,
            slack_url=slack_url,
            teams_url=teams_url,
        )


        contacts_out.additional_properties = d
        return contacts_out

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
