from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.environment_patch_target_kinds_type_0_item import EnvironmentPatchTargetKindsType0Item
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="EnvironmentPatch")



@_attrs_define
class EnvironmentPatch:
    """ 
        Attributes:
            retention_days (int | None | Unset): days events, messages, Deliveries and attempts are kept once finished;
                null: the instance's HOOKLINE_RETENTION
            egress_proxy (None | str | Unset): The forward proxy this environment's requests to receivers (and to their
                token endpoints) go through, `http://host:port` (CONNECT) or `socks5://host:port`, with `user:password@` if it
                asks (reads show the password as `***`); null: the instance's HOOKLINE_EGRESS_PROXY. HOOKLINE_NO_PROXY applies
                to it too
            target_kinds (list[EnvironmentPatchTargetKindsType0Item] | None | Unset): The kinds of target this environment's
                endpoints and destinations may be, by their URL's scheme: `http` (http://, https://), `kafka`, `amqp` (amqp://,
                amqps://), `sqs`, `sns`, `eventbridge`, `kinesis`, `s3`. A target of another kind is refused at create and at a
                URL change (422); existing ones are kept. null: every kind
     """

    retention_days: int | None | Unset = UNSET
    egress_proxy: None | str | Unset = UNSET
    target_kinds: list[EnvironmentPatchTargetKindsType0Item] | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        retention_days: int | None | Unset
        if isinstance(self.retention_days, Unset):
            retention_days = UNSET
        else:
            retention_days = self.retention_days

        egress_proxy: None | str | Unset
        if isinstance(self.egress_proxy, Unset):
            egress_proxy = UNSET
        else:
            egress_proxy = self.egress_proxy

        target_kinds: list[str] | None | Unset
        if isinstance(self.target_kinds, Unset):
            target_kinds = UNSET
        elif isinstance(self.target_kinds, list):
            target_kinds = []
            for target_kinds_type_0_item_data in self.target_kinds:
                target_kinds_type_0_item = target_kinds_type_0_item_data.value
                target_kinds.append(target_kinds_type_0_item)


        else:
            target_kinds = self.target_kinds


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if retention_days is not UNSET:
            field_dict["retentionDays"] = retention_days
        if egress_proxy is not UNSET:
            field_dict["egressProxy"] = egress_proxy
        if target_kinds is not UNSET:
            field_dict["targetKinds"] = target_kinds

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_retention_days(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        retention_days = _parse_retention_days(d.pop("retentionDays", UNSET))


        def _parse_egress_proxy(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        egress_proxy = _parse_egress_proxy(d.pop("egressProxy", UNSET))


        def _parse_target_kinds(data: object) -> list[EnvironmentPatchTargetKindsType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                target_kinds_type_0 = []
                _target_kinds_type_0 = data
                for target_kinds_type_0_item_data in (_target_kinds_type_0):
                    target_kinds_type_0_item = EnvironmentPatchTargetKindsType0Item(target_kinds_type_0_item_data)



                    target_kinds_type_0.append(target_kinds_type_0_item)

                return target_kinds_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[EnvironmentPatchTargetKindsType0Item] | None | Unset, data)

        target_kinds = _parse_target_kinds(d.pop("targetKinds", UNSET))


        environment_patch = cls(
            retention_days=retention_days,
            egress_proxy=egress_proxy,
            target_kinds=target_kinds,
        )

        return environment_patch

