"""Bulk recovery of a target's failed Deliveries."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from api.schemas.common import ApiInput, ApiModel, MaybeTimestamp, Timestamp
from hookline.statuses import RecoverableName


class RecoverIn(ApiInput):
    since: datetime = Field(description="Deliveries created at or after this time")
    until: datetime | None = Field(default=None, description="...and at or before this one")
    statuses: list[RecoverableName] | None = Field(
        default=None, min_length=1, description="Default: exhausted and cancelled")
    dry_run: bool = Field(default=False, description="Count the matching Deliveries only")


class RecoveryStarted(ApiModel):
    id: str = Field(description="The recovery, and its Temporal workflow's id")
    recovered: int = Field(description="The Deliveries it re-sends, in creation order")


class Matching(ApiModel):
    matching: int


class RecoveryOut(ApiModel):
    id: str
    target_id: str
    status: Literal["running", "done", "cancelled"]
    since: Timestamp
    until: MaybeTimestamp
    statuses: list[RecoverableName]
    matching: int = Field(description="Deliveries that matched when it was asked for")
    recovered: int = Field(description="Deliveries re-sent so far")
    created_at: Timestamp
    finished_at: MaybeTimestamp
