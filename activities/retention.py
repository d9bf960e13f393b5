"""The retention activity: one pass over every environment, deleting what its retention no
longer keeps, a short transaction at a time (`hookline.services.retention`)."""

from __future__ import annotations

import asyncio
from dataclasses import asdict
from datetime import datetime
from typing import Any

from temporalio import activity

from hookline.contracts import RetentionOutcome
from hookline.observability import metrics
from hookline.persistence.db import committed, session_scope
from hookline.services import portal_notices, retention
from hookline.services.retention import OWNERS, Owner, Tally
from hookline.settings import Settings, parse_duration
from hookline.timeutil import utcnow


def _cutoffs(default_seconds: float, now: datetime) -> dict[str, datetime]:
    with session_scope() as session:
        return retention.cutoffs(session, default_seconds, now)


def _batch(owner: Owner, env_id: str, cutoff: datetime, after: str, limit: int
           ) -> tuple[Tally, str | None]:
    with session_scope() as session:
        return committed(session, retention.purge_batch, owner, env_id, cutoff, after, limit)


def _sweep_notices() -> int:
    with session_scope() as session:
        return committed(session, portal_notices.sweep)


def _resumed() -> tuple[tuple[str, int], str | None, Tally]:
    """Where an earlier attempt of this pass stopped, from its last heartbeat: the (env,
    owner) it was on, the id it had reached there (None: that one was finished), and what it
    had deleted. A fresh pass starts before everything."""
    details = activity.info().heartbeat_details
    if not details:
        return ("", -1), None, Tally()
    mark: dict[str, Any] = details[0]
    return (mark["env"], mark["owner"]), mark["after"], Tally(**mark["tally"])


class RetentionActivities:
    def __init__(self, settings: Settings) -> None:
        self.default_seconds = parse_duration(settings.retention)
        self.batch = settings.retention_batch

    @activity.defn(name="purge_expired")
    async def purge_expired(self) -> RetentionOutcome:
        """Every environment's events and messages (with their Deliveries and attempts)
        past its cutoff, in id order. After each batch it heartbeats where it is, so a retry
        after a lost worker goes on from there."""
        reached, resume_after, tally = _resumed()
        cuts = await asyncio.to_thread(_cutoffs, self.default_seconds, utcnow())
        for env_id in sorted(cuts):
            for index, owner in enumerate(OWNERS):
                here = (env_id, index)
                if here < reached or (here == reached and resume_after is None):
                    continue
                after: str | None = resume_after if here == reached else ""
                while after is not None:
                    done, after = await asyncio.to_thread(
                        _batch, owner, env_id, cuts[env_id], after, self.batch)
                    tally.add(done)
                    metrics.retention_deleted(asdict(done))
                    activity.heartbeat({"env": env_id, "owner": index, "after": after,
                                        "tally": asdict(tally)})
        # The portal's notices past their quarter of an hour, which only the next notice's
        # write deletes otherwise: a quiet installation keeps none for a day.
        await asyncio.to_thread(_sweep_notices)
        if tally.events or tally.messages:
            activity.logger.info("retention pass deleted %s", asdict(tally))
        return RetentionOutcome(**asdict(tally))
