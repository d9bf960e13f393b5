"""Engine and sessions for SQLite (embedded default) and PostgreSQL (production)."""

from __future__ import annotations

import fcntl
import os
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, Concatenate, ParamSpec, TypeVar

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import NullPool
from sqlmodel import Session

from hookline.encryption.keyring import Keyring, for_database
from hookline.encryption.keys import KeysUnusable
from hookline.errors import Conflict
from hookline.persistence import sealed
from hookline.persistence.models import InstanceSecret
from hookline.settings import InvalidSettings, get_settings

P = ParamSpec("P")
R = TypeVar("R")

READ_ONLY = "hookline_read_only"
_HOLDS_WRITER = "hookline_holds_writer"


def make_engine(url: str, keyring: Keyring | None = None) -> Engine:
    """An engine whose credential columns `keyring` seals; by default the one
    HOOKLINE_ENCRYPTION_KEYS gives (`encryption.keyring.for_database`)."""
    if keyring is None:
        try:
            keyring = for_database(url, get_settings().encryption_keys.get_secret_value())
        except KeysUnusable as exc:
            raise InvalidSettings(f"hookline: {exc}; not starting") from None
    if url.startswith("sqlite"):
        return sealed.attach(_sqlite_engine(url), keyring)
    # A server that does not answer at all (a host gone) fails a connection in 10 s, not
    # the system's minutes: attempts retry their records within a time of their own. Its
    # parameters stay out of errors, as SQLite's do.
    return sealed.attach(create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20,
                                       connect_args={"connect_timeout": 10},
                                       hide_parameters=True), keyring)


def _sqlite_engine(url: str) -> Engine:
    # A statement's parameters (payloads, credentials) never reach an error's message, and
    # so never a log line or a failed activity's history in Temporal.
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30},
                           poolclass=NullPool if ":memory:" in url else None,
                           hide_parameters=True)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy's "begin" event open the transaction: pysqlite's own implicit BEGIN
        # is deferred, and a deferred transaction that later writes fails with "database is
        # locked" at once when another process wrote in between, instead of waiting.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        if checkpoints is not None:
            cursor.execute("PRAGMA wal_autocheckpoint=0")  # the checkpointer's job
        cursor.close()

    database = make_url(url).database
    writer = WriterLock(database)
    checkpoints = Checkpointer.start(database)

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        # Writers take the lock up front (and wait for it); readers never need it in WAL.
        if connection.get_execution_options().get(READ_ONLY):
            connection.exec_driver_sql("BEGIN")
            return
        writer.acquire()
        connection.info[_HOLDS_WRITER] = True
        try:
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        except BaseException:
            _release(connection)
            raise

    def _ending(statement: str) -> Any:
        def end(connection: Any) -> None:
            if not connection.info.get(_HOLDS_WRITER):
                return
            # SQLAlchemy fires these events before it ends the transaction; end it here, so
            # the lock is handed over only once SQLite's own is free (the driver's commit or
            # rollback that follows finds no transaction and does nothing).
            driver = connection.connection.driver_connection
            try:
                if driver.in_transaction:  # SQLite ends it itself on some errors
                    driver.execute(statement)
            except BaseException:
                # A COMMIT that fails (a deferred constraint, a full disk) leaves the
                # transaction open: end it, or the pooled connection keeps it.
                if driver.in_transaction:
                    driver.execute("ROLLBACK")
                raise
            finally:
                _release(connection)
        return end

    def _release(connection: Any) -> None:
        if connection.info.pop(_HOLDS_WRITER, False):
            writer.release()

    event.listen(engine, "commit", _ending("COMMIT"))
    event.listen(engine, "rollback", _ending("ROLLBACK"))

    return engine


