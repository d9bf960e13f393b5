"""One page of a Consumer's Events, newest first (Svix's message list, `/v1/events?consumer=`),
under the index on `consumer_id` alone and under `(consumer_id, id)`: the query
`queries.events.page_of_consumer` makes, on SQLite, for a Consumer of 100,000 Events among
300,000. `python -m bench.event_pages`."""

from __future__ import annotations

import sqlite3
import time

PAGE = ("SELECT * FROM events WHERE consumer_id = ? AND id < ? ORDER BY id DESC LIMIT 51")
ROUNDS = 50


def _events(db: sqlite3.Connection, total: int = 300_000) -> None:
    db.execute("CREATE TABLE events (id TEXT PRIMARY KEY, consumer_id TEXT, type TEXT, "
               "payload TEXT)")
    db.executemany("INSERT INTO events VALUES (?, ?, 't', '{}')",
                   ((f"evt_{i:012d}", "csm_big" if i % 3 == 0 else f"csm_{i % 1000}")
                    for i in range(total)))


def _page_ms(db: sqlite3.Connection) -> float:
    started = time.perf_counter()
    for _ in range(ROUNDS):
        db.execute(PAGE, ("csm_big", "evt_999999999999")).fetchall()
    return (time.perf_counter() - started) / ROUNDS * 1000


def main() -> None:
    db = sqlite3.connect(":memory:")
    _events(db)
    for columns in ("consumer_id", "consumer_id, id"):
        db.execute("DROP INDEX IF EXISTS ix_events_consumer_id")
        db.execute(f"CREATE INDEX ix_events_consumer_id ON events ({columns})")
        plan = db.execute("EXPLAIN QUERY PLAN " + PAGE, ("a", "b")).fetchall()
        print(f"({columns}): {_page_ms(db):.2f} ms a page; plan: "
              + "; ".join(str(step[3]) for step in plan))


if __name__ == "__main__":
    main()
