"""What becomes of a broker message once its publish answered (issue 69):

- published, or a replay of an Event already made (its key seen): acknowledged;
- never publishable (not JSON, no Consumer or event type, an unknown one, a schema's
  refusal, too large): sent to the Source's dead-letter target with the reason, then
  acknowledged, so that it never blocks the messages behind it;
- over the environment's monthly quota: the same, and the Source pauses, since every
  message behind it would be refused alike;
- over the organization's rate: held, unacknowledged, and the Source pauses for the time
  the limit names;
- anything else (the database away, a timeout): held, and tried again after a pause.

A message that already carries a dead letter's reason is never sent to a dead-letter
target again (a target that feeds its own Source would loop): it is dropped, and counted.

Pure."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from hookline.errors import (
    Forbidden,
    NotFound,
    PayloadTooLarge,
    PlanLimitReached,
    RateLimited,
    UnsupportedMediaType,
    ValidationFailed,
)
from hookline.intake.resolve import DEAD_LETTER_HEADER, Inbound, Unpublishable

QUOTA_SLUG = "event-quota-exhausted"
QUOTA_PAUSE = 60.0  # seconds: a quota is raised by a person, not in the next second
RETRY_PAUSE = 5.0  # seconds before a message held by a transient failure is tried again
# Refusals that would refuse the same message every time: it can never be published.
# (A Conflict is not among them: an idempotency race, which passes.)
_NEVER = (Unpublishable, ValidationFailed, NotFound, PayloadTooLarge, UnsupportedMediaType,
          Forbidden, PlanLimitReached)


class Act(enum.StrEnum):
    ACK = "published"  # also a replay
    DEAD_LETTER = "dead_lettered"
    DROP = "dropped"  # a dead letter that could not be published either
    HOLD = "held"  # not acknowledged: read again after `pause`


@dataclass(frozen=True)
class Verdict:
    act: Act
    reason: str | None = None  # why it was not published
    pause: float = 0.0  # seconds the Source reads nothing
    paused_for: str | None = None  # "quota" or "rate_limit": why it pauses


PUBLISHED = Verdict(Act.ACK)
# Behind a held message of its lane (a Kafka partition): held unread, read again after it.
HELD_BEHIND = Verdict(Act.HOLD)


def of_refusal(message: Inbound, error: BaseException) -> Verdict:
    """What a publish that raised `error` (the refusal inside RefusedAfterAdmission, or
    what resolving the message raised) comes to."""
    reason = getattr(error, "detail", None) or str(error) or type(error).__name__
    if isinstance(error, RateLimited):
        wait = error.headers.get("Retry-After", "1")
        return Verdict(Act.HOLD, reason, float(wait) if wait.isdigit() else 1.0,
                       "rate_limit")
    if not isinstance(error, _NEVER):
        return Verdict(Act.HOLD, reason, RETRY_PAUSE)
    quota = isinstance(error, PlanLimitReached) and error.slug == QUOTA_SLUG
    act = Act.DROP if DEAD_LETTER_HEADER in message.headers else Act.DEAD_LETTER
    if quota:
        return Verdict(act, reason, QUOTA_PAUSE, "quota")
    return Verdict(act, reason)
