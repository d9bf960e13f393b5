"""The API key's own environment: what it is, and how long it keeps its data."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from api.schemas.common import ApiInput, ApiModel, AsInt32, Timestamp
from hookline.services.accounts import RETENTION_DAYS

RetentionDays = Annotated[int, Field(ge=RETENTION_DAYS[0], le=RETENTION_DAYS[1]), AsInt32]


class EnvironmentPatch(ApiInput):
    retention_days: RetentionDays | None = Field(
        default=None, description="days events, messages, Deliveries and attempts are kept "
        "once finished; null: the instance's HOOKLINE_RETENTION")


class EnvironmentOut(ApiModel):
    id: str
    name: str
    kind: str
    retention_days: int | None
    effective_retention_days: int | None = Field(
        description="the retention in force, in whole days: `retentionDays`, else the "
        "instance's HOOKLINE_RETENTION rounded up to a day; null: kept for ever")
    created_at: Timestamp
