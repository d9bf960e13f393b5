from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.preview_out_headers_type_0 import PreviewOutHeadersType0





T = TypeVar("T", bound="PreviewOut")



@_attrs_define
class PreviewOut:
    """ 
        Attributes:
            matched (bool): The filter lets it through (true without a filter)
            cancelled (bool): The transformation cancelled it: nothing is sent
            url (None | str): Where it would go; null when not matched
            headers (None | PreviewOutHeadersType0): What would be sent, signed with the secrets in force now
            body (None | str): The body that would be sent
            error (None | str): Why the filter's evaluation failed (no match), or why the transformation failed (the attempt
                would fail)
            duration_ms (float): Time the filter and the transformation took, in milliseconds
            key (None | str | Unset): A broker target's message key (Kafka's record key, a FIFO queue's group...); null for
                an HTTP target or when nothing would be sent
     """

    matched: bool
    cancelled: bool
    url: None | str
    headers: None | PreviewOutHeadersType0
    body: None | str
    error: None | str
    duration_ms: float
    key: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.preview_out_headers_type_0 import PreviewOutHeadersType0 # noqa: PLC0415
        matched = self.matched

        cancelled = self.cancelled

        url: None | str
        url = self.url

        headers: dict[str, Any] | None
        if isinstance(self.headers, PreviewOutHeadersType0):
            headers = self.headers.to_dict()
        else:
            headers = self.headers

        body: None | str
        body = self.body

        error: None | str
        error = self.error

        duration_ms = self.duration_ms

        key: None | str | Unset
        if isinstance(self.key, Unset):
            key = UNSET
        else:
            key = self.key


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "matched": matched,
            "cancelled": cancelled,
            "url": url,
            "headers": headers,
            "body": body,
            "error": error,
            "durationMs": duration_ms,
        })
        if key is not UNSET:
            field_dict["key"] = key

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.preview_out_headers_type_0 import PreviewOutHeadersType0 # noqa: PLC0415
        d = dict(src_dict)
        matched = d.pop("matched")

        cancelled = d.pop("cancelled")

        def _parse_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        url = _parse_url(d.pop("url"))


        def _parse_headers(data: object) -> None | PreviewOutHeadersType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                headers_type_0 = PreviewOutHeadersType0.from_dict(data)



                return headers_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PreviewOutHeadersType0, data)

        headers = _parse_headers(d.pop("headers"))


        def _parse_body(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        body = _parse_body(d.pop("body"))


        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))


        duration_ms = d.pop("durationMs")

        def _parse_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        key = _parse_key(d.pop("key", UNSET))


        preview_out = cls(
            matched=matched,
            cancelled=cancelled,
            url=url,
            headers=headers,
            body=body,
            error=error,
            duration_ms=duration_ms,
            key=key,
        )


        preview_out.additional_properties = d
        return preview_out

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
