"""Session-wide real infrastructure: a Temporal dev server, databases (a SQLite file and a
throwaway PostgreSQL server, or HOOKLINE_TEST_POSTGRES_URL when given), the service's stacks,
the API in-process, and Temporal's time-skipping server. Which tests run on which database,
and in which tier, is tests/support/tiers.py's (docs/TESTING.md).

With HOOKLINE_TEST_CLUSTER=1 (`make test-cluster`), the same fixtures give a real Temporal
server on PostgreSQL instead of the dev server, and a stack of two APIs and two workers on
that PostgreSQL (tests/support/cluster.py); only PostgreSQL is run."""

from __future__ import annotations

import os

# Set before anything reads the settings: the keys every process of the run seals
# credentials with, as a PostgreSQL deployment must give them (its processes share no
# file). A stack spawned without them runs on SQLite's development key
# (tests/test_encryption.py).
os.environ.setdefault("HOOKLINE_ENCRYPTION_KEYS", "c2VhbGVkLWluLXRlc3RzLW9ubHktMzItYnl0ZXMhISE=")
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from hookline.persistence.db import make_engine
from hookline.persistence.migrations import upgrade
from hookline.temporal import dev_server_flags
from tests.support import canaries, tiers, tools
from tests.support.cluster import CLUSTER, ClusterServer
from tests.support.in_process import InProcess
from tests.support.postgres import throwaway_postgres
from tests.support.procs import free_port, spawn, stop, temporal_cli, wait_port
from tests.support.receiver import Receiver
from tests.support.smtp import SmtpSink
from tests.support.stack import Stack, Tenant, own_database
from tests.support.timeskip import TimeSkipping

if TYPE_CHECKING:
    from tests.support.brokers import Kafka, Moto, RabbitMQ


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

    def stored_bytes(self) -> bytes:
        """Everything the server keeps, histories and visibility: its state file."""
        return canaries.sqlite_bytes(self.db_file)


# Cluster-only tests need the stack of two of each, or the temporal-server binary that
# `make test-cluster` builds (a secured server; the real server under a rolling deploy).
collect_ignore = [] if CLUSTER else ["test_cluster.py", "test_cluster_security.py",
                                     "test_credential_rotation.py", "test_rolling_deploy.py"]
DATABASES = ["postgres"] if CLUSTER else ["sqlite", "postgres"]


def pytest_configure(config: pytest.Config) -> None:
    tiers.configure(config)


@pytest.hookimpl(tryfirst=True)
def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    tiers.one_database(metafunc, DATABASES)


# Around pytest's own: each test's tier is its mark before `-m` selects by them, and the
# tiers run fastest first once pytest has grouped the tests by their fixtures' parameters.
@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> Iterator[None]:
    tiers.mark(items)
    yield
    tiers.fastest_first(items)


@pytest.fixture(scope="session")
def postgres_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The session's PostgreSQL: an empty database `hookline` on it."""
    if os.environ.get("HOOKLINE_TEST_POSTGRES_URL"):
        # A database of its own on that server for each pytest process (xdist runs several).
        yield own_database(os.environ["HOOKLINE_TEST_POSTGRES_URL"],
                           tmp_path_factory.mktemp("pg"))
        return
    # The cluster adds Temporal's four services' pools to two APIs' and two workers'.
    with throwaway_postgres(max_connections=400 if CLUSTER else 200) as url:
        yield url


@pytest.fixture(scope="session")
def temporal_server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
                    ) -> Iterator[TemporalServer | ClusterServer]:
    folder = tmp_path_factory.mktemp("temporal")
    server: TemporalServer | ClusterServer = (
        ClusterServer(folder, request.getfixturevalue("postgres_server")) if CLUSTER
        else TemporalServer(folder))
    yield server
    # What every test of the session left on this server holds no canary (issue 65):
    # tests/test_temporal_canaries.py plants them in secrets, URLs, headers and payloads.
    leaked = canaries.found(server.stored_bytes())
    server.stop()
    assert not leaked, f"Temporal's store holds {len(leaked)} canaries: {leaked[:5]}"


@pytest.fixture(scope="session")
def temporal(temporal_server: TemporalServer | ClusterServer) -> str:
    return temporal_server.address


@pytest.fixture(scope="session", params=DATABASES)
def database_url(request: pytest.FixtureRequest,
                 tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('sqlite') / 'hookline.db'}"
    else:
        url = request.getfixturevalue("postgres_server")
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
               env={"HOOKLINE_SMTP_URL": smtp_sink.url}, replicas=2 if CLUSTER else 1)
    st.start()
    yield st
    st.stop_all()
    engine.dispose()


@pytest.fixture(scope="session")
def in_process(database_url: str, smtp_sink: SmtpSink,
               tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcess]:
    """The API in-process on this database (tests/support/in_process.py)."""
    name = "postgres" if database_url.startswith("postgres") else "sqlite"
    server = InProcess(name, database_url, tmp_path_factory.mktemp(f"api-{name}"),
                       {"HOOKLINE_SMTP_URL": smtp_sink.url})
    yield server
    server.stop()


@pytest.fixture
def tenant(stack: Stack) -> Iterator[Tenant]:
    """A fresh organization with a development environment and a key: tests never share."""
    t = stack.tenant()
    yield t
    t.client.close()


@pytest.fixture
def unthrottled_tenant(stack: Stack) -> Iterator[Tenant]:
    """A tenant whose plan lets a test's publishers and pollers go as fast as they can: for
    load, not for the plan's limit (100 requests a second, shared by both APIs)."""
    t = stack.tenant(rps=10_000)
    yield t
    t.client.close()


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    r = Receiver()
    yield r
    r.close()


@pytest.fixture(scope="session")
def time_skipping() -> Iterator[TimeSkipping]:
    """Temporal's time-skipping test server, for workflow logic (tests/workflows)."""
    server = TimeSkipping()
    yield server
    server.close()


# The destinations' brokers (tests/support/brokers.py), one of each per module at most:
# a test that asks for one is end to end, and `make test-e2e` installs them. Imported when
# asked for: boto3 alone costs every pytest process 0.4 s.
@pytest.fixture(scope="module")
def kafka(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Kafka]:
    from tests.support.brokers import kafka_broker

    with kafka_broker(tmp_path_factory.mktemp("kafka")) as broker:
        yield broker


@pytest.fixture(scope="module")
def rabbitmq(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RabbitMQ]:
    from tests.support.brokers import rabbitmq_broker

    with rabbitmq_broker(tmp_path_factory.mktemp("rabbitmq")) as broker:
        yield broker


@pytest.fixture(scope="module")
def moto(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Moto]:
    from tests.support.brokers import moto_server

    with moto_server(tmp_path_factory.mktemp("moto")) as server:
        yield server


# What `make` builds or installs: a test that asks for one is in the tooling tier (the
# Temporal CLI's dev server: end to end).
@pytest.fixture(scope="session")
def tool_cel() -> Path:
    return tools.cel()


@pytest.fixture(scope="session")
def tool_v8() -> Path:
    return tools.v8()


@pytest.fixture(scope="session")
def tool_helm() -> str:
    return tools.helm()


@pytest.fixture(scope="session")
def tool_compose() -> list[str]:
    return tools.compose()


@pytest.fixture(scope="session")
def tool_codegen() -> Path:
    return tools.codegen()


@pytest.fixture(scope="session")
def tool_temporal() -> str:
    return temporal_cli()
