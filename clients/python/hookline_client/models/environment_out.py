from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.environment_out_target_kinds_item import EnvironmentOutTargetKindsItem
from typing import cast






T = TypeVar("T", bound="EnvironmentOut")



@_attrs_define
class EnvironmentOut:
    """ 
        Attributes:
            id (str):
            name (str):
            kind (str):
            retention_days (int | None):
            effective_retention_days (int | None): the retention in force, in whole days: `retentionDays`, else the
                instance's HOOKLINE_RETENTION rounded up to a day; null: kept for ever
            egress_proxy (None | str): The forward proxy this environment's requests to receivers (and to their token
                endpoints) go through, `http://host:port` (CONNECT) or `socks5://host:port`, with `user:password@` if it asks
                (reads show the password as `***`); null: the instance's HOOKLINE_EGRESS_PROXY. HOOKLINE_NO_PROXY applies to it
                too
            target_kinds (list[EnvironmentOutTargetKindsItem]): The kinds of target this environment's endpoints and
                destinations may be, by their URL's scheme: `http` (http://, https://), `kafka`, `amqp` (amqp://, amqps://),
                `sqs`, `sns`, `eventbridge`, `kinesis`, `s3`. A target of another kind is refused at create and at a URL change
                (422); existing ones are kept. null: every kind (reads list them)
            created_at (str):
     """

    id: str
    name: str
    kind: str
    retention_days: int | None
    effective_retention_days: int | None
    egress_proxy: None | str
    target_kinds: list[EnvironmentOutTargetKindsItem]
    created_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        kind = self.kind

        retention_days: int | None
        retention_days = self.retention_days

        effective_retention_days: int | None
        effective_retention_days = self.effective_retention_days

        egress_proxy: None | str
        egress_proxy = self.egress_proxy

        target_kinds = []
        for target_kinds_item_data in self.target_kinds:
            target_kinds_item = target_kinds_item_data.value
            target_kinds.append(target_kinds_item)



        created_at = self.created_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "name": name,
            "kind": kind,
            "retentionDays": retention_days,
            "effectiveRetentionDays": effective_retention_days,
            "egressProxy": egress_proxy,
            "targetKinds": target_kinds,
            "createdAt": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        kind = d.pop("kind")

        def _parse_retention_days(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        retention_days = _parse_retention_days(d.pop("retentionDays"))


        def _parse_effective_retention_days(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        effective_retention_days = _parse_effective_retention_days(d.pop("effectiveRetentionDays"))


        def _parse_egress_proxy(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        egress_proxy = _parse_egress_proxy(d.pop("egressProxy"))


        target_kinds = []
        _target_kinds = d.pop("targetKinds")
        for target_kinds_item_data in (_target_kinds):
            target_kinds_item = EnvironmentOutTargetKindsItem(target_kinds_item_data)



            target_kinds.append(target_kinds_item)


        created_at = d.pop("createdAt")

        environment_out = cls(
            id=id,
            name=name,
            kind=kind,
            retention_days=retention_days,
            effective_retention_days=effective_retention_days,
            egress_proxy=egress_proxy,
            target_kinds=target_kinds,
            created_at=created_at,
        )


        environment_out.additional_properties = d
        return environment_out

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
