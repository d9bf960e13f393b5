from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Contacts")



@_attrs_define
class Contacts:
    """ Who hears of the Consumer's endpoints' failures (failure notices).

        Attributes:
            emails (list[str] | Unset): Up to 5 e-mail addresses
            slack_url (None | str | Unset): A Slack incoming-webhook URL
            teams_url (None | str | Unset): A Microsoft Teams workflow URL
     """

    emails: list[str] | Unset = UNSET
    slack_url: None | str | Unset = UNSET
    teams_url: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        emails: list[str] | Unset = UNSET
        if not isinstance(self.emails, Unset):
            emails = self.emails



        slack_url: None | str | Unset
        if isinstance(self.slack_url, Unset):
            slack_url = UNSET
        else:
            slack_url = self.slack_url

        teams_url: None | str | Unset
        if isinstance(self.teams_url, Unset):
            teams_url = UNSET
        else:
            teams_url = self.teams_url


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if emails is not UNSET:
            field_dict["emails"] = emails
        if slack_url is not UNSET:
            field_dict["slackUrl"] = slack_url
        if teams_url is not UNSET:
            field_dict["teamsUrl"] = teams_url

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        emails = cast(list[str], d.pop("emails", UNSET))


        def _parse_slack_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        slack_url = _parse_slack_url(d.pop("slackUrl", UNSET))


        def _parse_teams_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        teams_url = _parse_teams_url(d.pop("teamsUrl", UNSET))


        contacts = cls(
            emails=emails,
            slack_url=slack_url,
            teams_url=teams_url,
        )

        return contacts

