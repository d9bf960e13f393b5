from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.delivery_counts import DeliveryCounts
  from ..models.message_detail_headers import MessageDetailHeaders





T = TypeVar("T", bound="MessageDetail")



@_attrs_define
class MessageDetail:
    """ 
        Attributes:
            id (str):
            source_id (str):
            method (str):
            body_bytes (int):
            verification (str):
            fanout (int):
            deliveries (DeliveryCounts):
            created_at (str):
            headers (MessageDetailHeaders):
            content_type (None | str | Unset):
            provider_event_id (None | str | Unset):
            payload_erased (bool | Unset):  Default: False.
            body (None | str | Unset):
            query (str | Unset):  Default: ''.
            remote_ip (None | str | Unset):
     """

    id: str
    source_id: str
    method: str
    body_bytes: int
    verification: str
    fanout: int
    deliveries: DeliveryCounts
    created_at: str
    headers: MessageDetailHeaders
    content_type: None | str | Unset = UNSET
    provider_event_id: None | str | Unset = UNSET
    payload_erased: bool | Unset = False
    body: None | str | Unset = UNSET
    query: str | Unset = ''
    remote_ip: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.delivery_counts import DeliveryCounts # noqa: PLC0415
        from ..models.message_detail_headers import MessageDetailHeaders # noqa: PLC0415
        id = self.id

        source_id = self.source_id

        method = self.method

        body_bytes = self.body_bytes

        verification = self.verification

        fanout = self.fanout

        deliveries = self.deliveries.to_dict()

        created_at = self.created_at

        headers = self.headers.to_dict()

        content_type: None | str | Unset
        if isinstance(self.content_type, Unset):
            content_type = UNSET
        else:
            content_type = self.content_type

        provider_event_id: None | str | Unset
        if isinstance(self.provider_event_id, Unset):
            provider_event_id = UNSET
        else:
            provider_event_id = self.provider_event_id

        payload_erased = self.payload_erased

        body: None | str | Unset
        if isinstance(self.body, Unset):
            body = UNSET
        else:
            body = self.body

        query = self.query

        remote_ip: None | str | Unset
        if isinstance(self.remote_ip, Unset):
            remote_ip = UNSET
        else:
            remote_ip = self.remote_ip


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "sourceId": source_id,
            "method": method,
            "bodyBytes": body_bytes,
            "verification": verification,
            "fanout": fanout,
            "deliveries": deliveries,
            "createdAt": created_at,
            "headers": headers,
        })
        if content_type is not UNSET:
            field_dict["contentType"] = content_type
        if provider_event_id is not UNSET:
            field_dict["providerEventId"] = provider_event_id
        if payload_erased is not UNSET:
            field_dict["payloadErased"] = payload_erased
        if body is not UNSET:
            field_dict["body"] = body
        if query is not UNSET:
            field_dict["query"] = query
        if remote_ip is not UNSET:
            field_dict["remoteIp"] = remote_ip

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.delivery_counts import DeliveryCounts # noqa: PLC0415
        from ..models.message_detail_headers import MessageDetailHeaders # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        source_id = d.pop("sourceId")

        method = d.pop("method")

        body_bytes = d.pop("bodyBytes")

        verification = d.pop("verification")

        fanout = d.pop("fanout")

        deliveries = DeliveryCounts.from_dict(d.pop("deliveries"))




        created_at = d.pop("createdAt")

        headers = MessageDetailHeaders.from_dict(d.pop("headers"))




        def _parse_content_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        content_type = _parse_content_type(d.pop("contentType", UNSET))


        def _parse_provider_event_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        provider_event_id = _parse_provider_event_id(d.pop("providerEventId", UNSET))


        payload_erased = d.pop("payloadErased", UNSET)

        def _parse_body(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        body = _parse_body(d.pop("body", UNSET))


        query = d.pop("query", UNSET)

        def _parse_remote_ip(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        remote_ip = _parse_remote_ip(d.pop("remoteIp", UNSET))


        message_detail = cls(
            id=id,
            source_id=source_id,
            method=method,
            body_bytes=body_bytes,
            verification=verification,
            fanout=fanout,
            deliveries=deliveries,
            created_at=created_at,
            headers=headers,
            content_type=content_type,
            provider_event_id=provider_event_id,
            payload_erased=payload_erased,
            body=body,
            query=query,
            remote_ip=remote_ip,
        )


        message_detail.additional_properties = d
        return message_detail

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
