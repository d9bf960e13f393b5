"""`python -m bench.wait_check`: the CPU of the look an attempt takes after a wait
(`attempts.still_due`: a throttle's turn, a transformation's run; one read of the
Delivery with its target, content and lease, as `prepare_attempt` reads it) against the throttle's
reservation every throttled attempt already makes (`gate.reserve_send`), on a migrated
SQLite file, in this process, in the same run: rounds of 2,000 calls, the median of 5, in
ms of this process's CPU per call."""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable

ROUNDS, CALLS = 5, 2000
# One Delivery of an event to an enabled endpoint, being attempted: what the look reads.
_ROWS = (
    ("INSERT INTO endpoints (id, environment_id, consumer_id, url, status, events, "
     "custom_headers, secret, failure_count, created_at, updated_at) VALUES ('ep_1', "
     "'env_1', 'con_1', 'https://example.com/hook', 'Enabled', '[]', '{}', 'whsec_x', 0, "
     ":now, :now)"),
    ("INSERT INTO events (id, environment_id, type, consumer_id, consumer_external_id, "
     "payload, deliveries, created_at) VALUES ('evt_1', 'env_1', 'invoice.paid', 'con_1', "
     "'acme', '{\"n\": 1}', 1, :now)"),
    ("INSERT INTO deliveries (id, environment_id, event_id, endpoint_id, status, attempts, "
     "created_at, updated_at) VALUES ('dlv_1', 'env_1', 'evt_1', 'ep_1', 'processing', 0, "
     ":now, :now)"),
)


def _median_ms(call: Callable[[], None]) -> float:
    spent = []
    for _ in range(ROUNDS):
        started = time.process_time()
        for _ in range(CALLS):
            call()
        spent.append((time.process_time() - started) / CALLS * 1e3)
    return statistics.median(spent)


def main() -> None:
    url = f"sqlite:///{tempfile.mkdtemp()}/wait_check.db"
    os.environ["HOOKLINE_DATABASE_URL"] = url
    from hookline.delivery import attempts, gate
    from hookline.persistence import migrations
    from hookline.persistence.db import get_engine, session_scope
    from hookline.timeutil import utcnow

    migrations.upgrade(url)
    raw = get_engine().raw_connection()
    cursor = raw.cursor()
    cursor.execute("PRAGMA foreign_keys=OFF")  # without its environment's and consumer's rows
    now = utcnow().isoformat(sep=" ")
    for row in _ROWS:
        cursor.execute(row, {"now": now})
    raw.commit()
    raw.close()

    def look() -> None:
        with session_scope() as session:
            assert attempts.still_due(session, "dlv_1") is None

    def reserve() -> None:
        with session_scope() as session:
            gate.reserve_send(session, "ep_1", 1000, utcnow())
            session.commit()

    print(f"still_due_ms {_median_ms(look):.3f}, reserve_send_ms {_median_ms(reserve):.3f}")


if __name__ == "__main__":
    main()
