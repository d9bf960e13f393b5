from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="DeliveryOut")



@_attrs_define
class DeliveryOut:
    """ 
        Attributes:
            id (str):
            status (str):
            attempts (int):
            created_at (None | str):
            updated_at (None | str):
            event_id (None | str | Unset):
            message_id (None | str | Unset):
            endpoint_id (None | str | Unset):
            destination_id (None | str | Unset):
            next_attempt_at (None | str | Unset):
            last_attempt_at (None | str | Unset):
            response_status (int | None | Unset):
            error_type (None | str | Unset): null on success; else why the attempt failed: http_status (the receiver
                answered non-2xx, see statusCode), timeout, connection, dns, tls, blocked_url (the URL guard refused the
                address), oauth (the target's OAuth2 token endpoint gave no token, so nothing was sent to the receiver), proxy
                (the egress proxy failed), transformation (the target's code failed), broker_unreachable, broker_refused or
                broker_auth (a broker target's publish: the broker could not be reached or did not confirm, refused the message,
                or refused the credentials), or circuit_open (no request was sent: the target's circuit breaker was still open
                when the Delivery's retry window ended, so it ended exhausted), or not_polled (a polling endpoint's Consumer did
                not pull and commit it within HOOKLINE_POLL_WINDOW)
            duration_ms (int | None | Unset):
     """

    id: str
    status: str
    attempts: int
    created_at: None | str
    updated_at: None | str
    event_id: None | str | Unset = UNSET
    message_id: None | str | Unset = UNSET
    endpoint_id: None | str | Unset = UNSET
    destination_id: None | str | Unset = UNSET
    next_attempt_at: None | str | Unset = UNSET
    last_attempt_at: None | str | Unset = UNSET
    response_status: int | None | Unset = UNSET
    error_type: None | str | Unset = UNSET
    duration_ms: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        status = self.status

        attempts = self.attempts

        created_at: None | str
        created_at = self.created_at

        updated_at: None | str
        updated_at = self.updated_at

        event_id: None | str | Unset
        if isinstance(self.event_id, Unset):
            event_id = UNSET
        else:
            event_id = self.event_id

        message_id: None | str | Unset
        if isinstance(self.message_id, Unset):
            message_id = UNSET
        else:
            message_id = self.message_id

        endpoint_id: None | str | Unset
        if isinstance(self.endpoint_id, Unset):
            endpoint_id = UNSET
        else:
            endpoint_id = self.endpoint_id

        destination_id: None | str | Unset
        if isinstance(self.destination_id, Unset):
            destination_id = UNSET
        else:
            destination_id = self.destination_id

        next_attempt_at: None | str | Unset
        if isinstance(self.next_attempt_at, Unset):
            next_attempt_at = UNSET
        else:
            next_attempt_at = self.next_attempt_at

        last_attempt_at: None | str | Unset
        if isinstance(self.last_attempt_at, Unset):
            last_attempt_at = UNSET
        else:
            last_attempt_at = self.last_attempt_at

        response_status: int | None | Unset
        if isinstance(self.response_status, Unset):
            response_status = UNSET
        else:
            response_status = self.response_status

        error_type: None | str | Unset
        if isinstance(self.error_type, Unset):
            error_type = UNSET
        else:
            error_type = self.error_type

        duration_ms: int | None | Unset
        if isinstance(self.duration_ms, Unset):
            duration_ms = UNSET
        else:
            duration_ms = self.duration_ms


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "status": status,
            "attempts": attempts,
            "createdAt": created_at,
            "updatedAt": updated_at,
        })
        if event_id is not UNSET:
            field_dict["eventId"] = event_id
        if message_id is not UNSET:
            field_dict["messageId"] = message_id
        if endpoint_id is not UNSET:
            field_dict["endpointId"] = endpoint_id
        if destination_id is not UNSET:
            field_dict["destinationId"] = destination_id
        if next_attempt_at is not UNSET:
            field_dict["nextAttemptAt"] = next_attempt_at
        if last_attempt_at is not UNSET:
            field_dict["lastAttemptAt"] = last_attempt_at
        if response_status is not UNSET:
            field_dict["responseStatus"] = response_status
        if error_type is not UNSET:
            field_dict["errorType"] = error_type
        if duration_ms is not UNSET:
            field_dict["durationMs"] = duration_ms

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        status = d.pop("status")

        attempts = d.pop("attempts")

        def _parse_created_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_at = _parse_created_at(d.pop("createdAt"))


        def _parse_updated_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        updated_at = _parse_updated_at(d.pop("updatedAt"))


        def _parse_event_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        event_id = _parse_event_id(d.pop("eventId", UNSET))


        def _parse_message_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        message_id = _parse_message_id(d.pop("messageId", UNSET))


        def _parse_endpoint_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        endpoint_id = _parse_endpoint_id(d.pop("endpointId", UNSET))


        def _parse_destination_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        destination_id = _parse_destination_id(d.pop("destinationId", UNSET))


        def _parse_next_attempt_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("nextAttemptAt", UNSET))


        def _parse_last_attempt_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_attempt_at = _parse_last_attempt_at(d.pop("lastAttemptAt", UNSET))


        def _parse_response_status(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        response_status = _parse_response_status(d.pop("responseStatus", UNSET))


        def _parse_error_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        error_type = _parse_error_type(d.pop("errorType", UNSET))


        def _parse_duration_ms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        duration_ms = _parse_duration_ms(d.pop("durationMs", UNSET))


        delivery_out = cls(
            id=id,
            status=status,
            attempts=attempts,
            created_at=created_at,
            updated_at=updated_at,
            event_id=event_id,
            message_id=message_id,
            endpoint_id=endpoint_id,
            destination_id=destination_id,
            next_attempt_at=next_attempt_at,
            last_attempt_at=last_attempt_at,
            response_status=response_status,
            error_type=error_type,
            duration_ms=duration_ms,
        )


        delivery_out.additional_properties = d
        return delivery_out

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
