from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.auth_out_clientauth import AuthOutClientauth
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="AuthOut")



@_attrs_define
class AuthOut:
    """ 
        Attributes:
            token_url (str): The token endpoint; the same URL rules as a target's
            client_id (str):
            type_ (Literal['oauth2'] | Unset):  Default: 'oauth2'.
            scope (None | str | Unset):
            audience (None | str | Unset): Sent as the `audience` parameter
            client_auth (AuthOutClientauth | Unset): How the token request authenticates: `basic` (client_secret_basic, the
                default), `post` (client_secret_post) or `private_key_jwt` (RFC 7523, a JWT signed with `privateKey`: RS256 for
                RSA, ES256/384/512 for EC) Default: AuthOutClientauth.BASIC.
     """

    token_url: str
    client_id: str
    type_: Literal['oauth2'] | Unset = 'oauth2'
    scope: None | str | Unset = UNSET
    audience: None | str | Unset = UNSET
    client_auth: AuthOutClientauth | Unset = AuthOutClientauth.BASIC
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        token_url = self.token_url

        client_id = self.client_id

        type_ = self.type_

        scope: None | str | Unset
        if isinstance(self.scope, Unset):
            scope = UNSET
        else:
            scope = self.scope

        audience: None | str | Unset
        if isinstance(self.audience, Unset):
            audience = UNSET
        else:
            audience = self.audience

        client_auth: str | Unset = UNSET
        if not isinstance(self.client_auth, Unset):
            client_auth = self.client_auth.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "tokenUrl": token_url,
            "clientId": client_id,
        })
        if type_ is not UNSET:
            field_dict["type"] = type_
        if scope is not UNSET:
            field_dict["scope"] = scope
        if audience is not UNSET:
            field_dict["audience"] = audience
        if client_auth is not UNSET:
            field_dict["clientAuth"] = client_auth

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        token_url = d.pop("tokenUrl")

        client_id = d.pop("clientId")

        type_ = cast(Literal['oauth2'] | Unset , d.pop("type", UNSET))
        if type_ != 'oauth2'and not isinstance(type_, Unset):
            raise ValueError(f"type must match const 'oauth2', got '{type_}'")

        def _parse_scope(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        scope = _parse_scope(d.pop("scope", UNSET))


        def _parse_audience(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        audience = _parse_audience(d.pop("audience", UNSET))


        _client_auth = d.pop("clientAuth", UNSET)
        client_auth: AuthOutClientauth | Unset
        if isinstance(_client_auth,  Unset):
            client_auth = UNSET
        else:
            client_auth = AuthOutClientauth(_client_auth)




        auth_out = cls(
            token_url=token_url,
            client_id=client_id,
            type_=type_,
            scope=scope,
            audience=audience,
            client_auth=client_auth,
        )


        auth_out.additional_properties = d
        return auth_out

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
