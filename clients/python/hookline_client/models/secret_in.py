from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.secret_in_signature_scheme_type_0 import SecretInSignatureSchemeType0
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SecretIn")



@_attrs_define
class SecretIn:
    """ A rotation: a new key of the target's scheme, of `signatureScheme` (a switch), or the
    one given.

        Attributes:
            secret (None | str | Unset): A whsec_ secret (v1) or a whsk_ signing key (v1a); made when absent
            signature_scheme (None | SecretInSignatureSchemeType0 | Unset): The scheme of the new key; absent: the target's,
                or the given secret's
     """

    secret: None | str | Unset = UNSET
    signature_scheme: None | SecretInSignatureSchemeType0 | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        secret: None | str | Unset
        if isinstance(self.secret, Unset):
            secret = UNSET
        else:
            secret = self.secret

        signature_scheme: None | str | Unset
        if isinstance(self.signature_scheme, Unset):
            signature_scheme = UNSET
        elif isinstance(self.signature_scheme, SecretInSignatureSchemeType0):
            signature_scheme = self.signature_scheme.value
        else:
            signature_scheme = self.signature_scheme


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if secret is not UNSET:
            field_dict["secret"] = secret
        if signature_scheme is not UNSET:
            field_dict["signatureScheme"] = signature_scheme

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_secret(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        secret = _parse_secret(d.pop("secret", UNSET))


        def _parse_signature_scheme(data: object) -> None | SecretInSignatureSchemeType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                signature_scheme_type_0 = SecretInSignatureSchemeType0(data)



                return signature_scheme_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SecretInSignatureSchemeType0 | Unset, data)

        signature_scheme = _parse_signature_scheme(d.pop("signatureScheme", UNSET))


        secret_in = cls(
            secret=secret,
            signature_scheme=signature_scheme,
        )

        return secret_in

