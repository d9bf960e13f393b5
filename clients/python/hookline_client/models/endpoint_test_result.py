from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="EndpointTestResult")



@_attrs_define
class EndpointTestResult:
    """ 
        Attributes:
            success (bool): The endpoint answered 2xx
            status_code (int | None):
            error_type (None | str): null on success; else http_status, timeout, connection, dns, tls, blocked_url, oauth,
                proxy, broker_unreachable, broker_refused or broker_auth
            error_message (None | str):
            duration_ms (int):
     """

    success: bool
    status_code: int | None
    error_type: None | str
    error_message: None | str
    duration_ms: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        success = self.success

        status_code: int | None
        status_code = self.status_code

        error_type: None | str
        error_type = self.error_type

        error_message: None | str
        error_message = self.error_message

        duration_ms = self.duration_ms


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "success": success,
            "statusCode": status_code,
            "errorType": error_type,
            "errorMessage": error_message,
            "durationMs": duration_ms,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        success = d.pop("success")

        def _parse_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status_code = _parse_status_code(d.pop("statusCode"))


        def _parse_error_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error_type = _parse_error_type(d.pop("errorType"))


        def _parse_error_message(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error_message = _parse_error_message(d.pop("errorMessage"))


        duration_ms = d.pop("durationMs")

        endpoint_test_result = cls(
            success=success,
            status_code=status_code,
            error_type=error_type,
            error_message=error_message,
            duration_ms=duration_ms,
        )


        endpoint_test_result.additional_properties = d
        return endpoint_test_result

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
