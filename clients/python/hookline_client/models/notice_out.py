from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.notice_out_channel import NoticeOutChannel
from ..models.notice_out_type import NoticeOutType
from typing import cast

if TYPE_CHECKING:
  from ..models.notice_delivery import NoticeDelivery





T = TypeVar("T", bound="NoticeOut")



@_attrs_define
class NoticeOut:
    """ A failure notice sent on one channel, and the Delivery that carries it.

        Attributes:
            id (str):
            type_ (NoticeOutType):
            channel (NoticeOutChannel):
            recipient (str): The address, or the Slack or Teams URL's host
            endpoint_id (None | str):
            delivery (None | NoticeDelivery):
            created_at (str):
     """

    id: str
    type_: NoticeOutType
    channel: NoticeOutChannel
    recipient: str
    endpoint_id: None | str
    delivery: None | NoticeDelivery
    created_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.notice_delivery import NoticeDelivery # noqa: PLC0415
        id = self.id

        type_ = self.type_.value

        channel = self.channel.value

        recipient = self.recipient

        endpoint_id: None | str
        endpoint_id = self.endpoint_id

        delivery: dict[str, Any] | None
        if isinstance(self.delivery, NoticeDelivery):
            delivery = self.delivery.to_dict()
        else:
            delivery = self.delivery

        created_at = self.created_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "type": type_,
            "channel": channel,
            "recipient": recipient,
            "endpointId": endpoint_id,
            "delivery": delivery,
            "createdAt": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.notice_delivery import NoticeDelivery # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        type_ = NoticeOutType(d.pop("type"))




        channel = NoticeOutChannel(d.pop("channel"))




        recipient = d.pop("recipient")

        def _parse_endpoint_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        endpoint_id = _parse_endpoint_id(d.pop("endpointId"))


        def _parse_delivery(data: object) -> None | NoticeDelivery:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                delivery_type_0 = NoticeDelivery.from_dict(data)



                return delivery_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | NoticeDelivery, data)

        delivery = _parse_delivery(d.pop("delivery"))


        created_at = d.pop("createdAt")

        notice_out = cls(
            id=id,
            type_=type_,
            channel=channel,
            recipient=recipient,
            endpoint_id=endpoint_id,
            delivery=delivery,
            created_at=created_at,
        )


        notice_out.additional_properties = d
        return notice_out

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
