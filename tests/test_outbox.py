"""The outbox of Delivery workflow starts (`hookline.services.outbox`), on SQLite and
PostgreSQL: each start is taken once, oldest first, even by relays taking at the same time.
A database of its own, so the stack's running relay does not take these rows."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url
from sqlmodel import Session

from hookline.contracts import DeliveryStart
from hookline.db import make_engine
from hookline.migrations import upgrade
from hookline.services import outbox


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
        first = outbox.take(session, 3)
        rest = outbox.take(session, 100)
        after = outbox.take(session, 100)
    assert first == [_start(n) for n in range(3)]  # every field survives the round trip
    assert rest == [_start(n) for n in range(3, 10)]
    assert after == []


def test_an_empty_outbox_is_read_without_the_write_lock(engine: Engine) -> None:
    answers: list[list[DeliveryStart]] = []

    def relay() -> None:
        with Session(engine) as session:
            answers.append(outbox.take(session, 10))

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
            while batch := outbox.take(session, 9):
                mine.extend(batch)

    threads = [threading.Thread(target=relay, args=(mine,)) for mine in taken]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    ids = [s.delivery_id for mine in taken for s in mine]
    assert sorted(ids) == [f"dlv_{n:04d}" for n in range(400)]  # all of them, none twice
    assert sum(1 for mine in taken if mine) >= 2  # they did take side by side
