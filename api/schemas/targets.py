"""What endpoints and destinations share on the wire: the throttle (`rateLimit`) and the
circuit breaker the delivery engine keeps for each."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from api.schemas.common import AsInt32
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
OPENED_AT_DOC = "When the circuit last opened; null while closed"
RETRY_AT_DOC = "While open: when one probe attempt may go"


def target_fields(target: Target, circuit: Circuit) -> dict[str, Any]:
    """The shared output fields of an endpoint or destination and its breaker."""
    return {"rate_limit": target.rate_limit, "circuit": circuit.state,
            "circuit_opened_at": circuit.opened_at, "circuit_retry_at": circuit.retry_at}
