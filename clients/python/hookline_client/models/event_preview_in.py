from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="EventPreviewIn")



@_attrs_define
class EventPreviewIn:
    """ A stored event (`eventId`), or a sample (`type` and `data`).

        Attributes:
            filter_ (None | str | Unset): An unsaved filter to try instead of the saved one (null: none); absent: the saved
                filter
            transformation (None | str | Unset): An unsaved transformation to try instead of the saved one (null: none);
                absent: the saved one
            event_id (None | str | Unset): An event of this environment
            type_ (None | str | Unset):
            data (Any | Unset):
     """

    filter_: None | str | Unset = UNSET
    transformation: None | str | Unset = UNSET
    event_id: None | str | Unset = UNSET
    type_: None | str | Unset = UNSET
    data: Any | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
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

        event_id: None | str | Unset
        if isinstance(self.event_id, Unset):
            event_id = UNSET
        else:
            event_id = self.event_id

        type_: None | str | Unset
        if isinstance(self.type_, Unset):
            type_ = UNSET
        else:
            type_ = self.type_

        data = self.data


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if filter_ is not UNSET:
            field_dict["filter"] = filter_
        if transformation is not UNSET:
            field_dict["transformation"] = transformation
        if event_id is not UNSET:
            field_dict["eventId"] = event_id
        if type_ is not UNSET:
            field_dict["type"] = type_
        if data is not UNSET:
            field_dict["data"] = data

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
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


        def _parse_event_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        event_id = _parse_event_id(d.pop("eventId", UNSET))


        def _parse_type_(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        type_ = _parse_type_(d.pop("type", UNSET))


        data = d.pop("data", UNSET)

        event_preview_in = cls(
            filter_=filter_,
            transformation=transformation,
            event_id=event_id,
            type_=type_,
            data=data,
        )

        return event_preview_in

