"""Svix's messages (`/api/v1/app/{app_id}/msg`), which are Hookline's events: created
through the same publish as /v1's (its batches, its filter pool, its rate limit), with
Svix's `eventId` as the idempotency key and the payload sent as Svix sends it (alone, not
in Hookline's envelope); `{msg_id}` is an event's id or its eventId."""

from __future__ import annotations

import contextlib
from functools import partial
from typing import Annotated

from fastapi import APIRouter, Query, Request, Response
from fastapi.concurrency import run_in_threadpool

from api import publishing
from api.deps import SessionDep, TemporalDep
from api.dispatch import wake_cancelled
from api.jsonbody import JSONRoute
from api.svix import paging
from api.svix.app_in_body import make_if_missing
from api.svix.deps import AuthDep, MessageDep
from api.svix.schemas.common import ListResponse, Moment
from api.svix.schemas.endpoints import Channel
from api.svix.schemas.messages import ID_PREFIX, MessageIn, MessageOut
from hookline.errors import Conflict
from hookline.persistence.db import committed
from hookline.services import erasure, events
from hookline.usecases.admission import Admitted

router = APIRouter(prefix="/app/{app_id}/msg", tags=["Message"], route_class=JSONRoute)
MSG_ID = paging.ids(ID_PREFIX)
# Svix's `event_types`: one comma-separated value, as both SDKs send it.
EventTypes = Annotated[str | None, Query()]


@router.get("")
def list_messages(app_id: str, auth: AuthDep, session: SessionDep, limit: paging.Limit = 50,
                  iterator: str | None = None, channel: Channel | None = None,
                  before: Moment | None = None, after: Moment | None = None,
                  with_content: bool = True, event_types: EventTypes = None
                  ) -> ListResponse[MessageOut]:
    """Newest first; `channel` keeps those carrying it, `event_types` those of these
    types, `before` and `after` bound when they were published."""
    at = paging.seek(iterator, False, MSG_ID)
    rows = events.page_of_consumer(
        session, auth.environment_id, app_id, at.after, limit, ascending=at.ascending,
        channel=channel, types=event_types.split(",") if event_types else None,
        before=before, after_time=after)
    return paging.respond(rows, limit, at, lambda e: e.id,
                          partial(MessageOut.of, with_content=with_content))


@router.post("", status_code=202)
async def create_message(app_id: str, body: MessageIn, request: Request, auth: AuthDep,
                         session: SessionDep, with_content: bool = True
                         ) -> MessageOut:
    """202 and the message, its Deliveries made (sent in the background). An unknown
    application is a 404 unless the body's `application` makes it; an `eventId` the
    environment has seen is a 409 `conflict`, as in Svix. The `idempotency-key` header
    the SDKs put on every POST is not a key here: only an `eventId` makes a send safe to
    repeat (a key of its own would show as the message's eventId, `auto_…`)."""
    if body.application is not None:
        # A concurrent first message may have made it (a 409): it exists now.
        with contextlib.suppress(Conflict):
            await run_in_threadpool(committed, session, make_if_missing, auth.environment_id,
                                    app_id, body.application)
    published = await publishing.publish(request, Admitted(auth, request.state.ratelimit),
                                         body.event(app_id))
    if published.replayed and body.event_id is not None:
        raise Conflict(f"a message with eventId {body.event_id!r} exists")
    return MessageOut.of(published.event, with_content)


@router.get("/{msg_id}")
def get_message(message: MessageDep, with_content: bool = True) -> MessageOut:
    return MessageOut.of(message, with_content)


@router.delete("/{msg_id}/content", status_code=204)
async def expunge_message_content(message: MessageDep, auth: AuthDep, session: SessionDep,
                                  temporal: TemporalDep) -> Response:
    """Erases its payload, which then reads `{"expired": true}`; its Deliveries still
    waiting are cancelled (nothing is left to send)."""
    cancelled = await run_in_threadpool(committed, session, erasure.erase_event,
                                        auth.environment_id, message.id, True)
    await wake_cancelled(temporal, cancelled)
    return Response(status_code=204)
