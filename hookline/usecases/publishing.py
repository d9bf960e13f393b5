"""Publishing an Event, for both API routes that publish (/v1/events and Svix's messages):
admit the caller, check the event, filter its endpoints, write it with its Deliveries and
their workflow starts (the workers' relay makes them).

The checks and the write run in the process's group commit (`persistence.batches`), and
the filters the check needs in the filter pool (`hookline.tenant_code.filter_pool`), never on the
batch thread every tenant shares. The caller is counted against its organization's rate
once, however often its check runs again for filters."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from sqlmodel import Session

from hookline.errors import DomainError
from hookline.ids import new_id
from hookline.persistence.batches import BatchWriter, Job, Write
from hookline.services import events
from hookline.services.accounts import Principal
from hookline.services.events import NewEvent, Published
from hookline.tenant_code import filters
from hookline.tenant_code.filter_pool import Deferred, FilterPool, run_filtered
from hookline.usecases.admission import (
    Admitted,
    RateDecision,
    RefusedAfterAdmission,
    admit_caller,
    admit_key,
)


@dataclass(frozen=True)
class KeyHolder:
    """The holder of an API key, still to authenticate: in the batch, where a burst's key is
    read once."""

    key: str


@dataclass(frozen=True)
class Unreadable:
    """A body that is no event, and why: refused once the caller is admitted, so that a
    missing key answers 401 and a caller over its rate 429 before a malformed body's 422."""

    error: Exception


@dataclass(frozen=True)
class Outcome:
    published: Published
    decision: RateDecision  # the caller's rate limit: the route's RateLimit headers


@dataclass(frozen=True)
class Publication:
    """One publish request as the batch thread sees it: nothing of the request itself."""

    # An API key to authenticate and count, a caller to count (a broker Source's
    # environment), or one admitted already (Svix's routes).
    caller: KeyHolder | Principal | Admitted
    event: NewEvent | Unreadable
    schedule: list[float]
    event_id: str  # made once, so that a check run again for filters keeps it


async def publish_event(batches: BatchWriter, pool: FilterPool,
                        caller: KeyHolder | Principal | Admitted,
                        event: NewEvent | Unreadable, schedule: list[float]) -> Outcome:
    """Raises RefusedAfterAdmission (the refusal, and the rate limit's decision for its
    headers), or Unauthorized before any admission."""
    publication = Publication(caller, event, schedule, new_id("evt"))
    return await run_filtered(batches, pool, partial(_job, publication))


def _job(publication: Publication, verdicts: filters.Verdicts | None,
         counted: RateDecision | None) -> Job[Outcome | Deferred[RateDecision]]:
    return partial(_check, publication, verdicts, counted)


def _check(publication: Publication, verdicts: filters.Verdicts | None,
           counted: RateDecision | None, session: Session
           ) -> Outcome | Deferred[RateDecision] | Write[Outcome]:
    caller = publication.caller
    if isinstance(caller, KeyHolder):
        admitted = admit_key(session, caller.key, counted)
    elif isinstance(caller, Principal):
        admitted = admit_caller(session, caller, counted)
    else:
        admitted = caller
    if isinstance(publication.event, Unreadable):
        raise RefusedAfterAdmission(publication.event.error, admitted.decision)
    try:
        checked = events.check_new_event(session, admitted.principal, publication.event,
                                         publication.schedule, verdicts, publication.event_id)
    except DomainError as exc:
        raise RefusedAfterAdmission(exc, admitted.decision) from None
    except filters.Unevaluated as needed:
        return Deferred(needed, admitted.decision)
    if isinstance(checked, Published):
        return Outcome(checked, admitted.decision)
    return Write(partial(_write, checked, admitted.decision))


def _write(write: Write[Published], decision: RateDecision, session: Session) -> Outcome:
    try:
        return Outcome(write.run(session), decision)
    except DomainError as exc:  # a quota refusal, an idempotency race
        raise RefusedAfterAdmission(exc, decision) from None
