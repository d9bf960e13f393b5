"""Temporal Schedules: one per cron Source (`cron-<source id>`), the silence check and the
daily retention pass.

The database is the truth: sync_source makes the Source's Schedule match its row (create,
update, pause, resume, delete) and writes the next run time that Temporal reports back to
`next_run_at`. The API calls it after each commit; every worker calls reconcile_all on
start-up and periodically, so a change made while Temporal was down is applied later. The
periodic pass reads the Schedule list once and predicts next runs with `cron`, so
it describes (a query on each Schedule) only what looks out of line.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from temporalio.client import (
    Client,
    Schedule,
    ScheduleActionStartWorkflow,
    ScheduleAlreadyRunningError,
    ScheduleDescription,
    ScheduleHandle,
    ScheduleIntervalSpec,
    ScheduleListDescription,
    ScheduleOverlapPolicy,
    SchedulePolicy,
    ScheduleSpec,
    ScheduleState,
    ScheduleUpdate,
    ScheduleUpdateInput,
)
from temporalio.service import RPCError, RPCStatusCode

from hookline.contracts import (
    WORKFLOW_CRON_RUN,
    WORKFLOW_NOTICE_DIGEST,
    WORKFLOW_RETENTION,
    WORKFLOW_SILENCE_CHECK,
    CronRunInput,
)
from hookline.persistence.db import begin_reading, session_scope
from hookline.scheduling import sources
from hookline.scheduling.cron import next_run
from hookline.scheduling.sources import CronState
from hookline.settings import Settings, get_settings, parse_duration
from hookline.temporal_link import TemporalLink
from hookline.timeutil import utcnow

log = logging.getLogger("hookline.schedules")

CRON_PREFIX = "cron-"
# After an outage, runs missed by more than this are skipped rather than made in a burst.
CATCHUP = timedelta(minutes=1)
# The retention pass: daily, at midnight UTC (intervals count from the Unix epoch). A pass
# missed while Temporal was down is made when it is back, up to the next one.
RETENTION_EVERY = timedelta(days=1)
RETENTION_POLICY = SchedulePolicy(overlap=ScheduleOverlapPolicy.SKIP,
                                  catchup_window=RETENTION_EVERY)
# The failure notices' weekly digest (`services/failure_notices`); one missed while
# Temporal was down is sent when it is back, up to the next.
DIGEST_EVERY = timedelta(days=7)
DIGEST_POLICY = SchedulePolicy(overlap=ScheduleOverlapPolicy.SKIP, catchup_window=DIGEST_EVERY)
POLICY = SchedulePolicy(overlap=ScheduleOverlapPolicy.SKIP, catchup_window=CATCHUP)
# The action's memo records what the Schedule was built from, to tell when it is stale; the
# Schedule's own memo (fixed at creation) its deployment's task queue, to tell whose it is.
MEMO_KEY = "hookline"
# The silence check's Schedule is paused while no Source is watched, with this note.
UNWATCHED = "no Source is watched for silence"


def schedule_id(source_id: str) -> str:
    return f"{CRON_PREFIX}{source_id}"


def silence_schedule_id(task_queue: str) -> str:
    """`hookline-silence-check` with the default task queue; one per deployment."""
    return f"{task_queue}-silence-check"


def retention_schedule_id(task_queue: str) -> str:
    """`hookline-retention` with the default task queue; one per deployment."""
    return f"{task_queue}-retention"


def digest_schedule_id(task_queue: str) -> str:
    """`hookline-notice-digest` with the default task queue; one per deployment."""
    return f"{task_queue}-notice-digest"


def _fingerprint(state: CronState, task_queue: str) -> str:
    return f"{state.expression}|{state.timezone}|{task_queue}"


def cron_schedule(state: CronState, task_queue: str) -> Schedule:
    assert state.expression is not None
    return Schedule(
        action=ScheduleActionStartWorkflow(
            WORKFLOW_CRON_RUN, CronRunInput(source_id=state.source_id),
            id=schedule_id(state.source_id), task_queue=task_queue,
            memo={MEMO_KEY: _fingerprint(state, task_queue)},
            static_summary=f"cron {state.expression} ({state.timezone})"),
        spec=ScheduleSpec(cron_expressions=[state.expression],
                          time_zone_name=state.timezone),
        policy=POLICY,
        state=ScheduleState(paused=not state.enabled,
                            note=None if state.enabled else "source disabled"))


async def _describe(handle: ScheduleHandle) -> ScheduleDescription | None:
    try:
        return await handle.describe()
    except RPCError as exc:
        if exc.status == RPCStatusCode.NOT_FOUND:
            return None
        raise


async def delete_for(client: Client, source_id: str) -> None:
    """Delete the Source's Schedule; a Schedule that is already gone is fine."""
    try:
        await client.get_schedule_handle(schedule_id(source_id)).delete()
    except RPCError as exc:
        if exc.status != RPCStatusCode.NOT_FOUND:
            raise


