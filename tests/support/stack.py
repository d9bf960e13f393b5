"""The service as a user runs it: `hookline api` and `hookline worker` processes against a
real Temporal dev server and a real database (SQLite file or PostgreSQL)."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url
from sqlmodel import Session

from hookline.persistence.db import committed, make_engine
from hookline.persistence.migrations import upgrade
from hookline.services import accounts
from tests.support.cluster import RoundRobin
from tests.support.procs import free_port, hookline, spawn, stop, wait_http

# Short enough that exhaustion takes seconds: 4 attempts, 1 s apart.
TEST_SCHEDULE = "1s,1s,1s"


@dataclass
class Tenant:
    org_id: str
    environment_id: str
    key_id: str
    key: str
    client: httpx.Client


@dataclass
class Stack:
    name: str
    db_url: str
    engine: Engine
    temporal_address: str
    folder: Path
    env: dict[str, str] = field(default_factory=dict)
    api: subprocess.Popen[bytes] | None = None
    worker: subprocess.Popen[bytes] | None = None
    base_url: str = ""
    extra: list[subprocess.Popen[bytes]] = field(default_factory=list)
    replicas: int = 1  # APIs and workers each: 2 on the cluster (tests/support/cluster.py)
    api_urls: list[str] = field(default_factory=list)

    def settings_env(self, **overrides: str) -> dict[str, str]:
        env = {
            "HOOKLINE_DATABASE_URL": self.db_url,
            "HOOKLINE_TEMPORAL_ADDRESS": self.temporal_address,
            "HOOKLINE_TASK_QUEUE": f"hookline-test-{self.name}",
            "HOOKLINE_RETRY_SCHEDULE": TEST_SCHEDULE,
            "HOOKLINE_ATTEMPT_TIMEOUT": "2s",
            "HOOKLINE_ALLOWED_SUBNETS": "127.0.0.0/8,::1/128",
            "HOOKLINE_ALLOWED_PORTS": "*",
            "HOOKLINE_LOG_LEVEL": "warning",
        }
        env.update(self.env)
        env.update(overrides)
        return env

    def start_api(self, **overrides: str) -> tuple[subprocess.Popen[bytes], str]:
        port = free_port()
        env = self.settings_env(HOOKLINE_API_PORT=str(port), **overrides)
        proc = spawn(hookline("api"), env, self.folder / f"api-{port}.log")
        url = f"http://127.0.0.1:{port}"
        wait_http(url + "/healthz", 30, proc)
        return proc, url

    def start_worker(self, *, log_name: str = "worker.log", **overrides: str
                     ) -> subprocess.Popen[bytes]:
        return spawn(hookline("worker"), self.settings_env(**overrides),
                     self.folder / log_name)

    def start(self) -> None:
        self.worker = self.start_worker()
        self.api, self.base_url = self.start_api()
        self.api_urls = [self.base_url]
        for n in range(2, self.replicas + 1):
            self.extra.append(self.start_worker(log_name=f"worker-{n}.log"))
            api, url = self.start_api()
            self.extra.append(api)
            self.api_urls.append(url)

    def restart_worker(self, *, kill: bool = True) -> None:
        assert self.worker is not None
        stop(self.worker, kill=kill)
        self.worker = self.start_worker()

    def stop_all(self) -> None:
        for proc in [*self.extra, self.api, self.worker]:
            if proc is not None:
                stop(proc)

    def sibling(self, folder: Path, replicas: int = 1, /, **settings: str) -> Stack:
        """Another API and worker (`replicas` of each) on a database of their own (migrated,
        empty) and a task queue of their own, with these settings: for tests whose settings
        differ from the suite's, or whose traffic must not meet other tests'. The caller
        stops it."""
        db_url = own_database(self.db_url, folder)
        upgrade(db_url)
        other = Stack(name=f"{self.name}-{folder.name}", db_url=db_url,
                      engine=make_engine(db_url), temporal_address=self.temporal_address,
                      folder=folder, replicas=replicas,
                      env={**self.env, **settings,
                           "HOOKLINE_TASK_QUEUE": f"hookline-{folder.name}"})
        other.start()
        return other

    def tenant(self, kind: str = "development", base_url: str | None = None,
               rps: int | None = None) -> Tenant:
        """A fresh organization, environment and key; `rps`: its plan's requests a second."""
        with Session(self.engine, expire_on_commit=False) as session:
            org = committed(session, accounts.create_org, f"org-{free_port()}-{id(session)}")
            env = committed(session, accounts.create_env, org.id, kind, kind)
            record, key = committed(session, accounts.create_key, env.id)
            if rps is not None:
                committed(session, accounts.set_plan, org.id, rps=rps)
        spread = base_url is None and len(self.api_urls) > 1
        transport = RoundRobin([httpx.URL(u).port or 80 for u in self.api_urls]) \
            if spread else None
        client = httpx.Client(base_url=base_url or self.base_url, timeout=30,
                              headers={"Authorization": f"Bearer {key}"}, transport=transport)
        return Tenant(org_id=org.id, environment_id=env.id, key_id=record.id, key=key,
                      client=client)


def own_database(url: str, folder: Path) -> str:
    """A new empty database beside `url`'s: a SQLite file in `folder`, or a database on the
    same PostgreSQL server."""
    if url.startswith("sqlite"):
        return f"sqlite:///{folder / 'own.db'}"
    parsed = make_url(url)
    name = f"own_{folder.name.lower().replace('-', '_')}_{free_port()}"
    admin = create_engine(parsed, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return parsed.set(database=name).render_as_string(hide_password=False)


def module_stack(**settings: str) -> Any:
    """A test module's own `stack` (and so its `tenant`s): the suite's stack, as many APIs
    and workers, with these settings that differ from the product's defaults. The module
    says why in its assignment: `stack = module_stack(HOOKLINE_...="...")`."""

    @pytest.fixture(scope="module", name="stack")
    def own(stack: Stack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
        other = stack.sibling(tmp_path_factory.mktemp("own"), stack.replicas,
                              **settings)
        yield other
        other.stop_all()
        other.engine.dispose()

    return own
