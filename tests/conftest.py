"""Session-wide real infrastructure. Every test that uses `stack` runs twice: on SQLite and
on PostgreSQL (a throwaway server, or HOOKLINE_TEST_POSTGRES_URL when given)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from hookline.db import make_engine
from hookline.migrations import upgrade
from hookline.temporal import dev_server_flags
from tests.support.postgres import throwaway_postgres
from tests.support.procs import free_port, spawn, stop, temporal_cli, wait_port
from tests.support.receiver import Receiver
from tests.support.smtp import SmtpSink
from tests.support.stack import Stack, Tenant


def start_temporal(folder: Path, db_file: Path | None = None, port: int | None = None
                   ) -> tuple[object, str]:
    port = port or free_port()
    args = [temporal_cli(), "server", "start-dev", "--ip", "127.0.0.1", "--port", str(port),
            "--headless", "--log-level", "error", "--namespace", "default",
            *dev_server_flags()]
    if db_file is not None:
        args += ["--db-filename", str(db_file)]
    proc = spawn(args, {}, folder / f"temporal-{port}.log")
    wait_port(port, 60, proc)
    return proc, f"127.0.0.1:{port}"


class TemporalServer:
    """The session's dev server, on a state file so a test can restart it like an outage."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.db_file = folder / "temporal.db"
        self.proc, self.address = start_temporal(folder, self.db_file)

    def stop(self) -> None:
        stop(self.proc)  # type: ignore[arg-type]

    def start(self) -> None:
        port = int(self.address.rsplit(":", 1)[1])
        self.proc, _ = start_temporal(self.folder, self.db_file, port)


@pytest.fixture(scope="session")
def temporal_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TemporalServer]:
    server = TemporalServer(tmp_path_factory.mktemp("temporal"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def temporal(temporal_server: TemporalServer) -> str:
    return temporal_server.address


@pytest.fixture(scope="session", params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest,
                 tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp(request.param)
    if request.param == "sqlite":
        url = f"sqlite:///{folder / 'hookline.db'}"
        upgrade(url)
        yield url
    elif os.environ.get("HOOKLINE_TEST_POSTGRES_URL"):
        url = os.environ["HOOKLINE_TEST_POSTGRES_URL"]
        upgrade(url)
        yield url
    else:
        with throwaway_postgres() as url:
            upgrade(url)
            yield url


@pytest.fixture(scope="session")
def smtp_sink() -> Iterator[SmtpSink]:
    """The session's mail server: alert e-mail of every stack lands here."""
    sink = SmtpSink()
    yield sink
    sink.stop()


@pytest.fixture(scope="session")
def stack(database_url: str, temporal: str, smtp_sink: SmtpSink,
          tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    name = "postgres" if database_url.startswith("postgres") else "sqlite"
    engine = make_engine(database_url)
    st = Stack(name=name, db_url=database_url, engine=engine, temporal_address=temporal,
               folder=tmp_path_factory.mktemp(f"stack-{name}"),
               env={"HOOKLINE_SMTP_URL": smtp_sink.url})
    st.start()
    yield st
    st.stop_all()
    engine.dispose()


@pytest.fixture
def tenant(stack: Stack) -> Iterator[Tenant]:
    """A fresh organization with a development environment and a key: tests never share."""
    t = stack.tenant()
    yield t
    t.client.close()


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    r = Receiver()
    yield r
    r.close()
