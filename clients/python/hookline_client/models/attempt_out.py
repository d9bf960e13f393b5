from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="AttemptOut")



@_attrs_define
class AttemptOut:
    """ 
        Attributes:
            id (str):
            delivery_id (str):
            attempt (int):
            status (str):
            duration_ms (int):
            created_at (None | str):
            target_id (None | str | Unset):
            status_code (int | None | Unset):
            response_body (None | str | Unset):
            error_type (None | str | Unset): null on success; else why the attempt failed: http_status (the receiver
                answered non-2xx, see statusCode), timeout, connection, dns, tls, blocked_url (the URL guard refused the
                address), oauth (the target's OAuth2 token endpoint gave no token, so nothing was sent to the receiver), proxy
                (the egress proxy failed), transformation (the target's code failed), broker_unreachable, broker_refused or
                broker_auth (a broker target's publish: the broker could not be reached or did not confirm, refused the message,
                or refused the credentials), or circuit_open (no request was sent: the target's circuit breaker was still open
                when the Delivery's retry window ended, so it ended exhausted), or not_polled (a polling endpoint's Consumer did
                not pull and commit it within HOOKLINE_POLL_WINDOW)
            error_message (None | str | Unset):
     """

    id: str
    delivery_id: str
    attempt: int
    status: str
    duration_ms: int
    created_at: None | str
    target_id: None | str | Unset = UNSET
    status_code: int | None | Unset = UNSET
    response_body: None | str | Unset = UNSET
    error_type: None | str | Unset = UNSET
    error_message: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        delivery_id = self.delivery_id

        attempt = self.attempt

        status = self.status

        duration_ms = self.duration_ms

        created_at: None | str
        created_at = self.created_at

        target_id: None | str | Unset
        if isinstance(self.target_id, Unset):
            target_id = UNSET
        else:
            target_id = self.target_id

        status_code: int | None | Unset
        if isinstance(self.status_code, Unset):
            status_code = UNSET
        else:
            status_code = self.status_code

        response_body: None | str | Unset
        if isinstance(self.response_body, Unset):
            response_body = UNSET
        else:
            response_body = self.response_body

        error_type: None | str | Unset
        if isinstance(self.error_type, Unset):
            error_type = UNSET
        else:
            error_type = self.error_type

        error_message: None | str | Unset
        if isinstance(self.error_message, Unset):
            error_message = UNSET
        else:
            error_message = self.error_message


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "deliveryId": delivery_id,
            "attempt": attempt,
            "status": status,
            "durationMs": duration_ms,
            "createdAt": created_at,
        })
        if target_id is not UNSET:
            field_dict["targetId"] = target_id
        if status_code is not UNSET:
            field_dict["statusCode"] = status_code
        if response_body is not UNSET:
            field_dict["responseBody"] = response_body
        if error_type is not UNSET:
            field_dict["errorType"] = error_type
        if error_message is not UNSET:
            field_dict["errorMessage"] = error_message

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        delivery_id = d.pop("deliveryId")

        attempt = d.pop("attempt")

        status = d.pop("status")

        duration_ms = d.pop("durationMs")

        def _parse_created_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_at = _parse_created_at(d.pop("createdAt"))


        def _parse_target_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        target_id = _parse_target_id(d.pop("targetId", UNSET))


        def _parse_status_code(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        status_code = _parse_status_code(d.pop("statusCode", UNSET))


        def _parse_response_body(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        response_body = _parse_response_body(d.pop("responseBody", UNSET))


        def _parse_error_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        error_type = _parse_error_type(d.pop("errorType", UNSET))


        def _parse_error_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        error_message = _parse_error_message(d.pop("errorMessage", UNSET))


        attempt_out = cls(
            id=id,
            delivery_id=delivery_id,
            attempt=attempt,
            status=status,
            duration_ms=duration_ms,
            created_at=created_at,
            target_id=target_id,
            status_code=status_code,
            response_body=response_body,
            error_type=error_type,
            error_message=error_message,
        )


        attempt_out.additional_properties = d
        return attempt_out

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
