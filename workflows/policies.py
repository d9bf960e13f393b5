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

# A cron run: one database transaction and a few Temporal calls. Infrastructure failures
# are retried, but not past the deadline: a run that late is dropped (the next one comes).
CRON_RUN_TIMEOUT = timedelta(seconds=30)
CRON_RUN_DEADLINE = timedelta(minutes=10)
# The silence check sends its e-mails one by one (15 s SMTP timeout each). A failed send is
# retried a few times here, and again by the next check. It heartbeats, so a lost worker is
# noticed in seconds: until then the Schedule skips the checks that overlap it.
SILENCE_CHECK_TIMEOUT = timedelta(minutes=5)
SILENCE_HEARTBEAT = timedelta(seconds=20)
SILENCE_RETRY = RetryPolicy(initial_interval=timedelta(seconds=2), backoff_coefficient=2.0,
                            maximum_interval=timedelta(seconds=30), maximum_attempts=3)

# A recovery batch heartbeats while it works, so a batch a lost worker held is taken over
# in seconds, not at its timeout (minutes: one transaction may wait on locks that long).
RECOVERY_HEARTBEAT = timedelta(seconds=10)

# A retention pass deletes in short transactions and heartbeats after each, with its
# progress, so a lost worker is noticed in seconds and the retry resumes where it stopped.
# Failures (database down) are retried, but not past the next day's pass.
RETENTION_HEARTBEAT = timedelta(seconds=10)
RETENTION_TIMEOUT = timedelta(hours=20)
DIGEST_HEARTBEAT = timedelta(seconds=30)
DIGEST_TIMEOUT = timedelta(hours=6)
