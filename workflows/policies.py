"""Task queue and activity options shared by the workflows."""

from __future__ import annotations

from datetime import timedelta

from temporalio.common import RetryPolicy

# The HTTP attempt bounds itself (HOOKLINE_ATTEMPT_TIMEOUT); this covers it plus the database.
ATTEMPT_TIMEOUT = timedelta(minutes=2)
# Infrastructure failures (database down, worker lost) are retried without end: a Delivery
# that was accepted is never dropped. HTTP failures are results, not errors, and never land
# here; they follow the Delivery's own schedule.
INFRA_RETRY = RetryPolicy(initial_interval=timedelta(seconds=1), backoff_coefficient=2.0,
                          maximum_interval=timedelta(minutes=1), maximum_attempts=0)
