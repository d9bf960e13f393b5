"""Issue 71, part 3: a rolling deploy from the previous release, with 500 Deliveries in
flight, on the cluster's Temporal server and PostgreSQL.

The previous release (a git worktree of its commit, a venv of its own: `support/releases`)
migrates its database and serves: its API accepts 50 events for ten endpoints, 500
Deliveries. Five endpoints fail (their first Deliveries wait on retry timers, then their
breakers open and hold the rest); five answer slowly (attempts are in flight).
Then, as an operator deploys:
- today's migrations run while the old API and worker serve (expand first);
- today's worker and API start beside them, on the same task queue;
- the old worker is killed mid-attempt, the old API stopped;
- the failing receivers recover.
Every Delivery is delivered once (a request the killed worker had in flight may arrive
twice), and no workflow task fails: today's worker replays the old one's histories.
Collected only by `make test-cluster`."""

from __future__ import annotations

import asyncio
import os
import subprocess
import time
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import text
from temporalio.api.enums.v1 import EventType
from temporalio.client import Client

from hookline.persistence.db import make_engine
from tests.support.api import ok, publish, setup_endpoint
from tests.support.procs import free_port, hookline, stop, wait_http
from tests.support.receiver import Receiver
from tests.support.releases import Release, check_out, previous_release
from tests.support.stack import Stack, own_database

pytestmark = pytest.mark.cluster

EVENTS = 50
FAILING = tuple(f"down-{n}" for n in range(5))
SLOW = tuple(f"slow-{n}" for n in range(5))
# Time alone shortens these: retries that outlast the switch, and attempts long enough to
# be in flight at the kill (4 s each, under the attempt timeout).
SETTINGS = {"HOOKLINE_RETRY_SCHEDULE": "15s,15s,15s,15s,15s,15s,15s,15s",
            "HOOKLINE_ATTEMPT_TIMEOUT": "10s"}


@pytest.fixture(scope="module")
def release(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Release]:
    found = check_out(previous_release(), tmp_path_factory.mktemp("release"))
    yield found
    found.remove()


def _run(args: list[str], env: dict[str, str], cwd: Path) -> None:
    done = subprocess.run(args, env=env, cwd=cwd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def _statuses(stack: Stack) -> dict[str, int]:
    with stack.engine.connect() as db:
        return dict(db.execute(text("SELECT status, count(*) FROM deliveries GROUP BY status"))
                    .all())


def _recorded_before(stack: Stack, moment: float) -> set[tuple[str, str]]:
    """(endpoint, event) of the Deliveries with a success recorded before `moment`."""
    with stack.engine.connect() as db:
        return {(row[0], row[1]) for row in db.execute(text(
            "SELECT d.endpoint_id, d.event_id FROM attempts a JOIN deliveries d "
            "ON d.id = a.delivery_id WHERE a.status = 'succeeded' AND a.created_at < :moment"),
            {"moment": datetime.fromtimestamp(moment, UTC)})}


async def _failed_tasks(address: str, ids: list[str]) -> list[str]:
    """The Deliveries whose workflow histories hold a failed workflow task."""
    client = await Client.connect(address)
    failed = []
    for workflow_id in ids:
        history = await client.get_workflow_handle(workflow_id).fetch_history()
        if any(e.event_type == EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED for e in history.events):
            failed.append(workflow_id)
    return failed


def test_a_rolling_deploy_from_the_previous_release_loses_nothing(
        release: Release, postgres_server: str, temporal: str, tmp_path: Path,
        receiver: Receiver) -> None:
    db_url = own_database(postgres_server, tmp_path)
    stack = Stack(name="rolling", db_url=db_url, engine=make_engine(db_url),
                  temporal_address=temporal, folder=tmp_path, env=SETTINGS)
    env = {**os.environ, **stack.settings_env()}
    _run(release.command("migrate"), env, release.tree)
    old_worker = release.spawn(["worker"], stack.settings_env(), tmp_path / "old-worker.log")
    port = free_port()
    old_api = release.spawn(["api"], stack.settings_env(HOOKLINE_API_PORT=str(port)),
                            tmp_path / "old-api.log")
    new_api = new_worker = None
    try:
        old_url = f"http://127.0.0.1:{port}"
        wait_http(old_url + "/healthz", 30, old_api)
        stack.base_url, stack.api_urls = old_url, [old_url]
        tenant = stack.tenant()
        for mode in FAILING:
            receiver.modes[mode] = "/status/503"
        for mode in SLOW:
            receiver.modes[mode] = "/slow/4/ok"
        endpoints = {mode: setup_endpoint(tenant, receiver.url(f"/as/{mode}"))["id"]
                     for mode in (*FAILING, *SLOW)}
        published = [publish(tenant, {"n": n})["id"] for n in range(EVENTS)]
        total = EVENTS * len(endpoints)
        deadline = time.monotonic() + 90
        while not (all(ok(tenant.client.get(f"/v1/endpoints/{endpoints[mode]}"))["circuit"]
                       == "open" for mode in FAILING)
                   and sum(receiver.open_now(f"/as/{mode}") for mode in SLOW) > 0
                   and sum(_statuses(stack).values()) == total):
            assert time.monotonic() < deadline, "the old release never had all in flight"
            time.sleep(0.5)
        waiting = _statuses(stack)
        assert waiting.get("retrying", 0) > 0 and waiting.get("delivered", 0) < total

        # Today's migrations, while the old release serves.
        _run(hookline("migrate"), env, Path.cwd())
        ok(tenant.client.get("/v1/endpoints"))
        new_worker = stack.start_worker(log_name="new-worker.log")
        new_api, new_url = stack.start_api()
        killed_at = time.time()
        stop(old_worker, kill=True)
        stop(old_api)
        tenant.client.base_url = new_url
        for mode in FAILING:
            receiver.modes[mode] = "/ok"

        deadline = time.monotonic() + 150
        while _statuses(stack).get("delivered", 0) < total:
            assert time.monotonic() < deadline, f"not all delivered: {_statuses(stack)}"
            time.sleep(1)
        assert _statuses(stack) == {"delivered": total}
        with stack.engine.connect() as db:
            recorded_twice = db.execute(text(
                "SELECT count(*) FROM (SELECT delivery_id FROM attempts WHERE status = "
                "'succeeded' GROUP BY delivery_id HAVING count(*) > 1) AS d")).scalar_one()
            ids = list(db.execute(text("SELECT id FROM deliveries")).scalars())
        assert recorded_twice == 0
        for mode in (*FAILING, *SLOW):
            got = Counter(r.headers["webhook-id"] for r in receiver.at(f"/as/{mode}"))
            assert set(got) == set(published), mode
        # Sent before the kill, and not recorded by then: what the kill may send twice.
        recorded = _recorded_before(stack, killed_at)
        in_flight = {(mode, r.headers["webhook-id"]) for mode in SLOW
                     for r in receiver.at(f"/as/{mode}") if r.at < killed_at
                     } - {(mode, event) for mode in SLOW for endpoint, event in recorded
                          if endpoint == endpoints[mode]}
        twice = {(mode, event) for mode in SLOW for event, n in Counter(
            r.headers["webhook-id"] for r in receiver.at(f"/as/{mode}")).items() if n > 1}
        assert twice <= in_flight, (sorted(twice - in_flight), len(in_flight))
        assert asyncio.run(_failed_tasks(temporal, ids)) == []
    finally:
        for proc in (old_worker, old_api, new_worker, new_api):
            if proc is not None:
                stop(proc)
        stack.engine.dispose()
