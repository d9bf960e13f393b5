"""Admitting an API request beyond its key: the organization's rate limit, and the key's
`last_used_at`. Each writes in short transactions of its own (ending the caller's reads
first), which is why they are use cases and not services.

Requests per second per organization, shared by every API process serving it.

The count lives in the database; each process leases tokens from it in chunks of a tenth of
the limit (at least one) and spends them locally, so a busy process writes once per chunk
instead of once per request. A process never spends more than it leased, so all processes
together never exceed the limit; tokens a process leased but did not spend in that second
are lost to the others, which errs on the side of the limit. At low limits a chunk is one
token and the count is exact."""

from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass
from functools import partial

from sqlmodel import Session

from hookline.errors import RateLimited
from hookline.observability import metrics
from hookline.persistence import queries
from hookline.persistence.batches import shared_read
from hookline.persistence.db import begin_reading
from hookline.services import accounts
from hookline.services.accounts import Principal
from hookline.timeutil import utcnow


@dataclass(frozen=True)
class RateDecision:
    allowed: bool
    limit: int
    remaining: int
    reset_seconds: int  # until the next window opens


@dataclass
class _Lease:
    window: int
    tokens: int  # leased and not yet spent
    leased: int  # the window's shared count after this process's last lease


class Limiter:
    def __init__(self) -> None:
        self._leases: dict[str, _Lease] = {}
        self._lock = threading.Lock()

    def hit(self, session: Session, org_id: str, limit: int,
            now: float | None = None) -> RateDecision:
        now = time.time() if now is None else now
        window = int(now)
        reset = max(1, math.ceil(window + 1 - now))
        with self._lock:
            lease = self._leases.get(org_id)
            if lease is None or lease.window != window:
                lease = self._leases[org_id] = _Lease(window, 0, 0)
            if lease.tokens == 0 and lease.leased < limit:
                lease.tokens, lease.leased = _take(session, org_id, window, limit)
            allowed = lease.tokens > 0
            if allowed:
                lease.tokens -= 1
            remaining = lease.tokens + max(0, limit - lease.leased)
        return RateDecision(allowed=allowed, limit=limit, remaining=remaining,
                            reset_seconds=reset)


def _take(session: Session, org_id: str, window: int, limit: int) -> tuple[int, int]:
    """Lease a chunk of this window's budget: (tokens granted, the shared count now). The
    lease is a short write transaction of its own: the caller's reads end first."""
    session.commit()
    chunk = max(1, limit // 10)
    total = queries.usage.lease_requests(session, org_id, window, chunk)
    if total == chunk:
        queries.usage.prune_windows(session, org_id, window - 5)
    session.commit()
    return max(0, min(chunk, limit - (total - chunk))), total


LIMITER = Limiter()


def hit(session: Session, org_id: str, limit: int, now: float | None = None) -> RateDecision:
    return LIMITER.hit(session, org_id, limit, now)


# When this API process last wrote each key's `last_used_at`: it writes at most once a
# minute per key, so almost no request makes a write for it.
NOTE_EVERY = 60.0
_NOTED: dict[str, float] = {}


def note_use(session: Session, key_id: str) -> None:
    """Record that the key was used, to the minute. When it writes, it ends the caller's
    transaction first, as the rate limiter's lease does."""
    now = time.monotonic()
    if now - _NOTED.get(key_id, -NOTE_EVERY) < NOTE_EVERY:
        return
    _NOTED[key_id] = now
    session.commit()
    queries.accounts.note_key_used(session, key_id, utcnow())
    session.commit()


@dataclass(frozen=True)
class Admitted:
    """A caller authenticated and counted against its organization's rate: the decision
    goes back to the route, which answers the RateLimit headers from it."""

    principal: Principal
    decision: RateDecision


class RefusedAfterAdmission(Exception):
    """A refusal once the caller was counted against the rate limit, with the decision, so
    that the refusal carries the RateLimit headers too."""

    def __init__(self, error: Exception, decision: RateDecision) -> None:
        super().__init__(str(error))
        self.error, self.decision = error, decision


def admit(session: Session, principal: Principal) -> RateDecision:
    """Count the request against its organization's requests per second; an admitted one
    marks its key as used."""
    decision = hit(session, principal.org_id, principal.rps)
    if decision.allowed and principal.key_id:  # (a poll token's or a Source's: no key)
        note_use(session, principal.key_id)
    return decision


def over_rate(principal: Principal, decision: RateDecision) -> RateLimited | None:
    """The 429 for a request beyond its organization's rate, or None."""
    if decision.allowed:
        return None
    metrics.RATE_LIMITED_ORGANIZATION.inc()
    return RateLimited(f"more than {principal.rps} requests per second for this organization",
                       headers={"Retry-After": str(decision.reset_seconds)})


def admit_key(session: Session, key: str, counted: RateDecision | None = None) -> Admitted:
    """An API key's caller, admitted in a batched job (`persistence.batches`): the key is
    read once per batch, and a job run again (`counted`: its first run's decision) is not
    counted twice. Raises Unauthorized, or RefusedAfterAdmission with the 429. The batch's
    read transaction goes on, started again if the rate limiter ended it to lease tokens."""
    principal = shared_read(session, ("api-key", key), partial(accounts.authenticate, session, key))
    return admit_caller(session, principal, counted)


def admit_caller(session: Session, principal: Principal, counted: RateDecision | None = None
                 ) -> Admitted:
    """A caller known already (an API key's, or a broker Source's environment), admitted
    in a batched job as `admit_key` says."""
    decision = counted or admit(session, principal)
    if (refused := over_rate(principal, decision)) is not None:
        raise RefusedAfterAdmission(refused, decision)
    begin_reading(session)
    return Admitted(principal, decision)
