"""`python -m bench.worker_db`: the worker's own database work per delivery, in process.

What Hookline's worker does that the engine's best pattern does not is its database work:
the relay taking starts from the outbox (and admitting them at the target's gate), and each
attempt's prepare and record, each behind an `asyncio.to_thread` hop. This runs exactly
that code (`relay._take`, `AttemptEngine.prepare` and `._record`) the way the worker
schedules it, with no Temporal and no HTTP: every attempt is recorded as a 200. The events
are published first through the API in process (not measured). What it prints is the CPU
per delivery of that work alone (every thread of this process), steadier than the full
benchmark, which shares two cores with the dev server and the load generator."""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time

from bench.api_cpu import _configure, call


async def main(count: int, rounds: int, endpoints: int = 1) -> None:
    from api.main import create_app
    from hookline.contracts import AttemptInput, AttemptResult
    from hookline.delivery import gate, relay
    from hookline.delivery.engine import AttemptEngine, unrecorded_of
    from hookline.delivery.handoff import Handoff
    from hookline.delivery.model import Outgoing
    from hookline.fair_threads import FairThreads
    from hookline.persistence.db import committed, get_engine, session_scope
    from hookline.persistence.migrations import upgrade
    from hookline.persistence.queries.deliveries import ToSend
    from hookline.persistence.sealed import keyring_of
    from hookline.services import accounts, operational
    from hookline.settings import get_settings

    settings = get_settings()
    upgrade(settings.database_url)
    with session_scope() as session:
        org = committed(session, accounts.create_org, "bench")
        env = committed(session, accounts.create_env, org.id, "bench", "development")
        _, key = committed(session, accounts.create_key, env.id)
    app = create_app()
    auth = [(b"authorization", f"Bearer {key}".encode())]
    limits = gate.limits_from(settings)
    handoff = Handoff[ToSend]()
    # No sends, no transformations and no workflows here: only the database work.
    engine = AttemptEngine(sender=None, client=None, transforms=None,  # type: ignore[arg-type]
                           limits=limits, notify=operational.notify, handoff=handoff,
                           threads=FairThreads(), keyring=keyring_of(get_engine().dialect))
    ok = AttemptResult(succeeded=True, status_code=200, response_body="ok", error_type=None,
                       error_message=None, duration_ms=1)

    async def attempt(delivery_id: str) -> None:
        data = AttemptInput(delivery_id=delivery_id, next_delay=5.0, longest_delay=36000.0)
        prepared = await engine.prepare(data)
        assert isinstance(prepared, Outgoing), prepared
        recorded = await asyncio.to_thread(engine._record, data,
                                           unrecorded_of(ok, prepared.target_id, prepared, False),
                                           False)
        assert recorded.status == "delivered", recorded
        handoff.slot_freed()

    async with app.router.lifespan_context(app):
        for path, body in (("/v1/event-types", {"name": "invoice.paid"}),
                           ("/v1/consumers", {"externalId": "acme", "name": "acme"}),
                           *[("/v1/endpoints", {"consumer": "acme",
                                                "url": f"http://127.0.0.1:9/{n}"})
                             for n in range(endpoints)]):
            status, answer = await call(app, "POST", path, body, auth)
            assert status < 300, answer
        for n in range(rounds):
            for i in range(count // endpoints):  # each fans out to every endpoint
                status, answer = await call(app, "POST", "/v1/events", {
                    "type": "invoice.paid", "consumer": "acme", "data": {"i": i}}, auth)
                assert status < 300, answer
            done = 0
            running: set[asyncio.Task[None]] = set()
            cpu, wall = time.process_time(), time.perf_counter()
            while done < count:
                handoff.freed.clear()
                starts, rows = await asyncio.to_thread(relay._take, relay.BATCH, limits,
                                                       handoff.room())
                handoff.hand(rows)
                for start in starts:
                    task = asyncio.create_task(attempt(start.delivery_id))
                    running.add(task)
                    task.add_done_callback(running.discard)
                done += len(starts)
                if not running:
                    raise RuntimeError(f"the relay found nothing to start after {done}")
                await handoff.freed.wait()
            await asyncio.gather(*running)
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            print(f"worker-db: round {n + 1} cpu_ms={1000 * cpu / count:.3f} "
                  f"per_s={count / wall:.0f}", flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m bench.worker_db", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deliveries", type=int, default=2000, help="per round (2000)")
    parser.add_argument("--endpoints", type=int, default=1,
                        help="endpoints every event fans out to (1)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (3)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hookline-worker-db-") as folder:
        _configure(folder)
        asyncio.run(main(args.deliveries, args.rounds, args.endpoints))
