from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CredentialsOut")



@_attrs_define
class CredentialsOut:
    """ The credentials but their write-only members.

        Attributes:
            username (None | str | Unset):
            mechanism (None | str | Unset):
            access_key_id (None | str | Unset):
            role_arn (None | str | Unset):
            external_id (None | str | Unset):
     """

    username: None | str | Unset = UNSET
    mechanism: None | str | Unset = UNSET
    access_key_id: None | str | Unset = UNSET
    role_arn: None | str | Unset = UNSET
    external_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        username: None | str | Unset
        if isinstance(self.username, Unset):
            username = UNSET
        else:
            username = self.username

        mechanism: None | str | Unset
        if isinstance(self.mechanism, Unset):
            mechanism = UNSET
        else:
            mechanism = self.mechanism

        access_key_id: None | str | Unset
        if isinstance(self.access_key_id, Unset):
            access_key_id = UNSET
        else:
            access_key_id = self.access_key_id

        role_arn: None | str | Unset
        if isinstance(self.role_arn, Unset):
            role_arn = UNSET
        else:
            role_arn = self.role_arn

        external_id: None | str | Unset
        if isinstance(self.external_id, Unset):
            external_id = UNSET
        else:
            external_id = self.external_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if username is not UNSET:
            field_dict["username"] = username
        if mechanism is not UNSET:
            field_dict["mechanism"] = mechanism
        if access_key_id is not UNSET:
            field_dict["accessKeyId"] = access_key_id
        if role_arn is not UNSET:
            field_dict["roleArn"] = role_arn
        if external_id is not UNSET:
            field_dict["externalId"] = external_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_username(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        username = _parse_username(d.pop("username", UNSET))


        def _parse_mechanism(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        mechanism = _parse_mechanism(d.pop("mechanism", UNSET))


        def _parse_access_key_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        access_key_id = _parse_access_key_id(d.pop("accessKeyId", UNSET))


        def _parse_role_arn(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        role_arn = _parse_role_arn(d.pop("roleArn", UNSET))


        def _parse_external_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        external_id = _parse_external_id(d.pop("externalId", UNSET))


        credentials_out = cls(
            username=username,
            mechanism=mechanism,
            access_key_id=access_key_id,
            role_arn=role_arn,
            external_id=external_id,
        )


        credentials_out.additional_properties = d
        return credentials_out

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
