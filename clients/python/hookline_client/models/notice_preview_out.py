from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.notice_preview_out_email import NoticePreviewOutEmail
  from ..models.notice_preview_out_slack import NoticePreviewOutSlack
  from ..models.notice_preview_out_teams import NoticePreviewOutTeams





T = TypeVar("T", bound="NoticePreviewOut")



@_attrs_define
class NoticePreviewOut:
    """ 
        Attributes:
            subject (str):
            email (NoticePreviewOutEmail):
            slack (NoticePreviewOutSlack):
            teams (NoticePreviewOutTeams):
     """

    subject: str
    email: NoticePreviewOutEmail
    slack: NoticePreviewOutSlack
    teams: NoticePreviewOutTeams
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.notice_preview_out_email import NoticePreviewOutEmail # noqa: PLC0415
        from ..models.notice_preview_out_slack import NoticePreviewOutSlack # noqa: PLC0415
        from ..models.notice_preview_out_teams import NoticePreviewOutTeams # noqa: PLC0415
        subject = self.subject

        email = self.email.to_dict()

        slack = self.slack.to_dict()

        teams = self.teams.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "subject": subject,
            "email": email,
            "slack": slack,
            "teams": teams,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.notice_preview_out_email import NoticePreviewOutEmail # noqa: PLC0415
        from ..models.notice_preview_out_slack import NoticePreviewOutSlack # noqa: PLC0415
        from ..models.notice_preview_out_teams import NoticePreviewOutTeams # noqa: PLC0415
        d = dict(src_dict)
        subject = d.pop("subject")

        email = NoticePreviewOutEmail.from_dict(d.pop("email"))




        slack = NoticePreviewOutSlack.from_dict(d.pop("slack"))




        teams = NoticePreviewOutTeams.from_dict(d.pop("teams"))




        notice_preview_out = cls(
            subject=subject,
            email=email,
            slack=slack,
            teams=teams,
        )


        notice_preview_out.additional_properties = d
        return notice_preview_out

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
