"""What endpoints and destinations share on the wire: the throttle (`rateLimit`) and the
circuit breaker the delivery engine keeps for each."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from api.schemas.common import ApiModel, AsInt32, MaybeTimestamp, Timestamp
from hookline.delivery.gate import Circuit
from hookline.targets import RATE_LIMIT_MAX, RATE_LIMIT_MIN, Target

RATE_LIMIT_DOC = (f"Deliveries per second at most, {RATE_LIMIT_MIN} to {RATE_LIMIT_MAX}, "
                  "across every worker; null (the default) is no limit")
RateLimit = Annotated[int, Field(ge=RATE_LIMIT_MIN, le=RATE_LIMIT_MAX), AsInt32]
CircuitState = Annotated[Literal["closed", "open", "half_open"], Field(
    description="The circuit breaker: it opens after consecutive failures that say the "
                "receiver is down (timeouts, connection errors, 5xx, 429) and stops attempts; "
                "when its time is up one probe attempt goes (half_open), and a success "
                "closes it")]


class TargetOut(ApiModel):
    """What an endpoint's and a destination's records share."""

    id: str
    url: str
    description: str | None = None
    custom_headers: dict[str, str]
    rate_limit: int | None = Field(description=RATE_LIMIT_DOC)
    circuit: CircuitState
    circuit_opened_at: MaybeTimestamp = Field(
        description="When the circuit last opened; null while closed")
    circuit_retry_at: MaybeTimestamp = Field(
        description="While open: when one probe attempt may go")
    created_at: Timestamp
    updated_at: Timestamp


def target_fields(target: Target, circuit: Circuit) -> dict[str, Any]:
    """The shared fields of an endpoint's or a destination's record, with its breaker."""
    return {"id": target.id, "url": target.url, "description": target.description,
            "custom_headers": dict(target.custom_headers), "rate_limit": target.rate_limit,
            "circuit": circuit.state, "circuit_opened_at": circuit.opened_at,
            "circuit_retry_at": circuit.retry_at, "created_at": target.created_at,
            "updated_at": target.updated_at}
