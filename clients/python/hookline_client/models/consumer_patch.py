from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.contacts import Contacts





T = TypeVar("T", bound="ConsumerPatch")



@_attrs_define
class ConsumerPatch:
    """ 
        Attributes:
            name (None | str | Unset):
            contacts (Contacts | None | Unset): null: nobody is told
     """

    name: None | str | Unset = UNSET
    contacts: Contacts | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.contacts import Contacts # noqa: PLC0415
        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        contacts: dict[str, Any] | None | Unset
        if isinstance(self.contacts, Unset):
            contacts = UNSET
        elif isinstance(self.contacts, Contacts):
            contacts = self.contacts.to_dict()
        else:
            contacts = self.contacts


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if name is not UNSET:
            field_dict["name"] = name
        if contacts is not UNSET:
            field_dict["contacts"] = contacts

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contacts import Contacts # noqa: PLC0415
        d = dict(src_dict)
        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))


        def _parse_contacts(data: object) -> Contacts | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                contacts_type_0 = Contacts.from_dict(data)



                return contacts_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Contacts | None | Unset, data)

        contacts = _parse_contacts(d.pop("contacts", UNSET))


        consumer_patch = cls(
            name=name,
            contacts=contacts,
        )

        return consumer_patch

