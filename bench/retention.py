"""Retention at scale: seed a million events (a Delivery and an attempt each) over the last
60 days, start the service as `hookline up` does on that database, then run one retention
pass (HOOKLINE_RETENTION=30d: about half expire) from its Schedule while publishing at a
steady rate. Reports rows deleted per second, publish latency before and during the pass,
and the database's size: before, after the pass, and after as many new events again as
were deleted (reused space does not grow it).

    .venv/bin/python -m bench.retention                               # SQLite
    .venv/bin/python -m bench.retention --postgres --events 300000    # a throwaway PostgreSQL

Seeding writes straight to the tables (`tests/support/aged.py`); the pass is the worker's
own, started the way the daily Schedule starts it."""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import tempfile
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, text

from bench.loadgen import Poster
from bench.receiver import Receiver
from bench.stack import Stack, free_port
from bench.stats import percentile
from hookline.persistence.db import make_engine
from hookline.persistence.migrations import upgrade
from hookline.scheduling.schedules import retention_schedule_id
from hookline.settings import Settings
from hookline.timeutil import utcnow
from tests.support.aged import Rows
from tests.support.schedules import start_run

CHUNK = 5000
TABLES = ("events", "deliveries", "attempts")
OUT = Path(__file__).resolve().parent / "out"


def seed(engine: Engine, events: int, *, start: datetime, end: datetime,
         kept_share: float = 0.02, env: tuple[str, str] | None = None) -> tuple[str, float]:
    """`events` events spread evenly from `start` to `end`, each with one Delivery and one
    attempt: delivered, or (a `kept_share` of those of the last two days, as a retry
    schedule of about 33 hours leaves them) still retrying. Returns the environment and the
    seconds taken."""
    rng = random.Random(23)
    started = time.monotonic()
    rows = Rows()
    env_id, _ = env or rows.environment(start - timedelta(days=1))
    step = (end - start) / max(1, events)
    recent = end - timedelta(days=2)
    with engine.begin() as db:
        for n in range(events):
            at = start + step * n
            status = "retrying" if at > recent and rng.random() < kept_share else "delivered"
            rows.unit(env_id, at, [status])
            if rows.count() >= 3 * CHUNK:
                rows.insert(db)
        rows.insert(db)
    return env_id, time.monotonic() - started


def size(engine: Engine, url: str) -> dict[str, int]:
    """SQLite: the file (checkpointed) and the free pages in it; PostgreSQL: the three
    tables with their indexes."""
    if url.startswith("sqlite"):
        path = Path(url.removeprefix("sqlite:///"))
        with closing(sqlite3.connect(path, isolation_level=None)) as db:
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the WAL back into the file
            page = db.execute("PRAGMA page_size").fetchone()[0]
            free = db.execute("PRAGMA freelist_count").fetchone()[0]
        return {"file_bytes": path.stat().st_size, "free_bytes": int(page) * int(free)}
    with engine.connect() as db:
        heap = sum(db.execute(text(f"SELECT pg_table_size('{t}')")).scalar_one()
                   for t in TABLES)
        indexes = sum(db.execute(text(f"SELECT pg_indexes_size('{t}')")).scalar_one()
                      for t in TABLES)
    return {"table_bytes": int(heap + indexes), "heap_bytes": int(heap),
            "index_bytes": int(indexes)}


def counts(engine: Engine) -> dict[str, int]:
    with engine.connect() as db:
        return {t: int(db.execute(text(f"SELECT count(*) FROM {t}")).scalar_one())
                for t in TABLES}


async def publish_while(poster: Poster, rate: float, running: asyncio.Future[Any] | float
                        ) -> list[float]:
    """Publish `rate` events a second (open loop) until `running` is done, or for that
    many seconds; returns each publish's latency in ms."""
    took: list[float] = []
    body = {"type": "invoice.paid", "consumer": "acme", "data": {"n": 1}}

    async def one() -> None:
        started = time.perf_counter()
        status, answer = await poster.post("/v1/events", body)
        if status != 201:
            raise RuntimeError(f"publish answered {status}: {answer[:200]!r}")
        took.append((time.perf_counter() - started) * 1000)

    tasks: list[asyncio.Task[None]] = []
    started = time.monotonic()
    n = 0
    while (not running.done()) if isinstance(running, asyncio.Future) \
            else time.monotonic() - started < running:
        tasks.append(asyncio.create_task(one()))
        n += 1
        await asyncio.sleep(max(0.0, started + n / rate - time.monotonic()))
    await asyncio.gather(*tasks)
    return took


def _latency(took: list[float]) -> dict[str, float | None]:
    p50, p99 = percentile(took, 50), percentile(took, 99)
    return {"count": len(took), "p50_ms": None if p50 is None else round(p50, 1),
            "p99_ms": None if p99 is None else round(p99, 1)}


