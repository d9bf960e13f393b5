from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.message_preview_in_headers_type_0 import MessagePreviewInHeadersType0





T = TypeVar("T", bound="MessagePreviewIn")



@_attrs_define
class MessagePreviewIn:
    """ A stored message (`messageId`), or a sample: a string `body` is taken as it is,
    anything else as JSON.

        Attributes:
            filter_ (None | str | Unset): An unsaved filter to try instead of the saved one (null: none); absent: the saved
                filter
            transformation (None | str | Unset): An unsaved transformation to try instead of the saved one (null: none);
                absent: the saved one
            message_id (None | str | Unset): A message of this environment
            body (Any | Unset):
            headers (MessagePreviewInHeadersType0 | None | Unset):
            query (str | Unset): The query string, without `?` Default: ''.
            content_type (None | str | Unset):
     """

    filter_: None | str | Unset = UNSET
    transformation: None | str | Unset = UNSET
    message_id: None | str | Unset = UNSET
    body: Any | Unset = UNSET
    headers: MessagePreviewInHeadersType0 | None | Unset = UNSET
    query: str | Unset = ''
    content_type: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.message_preview_in_headers_type_0 import MessagePreviewInHeadersType0 # noqa: PLC0415
        filter_: None | str | Unset
        if isinstance(self.filter_, Unset):
            filter_ = UNSET
        else:
            filter_ = self.filter_

        transformation: None | str | Unset
        if isinstance(self.transformation, Unset):
            transformation = UNSET
        else:
            transformation = self.transformation

        message_id: None | str | Unset
        if isinstance(self.message_id, Unset):
            message_id = UNSET
        else:
            message_id = self.message_id

        body = self.body

        headers: dict[str, Any] | None | Unset
        if isinstance(self.headers, Unset):
            headers = UNSET
        elif isinstance(self.headers, MessagePreviewInHeadersType0):
            headers = self.headers.to_dict()
        else:
            headers = self.headers

        query = self.query

        content_type: None | str | Unset
        if isinstance(self.content_type, Unset):
            content_type = UNSET
        else:
            content_type = self.content_type


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if filter_ is not UNSET:
            field_dict["filter"] = filter_
        if transformation is not UNSET:
            field_dict["transformation"] = transformation
        if message_id is not UNSET:
            field_dict["messageId"] = message_id
        if body is not UNSET:
            field_dict["body"] = body
        if headers is not UNSET:
            field_dict["headers"] = headers
        if query is not UNSET:
            field_dict["query"] = query
        if content_type is not UNSET:
            field_dict["contentType"] = content_type

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.message_preview_in_headers_type_0 import MessagePreviewInHeadersType0 # noqa: PLC0415
        d = dict(src_dict)
        def _parse_filter_(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        filter_ = _parse_filter_(d.pop("filter", UNSET))


        def _parse_transformation(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        transformation = _parse_transformation(d.pop("transformation", UNSET))


        def _parse_message_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        message_id = _parse_message_id(d.pop("messageId", UNSET))


        body = d.pop("body", UNSET)

        def _parse_headers(data: object) -> MessagePreviewInHeadersType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                headers_type_0 = MessagePreviewInHeadersType0.from_dict(data)



                return headers_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MessagePreviewInHeadersType0 | None | Unset, data)

        headers = _parse_headers(d.pop("headers", UNSET))


        query = d.pop("query", UNSET)

        def _parse_content_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        content_type = _parse_content_type(d.pop("contentType", UNSET))


        message_preview_in = cls(
            filter_=filter_,
            transformation=transformation,
            message_id=message_id,
            body=body,
            headers=headers,
            query=query,
            content_type=content_type,
        )

        return message_preview_in

