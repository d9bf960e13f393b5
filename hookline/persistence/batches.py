"""Group commit: one thread per process runs the busiest requests' database work in batches.

A request hands its job to the thread and awaits the answer. The thread takes every job
waiting, runs their checks in one read transaction and their writes in one write
transaction, and commits once. Measured per publish, that is about half the database CPU of
a transaction per request, and it ends the contention of sixteen pool threads for the GIL
and for SQLite's one writer, which under load cost as much again. A job's write is durable
when its answer arrives: every job in a batch waits for the one commit.

The writes first run together, with no savepoints. Almost always none fails; when one does
(a quota refusal, an idempotency race, a Source deleted meanwhile), the transaction is
rolled back and the writes run again, each in a savepoint of its own, so the failure stays
the one job's. Savepoints for every write cost two statements of the five to eight a job
makes."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import queue
import threading
from collections.abc import Callable, Hashable
from concurrent.futures import Future, InvalidStateError
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session

from hookline.persistence.db import begin_reading, get_engine

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)
log = logging.getLogger("hookline.batches")
MAX_BATCH = 64
_READS = "hookline_batch_reads"


@dataclass(frozen=True)
class Write(Generic[T_co]):
    """What a job's check returns when it has something to write: run in the batch's write
    transaction. It may run twice (see above), so it touches nothing but the session."""

    run: Callable[[Session], T_co]


# A job's check: reads only (an answer), or a Write to run after every check of the batch.
# A check may end the read transaction to make a short write of its own (the rate limiter's
# lease); the next check reads in a new one.
Job = Callable[[Session], "T | Write[T]"]


def shared_read(session: Session, key: Hashable, read: Callable[[], T]) -> T:
    """`read()`, once per batch for each key: the checks of a batch run before any of its
    writes, so what one check read (an API key, a Source and its destinations) is what the
    next would read. Bursts come from one caller, so most checks find it here. Outside a
    batch, it simply reads."""
    answers: dict[Hashable, Any] | None = session.info.get(_READS)
    if answers is None:
        return read()
    if key not in answers:
        answers[key] = read()
    found: T = answers[key]
    return found


def _in_context(context: contextvars.Context, job: Job[T]) -> Job[T]:
    """The job, and the Write it returns, run in the requesting task's context."""
    def run(session: Session) -> T | Write[T]:
        checked = context.run(job, session)
        if isinstance(checked, Write):
            return Write(lambda writing: context.run(checked.run, writing))
        return checked
    return run


@dataclass
class _Pending:
    job: Job[Any]
    # Answered from the batch thread; the requester awaits it through asyncio.wrap_future,
    # which wakes its loop (a request cancelled meanwhile just finds nobody waiting).
    future: Future[Any] = field(default_factory=Future)
    outcome: Any = None
    failed: bool = False

    def fail(self, exc: BaseException) -> None:
        self.outcome, self.failed = exc, True

    def answer(self) -> None:
        with contextlib.suppress(InvalidStateError):  # its request was cancelled
            if self.failed:
                self.future.set_exception(self.outcome)
            else:
                self.future.set_result(self.outcome)


class BatchWriter:
    def __init__(self, engine: Engine | None = None, max_batch: int = MAX_BATCH, *,
                 carry_context: bool = False) -> None:
        """`carry_context`: each job runs in its requester's context (tracing's, so that
        the outbox rows it writes keep the request's trace)."""
        self._carry_context = carry_context
        self._queue: queue.SimpleQueue[_Pending | None] = queue.SimpleQueue()
        self._engine = engine
        self._max_batch = max_batch
        self._thread = threading.Thread(target=self._serve, name="hookline-batches", daemon=True)
        self._thread.start()

    def run(self, job: Job[T]) -> asyncio.Future[T]:
        """The job's answer, to await: a future the batch thread settles (not a coroutine
        of this module's, which every resumption of the requester would pass through)."""
        if self._carry_context:
            job = _in_context(contextvars.copy_context(), job)
        pending = _Pending(job)
        self._queue.put(pending)
        return asyncio.wrap_future(pending.future)

    def close(self) -> None:
        """Finish the jobs queued so far, then stop the thread."""
        self._queue.put(None)
        self._thread.join(timeout=30)

    def _serve(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            while len(batch) < self._max_batch:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._queue.put(None)  # stop after this batch
                    break
                batch.append(more)
            try:
                _run_batch(self._engine or get_engine(), batch)
            except Exception as exc:  # the database is unreachable: nothing was written
                log.warning("a batch of %d failed: %s", len(batch), exc)
                for pending in batch:
                    pending.fail(exc)
            for pending in batch:
                pending.answer()


def _run_batch(engine: Engine, batch: list[_Pending]) -> None:
    with Session(engine, expire_on_commit=False) as session:
        writes: list[tuple[_Pending, Write[Any]]] = []
        session.info[_READS] = {}
        for pending in batch:
            begin_reading(session)
            try:
                checked = pending.job(session)
            except Exception as exc:
                pending.fail(exc)
                if isinstance(exc, DBAPIError):  # on PostgreSQL the transaction is spoilt
                    session.rollback()
                continue
            if isinstance(checked, Write):
                writes.append((pending, checked))
            else:
                pending.outcome = checked
        del session.info[_READS]
        session.commit()
        if writes and not _write_together(session, writes):
            _write_each(session, writes)


def _write_together(session: Session, writes: list[tuple[_Pending, Write[Any]]]) -> bool:
    try:
        outcomes = [write.run(session) for _, write in writes]
        session.commit()
    except Exception:
        session.rollback()
        return False
    for (pending, _), outcome in zip(writes, outcomes, strict=True):
        pending.outcome = outcome
    return True


def _write_each(session: Session, writes: list[tuple[_Pending, Write[Any]]]) -> None:
    for pending, write in writes:
        try:
            with session.begin_nested():
                pending.outcome = write.run(session)
        except Exception as exc:
            pending.fail(exc)
    try:
        session.commit()
    except Exception as exc:  # none of the batch's writes happened
        for pending, _ in writes:
            pending.fail(exc)