async def run_pass(stack: Stack, task_queue: str) -> tuple[str, dict[str, int], float]:
    """Trigger the retention Schedule; returns the workflow id, its outcome and seconds
    from its start to its close, as Temporal recorded them."""
    assert stack.client is not None
    workflow_id = await start_run(stack.client, retention_schedule_id(task_queue))
    workflow = stack.client.get_workflow_handle(workflow_id)
    outcome: dict[str, int] = await workflow.result()
    info = await workflow.describe()
    assert info.close_time is not None
    return workflow_id, outcome, (info.close_time - info.start_time).total_seconds()


async def measure(url: str, folder: Path, events: int, rate: float, batch: int
                  ) -> dict[str, Any]:
    upgrade(url)
    engine = make_engine(url)
    seeded_until = utcnow()
    env_id, seed_s = seed(engine, events, start=seeded_until - timedelta(days=60),
                          end=seeded_until)
    before = {"rows": counts(engine), "size": size(engine, url)}
    stack = Stack(folder, {"HOOKLINE_DATABASE_URL": url, "HOOKLINE_RETENTION": "30d",
                           "HOOKLINE_RETENTION_BATCH": str(batch),
                           "HOOKLINE_TASK_QUEUE": "hookline"})
    receiver = Receiver(free_port(), folder / "receiver.log")
    receiver.start()
    await stack.start()
    try:
        key = stack.bootstrap()
        poster = Poster(stack.api_url, {"Authorization": f"Bearer {key}"})
        for path, body in (("/v1/event-types", {"name": "invoice.paid"}),
                           ("/v1/consumers", {"externalId": "acme", "name": "acme"}),
                           ("/v1/endpoints", {"consumer": "acme",
                                              "url": receiver.url("retention")})):
            status, answer = await poster.post(path, body)
            assert status == 201, answer
        idle = await publish_while(poster, rate, 15.0)
        purge = asyncio.ensure_future(run_pass(stack, "hookline"))
        during = await publish_while(poster, rate, purge)
        workflow_id, outcome, pass_s = await purge
        poster.close()
    finally:
        stack.stop()
        receiver.stop()
        await receiver.close()
    deleted = outcome["events"] + outcome["deliveries"] + outcome["attempts"]
    after = {"rows": counts(engine), "size": size(engine, url)}
    if not url.startswith("sqlite"):
        # What autovacuum does over time: the first VACUUM makes the heap's space reusable
        # and marks the emptied index pages deleted; a later one hands those pages to the
        # free space map once transactions have moved on (any write does; here one xid).
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as db:
            for statement in ("VACUUM", "SELECT txid_current()", "VACUUM"):
                db.exec_driver_sql(statement if statement.startswith("SELECT")
                                   else f"{statement} {', '.join(TABLES)}")
        after["size_after_vacuum"] = size(engine, url)
    # New traffic comes after everything stored (ids grow with time), as it would.
    seed(engine, outcome["events"], start=seeded_until, end=utcnow(), kept_share=0,
         env=(env_id, ""))
    refilled = {"rows": counts(engine), "size": size(engine, url)}
    engine.dispose()
    return {"database": "sqlite" if url.startswith("sqlite") else "postgres",
            "events_seeded": events, "batch": batch, "seed_s": round(seed_s, 1), "before": before,
            "pass": {"workflow_id": workflow_id, "outcome": outcome,
                     "seconds": round(pass_s, 1),
                     "rows_deleted_per_s": round(deleted / pass_s)},
            "publish": {"rate_per_s": rate, "before_pass": _latency(idle),
                        "during_pass": _latency(during)},
            "after_pass": after, "after_refill": refilled}


@contextmanager
def _database(postgres: bool, folder: Path) -> Iterator[str]:
    if postgres:
        from tests.support.postgres import throwaway_postgres

        with throwaway_postgres() as url:
            yield url
    else:
        yield f"sqlite:///{folder / 'hookline.db'}"


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.retention", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--rate", type=float, default=50, help="publishes a second")
    parser.add_argument("--batch", type=int, default=Settings().retention_batch,
                        help="HOOKLINE_RETENTION_BATCH")
    parser.add_argument("--postgres", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hookline-retention-") as name:
        folder = Path(name)
        with _database(args.postgres, folder) as url:
            results = asyncio.run(measure(url, folder, args.events, args.rate, args.batch))
    OUT.mkdir(exist_ok=True)
    (OUT / f"retention-{results['database']}.json").write_text(json.dumps(results, indent=2))
    print(json.dumps(results, indent=2))
    during = results["publish"]["during_pass"]
    print(f"bench-retention: database={results['database']} events={args.events} "
          f"batch={args.batch} "
          f"deleted_rows_per_s={results['pass']['rows_deleted_per_s']} "
          f"publish_p99_during_ms={during['p99_ms']} "
          f"publish_p99_before_ms={results['publish']['before_pass']['p99_ms']}")


if __name__ == "__main__":
    main()
