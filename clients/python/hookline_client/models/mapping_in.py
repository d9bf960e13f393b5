from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="MappingIn")



@_attrs_define
class MappingIn:
    """ 
        Attributes:
            consumer (None | str | Unset): The Consumer's externalId or id
            event_type (None | str | Unset):
            idempotency_key (None | str | Unset):
            payload (None | str | Unset): The Event's payload (a JSON object)
     """

    consumer: None | str | Unset = UNSET
    event_type: None | str | Unset = UNSET
    idempotency_key: None | str | Unset = UNSET
    payload: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        consumer: None | str | Unset
        if isinstance(self.consumer, Unset):
            consumer = UNSET
        else:
            consumer = self.consumer

        event_type: None | str | Unset
        if isinstance(self.event_type, Unset):
            event_type = UNSET
        else:
            event_type = self.event_type

        idempotency_key: None | str | Unset
        if isinstance(self.idempotency_key, Unset):
            idempotency_key = UNSET
        else:
            idempotency_key = self.idempotency_key

        payload: None | str | Unset
        if isinstance(self.payload, Unset):
            payload = UNSET
        else:
            payload = self.payload


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if consumer is not UNSET:
            field_dict["consumer"] = consumer
        if event_type is not UNSET:
            field_dict["eventType"] = event_type
        if idempotency_key is not UNSET:
            field_dict["idempotencyKey"] = idempotency_key
        if payload is not UNSET:
            field_dict["payload"] = payload

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_consumer(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        consumer = _parse_consumer(d.pop("consumer", UNSET))


        def _parse_event_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        event_type = _parse_event_type(d.pop("eventType", UNSET))


        def _parse_idempotency_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        idempotency_key = _parse_idempotency_key(d.pop("idempotencyKey", UNSET))


        def _parse_payload(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        payload = _parse_payload(d.pop("payload", UNSET))


        mapping_in = cls(
            consumer=consumer,
            event_type=event_type,
            idempotency_key=idempotency_key,
            payload=payload,
        )

        return mapping_in

