"""Polling endpoints' pulls (`hookline.services.polling`): a page of messages, a commit, a
seek. The caller is the endpoint's Consumer, with the endpoint's poll token as the bearer,
or the operator with an API key of its environment; either counts against the
organization's rate."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Request
from fastapi.concurrency import run_in_threadpool

from api.deps import SessionDep, TemporalDep, authenticate_key, bearer_key
from api.dispatch import wake_committed
from api.jsonbody import JSONRoute
from api.schemas.common import COMMON_PROBLEMS, problems
from api.schemas.polling import (
    CommitIn,
    CommitOut,
    PollLimit,
    PollPage,
    SeekIn,
    SeekOut,
)
from hookline.persistence.db import committed
from hookline.services import polling
from hookline.services.polling import Puller
from hookline.timeutil import utcnow
from hookline.usecases.admission import admit, over_rate

router = APIRouter(prefix="/v1/poll", tags=["polling"], responses=COMMON_PROBLEMS,
                   route_class=JSONRoute)
EndpointId = Annotated[str, Path(max_length=64)]


def puller(endpoint_id: EndpointId, request: Request, session: SessionDep) -> Puller:
    """The endpoint's poll token (401 when it is not this endpoint's) or an API key of its
    environment (404 for any other's), counted against the organization's rate (429)."""
    bearer = bearer_key(request)
    if not polling.is_token(bearer):
        return committed(session, polling.puller, endpoint_id,
                         principal=authenticate_key(request, session, bearer))
    found = committed(session, polling.puller, endpoint_id, bearer=bearer)
    decision = request.state.ratelimit = admit(session, found.principal)
    if (refused := over_rate(found.principal, decision)) is not None:
        raise refused
    return found


PullerDep = Annotated[Puller, Depends(puller)]


@router.get("/{endpoint_id}", response_model=PollPage, responses=problems(404))
def poll(who: PullerDep, session: SessionDep, cursor: str | None = None,
         limit: PollLimit = polling.PAGE_DEFAULT) -> PollPage:
    """The endpoint's messages after `cursor` (absent: after the committed cursor), oldest
    first: those waiting for a commit, and after a seek back those delivered already.
    Messages show once they are two seconds old."""
    return PollPage.of(committed(session, polling.page, who, cursor, limit, utcnow()))


@router.post("/{endpoint_id}/commit", response_model=CommitOut, responses=problems(404))
async def commit_poll(body: CommitIn, who: PullerDep, session: SessionDep,
                      temporal: TemporalDep) -> CommitOut:
    """Everything up to `cursor` is processed: the messages waiting up to it end
    `delivered`, and the committed cursor moves there. A cursor behind it changes nothing.
    One commit ends at most 5,000: the answer's `cursor` is then short of the one given,
    and the same commit again ends the next."""
    done = await run_in_threadpool(committed, session, polling.commit, who, body.cursor,
                                   utcnow())
    wake_committed(temporal, done.delivered)
    return CommitOut.of(done)


@router.post("/{endpoint_id}/seek", response_model=SeekOut, responses=problems(404))
def seek_poll(body: SeekIn, who: PullerDep, session: SessionDep) -> SeekOut:
    """The committed cursor moves to the messages of events published at `after` or later,
    back (to pull delivered ones again) or forward (those skipped end `exhausted`,
    `not_polled`, when their window passes)."""
    return SeekOut(cursor=committed(session, polling.seek, who, body.after, utcnow()))
