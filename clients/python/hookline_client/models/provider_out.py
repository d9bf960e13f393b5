from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.config_field_out import ConfigFieldOut





T = TypeVar("T", bound="ProviderOut")



@_attrs_define
class ProviderOut:
    """ 
        Attributes:
            code (str):
            name (str):
            scheme (str):
            needs_secret (bool):
            config_fields (list[ConfigFieldOut]):
            event_id_location (str):
            stripped_headers (list[str]):
            verification (str): signature, token (the secret travels as is), skipped (needs a key fetched over the network:
                never verified) or configurable (generic)
            handshake (None | str): The registration handshake and how it is answered, or null
     """

    code: str
    name: str
    scheme: str
    needs_secret: bool
    config_fields: list[ConfigFieldOut]
    event_id_location: str
    stripped_headers: list[str]
    verification: str
    handshake: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.config_field_out import ConfigFieldOut # noqa: PLC0415
        code = self.code

        name = self.name

        scheme = self.scheme

        needs_secret = self.needs_secret

        config_fields = []
        for config_fields_item_data in self.config_fields:
            config_fields_item = config_fields_item_data.to_dict()
            config_fields.append(config_fields_item)



        event_id_location = self.event_id_location

        stripped_headers = self.stripped_headers



        verification = self.verification

        handshake: None | str
        handshake = self.handshake


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "code": code,
            "name": name,
            "scheme": scheme,
            "needsSecret": needs_secret,
            "configFields": config_fields,
            "eventIdLocation": event_id_location,
            "strippedHeaders": stripped_headers,
            "verification": verification,
            "handshake": handshake,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.config_field_out import ConfigFieldOut # noqa: PLC0415
        d = dict(src_dict)
        code = d.pop("code")

        name = d.pop("name")

        scheme = d.pop("scheme")

        needs_secret = d.pop("needsSecret")

        config_fields = []
        _config_fields = d.pop("configFields")
        for config_fields_item_data in (_config_fields):
            config_fields_item = ConfigFieldOut.from_dict(config_fields_item_data)



            config_fields.append(config_fields_item)


        event_id_location = d.pop("eventIdLocation")

        stripped_headers = cast(list[str], d.pop("strippedHeaders"))


        verification = d.pop("verification")

        def _parse_handshake(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        handshake = _parse_handshake(d.pop("handshake"))


        provider_out = cls(
            code=code,
            name=name,
            scheme=scheme,
            needs_secret=needs_secret,
            config_fields=config_fields,
            event_id_location=event_id_location,
            stripped_headers=stripped_headers,
            verification=verification,
            handshake=handshake,
        )


        provider_out.additional_properties = d
        return provider_out

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
