from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.recovery_out_status import RecoveryOutStatus
from ..models.recovery_out_statuses_item import RecoveryOutStatusesItem
from typing import cast






T = TypeVar("T", bound="RecoveryOut")



@_attrs_define
class RecoveryOut:
    """ 
        Attributes:
            id (str):
            target_id (str):
            status (RecoveryOutStatus):
            since (str):
            until (None | str):
            statuses (list[RecoveryOutStatusesItem]):
            matching (int): Deliveries that matched when it was asked for
            recovered (int): Deliveries re-sent so far
            created_at (str):
            finished_at (None | str):
     """

    id: str
    target_id: str
    status: RecoveryOutStatus
    since: str
    until: None | str
    statuses: list[RecoveryOutStatusesItem]
    matching: int
    recovered: int
    created_at: str
    finished_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        target_id = self.target_id

        status = self.status.value

        since = self.since

        until: None | str
        until = self.until

        statuses = []
        for statuses_item_data in self.statuses:
            statuses_item = statuses_item_data.value
            statuses.append(statuses_item)



        matching = self.matching

        recovered = self.recovered

        created_at = self.created_at

        finished_at: None | str
        finished_at = self.finished_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "targetId": target_id,
            "status": status,
            "since": since,
            "until": until,
            "statuses": statuses,
            "matching": matching,
            "recovered": recovered,
            "createdAt": created_at,
            "finishedAt": finished_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        target_id = d.pop("targetId")

        status = RecoveryOutStatus(d.pop("status"))




        since = d.pop("since")

        def _parse_until(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        until = _parse_until(d.pop("until"))


        statuses = []
        _statuses = d.pop("statuses")
        for statuses_item_data in (_statuses):
            statuses_item = RecoveryOutStatusesItem(statuses_item_data)



            statuses.append(statuses_item)


        matching = d.pop("matching")

        recovered = d.pop("recovered")

        created_at = d.pop("createdAt")

        def _parse_finished_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        finished_at = _parse_finished_at(d.pop("finishedAt"))


        recovery_out = cls(
            id=id,
            target_id=target_id,
            status=status,
            since=since,
            until=until,
            statuses=statuses,
            matching=matching,
            recovered=recovered,
            created_at=created_at,
            finished_at=finished_at,
        )


        recovery_out.additional_properties = d
        return recovery_out

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
