"""An endpoint's or destination's health (`hookline.services.target_stats`)."""

from __future__ import annotations

from typing import Any

from api.schemas.common import ApiModel, MaybeTimestamp, Timestamp
from hookline.services.target_stats import TargetStats


class LastFailure(ApiModel):
    at: Timestamp
    status_code: int | None = None
    error_type: str | None = None
    error_message: str | None = None


class TargetStatsOut(ApiModel):
    since: Timestamp
    deliveries: dict[str, int]  # by status, created since `since`
    attempts: dict[str, int]  # by outcome: 2xx..5xx, timeout, connection, dns, tls, blocked
    success_rate: float | None = None
    duration_p50_ms: int | None = None
    duration_p95_ms: int | None = None
    last_success_at: MaybeTimestamp = None
    last_failure: LastFailure | None = None
    consecutive_failures: int
    status: str
    disabled_reason: str | None = None


def stats_out(found: TargetStats) -> TargetStatsOut:
    fields: dict[str, Any] = dict(vars(found))
    return TargetStatsOut(**fields)
