"""Deliveries: the explorer's list across events and messages, read one, its attempts, retry
it, and skip the exhausted head of a blocked line."""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated

from fastapi import APIRouter, Depends
from fastapi.concurrency import run_in_threadpool

from api import pagination
from api.deps import AuthDep, SessionDep, TemporalDep
from api.dispatch import retry_now
from api.explorer import delivery_filter
from api.jsonbody import JSONRoute
from api.schemas.common import COMMON_PROBLEMS, Page, PageLimit, problems
from api.schemas.deliveries import AttemptOut, DeliveryOut, RetryOut, SkippedOut, delivery_out
from hookline.delivery import gate
from hookline.persistence import queries
from hookline.persistence.db import committed
from hookline.persistence.models import Destination, Endpoint
from hookline.persistence.queries.explorer import DeliveryFilter
from hookline.services import consumers, deliveries
from hookline.services.targets import get_scoped
from hookline.settings import get_settings

router = APIRouter(prefix="/v1/deliveries", tags=["deliveries"], responses=COMMON_PROBLEMS,
                   route_class=JSONRoute)


@router.get("", response_model=Page[DeliveryOut], responses=problems(404))
def list_deliveries(
    auth: AuthDep, session: SessionDep,
    filtered: Annotated[tuple[DeliveryFilter, str | None], Depends(delivery_filter)],
    cursor: str | None = None, limit: PageLimit = 50,
) -> Page[DeliveryOut]:
    """Newest first. Each filter is served by an index; an endpoint, destination or
    Consumer of another environment is 404."""
    found, consumer = filtered
    env = auth.environment_id
    if found.endpoint:
        get_scoped(session, Endpoint, env, found.endpoint)
    if found.destination:
        get_scoped(session, Destination, env, found.destination)
    if consumer:
        found = replace(found, consumer_id=consumers.get_consumer(session, env, consumer).id)
    rows = queries.deliveries.search(session, env, found, pagination.decode("deliveries",
                                                                           cursor), limit)
    items, next_cursor = pagination.page(rows, limit, "deliveries", lambda d: d.id)
    return Page[DeliveryOut](items=[delivery_out(d) for d in items], next_cursor=next_cursor)


@router.get("/{delivery_id}", response_model=DeliveryOut, responses=problems(404))
def get_delivery(delivery_id: str, auth: AuthDep, session: SessionDep) -> DeliveryOut:
    return delivery_out(deliveries.get_scoped(session, auth.environment_id, delivery_id))


@router.get("/{delivery_id}/attempts", response_model=Page[AttemptOut],
            responses=problems(404))
def list_delivery_attempts(delivery_id: str, auth: AuthDep, session: SessionDep,
                  cursor: str | None = None,
                  limit: PageLimit = 50) -> Page[AttemptOut]:
    deliveries.get_scoped(session, auth.environment_id, delivery_id)
    scope = f"attempts:{delivery_id}"
    rows = queries.attempts.of_delivery(session, delivery_id, pagination.decode(scope, cursor),
                                        limit)
    items, next_cursor = pagination.page(rows, limit, scope, lambda a: a.attempt)
    return Page[AttemptOut](items=[AttemptOut.model_validate(a, from_attributes=True)
                                   for a in items], next_cursor=next_cursor)


@router.post("/{delivery_id}/retry", status_code=202, response_model=RetryOut,
             responses=problems(404, 409))
async def retry_delivery(delivery_id: str, auth: AuthDep, session: SessionDep,
                temporal: TemporalDep) -> RetryOut:
    start = await run_in_threadpool(committed, session, deliveries.request_retry,
                                    auth.environment_id, delivery_id, get_settings().retry_delays,
                                    gate.limits_from(get_settings()))
    if start is not None:  # else it waits its turn in its line, which starts it
        await retry_now(temporal, start)
    return RetryOut(id=delivery_id)


@router.post("/{delivery_id}/skip", response_model=SkippedOut, responses=problems(404, 409))
def skip_delivery(delivery_id: str, auth: AuthDep, session: SessionDep) -> SkippedOut:
    """At an ordered target whose lines block (`onExhausted: block`): the exhausted head of a
    blocked line stays `exhausted`, and the next Delivery of its line goes (`next`, null
    when none waits). Anything else is a 409."""
    following = committed(session, deliveries.skip, auth.environment_id, delivery_id)
    return SkippedOut(id=delivery_id, next=following)
