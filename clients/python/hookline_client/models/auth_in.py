from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.auth_in_clientauth import AuthInClientauth
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="AuthIn")



@_attrs_define
class AuthIn:
    """ 
        Attributes:
            token_url (str): The token endpoint; the same URL rules as a target's
            client_id (str):
            type_ (Literal['oauth2'] | Unset):  Default: 'oauth2'.
            client_secret (None | str | Unset): Write-only; required unless clientAuth is private_key_jwt
            scope (None | str | Unset):
            audience (None | str | Unset):
            client_auth (AuthInClientauth | Unset): How the token request authenticates: `basic` (client_secret_basic, the
                default), `post` (client_secret_post) or `private_key_jwt` (RFC 7523, a JWT signed with `privateKey`: RS256 for
                RSA, ES256/384/512 for EC) Default: AuthInClientauth.BASIC.
            private_key (None | str | Unset): Write-only: a PEM RSA or EC private key, for private_key_jwt
     """

    token_url: str
    client_id: str
    type_: Literal['oauth2'] | Unset = 'oauth2'
    client_secret: None | str | Unset = UNSET
    scope: None | str | Unset = UNSET
    audience: None | str | Unset = UNSET
    client_auth: AuthInClientauth | Unset = AuthInClientauth.BASIC
    private_key: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        token_url = self.token_url

        client_id = self.client_id

        type_ = self.type_

        client_secret: None | str | Unset
        if isinstance(self.client_secret, Unset):
            client_secret = UNSET
        else:
            client_secret = self.client_secret

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


        private_key: None | str | Unset
        if isinstance(self.private_key, Unset):
            private_key = UNSET
        else:
            private_key = self.private_key


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "tokenUrl": token_url,
            "clientId": client_id,
        })
        if type_ is not UNSET:
            field_dict["type"] = type_
        if client_secret is not UNSET:
            field_dict["clientSecret"] = client_secret
        if scope is not UNSET:
            field_dict["scope"] = scope
        if audience is not UNSET:
            field_dict["audience"] = audience
        if client_auth is not UNSET:
            field_dict["clientAuth"] = client_auth
        if private_key is not UNSET:
            field_dict["privateKey"] = private_key

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        token_url = d.pop("tokenUrl")

        client_id = d.pop("clientId")

        type_ = cast(Literal['oauth2'] | Unset , d.pop("type", UNSET))
        if type_ != 'oauth2'and not isinstance(type_, Unset):
            raise ValueError(f"type must match const 'oauth2', got '{type_}'")

        def _parse_client_secret(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client_secret = _parse_client_secret(d.pop("clientSecret", UNSET))


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
        client_auth: AuthInClientauth | Unset
        if isinstance(_client_auth,  Unset):
            client_auth = UNSET
        else:
            client_auth = AuthInClientauth(_client_auth)




        def _parse_private_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        private_key = _parse_private_key(d.pop("privateKey", UNSET))


        auth_in = cls(
            token_url=token_url,
            client_id=client_id,
            type_=type_,
            client_secret=client_secret,
            scope=scope,
            audience=audience,
            client_auth=client_auth,
            private_key=private_key,
        )

        return auth_in

