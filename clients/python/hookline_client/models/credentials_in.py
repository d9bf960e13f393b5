from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.credentials_in_mechanism_type_0 import CredentialsInMechanismType0
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CredentialsIn")



@_attrs_define
class CredentialsIn:
    """ 
        Attributes:
            username (None | str | Unset):
            password (None | str | Unset): Write-only
            mechanism (CredentialsInMechanismType0 | None | Unset): Kafka's SASL mechanism; PLAIN when absent
            access_key_id (None | str | Unset):
            secret_access_key (None | str | Unset): Write-only
            session_token (None | str | Unset): Write-only
            role_arn (None | str | Unset):
            external_id (None | str | Unset):
     """

    username: None | str | Unset = UNSET
    password: None | str | Unset = UNSET
    mechanism: CredentialsInMechanismType0 | None | Unset = UNSET
    access_key_id: None | str | Unset = UNSET
    secret_access_key: None | str | Unset = UNSET
    session_token: None | str | Unset = UNSET
    role_arn: None | str | Unset = UNSET
    external_id: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        username: None | str | Unset
        if isinstance(self.username, Unset):
            username = UNSET
        else:
            username = self.username

        password: None | str | Unset
        if isinstance(self.password, Unset):
            password = UNSET
        else:
            password = self.password

        mechanism: None | str | Unset
        if isinstance(self.mechanism, Unset):
            mechanism = UNSET
        elif isinstance(self.mechanism, CredentialsInMechanismType0):
            mechanism = self.mechanism.value
        else:
            mechanism = self.mechanism

        access_key_id: None | str | Unset
        if isinstance(self.access_key_id, Unset):
            access_key_id = UNSET
        else:
            access_key_id = self.access_key_id

        secret_access_key: None | str | Unset
        if isinstance(self.secret_access_key, Unset):
            secret_access_key = UNSET
        else:
            secret_access_key = self.secret_access_key

        session_token: None | str | Unset
        if isinstance(self.session_token, Unset):
            session_token = UNSET
        else:
            session_token = self.session_token

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

        field_dict.update({
        })
        if username is not UNSET:
            field_dict["username"] = username
        if password is not UNSET:
            field_dict["password"] = password
        if mechanism is not UNSET:
            field_dict["mechanism"] = mechanism
        if access_key_id is not UNSET:
            field_dict["accessKeyId"] = access_key_id
        if secret_access_key is not UNSET:
            field_dict["secretAccessKey"] = secret_access_key
        if session_token is not UNSET:
            field_dict["sessionToken"] = session_token
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


        def _parse_password(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        password = _parse_password(d.pop("password", UNSET))


        def _parse_mechanism(data: object) -> CredentialsInMechanismType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                mechanism_type_0 = CredentialsInMechanismType0(data)



                return mechanism_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CredentialsInMechanismType0 | None | Unset, data)

        mechanism = _parse_mechanism(d.pop("mechanism", UNSET))


        def _parse_access_key_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        access_key_id = _parse_access_key_id(d.pop("accessKeyId", UNSET))


        def _parse_secret_access_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        secret_access_key = _parse_secret_access_key(d.pop("secretAccessKey", UNSET))


        def _parse_session_token(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        session_token = _parse_session_token(d.pop("sessionToken", UNSET))


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


        credentials_in = cls(
            username=username,
            password=password,
            mechanism=mechanism,
            access_key_id=access_key_id,
            secret_access_key=secret_access_key,
            session_token=session_token,
            role_arn=role_arn,
            external_id=external_id,
        )

        return credentials_in