def _memo(client: Client, found: ScheduleDescription) -> str | None:
    action = found.schedule.action
    if not isinstance(action, ScheduleActionStartWorkflow) or not action.memo:
        return None
    payload = action.memo.get(MEMO_KEY)
    if payload is None:
        return None
    converter = client.data_converter.payload_converter
    try:
        value = converter.from_payload(payload, str)
    except Exception:  # written by something else: rebuild it
        return None
    return value if isinstance(value, str) else None


def _stale(client: Client, found: ScheduleDescription, state: CronState,
           task_queue: str) -> bool:
    return (found.schedule.state.paused == state.enabled
            or _memo(client, found) != _fingerprint(state, task_queue)
            or found.schedule.policy.catchup_window != CATCHUP
            or found.schedule.policy.overlap != ScheduleOverlapPolicy.SKIP)


def next_time(found: ScheduleDescription | None) -> datetime | None:
    """The next run Temporal holds; None when there is none or the Schedule is paused."""
    if found is None or found.schedule.state.paused or not found.info.next_action_times:
        return None
    return found.info.next_action_times[0]


def _replacing(wanted: Schedule) -> Callable[[ScheduleUpdateInput], ScheduleUpdate]:
    return lambda _: ScheduleUpdate(schedule=wanted)


async def _apply(client: Client, found: ScheduleDescription | None, state: CronState,
                 task_queue: str) -> datetime | None:
    """Make the Schedule (`found` as described) match `state`; returns the next run time it
    then reports."""
    handle = client.get_schedule_handle(schedule_id(state.source_id))
    if not state.scheduled:
        if found is not None:
            await delete_for(client, state.source_id)
        return None
    if found is not None and not _stale(client, found, state, task_queue):
        return next_time(found)
    wanted = cron_schedule(state, task_queue)
    if found is None:
        try:
            await client.create_schedule(handle.id, wanted, memo={MEMO_KEY: task_queue})
        except ScheduleAlreadyRunningError:  # created concurrently: make it ours
            await handle.update(_replacing(wanted))
    else:
        await handle.update(_replacing(wanted))
    log.info("schedule %s set to %s", handle.id, _fingerprint(state, task_queue))
    return next_time(await handle.describe())


def _load(source_id: str) -> CronState | None:
    with session_scope() as session:
        return sources.cron_state(session, source_id)


def _store(source_id: str, when: datetime | None) -> None:
    with session_scope() as session:
        sources.set_next_run(session, source_id, when)


async def sync_source(client: Client, source_id: str, task_queue: str | None = None
                      ) -> datetime | None:
    """Create, update, pause, resume or delete the Source's Schedule to match its row, then
    store the next run time Temporal reports (None when paused or unscheduled). Raises when
    Temporal cannot be reached; the workers' reconcile pass retries."""
    queue = task_queue or get_settings().task_queue
    # Describe before reading the row: the API commits before it syncs, so a Schedule is
    # never newer than the row read after it, and a concurrent pass cannot undo a change.
    found = await _describe(client.get_schedule_handle(schedule_id(source_id)))
    state = await asyncio.to_thread(_load, source_id)
    if state is None:  # deleted, or not a cron Source
        if found is not None:
            await delete_for(client, source_id)
        return None
    when = await _apply(client, found, state, queue)
    if when != state.next_run_at:
        await asyncio.to_thread(_store, source_id, when)
    return when


def _scheduled_states() -> list[CronState]:
    with session_scope() as session:
        return sources.scheduled_states(session)


def _looks_stale(entry: ScheduleListDescription | None, state: CronState,
                 now: datetime) -> bool:
    """From the (eventually consistent) list entry: does this Schedule, or the next run time
    stored in the row, need a look? A false alarm only costs one describe."""
    if entry is None or entry.schedule is None or entry.info is None:
        return True
    if entry.schedule.state.paused == state.enabled \
            or entry.schedule.spec.time_zone_name != state.timezone:
        return True
    if not state.enabled:
        return state.next_run_at is not None
    try:
        expected = next_run(state.expression or "", state.timezone, now)
    except ValueError:  # stored before today's rules: let the describe (and a log) tell
        return True
    listed = next((t for t in entry.info.next_action_times if t > now), None)
    return listed != expected or state.next_run_at != expected


async def _sweep(client: Client, task_queue: str, orphans: list[str]) -> None:
    """Delete cron Schedules of this deployment whose Source no longer wants one."""
    for source_id in orphans:
        state = await asyncio.to_thread(_load, source_id)
        if state is not None and state.scheduled:  # created since the list was read
            continue
        found = await _describe(client.get_schedule_handle(schedule_id(source_id)))
        action = found.schedule.action if found else None
        if isinstance(action, ScheduleActionStartWorkflow) and action.task_queue == task_queue:
            log.info("deleting orphaned schedule %s", schedule_id(source_id))
            await delete_for(client, source_id)


