from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.contacts_out import ContactsOut





T = TypeVar("T", bound="ConsumerOut")



@_attrs_define
class ConsumerOut:
    """ 
        Attributes:
            created_at (None | str):
            id (str):
            external_id (str):
            name (str):
            contacts (ContactsOut | None | Unset):
     """

    created_at: None | str
    id: str
    external_id: str
    name: str
    contacts: ContactsOut | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.contacts_out import ContactsOut # noqa: PLC0415
        created_at: None | str
        created_at = self.created_at

        id = self.id

        external_id = self.external_id

        name = self.name

        contacts: dict[str, Any] | None | Unset
        if isinstance(self.contacts, Unset):
            contacts = UNSET
        elif isinstance(self.contacts, ContactsOut):
            contacts = self.contacts.to_dict()
        else:
            contacts = self.contacts


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "createdAt": created_at,
            "id": id,
            "externalId": external_id,
            "name": name,
        })
        if contacts is not UNSET:
            field_dict["contacts"] = contacts

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contacts_out import ContactsOut # noqa: PLC0415
        d = dict(src_dict)
        def _parse_created_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_at = _parse_created_at(d.pop("createdAt"))


        id = d.pop("id")

        external_id = d.pop("externalId")

        name = d.pop("name")

        def _parse_contacts(data: object) -> ContactsOut | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                contacts_type_0 = ContactsOut.from_dict(data)



                return contacts_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ContactsOut | None | Unset, data)

        contacts = _parse_contacts(d.pop("contacts", UNSET))


        consumer_out = cls(
            created_at=created_at,
            id=id,
            external_id=external_id,
            name=name,
            contacts=contacts,
        )


        consumer_out.additional_properties = d
        return consumer_out

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
