"""The delivery explorer at scale: seed a database with many Deliveries (and an attempt
each), then time one page of GET /v1/deliveries's query for every filter, first and deep.

    .venv/bin/python -m bench.explorer                         # SQLite, 1,000,000 rows
    .venv/bin/python -m bench.explorer --postgres --rows 200000  # a throwaway PostgreSQL

The rows are spread over 2 environments, 50 endpoints, 20 Consumers, 10 event types and
the statuses and outcomes of real traffic (a tenth failing), with ids in creation order
over the last 30 days, as `new_id` makes them. Seeding writes straight to the tables; the
timed part is `hookline.persistence.queries` (`deliveries.search`, `attempts.search`), the
code the API runs."""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, insert
from sqlmodel import Session

from hookline.ids import _encode
from hookline.persistence import queries
from hookline.persistence.db import make_engine
from hookline.persistence.migrations import upgrade
from hookline.persistence.models import Attempt, Delivery, Environment, Organization, table_of
from hookline.persistence.queries.explorer import DeliveryFilter, Filter, ResponseStatus

ENVS, ENDPOINTS, CONSUMERS, TYPES = 2, 50, 20, 10
BATCH = 5000


def _id(prefix: str, at: datetime, n: int) -> str:
    return f"{prefix}_{_encode(int(at.timestamp() * 1000), 10)}{_encode(n, 16)}"


def seed(engine: Engine, rows: int) -> float:
    """Returns seconds taken."""
    rng = random.Random(23)
    start = datetime.now(UTC) - timedelta(days=30)
    step = timedelta(days=30) / rows
    started = time.monotonic()
    deliveries, attempts = [], []
    with engine.begin() as db:
        db.execute(insert(table_of(Organization)), [{"id": "org_0", "name": "bench",
                                                     "created_at": start}])
        db.execute(insert(table_of(Environment)), [
            {"id": f"env_{e}", "org_id": "org_0", "name": f"env{e}", "kind": "development",
             "operational_of": None, "created_at": start} for e in range(ENVS)])
        for n in range(rows):
            at = start + step * n
            failed = rng.random() < 0.1
            code = rng.choice((500, 503, 404)) if failed else 200
            status = ("exhausted" if rng.random() < 0.5 else "retrying") if failed \
                else "delivered"
            dlv = _id("dlv", at, n)
            deliveries.append({
                "id": dlv, "environment_id": f"env_{n % ENVS}", "event_id": None,
                "endpoint_id": f"ep_{n % ENDPOINTS}", "message_id": None,
                "destination_id": None, "status": status, "attempts": 1,
                "next_attempt_at": None, "last_attempt_at": at, "created_at": at,
                "updated_at": at, "event_type": f"type.{n % TYPES}",
                "consumer_id": f"con_{n % CONSUMERS}", "last_status_code": code,
                "last_status_class": code // 100,
                "last_error_type": "http_status" if failed else None,
                "last_duration_ms": rng.randint(5, 900)})
            attempts.append({
                "id": _id("att", at, n), "delivery_id": dlv, "target_id": f"ep_{n % ENDPOINTS}",
                "attempt": 1, "status": "failed" if failed else "succeeded",
                "status_code": code, "response_body": None,
                "error_type": "http_status" if failed else None, "error_message": None,
                "duration_ms": deliveries[-1]["last_duration_ms"], "created_at": at})
            if len(deliveries) == BATCH:
                db.execute(insert(table_of(Delivery)), deliveries)
                db.execute(insert(table_of(Attempt)), attempts)
                deliveries, attempts = [], []
        if deliveries:
            db.execute(insert(table_of(Delivery)), deliveries)
            db.execute(insert(table_of(Attempt)), attempts)
    return time.monotonic() - started


CASES: dict[str, DeliveryFilter] = {
    "environment": DeliveryFilter(),
    "endpoint": DeliveryFilter(endpoint="ep_7"),
    "endpoint+failed": DeliveryFilter(endpoint="ep_7", status="exhausted"),
    "consumer": DeliveryFilter(consumer_id="con_3"),
    "eventType": DeliveryFilter(event_type="type.5"),
    "eventType, matching nothing": DeliveryFilter(event_type="type.4"),
    "status": DeliveryFilter(status="exhausted"),
    "errorType": DeliveryFilter(error_type="http_status"),
    "responseStatus=5xx": DeliveryFilter(response=ResponseStatus(5)),
    "responseStatus=503": DeliveryFilter(response=ResponseStatus(5, 503)),
    "last hour": DeliveryFilter(since=datetime.now(UTC) - timedelta(hours=1)),
    "endpoint, a day 10 days ago": DeliveryFilter(
        endpoint="ep_7", since=datetime.now(UTC) - timedelta(days=11),
        until=datetime.now(UTC) - timedelta(days=10)),
}


def _time(engine: Engine, run: Any, repeat: int = 7) -> tuple[float, Any]:
    took, result = [], None
    for _ in range(repeat):
        with Session(engine) as session:
            started = time.perf_counter()
            result = run(session)
            took.append((time.perf_counter() - started) * 1000)
    return statistics.median(took), result


def measure(engine: Engine) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, found in CASES.items():
        first_ms, page = _time(engine, lambda s, f=found: queries.deliveries.search(
            s, "env_1", f, None, 50))
        deep_ms = None
        if len(page) > 50:  # the 20th page on, from a cursor
            cursor = page[49].id
            for _ in range(19):
                with Session(engine) as session:
                    more = queries.deliveries.search(session, "env_1", found, cursor, 50)
                if len(more) <= 50:
                    break
                cursor = more[49].id
            deep_ms, _ = _time(engine, lambda s, f=found, c=cursor: queries.deliveries.search(
                s, "env_1", f, c, 50))
        out[name] = {"rows": min(len(page), 50), "first_page_ms": round(first_ms, 2),
                     "page_20_ms": None if deep_ms is None else round(deep_ms, 2)}
    attempts_ms, _ = _time(engine, lambda s: queries.attempts.search(
        s, "ep_7", Filter(status="failed"), None, 50))
    out["endpoint attempts, failed"] = {"first_page_ms": round(attempts_ms, 2)}
    return out


@contextmanager
def _database(postgres: bool) -> Iterator[str]:
    if postgres:
        from tests.support.postgres import throwaway_postgres

        with throwaway_postgres() as url:
            yield url
    else:
        with tempfile.TemporaryDirectory(prefix="hookline-explorer-") as folder:
            yield f"sqlite:///{Path(folder) / 'explorer.db'}"


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.explorer", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--postgres", action="store_true")
    args = parser.parse_args()
    with _database(args.postgres) as url:
        upgrade(url)
        engine = make_engine(url)
        seconds = seed(engine, args.rows)
        if args.postgres:
            with engine.begin() as db:
                db.exec_driver_sql("ANALYZE")
        results = {"database": "postgres" if args.postgres else "sqlite", "rows": args.rows,
                   "seed_s": round(seconds, 1), "pages": measure(engine)}
        engine.dispose()
    print(json.dumps(results, indent=2))
    worst = max(v["first_page_ms"] for v in results["pages"].values())
    print(f"bench-explorer: database={results['database']} rows={args.rows} "
          f"worst_first_page_ms={worst}")


if __name__ == "__main__":
    main()
