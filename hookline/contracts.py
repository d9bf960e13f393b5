"""Workflow and activity inputs and outputs: ids and primitives only, never payload bodies.

No `from __future__ import annotations` here: the SDK reads these dataclasses' type hints at
every decode, and string annotations are evaluated again each time (a decode took 42-57 µs
with them, 25-32 µs without)."""

from dataclasses import dataclass, field

from hookline.statuses import ATTEMPTABLE as ATTEMPTABLE
from hookline.statuses import FINAL, DeliveryStatus
from hookline.statuses import WAITING as WAITING

WORKFLOW_DELIVERY = "DeliveryWorkflow"
SIGNAL_RETRY = "retry"
SIGNAL_CANCEL = "cancel"

# The workflows and the engine import the statuses' sets from here (ATTEMPTABLE and WAITING
# under their own names); `hookline.statuses` holds them.
FINAL_STATUSES = FINAL


@dataclass(frozen=True)
class DeliveryInput:
    delivery_id: str
    delays: list[float]  # seconds to wait before each attempt after the first
    # The end of its retry window (unix seconds): an open circuit may hold it until then,
    # not after. None in histories from before the window.
    window_end: float | None = None
    # Whose it is: its attempts' database work takes that environment's turns in the
    # worker's threads (`hookline.fair_threads`). Empty in histories from before.
    environment_id: str = ""


@dataclass(frozen=True)
class AttemptInput:
    delivery_id: str
    # Seconds until the next attempt if this one fails; None when this attempt is the last.
    next_delay: float | None
    # The schedule's longest wait: the most a receiver's Retry-After may put off the next.
    longest_delay: float | None = None
    # The end of the Delivery's retry window (unix seconds; `DeliveryInput.window_end`).
    window_end: float | None = None
    environment_id: str = ""  # `DeliveryInput.environment_id`


@dataclass(frozen=True)
class AttemptResult:
    """What one attempt came to: the receiver's answer, or why there was none."""
    succeeded: bool
    status_code: int | None
    response_body: str | None
    error_type: str | None
    error_message: str | None
    duration_ms: int
    retry_after: float | None = None  # seconds a 429 or 503 asked us to wait
    # The target's own code ran out of time or memory (its transformation): counted against
    # the target as a receiver that times out is, though nothing was sent.
    exhausted: bool = False


@dataclass(frozen=True)
class Unrecorded:
    """An attempt whose request was answered (or never sent: a transformation's failure, a
    circuit still open) but whose outcome the database did not take within the activity's
    time. The workflow keeps it (in the local activity's marker) and has `record_attempt`
    store it: the webhook is never sent again for want of a write. The response body is
    the stored one (at most 4 KB)."""
    result: AttemptResult
    target_id: str
    clean: bool  # the target had nothing to change when the attempt was prepared
    seen_limit: float | None  # its concurrency limit then
    slow: bool  # a success well slower than the target's usual
    # The attempt row's id, chosen when the outcome is known: a record tried again after a
    # COMMIT whose answer was lost finds the row and writes nothing twice. Empty in
    # histories from before.
    attempt_id: str = ""


@dataclass(frozen=True)
class AttemptOutcome:
    status: str  # the Delivery's status after the activity
    attempted: bool
    # Set when the target's gate admitted no attempt: seconds to wait before asking again.
    wait: float | None = None
    # Seconds to the next attempt when a Retry-After moved it off the schedule.
    next_delay: float | None = None
    # Set when the outcome could not be stored in time: the workflow records it next.
    unrecorded: Unrecorded | None = None


@dataclass(frozen=True)
class RecordInput:
    """`record_attempt`'s input: the attempt's own, and the outcome to store."""
    attempt: AttemptInput
    unrecorded: Unrecorded


@dataclass(frozen=True)
class DeliveryStart:
    """What it takes to start (or wake) one Delivery workflow and label it in the UI."""

    delivery_id: str
    delays: list[float]
    environment_id: str
    summary: str
    endpoint_id: str | None = None
    destination_id: str | None = None
    event_type: str | None = None
    consumer: str | None = None
    status: str = DeliveryStatus.PENDING
    extra: dict[str, str] = field(default_factory=dict)
    # When it entered the outbox (unix seconds): set by `outbox.take`, for the relay's lag.
    queued_at: float | None = field(default=None, compare=False)
    # The end of its retry window (unix seconds): set by `outbox.take` from the row; a start
    # made without the outbox (a manual retry, the reconciler) opens its window when it starts.
    window_end: float | None = field(default=None, compare=False)
    # The W3C trace context of the request that queued it (`observability.tracing.current`): set
    # by `outbox.take` when it was traced, so the start continues that trace.
    trace: str | None = field(default=None, compare=False)
    # Its environment's plan weight, for Temporal's fairness between environments: set by
    # `outbox.take` from the plan in force.
    weight: int = field(default=1, compare=False)


WORKFLOW_CRON_RUN = "CronRunWorkflow"
WORKFLOW_SILENCE_CHECK = "SilenceCheckWorkflow"


@dataclass(frozen=True)
class CronRunInput:
    """What a cron Source's Schedule starts its workflow with."""

    source_id: str


@dataclass(frozen=True)
class CronRunActivityInput:
    source_id: str
    run_key: str  # the run's workflow id: one message per run, even when retried
    scheduled_at: str  # ISO 8601: the time the Schedule meant this run for


@dataclass(frozen=True)
class SilenceCheckOutcome:
    sent: int  # alerts sent by this check


WORKFLOW_RECOVERY = "RecoveryWorkflow"


@dataclass(frozen=True)
class RecoveryStep:
    """One batch of a recovery: how many it re-sent, and whether it is over."""

    recovered: int
    done: bool
    wait: float = 0.0  # the target's outbox is full: look again after this many seconds


WORKFLOW_RETENTION = "RetentionWorkflow"


@dataclass(frozen=True)
class RetentionOutcome:
    """What one retention pass deleted (`hookline.services.retention`)."""

    events: int
    messages: int
    deliveries: int
    attempts: int


WORKFLOW_NOTICE_DIGEST = "NoticeDigestWorkflow"


@dataclass(frozen=True)
class NoticeDigestOutcome:
    """How many Consumers one weekly pass sent a digest of their failures
    (`hookline.services.failure_notices`)."""

    sent: int
