"""Publishing from a request, for both APIs that publish (/v1/events and Svix's messages):
the request's body is read, checked and written in the process's batches
(`hookline.persistence.batches`), and the filters it needs run in the filter pool
(`api.filter_pool`), so a tenant's filter never runs on the shared path. Rate limits are
counted once, at admission."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from sqlmodel import Session

from api.deps import (
    DeferredAfterAdmission,
    RefusedAfterAdmission,
    authenticate_in_batch,
    batches_of,
    filter_pool_of,
)
from api.filter_pool import run_filtered
from hookline import filters
from hookline.errors import DomainError
from hookline.ids import new_id
from hookline.persistence.batches import Job, Write
from hookline.services import events
from hookline.settings import get_settings
from hookline.usecases.admission import RateDecision

# What a route makes of its request's body, content type and headers: the event to publish,
# or None with the reasons appended to the list (located as FastAPI locates them).
Reader = Callable[[bytes, str | None, list[dict[str, Any]]], events.NewEvent | None]


@dataclass(frozen=True)
class Publish:
    """What the batch thread needs of a publish request: nothing of the request itself."""

    authorization: str | None
    body: bytes
    content_type: str | None
    read: Reader
    event_id: str  # made here, so that a run again after filters (api.filter_pool) keeps it
    counted: RateDecision | None  # the caller counted already (a route that authenticated)


async def publish(request: Request, body: bytes, read: Reader, *,
                  authorization: str | None = None, counted: RateDecision | None = None
                  ) -> events.Published:
    """Publish what `read` makes of `body`; the rate limit's decision goes on the request
    (its headers). `authorization`: the header as the route reads it (default: as sent);
    `counted`: the decision of a route that authenticated the request already."""
    command = Publish(authorization=authorization or request.headers.get("authorization"),
                      body=body, content_type=request.headers.get("content-type"),
                      read=read, event_id=new_id("evt"), counted=counted)
    try:
        published, decision = await run_filtered(
            batches_of(request), filter_pool_of(request), partial(_job, command))
    except RefusedAfterAdmission as refused:
        request.state.ratelimit = refused.decision
        raise refused.error from None
    request.state.ratelimit = decision
    return published


def _job(command: Publish, verdicts: filters.Verdicts | None,
         deferred: filters.Unevaluated | None) -> Job[tuple[events.Published, RateDecision]]:
    counted = deferred.decision if isinstance(deferred, DeferredAfterAdmission) \
        else command.counted
    return partial(_publish, command, verdicts, counted)


def _publish(command: Publish, verdicts: filters.Verdicts | None, counted: RateDecision | None,
             session: Session) -> tuple[events.Published, RateDecision] \
        | Write[tuple[events.Published, RateDecision]]:
    admitted = authenticate_in_batch(command.authorization, session, counted)
    try:
        errors: list[dict[str, Any]] = []
        new = command.read(command.body, command.content_type, errors)
        if errors or new is None:
            raise RequestValidationError(errors)
        checked = events.publish(session, admitted.principal, new,
                                 get_settings().retry_delays, verdicts, command.event_id)
    except (DomainError, RequestValidationError) as exc:
        raise RefusedAfterAdmission(exc, admitted.decision) from None
    except filters.Unevaluated as needed:
        raise DeferredAfterAdmission(needed, admitted.decision) from None
    if not isinstance(checked, Write):
        return checked, admitted.decision
    return Write(partial(_written, checked, admitted.decision))


def _written(write: Write[events.Published], decision: RateDecision, session: Session
             ) -> tuple[events.Published, RateDecision]:
    try:
        return write.run(session), decision
    except DomainError as exc:  # a quota refusal, an idempotency race
        raise RefusedAfterAdmission(exc, decision) from None