class Checkpointer:
    """SQLite copies its WAL back into the database file in a checkpoint, which by default
    the writer whose COMMIT crosses 1,000 pages runs, fsync included, while it holds the
    writer lock: every other writer then waits for that disk flush. Here a thread of each
    process runs PASSIVE checkpoints instead (they neither take nor wait for the writer
    lock), so commits never flush (WAL with synchronous=NORMAL) and never checkpoint."""

    EVERY = 0.5  # seconds between checkpoints
    _started: dict[tuple[int, str], Checkpointer] = {}
    _lock = threading.Lock()

    def __init__(self, path: str) -> None:
        self.path = path
        thread = threading.Thread(target=self._run, name="sqlite-checkpointer", daemon=True)
        thread.start()

    @classmethod
    def start(cls, database: str | None) -> Checkpointer | None:
        """One per process and database file; none for an in-memory database."""
        if not database or database == ":memory:" or database.startswith("file:"):
            return None
        key = (os.getpid(), os.path.abspath(database))
        with cls._lock:
            if key not in cls._started:
                cls._started[key] = cls(key[1])
            return cls._started[key]

    def _run(self) -> None:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA busy_timeout=1000")
        while True:
            time.sleep(self.EVERY)
            try:
                db.execute("PRAGMA wal_checkpoint(PASSIVE)")
            except sqlite3.Error:  # busy, or the file went away (tests): next time
                continue


class WriterLock:
    """SQLite has one writer at a time, and a writer that finds its lock taken polls for it
    with sleeps growing to 100 ms: under load, short transactions queued for seconds. So
    writers queue here first: threads of one process on a mutex, processes on an flock of a
    file beside the database, which the kernel hands over the moment it is released."""

    def __init__(self, database: str | None) -> None:
        self._mutex = threading.Lock()
        in_memory = not database or database == ":memory:" or database.startswith("file::memory")
        self._path = None if in_memory else f"{database}.writer-lock"
        self._fd: int | None = None
        self._pid = 0

    def _file(self) -> int | None:
        if self._path is None:
            return None
        if self._pid != os.getpid():  # a forked child must not share its parent's lock
            self._fd = os.open(self._path, os.O_RDWR | os.O_CREAT, 0o600)
            self._pid = os.getpid()
        return self._fd

    def acquire(self) -> None:
        self._mutex.acquire()
        try:
            fd = self._file()
            if fd is not None:
                fcntl.flock(fd, fcntl.LOCK_EX)
        except BaseException:
            self._mutex.release()
            raise

    def release(self) -> None:
        try:
            if self._fd is not None and self._pid == os.getpid():
                fcntl.flock(self._fd, fcntl.LOCK_UN)
        finally:
            self._mutex.release()


@lru_cache
def get_engine() -> Engine:
    return make_engine(get_settings().database_url)


@lru_cache
def get_read_engine() -> Engine:
    """The same pool, for transactions that only read (on SQLite: no write lock)."""
    return get_engine().execution_options(**{READ_ONLY: True})


def committed(session: Session, work: Callable[Concatenate[Session, P], R], /,
              *args: P.args, **kwargs: P.kwargs) -> R:
    """One unit of work: `work` (a service function: services never commit) and its
    commit, or nothing kept when it raises. How a use case of one step owns its
    transaction. A unique or foreign key that a concurrent request took first is a 409:
    each request checked it free, and only the database saw both."""
    try:
        result = work(session, *args, **kwargs)
        session.commit()
    except IntegrityError as exc:
        session.rollback()
        if not _taken(exc):  # a NOT NULL or CHECK violation is a bug: a 500, logged
            raise
        raise Conflict("another request changed the same object at the same time: "
                       "read it again and retry") from exc
    except BaseException:
        session.rollback()
        raise
    return result


def _taken(exc: IntegrityError) -> bool:
    """A unique or foreign key: PostgreSQL's SQLSTATE 23505 or 23503; SQLite says it in
    words."""
    code = getattr(exc.orig, "sqlstate", None)
    if code is not None:
        return code in ("23505", "23503")
    return str(exc.orig).startswith(("UNIQUE constraint failed",
                                     "FOREIGN KEY constraint failed"))


@contextmanager
def session_scope() -> Iterator[Session]:
    """A session for work outside a request (worker, CLI). The caller commits."""
    with Session(get_engine(), expire_on_commit=False) as session:
        yield session


def begin_reading(session: Session) -> None:
    """Open the session's next transaction as a read (on SQLite: without the write lock, so
    the checks before a write do not hold up every other writer). Call before its first
    statement, and commit before writing."""
    if not session.in_transaction():
        session.connection(execution_options={READ_ONLY: True})


def instance_secret() -> str:
    """The key made at migration time that signs pagination cursors for every process, read
    in a session of its own (made here for a schema made without migrations)."""
    with Session(get_engine()) as session:
        row = session.get(InstanceSecret, 1)
        if row is None:
            row = InstanceSecret(id=1, secret=secrets.token_hex(32))
            session.add(row)
            session.commit()
        return row.secret
