"""Group commit (`persistence.batches`): jobs share one read and one write transaction, and each
job's failure stays its own, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import Engine, event, text
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlmodel import Session

from hookline.persistence.batches import BatchWriter, Job, Write, shared_read
from hookline.persistence.db import make_engine

# Batched writes share transactions, whose locking is each database's own.
pytestmark = pytest.mark.both_databases


@pytest.fixture
def engine(database_url: str) -> Iterator[Engine]:
    engine = make_engine(database_url)
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE IF EXISTS batch_probe"))
        conn.execute(text("CREATE TABLE batch_probe (n INTEGER PRIMARY KEY)"))
    yield engine
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE batch_probe"))
    engine.dispose()


def _insert(n: int) -> Write[int]:
    def write(session: Session) -> int:
        session.execute(text("INSERT INTO batch_probe (n) VALUES (:n)"), {"n": n})
        return n
    return Write(write)


def _fails(exc: Exception) -> Job[Any]:
    def check(_session: Session) -> Any:
        raise exc
    return check


def _bad_sql(session: Session) -> Any:
    return session.execute(text("SELECT no_such_column FROM batch_probe")).all()


def _count(session: Session) -> int:
    return int(session.execute(text("SELECT count(*) FROM batch_probe")).scalar_one())


def _stored(engine: Engine) -> list[int]:
    with engine.connect() as conn:
        return [r[0] for r in conn.execute(text("SELECT n FROM batch_probe ORDER BY n"))]


def _one_batch(writer: BatchWriter, jobs: list[Job[Any]]) -> list[Any]:
    return asyncio.run(_queued(writer, jobs))


async def _queued(writer: BatchWriter, jobs: list[Job[Any]]) -> list[Any]:
    """Run `jobs` as one batch: a first job holds the thread while they queue up."""
    gate = threading.Event()

    def held(_session: Session) -> str:
        gate.wait(10)
        return "held"

    first = asyncio.ensure_future(writer.run(held))
    await asyncio.sleep(0.2)
    queued = [asyncio.ensure_future(writer.run(job)) for job in jobs]
    await asyncio.sleep(0.2)
    gate.set()
    assert await first == "held"
    answers = await asyncio.gather(*queued, return_exceptions=True)
    writer.close()
    return answers


def test_each_job_keeps_its_own_answer_and_failure(engine: Engine) -> None:
    answers = _one_batch(BatchWriter(engine), [
        lambda _s: _insert(1),
        _fails(ValueError("no")),
        _bad_sql,  # spoils a PostgreSQL transaction: the next check reads in a new one
        lambda s: _insert(100 + _count(s)),
        lambda _s: _insert(1),  # the primary key refuses it; its savepoint undoes only it
        lambda _s: _insert(3),
        _count,
    ])
    assert (answers[0], answers[3], answers[5], answers[6]) == (1, 100, 3, 0)
    assert isinstance(answers[1], ValueError)
    assert isinstance(answers[2], DBAPIError)
    assert isinstance(answers[4], IntegrityError)
    assert _stored(engine) == [1, 3, 100]


def test_no_write_answers_before_the_commit_that_keeps_it(engine: Engine) -> None:
    """A commit that fails fails every write of its batch; read-only answers stand."""
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE IF EXISTS batch_child"))
        conn.execute(text(
            "CREATE TABLE batch_child (n INTEGER PRIMARY KEY, parent INTEGER REFERENCES "
            "batch_probe (n) DEFERRABLE INITIALLY DEFERRED)"))

    def orphan(session: Session) -> int:  # refused only at COMMIT
        session.execute(text("INSERT INTO batch_child (n, parent) VALUES (1, 999)"))
        return 1

    try:
        answers = _one_batch(BatchWriter(engine), [
            lambda _s: _insert(5), lambda _s: Write(orphan), _count])
        # SQLite's COMMIT runs in the writer lock's listener: the driver's own exception
        assert all(type(a).__name__ == "IntegrityError" for a in answers[:2]), answers
        assert answers[2] == 0
        assert _stored(engine) == []
        answers = _one_batch(BatchWriter(engine), [lambda _s: _insert(6)])
        assert answers == [6] and _stored(engine) == [6]  # the next batch writes again
    finally:
        with engine.begin() as conn:
            conn.execute(text("DROP TABLE batch_child"))


def _savepoints(engine: Engine) -> list[str]:
    """Every SAVEPOINT the engine's connections open from now on."""
    opened: list[str] = []
    event.listen(engine, "savepoint", lambda _conn, name: opened.append(name))
    return opened


def test_writes_run_together_and_retry_in_savepoints_only_after_a_failure(
        engine: Engine) -> None:
    runs: list[int] = []

    def counted(n: int) -> Job[Any]:
        def check(_session: Session) -> Write[int]:
            def write(session: Session) -> int:
                runs.append(n)
                return _insert(n).run(session)
            return Write(write)
        return check

    opened = _savepoints(engine)
    assert _one_batch(BatchWriter(engine), [counted(1), counted(2), counted(3)]) == [1, 2, 3]
    assert (opened, runs) == ([], [1, 2, 3])  # one pass, no savepoints

    runs.clear()
    answers = _one_batch(BatchWriter(engine), [counted(4), counted(2), counted(5)])
    assert answers[0::2] == [4, 5] and isinstance(answers[1], IntegrityError)
    # the pass together fails at 2 and is undone; then each write in a savepoint of its own
    assert runs == [4, 2, 4, 2, 5] and len(opened) == 3
    assert _stored(engine) == [1, 2, 3, 4, 5]


def test_a_batch_shares_its_reads_and_the_next_batch_reads_again(engine: Engine) -> None:
    reads: list[int] = []

    def read(session: Session) -> int:
        def count() -> int:
            reads.append(1)
            return _count(session)
        return shared_read(session, "count", count)

    def read_then_insert(n: int) -> Job[Any]:
        return lambda s: _insert(n * 100 + read(s))

    assert _one_batch(BatchWriter(engine), [read_then_insert(1), read_then_insert(2), read]) \
        == [100, 200, 0]
    assert len(reads) == 1  # three checks, one read
    assert _one_batch(BatchWriter(engine), [read, read]) == [2, 2]  # sees the last batch
    assert len(reads) == 2
    with Session(engine) as session:  # outside a batch it simply reads
        assert [read(session), read(session)] == [2, 2] and len(reads) == 4
