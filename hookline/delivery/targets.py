"""The rules of a delivery target, an endpoint or a destination alike (`DeliveryTarget`): its
status, the consecutive-failure count that disables it at the limit, its secrets in force,
its throttle (`rate_limit`), and what disabling it does to the Deliveries waiting for it."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, Protocol

from sqlmodel import Session

from hookline.delivery import lines, outbox
from hookline.errors import invalid
from hookline.observability import metrics
from hookline.persistence import queries
from hookline.persistence.models import Delivery, DeliveryTarget, Destination, Endpoint
from hookline.signing import HEADER_SETS
from hookline.statuses import WAITING, DeliveryStatus
from hookline.timeutil import aware, utcnow

Target = DeliveryTarget
FAILURE_LIMIT = 20
ROTATION_OVERLAP = timedelta(hours=24)
RATE_LIMIT_MIN, RATE_LIMIT_MAX = 1, 10_000  # deliveries per second


class HasTarget(Protocol):
    """A Delivery, or a row with its two target columns."""

    @property
    def endpoint_id(self) -> str | None: ...
    @property
    def destination_id(self) -> str | None: ...


def target_of(session: Session, delivery: HasTarget, *, for_update: bool = False
              ) -> Target | None:
    """The target of a Delivery (or of a row with its two target columns). `for_update`
    locks the row (PostgreSQL) for a read-modify-write such as the failure count, which
    concurrent attempts of one target would otherwise lose."""
    if delivery.endpoint_id:
        return session.get(Endpoint, delivery.endpoint_id, with_for_update=for_update)
    if delivery.destination_id:
        return session.get(Destination, delivery.destination_id, with_for_update=for_update)
    return None


def target_by_id(session: Session, target_id: str) -> Target | None:
    return session.get(Endpoint, target_id) or session.get(Destination, target_id)


ENABLED = queries.targets.ENABLED
DISABLED_REASONS = {"DisabledAutomatically": "automatic", "DisabledManually": "manual"}


def is_enabled(target: Target) -> bool:
    return target.status == ENABLED


def secrets_in_force(target: Target, now: datetime | None = None) -> list[str]:
    return current_secrets(target.secret, target.previous_secret,
                           target.previous_secret_expires_at, now)


def current_secrets(secret: str, previous: str | None, previous_expires: datetime | None,
                    now: datetime | None = None) -> list[str]:
    """The current secret, and the previous one during the 24 hours after a rotation."""
    now = now or utcnow()
    found = [secret]
    if previous and previous_expires and aware(previous_expires) > now:
        found.append(previous)
    return found


def check_signature_headers(names: str) -> str:
    if names not in HEADER_SETS:
        raise invalid("signatureHeaders", "must be " + " or ".join(map(repr, HEADER_SETS)))
    return names


def check_rate_limit(rate_limit: int | None) -> int | None:
    """Deliveries per second, 1 to 10,000, enforced by the engine across workers; None is
    no limit."""
    if rate_limit is None:
        return None
    if isinstance(rate_limit, bool) or not RATE_LIMIT_MIN <= rate_limit <= RATE_LIMIT_MAX:
        raise invalid("rateLimit", f"must be an integer from {RATE_LIMIT_MIN} to "
                                   f"{RATE_LIMIT_MAX} (deliveries per second), or null for "
                                   "no limit")
    return rate_limit


def rotate(target: Target, new_secret: str, overlap: timedelta = ROTATION_OVERLAP) -> None:
    """The previous secret keeps signing, next to the new one, for `overlap`."""
    target.previous_secret = target.secret
    target.previous_secret_expires_at = utcnow() + overlap
    target.secret = new_secret
    target.updated_at = utcnow()


def disable(target: Target, *, automatically: bool) -> None:
    target.status = "DisabledAutomatically" if automatically else "DisabledManually"
    target.updated_at = utcnow()


def enable(target: Target) -> None:
    """Re-enabling resets the failure count (stated for automatic disables; we do it always,
    since a manually disabled target's old failures say nothing about the URL now)."""
    target.status = ENABLED
    target.failure_count = 0
    target.updated_at = utcnow()


def count_outcome(target: Target, *, succeeded: bool, exhausted: bool) -> bool:
    """Track consecutive exhausted Deliveries; True when this one disabled the target."""
    if succeeded:
        target.failure_count = 0
        return False
    if not exhausted:
        return False
    target.failure_count += 1
    if target.failure_count >= FAILURE_LIMIT and is_enabled(target):
        disable(target, automatically=True)
        return True
    return False


def cancel_waiting(session: Session, target: Target) -> list[str]:
    """Cancel the target's waiting Deliveries (caller commits, then wakes their workflows;
    the metrics count them when it commits). An ordered target holds them instead: its
    lines keep their places until it is enabled again (`lines`)."""
    if target.ordering is not None:
        return []
    return cancel_where(session, deliveries_of(target), target.id, WAITING, target.KIND)


def cancel_all(session: Session, target: Target) -> list[str]:
    """A target that is going: every Delivery waiting for it is cancelled, those queued in
    its lines too, and its lines go."""
    lines.forget(session, target.id)
    return cancel_where(session, deliveries_of(target), target.id,
                        (*WAITING, DeliveryStatus.HELD), target.KIND)


def deliveries_of(target: Target) -> Any:
    """The Delivery column that names this target's kind (`endpoint_id`, `destination_id`)."""
    return getattr(Delivery, target.DELIVERY_COLUMN)


def cancel_where(session: Session, column: Any, value: str, statuses: tuple[str, ...],
                 kind: str) -> list[str]:
    """Cancel the Deliveries whose `column` is `value` and whose status is one of `statuses`
    (caller commits, then wakes their workflows): those never admitted leave the outbox."""
    ids = queries.deliveries.ids_where(session, column, value, statuses)
    if ids:
        # Those never admitted need no workflow any more (a retry starts one). The outbox
        # first, as the relay takes it (outbox, then deliveries): in the other order the two
        # deadlock on PostgreSQL when a relay admits while they are cancelled.
        outbox.drop_many(session, ids)
        queries.deliveries.cancel(session, ids, utcnow())
        lines.ended(session, ids)
        metrics.finished_on_commit(session, DeliveryStatus.CANCELLED, kind, len(ids))
    return ids
