"""The weekly digest activity: Consumers whose Deliveries failed in the past week are sent a
digest on their contacts, a short transaction per page of Consumers
(`hookline.services.failure_notices`); the notices themselves are Deliveries."""

from __future__ import annotations

import asyncio
from datetime import datetime

from temporalio import activity

from hookline.contracts import NoticeDigestOutcome
from hookline.persistence.db import committed, session_scope
from hookline.services import failure_notices
from hookline.timeutil import utcnow


def _page(now: datetime, after: str | None) -> tuple[int, str | None]:
    with session_scope() as session:
        return committed(session, failure_notices.digests, now, after)


class NoticeActivities:
    @activity.defn(name="send_digests")
    async def send_digests(self) -> NoticeDigestOutcome:
        """Page by page in Consumer order, heartbeating where it is, so a retry after a
        lost worker goes on from there (and a Consumer sent one is not due again)."""
        details = activity.info().heartbeat_details
        after: str | None = details[0] if details else None
        now, sent = utcnow(), 0
        while True:
            done, after = await asyncio.to_thread(_page, now, after)
            sent += done
            if after is None:
                return NoticeDigestOutcome(sent=sent)
            activity.heartbeat(after)
