"""An endpoint's or destination's health (`hookline.services.target_stats`)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import Query

from api.schemas.common import ApiModel, MaybeTimestamp, Timestamp
from api.schemas.targets import shown_status
from hookline.delivery.targets import Target
from hookline.services.target_stats import TargetStats

Since = Annotated[datetime | None, Query(
    description="Count from this time (default: 24 hours ago)")]
HEALTH_DOC = ("Health at a glance: Deliveries by status and attempts by outcome since "
              "`since`, success rate, attempt duration p50/p95, last success and failure, "
              "failures since the last success, disabled state.")


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


def stats_out(target: Target, found: TargetStats) -> TargetStatsOut:
    """An endpoint's or destination's stats, its status in the resource's words."""
    fields: dict[str, Any] = dict(vars(found))
    return TargetStatsOut(**{**fields, "status": shown_status(target)})
