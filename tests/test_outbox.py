"""The outbox of Delivery workflow starts (`hookline.services.outbox`), on SQLite and
PostgreSQL: each start is taken once, oldest first, even by relays taking at the same time;
no more are taken than keep HOOKLINE_RELAY_MAX_WAITING Deliveries waiting in Temporal; and
the reconciler leaves queued starts alone. A database of its own, so the stack's running
relay does not take these rows."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator
from datetime import timedelta

import pytest
from sqlalchemy import Engine, create_engine, text, update
from sqlalchemy.engine import make_url
from sqlmodel import Session, col

from hookline.contracts import DeliveryStart
from hookline.db import make_engine
from hookline.ids import new_id
from hookline.migrations import upgrade
from hookline.models import Delivery, Endpoint, Event
from hookline.services import accounts, deliveries, outbox


@pytest.fixture
def engine(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    if database_url.startswith("sqlite"):
        url = f"sqlite:///{tmp_path_factory.mktemp('outbox') / 'outbox.db'}"
        upgrade(url)
        engine = make_engine(url)
        yield engine
        engine.dispose()
        return
    name = f"outbox_{uuid.uuid4().hex[:12]}"
    server = create_engine(database_url, isolation_level="AUTOCOMMIT")
    with server.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}"))
    url = make_url(database_url).set(database=name).render_as_string(hide_password=False)
    upgrade(url)
    engine = make_engine(url)
    yield engine
    engine.dispose()
    with server.connect() as conn:
        conn.execute(text(f"DROP DATABASE {name}"))
    server.dispose()


def _start(n: int) -> DeliveryStart:
    if n % 2:
        return DeliveryStart(delivery_id=f"dlv_{n:04d}", delays=[1.0, 2.5],
                             environment_id="env_1", summary=f"invoice.paid -> url {n}",
                             endpoint_id="ep_1", event_type="invoice.paid", consumer="acme")
    return DeliveryStart(delivery_id=f"dlv_{n:04d}", delays=[], environment_id="env_2",
                         summary="shop -> url", destination_id="dst_1", extra={"k": "v"})


def _add(engine: Engine, numbers: range) -> None:
    with Session(engine) as session:
        outbox.add(session, [_start(n) for n in reversed(numbers)])
        session.commit()


def test_takes_oldest_first_each_once_and_whole(engine: Engine) -> None:
    _add(engine, range(10))
    with Session(engine) as session:
        first = outbox.take(session, 3, 1000)
        rest = outbox.take(session, 100, 1000)
        after = outbox.take(session, 100, 1000)
    assert first == [_start(n) for n in range(3)]  # every field survives the round trip
    assert rest == [_start(n) for n in range(3, 10)]
    assert after == []


def test_an_empty_outbox_is_read_without_the_write_lock(engine: Engine) -> None:
    answers: list[list[DeliveryStart]] = []

    def relay() -> None:
        with Session(engine) as session:
            answers.append(outbox.take(session, 10, 1000))

    with Session(engine) as writer, writer.begin():
        # A writer in the middle of a transaction (on SQLite it holds the write lock).
        outbox.add(writer, [_start(1)])
        writer.flush()
        thread = threading.Thread(target=relay)
        thread.start()
        thread.join(timeout=5)
        assert answers == [[]]  # at once, not after the writer: nothing is committed yet
    thread.join(timeout=5)


def test_relays_taking_at_once_never_share_a_start(engine: Engine) -> None:
    _add(engine, range(400))
    taken: list[list[DeliveryStart]] = [[] for _ in range(4)]

    def relay(mine: list[DeliveryStart]) -> None:
        with Session(engine) as session:
            while batch := outbox.take(session, 9, 1000):
                mine.extend(batch)

    threads = [threading.Thread(target=relay, args=(mine,)) for mine in taken]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    ids = [s.delivery_id for mine in taken for s in mine]
    assert sorted(ids) == [f"dlv_{n:04d}" for n in range(400)]  # all of them, none twice
    assert sum(1 for mine in taken if mine) >= 2  # they did take side by side


def _pending_deliveries(engine: Engine, count: int) -> list[str]:
    """`count` pending Deliveries of one event, with their starts in the outbox."""
    with Session(engine) as session:
        org = accounts.create_org(session, f"org-{uuid.uuid4().hex[:8]}")
        env = accounts.create_env(session, org.id, "prod", "production")
        event = Event(id=new_id("evt"), environment_id=env.id, type="invoice.paid",
                      consumer_id="csm_gone", consumer_external_id="acme", payload="{}")
        session.add(event)
        session.flush()
        gone = Endpoint(id="ep_gone", environment_id=env.id, consumer_id="csm_gone",
                        url="http://gone.invalid/", secret="whsec_gone")  # never stored
        starts = deliveries.add_for_event(session, event, [gone] * count, [1.0])
        session.commit()
        return sorted(s.delivery_id for s in starts)


def test_takes_no_more_than_keep_max_waiting_in_temporal(engine: Engine) -> None:
    ids = _pending_deliveries(engine, 10)
    with Session(engine) as session:
        assert [s.delivery_id for s in outbox.take(session, 100, 4)] == ids[:4]
        assert outbox.take(session, 100, 4) == []  # four started, none attempted yet
        session.execute(update(Delivery).where(col(Delivery.id).in_(ids[:3]))
                        .values(status="delivered"))
        session.commit()
        assert [s.delivery_id for s in outbox.take(session, 2, 4)] == ids[4:6]  # the batch
        assert [s.delivery_id for s in outbox.take(session, 100, 4)] == ids[6:7]


def test_the_reconciler_leaves_the_outbox_to_the_relay(engine: Engine) -> None:
    ids = _pending_deliveries(engine, 3)
    with Session(engine) as session:
        taken = outbox.take(session, 1, 100)  # and lost, as by a relay that died
        orphans = deliveries.orphans(session, timedelta(0), [1.0])
    assert [s.delivery_id for s in orphans] == [taken[0].delivery_id] == ids[:1]
