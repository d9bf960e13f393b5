from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.polled_message_headers import PolledMessageHeaders





T = TypeVar("T", bound="PolledMessage")



@_attrs_define
class PolledMessage:
    """ One message as a push would have sent it: verify `body` with `headers` as a webhook.

        Attributes:
            id (str): The Delivery's id
            status (str): `pending` until a commit covers it, then `delivered` (shown again after a seek back)
            event_id (str):
            event_type (str):
            timestamp (str): When the event was published
            body (str): The body a push would send, byte for byte
            headers (PolledMessageHeaders): The signature headers a push would send (webhook-id, webhook-timestamp, webhook-
                signature, or the endpoint's svix-* names), signed now, and the content type
     """

    id: str
    status: str
    event_id: str
    event_type: str
    timestamp: str
    body: str
    headers: PolledMessageHeaders
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.polled_message_headers import PolledMessageHeaders # noqa: PLC0415
        id = self.id

        status = self.status

        event_id = self.event_id

        event_type = self.event_type

        timestamp = self.timestamp

        body = self.body

        headers = self.headers.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "status": status,
            "eventId": event_id,
            "eventType": event_type,
            "timestamp": timestamp,
            "body": body,
            "headers": headers,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.polled_message_headers import PolledMessageHeaders # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        status = d.pop("status")

        event_id = d.pop("eventId")

        event_type = d.pop("eventType")

        timestamp = d.pop("timestamp")

        body = d.pop("body")

        headers = PolledMessageHeaders.from_dict(d.pop("headers"))




        polled_message = cls(
            id=id,
            status=status,
            event_id=event_id,
            event_type=event_type,
            timestamp=timestamp,
            body=body,
            headers=headers,
        )


        polled_message.additional_properties = d
        return polled_message

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
