"""The attempt activities: each makes one call into the delivery engine
(`hookline/delivery/engine.py`), which prepares, sends, records and reports the attempt,
and maps what comes back to Temporal. A Delivery costs one activity per attempt;
`record_attempt` runs only for an outcome the database did not take in its attempt's
time."""

from __future__ import annotations

from temporalio import activity
from temporalio.exceptions import ApplicationError

from hookline.contracts import AttemptInput, AttemptOutcome, RecordInput
from hookline.delivery.engine import AttemptEngine
from hookline.delivery.model import ContentGone
from hookline.observability import tracing


class DeliveryActivities:
    def __init__(self, engine: AttemptEngine) -> None:
        self.engine = engine

    @activity.defn(name="attempt_delivery")
    async def attempt_delivery(self, data: AttemptInput) -> AttemptOutcome:
        if tracing.enabled():  # on the RunActivity span Temporal's interceptor made
            tracing.describe(delivery_id=data.delivery_id)
        try:
            return await self.engine.attempt(data, activity.info().start_to_close_timeout)
        except ContentGone as exc:
            # The attempt's retry policy has no attempt limit: this error must end it.
            raise ApplicationError(str(exc), type="ContentGone", non_retryable=True) from exc

    @activity.defn(name="record_attempt")
    async def record_attempt(self, data: RecordInput) -> AttemptOutcome:
        """Store an attempt's outcome that `attempt_delivery` could not; sends nothing.
        Still failing near its own time, it fails, and the workflow's retry policy asks
        again."""
        outcome = await self.engine.record(data.attempt, data.unrecorded,
                                           activity.info().start_to_close_timeout)
        if outcome.unrecorded is not None:
            raise ApplicationError("the database did not answer: the attempt's outcome is "
                                   "kept and recorded at the next try", type="Unrecorded")
        return outcome
