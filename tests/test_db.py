"""SQLite's writer queue: writers of every process wait on an flock beside the database
(handed over by the kernel, instead of SQLite's sleeping retries); readers never do."""

from __future__ import annotations

import fcntl
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import text

from hookline.persistence.db import Checkpointer, make_engine

REPO = Path(__file__).resolve().parents[1]
SCRIPT = """
import sys
from sqlalchemy import text
from hookline.persistence.db import READ_ONLY, make_engine
url, mode, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
engine = make_engine(url)
if mode == "read":
    engine = engine.execution_options(**{READ_ONLY: True})
for _ in range(count):
    with engine.begin() as conn:
        n = conn.execute(text("SELECT n FROM counter")).scalar_one()
        if mode == "write":
            conn.execute(text("UPDATE counter SET n = :n"), {"n": n + 1})
print("done", flush=True)
"""


def _database(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'hookline.db'}"
    with make_engine(url).begin() as conn:
        conn.execute(text("CREATE TABLE counter (n INTEGER NOT NULL)"))
        conn.execute(text("INSERT INTO counter VALUES (0)"))
    return url


def _run(url: str, mode: str, count: int) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", SCRIPT, url, mode, str(count)], cwd=REPO,
                            stdout=subprocess.PIPE, text=True)


def test_writers_in_several_processes_lose_no_update(tmp_path: Path) -> None:
    url = _database(tmp_path)
    writers = [_run(url, "write", 300) for _ in range(3)]
    assert [w.wait(120) for w in writers] == [0, 0, 0]
    with make_engine(url).connect() as conn:
        assert conn.execute(text("SELECT n FROM counter")).scalar_one() == 900
    assert (tmp_path / "hookline.db.writer-lock").exists()


def test_writers_wait_for_the_lock_file_and_readers_do_not(tmp_path: Path) -> None:
    url = _database(tmp_path)
    fd = os.open(tmp_path / "hookline.db.writer-lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # the lock alone: SQLite itself is not locked
        writer = _run(url, "write", 1)
        reader = _run(url, "read", 5)
        assert reader.wait(30) == 0
        time.sleep(1.0)
        assert writer.poll() is None  # still queued behind the lock holder
        fcntl.flock(fd, fcntl.LOCK_UN)
        assert writer.wait(30) == 0
    finally:
        os.close(fd)
    with make_engine(url).connect() as conn:
        assert conn.execute(text("SELECT n FROM counter")).scalar_one() == 1


def test_the_lock_is_handed_over_only_after_the_commit(tmp_path: Path) -> None:
    """Whoever gets the lock file must find SQLite's own lock free: were it handed over
    before COMMIT finished, the next writer's BEGIN IMMEDIATE would fall back to SQLite's
    sleeping retries. A raw connection that never retries (busy_timeout 0) checks it."""
    url = _database(tmp_path)
    writer = _run(url, "write", 3000)
    fd = os.open(tmp_path / "hookline.db.writer-lock", os.O_RDWR | os.O_CREAT, 0o600)
    probe = sqlite3.connect(tmp_path / "hookline.db", timeout=0, isolation_level=None)
    busy = checks = 0
    try:
        while writer.poll() is None:
            fcntl.flock(fd, fcntl.LOCK_EX)
            try:
                probe.execute("BEGIN IMMEDIATE")
                probe.execute("COMMIT")
            except sqlite3.OperationalError:
                busy += 1
            finally:
                fcntl.flock(fd, fcntl.LOCK_UN)
            checks += 1
    finally:
        os.close(fd)
        probe.close()
    assert writer.wait(60) == 0
    assert checks > 100 and busy == 0, f"{busy} of {checks} handovers found SQLite busy"


def test_commits_do_not_checkpoint_a_thread_does(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A COMMIT never copies the WAL into the database file (nor flushes it to disk under
    the writer lock): each process's checkpointer thread does, in the background."""
    monkeypatch.setattr(Checkpointer, "EVERY", 1.5)
    path = tmp_path / "hookline.db"
    engine = make_engine(f"sqlite:///{path}")
    with engine.begin() as conn:
        assert conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar_one() == 0
        conn.execute(text("CREATE TABLE blob (b BLOB NOT NULL)"))
    started = time.monotonic()
    for _ in range(8):  # 8 MiB: past SQLite's default 1,000-page automatic checkpoint
        with engine.begin() as conn:
            conn.execute(text("INSERT INTO blob VALUES (:b)"), {"b": os.urandom(1 << 20)})
    assert time.monotonic() - started < 1.0, "too slow to tell who checkpointed"
    assert path.stat().st_size < 1 << 20  # every page still only in the WAL
    time.sleep(2.5)
    assert path.stat().st_size > 8 << 20  # copied into the file by the thread
    engine.dispose()
