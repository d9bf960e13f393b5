"""`python -m bench.take_cost`: the CPU of the relay's read of the outbox's candidates
(`outbox._CANDIDATES`, several times a second per worker), on a migrated SQLite file with
`--targets` targets of `--starts` waiting starts each, in this process: rounds of `CALLS`
reads, the median of 5, in ms of this process's CPU per read. Issue 69 added a column and
a branch to it (a polling endpoint's candidates); run it on both sides of the change."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time

ROUNDS, CALLS = 5, 200


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.take_cost")
    parser.add_argument("--targets", type=int, default=20)
    parser.add_argument("--starts", type=int, default=50)
    args = parser.parse_args(argv)
    url = f"sqlite:///{tempfile.mkdtemp()}/take_cost.db"
    os.environ["HOOKLINE_DATABASE_URL"] = url
    from sqlalchemy import insert

    from hookline.delivery import outbox
    from hookline.persistence import migrations
    from hookline.persistence.db import get_engine, session_scope
    from hookline.persistence.models import OutboxStart, TargetGate, table_of
    from hookline.timeutil import utcnow

    migrations.upgrade(url)
    now = utcnow()
    with get_engine().begin() as db:
        db.execute(insert(table_of(TargetGate)), [
            {"target_id": f"ep_{t:04d}", "concurrency_limit": 4.0} for t in range(args.targets)])
        db.execute(insert(table_of(OutboxStart)), [
            {"delivery_id": f"dlv_{t:04d}{n:06d}", "start": "{}", "target_id": f"ep_{t:04d}",
             "environment_id": f"env_{t % 4}", "lane": f"ep_{t:04d}", "queued_at": now,
             "window_end": now} for t in range(args.targets) for n in range(args.starts)])
    query = outbox._CANDIDATES["sqlite"]
    params = {"now": now, "ceiling": 100, "scan": 32}
    spent = []
    with session_scope() as session:
        found = len(list(session.execute(query, params)))
        for _ in range(ROUNDS):
            started = time.process_time()
            for _ in range(CALLS):
                list(session.execute(query, params))
            spent.append((time.process_time() - started) / CALLS * 1e3)
        session.commit()
    print(json.dumps({"targets": args.targets, "starts_each": args.starts, "candidates": found,
                      "read_ms": round(statistics.median(spent), 3)}))


if __name__ == "__main__":
    main()
