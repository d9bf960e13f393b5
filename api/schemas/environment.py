"""The API key's own environment: what it is, and how long it keeps its data."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from api.schemas.common import ApiInput, ApiModel, AsInt32, Timestamp
from hookline.services.accounts import RETENTION_DAYS

RetentionDays = Annotated[int, Field(ge=RETENTION_DAYS[0], le=RETENTION_DAYS[1]), AsInt32]


EGRESS_PROXY_DOC = (
    "The forward proxy this environment's requests to receivers (and to their token "
    "endpoints) go through, `http://host:port` (CONNECT) or `socks5://host:port`, with "
    "`user:password@` if it asks (reads show the password as `***`); null: the instance's "
    "HOOKLINE_EGRESS_PROXY. HOOKLINE_NO_PROXY applies to it too")


TargetKind = Literal["http", "kafka", "amqp", "sqs", "sns", "eventbridge", "kinesis", "s3"]
TARGET_KINDS_DOC = (
    "The kinds of target this environment's endpoints and destinations may be, by their "
    "URL's scheme: `http` (http://, https://), `kafka`, `amqp` (amqp://, amqps://), `sqs`, "
    "`sns`, `eventbridge`, `kinesis`, `s3`. A target of another kind is refused at create "
    "and at a URL change (422); existing ones are kept. null: every kind")


class EnvironmentPatch(ApiInput):
    retention_days: RetentionDays | None = Field(
        default=None, description="days events, messages, Deliveries and attempts are kept "
        "once finished; null: the instance's HOOKLINE_RETENTION")
    egress_proxy: str | None = Field(default=None, max_length=2048,
                                     description=EGRESS_PROXY_DOC)
    target_kinds: list[TargetKind] | None = Field(default=None, max_length=8,
                                                  description=TARGET_KINDS_DOC)


class EnvironmentOut(ApiModel):
    id: str
    name: str
    kind: str
    retention_days: int | None
    effective_retention_days: int | None = Field(
        description="the retention in force, in whole days: `retentionDays`, else the "
        "instance's HOOKLINE_RETENTION rounded up to a day; null: kept for ever")
    egress_proxy: str | None = Field(description=EGRESS_PROXY_DOC)
    target_kinds: list[TargetKind] = Field(description=TARGET_KINDS_DOC + " (reads list them)")
    created_at: Timestamp
