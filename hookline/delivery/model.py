"""What an attempt is made of, shared by every step of the engine: what preparing it
decides (`Outgoing` to send, the gate's `Refused`, `Unsent` when there is nothing to send,
`ContentGone` when its content is missing), what recording it left (`Recorded`), and the
outcomes the engine makes without a receiver. No step's code lives here, so the sender, the
transformations and the transactions all read these without importing one another."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hookline.contracts import AttemptResult
from hookline.delivery.credentials import ClientTLS, OAuth2
from hookline.statuses import DeliveryStatus, ErrorType

RESPONSE_LIMIT = 4096


@dataclass(frozen=True)
class Outgoing:
    """Everything one attempt sends; signing happens at send time (fresh timestamp)."""

    url: str
    msg_id: str
    body: bytes
    content_type: str
    custom_headers: dict[str, str]
    secrets: list[str]
    require_https: bool
    target_id: str = ""
    rate_limit: int | None = None  # the target's throttle: take a send time first
    # No run of failures to end when it was read (the target's count, its breaker's): a
    # success then has no target row to write.
    clean: bool = False
    limit: float | None = None  # the target's concurrency limit when it was read
    # The target's JavaScript, run before the send (`delivery/shaping`), and what it is told
    # of the event (an endpoint's; None for a destination's message).
    transformation: str | None = None
    event_type: str | None = None
    # The names the signature goes under: `webhook` (Standard Webhooks) or an endpoint's
    # `svix` (`hookline.signing.webhook_headers`).
    signature_headers: str = "webhook"
    # How the receiver is reached beyond the signature (`credentials`): OAuth2 client
    # credentials and the target's TLS identity and trust. Read from the database inside the
    # activity, as the secrets are: never in a workflow's input or history.
    auth: OAuth2 | None = None
    tls: ClientTLS | None = None
    # Its environment's egress proxy (`delivery/kinds/http/egress`); None: the instance's, if any.
    proxy: str | None = None
    # A broker target's (`delivery/kinds/brokers`): its write-only credentials (read as the
    # secrets are, never in a workflow's history), an AWS kind's service endpoint instead
    # of AWS's own, and the message's key (the event's Consumer, unless a transformation
    # set it).
    credentials: dict[str, Any] | None = field(default=None, repr=False)
    endpoint_override: str | None = None
    # Whether its environment was granted the instance's own AWS identity (an AWS kind's
    # `sign_in.identity_refused`).
    instance_aws: bool = False
    key: str = ""


@dataclass(frozen=True)
class Refused:
    """The target's gate admits no attempt now: look again in `wait` seconds. `held`: by
    its breaker, which may hold a Delivery until its retry window ends, not after."""

    status: DeliveryStatus  # the one it waits in
    wait: float
    held: bool = False
    target_id: str = ""


@dataclass(frozen=True)
class Unsent:
    """Nothing is sent: the Delivery is final already, had no target left to send to (or
    nothing to send: erased), left the attemptable ones meanwhile, or its target's
    transformation cancelled it. `status` is the one it is left in."""

    status: DeliveryStatus


@dataclass(frozen=True)
class Batched:
    """The Delivery goes in a batch (`hookline.delivery.batches`): its attempt is its
    batch's. `batch_id` is None for a member of a batched target with none yet."""

    batch_id: str | None


@dataclass(frozen=True)
class Recorded:
    status: DeliveryStatus  # the Delivery's, after this outcome
    next_delay: float | None  # seconds to the next attempt: the schedule's, or Retry-After's
    cancelled: list[str]  # other Deliveries this outcome cancelled: wake their workflows
    attempt: int | None = None  # the attempt's number (1-based); None when none was stored
    target_id: str = ""


# The final attempt of a Delivery whose retry window ended while its target's circuit was
# open: recorded with no request sent, it ends the Delivery `exhausted`.
HELD_PAST_WINDOW = AttemptResult(
    succeeded=False, status_code=None, response_body=None, error_type=ErrorType.CIRCUIT_OPEN,
    error_message="not sent: the circuit breaker was still open when the retry window "
                  "ended", duration_ms=0)


class ContentGone(Exception):
    """A Delivery whose event or message row is gone (which the foreign keys should never
    let happen): no later attempt can send it, so the attempt must not be retried."""
