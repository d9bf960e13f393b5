"""`python -m tests.support.one_attempt attempt|record DELIVERY_ID`: one run of the worker's
`attempt_delivery` or `record_attempt` activity (the real code, on the database and Temporal
of the HOOKLINE_* settings), in Temporal's ActivityEnvironment with a start-to-close time of
47 s, so that an attempt stops asking an unanswering database after 2 s
(`hookline/delivery/engine.py`, RECORD_MARGIN). `record` reads the unrecorded outcome as JSON on
stdin; both print the outcome as JSON."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import sys
from datetime import timedelta

from temporalio.testing import ActivityEnvironment

from activities.delivery import DeliveryActivities
from hookline.contracts import AttemptInput, AttemptResult, RecordInput, Unrecorded
from hookline.delivery import gate
from hookline.delivery.engine import AttemptEngine
from hookline.delivery.handoff import Handoff
from hookline.delivery.sender import sender_from_settings
from hookline.fair_threads import FairThreads
from hookline.persistence.db import get_engine
from hookline.persistence.queries.deliveries import ToSend
from hookline.persistence.sealed import keyring_of
from hookline.services import operational
from hookline.settings import get_settings
from hookline.temporal import connect
from hookline.tenant_code.transform_pool import ExecutorPool
from hookline.tenant_code.transformations import Limits


async def attempt_activities() -> tuple[DeliveryActivities, ActivityEnvironment]:
    """The worker's attempt activities on the settings' database, Temporal (lazily) and
    receivers, and an ActivityEnvironment to run them in."""
    settings = get_settings()
    engine = AttemptEngine(sender=sender_from_settings(settings),
                           client=await connect(settings, lazy=True),
                           limits=gate.limits_from(settings), notify=operational.notify,
                           handoff=Handoff[ToSend](),
                           transforms=ExecutorPool(Limits(*settings.transform_limits)),
                           threads=FairThreads(), keyring=keyring_of(get_engine().dialect))
    env = ActivityEnvironment()
    env.info = dataclasses.replace(env.info, start_to_close_timeout=timedelta(seconds=47))
    return DeliveryActivities(engine), env


async def main(phase: str, delivery_id: str) -> None:
    activities, env = await attempt_activities()
    engine = activities.engine
    data = AttemptInput(delivery_id=delivery_id, next_delay=1.0, longest_delay=1.0)
    if phase == "attempt":
        outcome = await env.run(activities.attempt_delivery, data)
    else:
        given = json.loads(sys.stdin.read())
        kept = Unrecorded(**{**given, "result": AttemptResult(**given["result"])})
        outcome = await env.run(activities.record_attempt, RecordInput(data, kept))
    print(json.dumps(dataclasses.asdict(outcome)))
    engine.transforms.close()
    await engine.sender.aclose()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
