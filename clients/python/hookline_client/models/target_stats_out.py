from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.last_failure import LastFailure
  from ..models.target_stats_out_attempts import TargetStatsOutAttempts
  from ..models.target_stats_out_deliveries import TargetStatsOutDeliveries





T = TypeVar("T", bound="TargetStatsOut")



@_attrs_define
class TargetStatsOut:
    """ 
        Attributes:
            since (str):
            deliveries (TargetStatsOutDeliveries):
            attempts (TargetStatsOutAttempts):
            consecutive_failures (int):
            status (str):
            success_rate (float | None | Unset):
            duration_p50_ms (int | None | Unset):
            duration_p95_ms (int | None | Unset):
            last_success_at (None | str | Unset):
            last_failure (LastFailure | None | Unset):
            disabled_reason (None | str | Unset):
     """

    since: str
    deliveries: TargetStatsOutDeliveries
    attempts: TargetStatsOutAttempts
    consecutive_failures: int
    status: str
    success_rate: float | None | Unset = UNSET
    duration_p50_ms: int | None | Unset = UNSET
    duration_p95_ms: int | None | Unset = UNSET
    last_success_at: None | str | Unset = UNSET
    last_failure: LastFailure | None | Unset = UNSET
    disabled_reason: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.last_failure import LastFailure # noqa: PLC0415
        from ..models.target_stats_out_attempts import TargetStatsOutAttempts # noqa: PLC0415
        from ..models.target_stats_out_deliveries import TargetStatsOutDeliveries # noqa: PLC0415
        since = self.since

        deliveries = self.deliveries.to_dict()

        attempts = self.attempts.to_dict()

        consecutive_failures = self.consecutive_failures

        status = self.status

        success_rate: float | None | Unset
        if isinstance(self.success_rate, Unset):
            success_rate = UNSET
        else:
            success_rate = self.success_rate

        duration_p50_ms: int | None | Unset
        if isinstance(self.duration_p50_ms, Unset):
            duration_p50_ms = UNSET
        else:
            duration_p50_ms = self.duration_p50_ms

        duration_p95_ms: int | None | Unset
        if isinstance(self.duration_p95_ms, Unset):
            duration_p95_ms = UNSET
        else:
            duration_p95_ms = self.duration_p95_ms

        last_success_at: None | str | Unset
        if isinstance(self.last_success_at, Unset):
            last_success_at = UNSET
        else:
            last_success_at = self.last_success_at

        last_failure: dict[str, Any] | None | Unset
        if isinstance(self.last_failure, Unset):
            last_failure = UNSET
        elif isinstance(self.last_failure, LastFailure):
            last_failure = self.last_failure.to_dict()
        else:
            last_failure = self.last_failure

        disabled_reason: None | str | Unset
        if isinstance(self.disabled_reason, Unset):
            disabled_reason = UNSET
        else:
            disabled_reason = self.disabled_reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "since": since,
            "deliveries": deliveries,
            "attempts": attempts,
            "consecutiveFailures": consecutive_failures,
            "status": status,
        })
        if success_rate is not UNSET:
            field_dict["successRate"] = success_rate
        if duration_p50_ms is not UNSET:
            field_dict["durationP50Ms"] = duration_p50_ms
        if duration_p95_ms is not UNSET:
            field_dict["durationP95Ms"] = duration_p95_ms
        if last_success_at is not UNSET:
            field_dict["lastSuccessAt"] = last_success_at
        if last_failure is not UNSET:
            field_dict["lastFailure"] = last_failure
        if disabled_reason is not UNSET:
            field_dict["disabledReason"] = disabled_reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.last_failure import LastFailure # noqa: PLC0415
        from ..models.target_stats_out_attempts import TargetStatsOutAttempts # noqa: PLC0415
        from ..models.target_stats_out_deliveries import TargetStatsOutDeliveries # noqa: PLC0415
        d = dict(src_dict)
        since = d.pop("since")

        deliveries = TargetStatsOutDeliveries.from_dict(d.pop("deliveries"))




        attempts = TargetStatsOutAttempts.from_dict(d.pop("attempts"))




        consecutive_failures = d.pop("consecutiveFailures")

        status = d.pop("status")

        def _parse_success_rate(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        success_rate = _parse_success_rate(d.pop("successRate", UNSET))


        def _parse_duration_p50_ms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        duration_p50_ms = _parse_duration_p50_ms(d.pop("durationP50Ms", UNSET))


        def _parse_duration_p95_ms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        duration_p95_ms = _parse_duration_p95_ms(d.pop("durationP95Ms", UNSET))


        def _parse_last_success_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_success_at = _parse_last_success_at(d.pop("lastSuccessAt", UNSET))


        def _parse_last_failure(data: object) -> LastFailure | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_failure_type_0 = LastFailure.from_dict(data)



                return last_failure_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LastFailure | None | Unset, data)

        last_failure = _parse_last_failure(d.pop("lastFailure", UNSET))


        def _parse_disabled_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabledReason", UNSET))


        target_stats_out = cls(
            since=since,
            deliveries=deliveries,
            attempts=attempts,
            consecutive_failures=consecutive_failures,
            status=status,
            success_rate=success_rate,
            duration_p50_ms=duration_p50_ms,
            duration_p95_ms=duration_p95_ms,
            last_success_at=last_success_at,
            last_failure=last_failure,
            disabled_reason=disabled_reason,
        )


        target_stats_out.additional_properties = d
        return target_stats_out

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
