"""The front door of both routes that publish (/v1/events and Svix's messages): the use case
(`hookline.usecases.publishing`) on the process's batches and filter pool, and the rate
limit's decision put on the request for its RateLimit headers, a refusal's too."""

from __future__ import annotations

from fastapi import Request

from api.deps import batches_of, filter_pool_of
from hookline.services.events import NewEvent, Published
from hookline.settings import get_settings
from hookline.usecases.admission import Admitted, RefusedAfterAdmission
from hookline.usecases.publishing import KeyHolder, Unreadable, publish_event


async def publish(request: Request, caller: KeyHolder | Admitted, event: NewEvent | Unreadable
                  ) -> Published:
    try:
        outcome = await publish_event(batches_of(request), filter_pool_of(request), caller,
                                      event, get_settings().retry_delays)
    except RefusedAfterAdmission as refused:
        request.state.ratelimit = refused.decision
        raise refused.error from None
    request.state.ratelimit = outcome.decision
    return outcome.published
