from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="TlsIn")



@_attrs_define
class TlsIn:
    """ 
        Attributes:
            client_certificate (None | str | Unset): PEM: the client certificate, then any intermediates; with clientKey
            client_key (None | str | Unset): Write-only: the certificate's PEM private key (unencrypted)
            ca_bundle (None | str | Unset): PEM: the CAs trusted for the receiver's certificate, instead of the public roots
     """

    client_certificate: None | str | Unset = UNSET
    client_key: None | str | Unset = UNSET
    ca_bundle: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        client_certificate: None | str | Unset
        if isinstance(self.client_certificate, Unset):
            client_certificate = UNSET
        else:
            client_certificate = self.client_certificate

        client_key: None | str | Unset
        if isinstance(self.client_key, Unset):
            client_key = UNSET
        else:
            client_key = self.client_key

        ca_bundle: None | str | Unset
        if isinstance(self.ca_bundle, Unset):
            ca_bundle = UNSET
        else:
            ca_bundle = self.ca_bundle


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if client_certificate is not UNSET:
            field_dict["clientCertificate"] = client_certificate
        if client_key is not UNSET:
            field_dict["clientKey"] = client_key
        if ca_bundle is not UNSET:
            field_dict["caBundle"] = ca_bundle

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_client_certificate(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client_certificate = _parse_client_certificate(d.pop("clientCertificate", UNSET))


        def _parse_client_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client_key = _parse_client_key(d.pop("clientKey", UNSET))


        def _parse_ca_bundle(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ca_bundle = _parse_ca_bundle(d.pop("caBundle", UNSET))


        tls_in = cls(
            client_certificate=client_certificate,
            client_key=client_key,
            ca_bundle=ca_bundle,
        )

        return tls_in

