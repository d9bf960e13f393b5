"""A throwaway PostgreSQL server: initdb and pg_ctl in a temporary folder on a free port."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.support.procs import free_port


def pg_bin(name: str) -> str:
    found = shutil.which(name)
    if found:
        return found
    for folder in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (folder / name).exists():
            return str(folder / name)
    raise RuntimeError(f"{name} not found: install PostgreSQL (apt-get install postgresql)")


def _as_postgres_user() -> dict[str, object]:
    # initdb refuses to run as root; CI and developer machines here run as root.
    if os.geteuid() != 0:
        return {}
    import pwd

    if not _has_user("postgres"):
        # Another pytest process (xdist) may add it at the same moment: look again after.
        subprocess.run(["useradd", "--system", "--no-create-home", "postgres"], check=False,
                       capture_output=True)
    user = pwd.getpwnam("postgres")
    return {"user": user.pw_uid, "group": user.pw_gid}


def _has_user(name: str) -> bool:
    import pwd

    try:
        pwd.getpwnam(name)
        return True
    except KeyError:
        return False


@contextmanager
def throwaway_postgres(port: int | None = None, max_connections: int = 200) -> Iterator[str]:
    """Yields a SQLAlchemy URL to an empty database; stops and removes the server afterwards.
    Its folder is its own under /tmp: pytest's are private to root, and initdb runs as
    `postgres` when we are root."""
    with crashable_postgres(port, max_connections) as server:
        yield server.url


class Postgres:
    """A throwaway server that a test can crash (an immediate shutdown: every process quits
    at once, no checkpoint, what `kill -9` leaves) and start again on the same data."""

    def __init__(self, data: Path, options: str, log: Path, run_as: dict[str, object],
                 url: str) -> None:
        self.data, self.options, self.log, self.run_as, self.url = data, options, log, \
            run_as, url

    def start(self) -> None:
        subprocess.run([pg_bin("pg_ctl"), "-D", str(self.data), "-o", self.options, "-l",
                        str(self.log), "-w", "start"], check=True, capture_output=True,
                       **self.run_as)  # type: ignore[call-overload]

    def crash(self) -> None:
        subprocess.run([pg_bin("pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"],
                       capture_output=True, **self.run_as)  # type: ignore[call-overload]


@contextmanager
def crashable_postgres(port: int | None = None, max_connections: int = 200
                       ) -> Iterator[Postgres]:
    """A throwaway server (as `throwaway_postgres`), yielded as a `Postgres`."""
    folder = Path(tempfile.mkdtemp(prefix="hookline-pg-"))
    data = folder / "pgdata"
    run_as = _as_postgres_user()
    if run_as:
        shutil.chown(folder, user=int(run_as["user"]), group=int(run_as["group"]))  # type: ignore[call-overload]
    port = port or free_port()
    subprocess.run([pg_bin("initdb"), "-D", str(data), "-U", "hookline", "--auth=trust",
                    "-E", "UTF8", "--no-sync"], check=True, capture_output=True, **run_as)  # type: ignore[call-overload]
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off " \
              f"-c max_connections={max_connections}"
    server = Postgres(data, options, folder / "pg.log", run_as,
                      f"postgresql+psycopg://hookline@127.0.0.1:{port}/hookline")
    server.start()
    try:
        subprocess.run([pg_bin("createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "hookline",
                        "hookline"], check=True, capture_output=True)
        yield server
    finally:
        server.crash()
        shutil.rmtree(folder, ignore_errors=True)