async def reconcile_all(client: Client, task_queue: str, *, thorough: bool = False) -> int:
    """Bring every cron Source's Schedule and next run time in line, and delete orphaned
    Schedules; returns how many syncs failed. One list call finds what needs a look;
    `thorough` (at start-up) describes every Schedule instead, which also catches a changed
    task queue."""
    listed = {entry.id[len(CRON_PREFIX):]: entry async for entry in await client.list_schedules()
              if entry.id.startswith(CRON_PREFIX)}
    states = await asyncio.to_thread(_scheduled_states)
    now = utcnow()
    failed = 0
    for state in states:
        if not thorough and not _looks_stale(listed.get(state.source_id), state, now):
            continue
        try:
            await sync_source(client, state.source_id, task_queue)
        except Exception as exc:
            failed += 1
            log.warning("could not sync the schedule of %s: %s", state.source_id, exc)
    wanted = {state.source_id for state in states}
    orphans = [i for i, entry in listed.items() if i not in wanted
               and await entry.memo_value(MEMO_KEY, task_queue) == task_queue]
    await _sweep(client, task_queue, orphans)
    return failed


def _every(workflow_name: str, schedule_id: str, every: timedelta, summary: str,
           settings: Settings, policy: SchedulePolicy = POLICY) -> Schedule:
    return Schedule(
        action=ScheduleActionStartWorkflow(
            workflow_name, id=schedule_id, task_queue=settings.task_queue,
            static_summary=summary),
        spec=ScheduleSpec(intervals=[ScheduleIntervalSpec(every=every)]),
        policy=policy)


def silence_schedule(settings: Settings, watched: bool) -> Schedule:
    every = timedelta(seconds=max(1.0, parse_duration(settings.silence_check_interval)))
    wanted = _every(WORKFLOW_SILENCE_CHECK, silence_schedule_id(settings.task_queue), every,
                    "silence alerts", settings)
    wanted.state = ScheduleState(paused=not watched, note=None if watched else UNWATCHED)
    return wanted


def retention_schedule(settings: Settings) -> Schedule:
    return _every(WORKFLOW_RETENTION, retention_schedule_id(settings.task_queue),
                  RETENTION_EVERY, f"retention {settings.retention} (environments may "
                  "override)", settings, RETENTION_POLICY)


def digest_schedule(settings: Settings) -> Schedule:
    return _every(WORKFLOW_NOTICE_DIGEST, digest_schedule_id(settings.task_queue),
                  DIGEST_EVERY, "failure notices: weekly digest", settings, DIGEST_POLICY)


def _any_watched() -> bool:
    with session_scope() as session:
        # A read: the API calls this while its request's session may hold SQLite's writer.
        begin_reading(session)
        return sources.any_watched(session)


async def sync_silence(client: Client, settings: Settings, *, refresh: bool = False) -> None:
    """Run the silence check only while some Source is watched: its Schedule is paused
    otherwise, so an idle deployment starts no workflow for it. Creates the Schedule if
    missing; `refresh` also brings it up to date (interval, task queue). The API calls this
    after a change to what a Source watches; every worker's reconcile pass too, which
    settles a change lost to a Temporal outage or to a concurrent pass."""
    handle = client.get_schedule_handle(silence_schedule_id(settings.task_queue))
    # Describe before reading the rows, as sync_source does: the API commits before it
    # syncs, so the state read is never older than the Schedule it is compared with.
    found = await _describe(handle)
    watched = await asyncio.to_thread(_any_watched)
    wanted = silence_schedule(settings, watched)
    if found is None:
        try:
            await client.create_schedule(handle.id, wanted)
            log.info("created schedule %s (paused: %s)", handle.id, not watched)
            return
        except ScheduleAlreadyRunningError:
            found = await handle.describe()
    if refresh:
        await handle.update(_replacing(wanted))
    elif found.schedule.state.paused == watched:
        await (handle.unpause(note="a Source is watched") if watched
               else handle.pause(note=UNWATCHED))
        log.info("schedule %s %s", handle.id, "resumed" if watched else "paused")


async def ensure_deployment_schedules(client: Client, settings: Settings, *,
                                      refresh: bool) -> None:
    """Create the silence check's, the retention's and the notice digest's Schedules if
    missing; with
    `refresh`, also bring existing ones up to date (interval, task queue): workers do that
    at start-up. The silence check's is paused or resumed to match the Sources."""
    await sync_silence(client, settings, refresh=refresh)
    for wanted in (retention_schedule(settings), digest_schedule(settings)):
        action = wanted.action
        assert isinstance(action, ScheduleActionStartWorkflow)
        try:
            await client.create_schedule(action.id, wanted)
            log.info("created schedule %s", action.id)
        except ScheduleAlreadyRunningError:
            if refresh:
                await client.get_schedule_handle(action.id).update(_replacing(wanted))


async def reconcile_schedules_forever(link: TemporalLink, settings: Settings) -> None:
    """At start-up (which also refreshes the silence check's Schedule) and periodically."""
    interval = parse_duration(settings.schedule_reconcile_interval)
    first = True
    while True:
        try:
            await ensure_deployment_schedules(link.client, settings, refresh=first)
            await reconcile_all(link.client, settings.task_queue, thorough=first)
            first = False
        except Exception as exc:  # Temporal or the database down: try again next round
            log.warning("schedule reconcile pass failed: %s", exc)
        await asyncio.sleep(interval)
