"""`--cluster`: the same publish scenarios on a real Temporal server (`hookline
temporal-server`: PostgreSQL persistence and visibility, 4 history shards) with Hookline on
PostgreSQL, once with one worker and once with two; printed beside the dev-server run.

One throwaway PostgreSQL serves the whole run; each group gets its own Temporal databases
(a prefix) and its own Hookline database, so no group inherits another's state. The API and
the workers are started as `hookline api` and `hookline worker`, as an operator runs them
on several machines; `hookline up` would start one worker only."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import time
from contextlib import closing, suppress
from dataclasses import replace
from pathlib import Path
from typing import Any

import psycopg
from sqlalchemy.engine import make_url
from temporalio.client import Client

from bench.stack import HOOKLINE, ProcSample, Stack, free_port, sample_tree, wait_healthy
from tests.support.procs import wait_port


def _free_run(count: int = 9) -> int:
    """`count` consecutive free ports below 32768 (Temporal's membership table)."""
    from tests.support.cluster import free_port_run

    return free_port_run(count)


class ClusterStack(Stack):
    """The bench's Stack, on the cluster: the same scenarios and measurements apply."""

    def __init__(self, folder: Path, postgres_url: str, name: str, workers: int,
                 env: dict[str, str] | None = None, split: bool = False) -> None:
        super().__init__(folder, env)
        self.name, self.workers, self.split = name, workers, split
        self.service_metrics: dict[str, str] = {}
        self.server_url = postgres_url
        url = make_url(postgres_url)
        self.db_url = url.set(database=f"bench_{name}").render_as_string(hide_password=False)
        self.temporal_port = _free_run()
        self.temporal_address = f"127.0.0.1:{self.temporal_port}"
        self.env.update({"HOOKLINE_DATABASE_URL": self.db_url,
                         "HOOKLINE_TEMPORAL_ADDRESS": self.temporal_address})
        self.procs: dict[str, subprocess.Popen[bytes]] = {}

    async def start(self, seconds: float = 240) -> float:
        started = time.monotonic()
        await asyncio.to_thread(self._create_database)
        if self.split:
            await self._start_services()
        else:
            self._spawn("temporal", [HOOKLINE, "temporal-server", "--postgres", self.server_url,
                                     "--dir", str(self.folder / "temporal"),
                                     "--port", str(self.temporal_port),
                                     "--metrics-port", str(self.metrics_port),
                                     "--database-prefix", self.name])
            await asyncio.to_thread(self._wait_log, "temporal", "Temporal server up",
                                    started + seconds)
        self.client = await Client.connect(self.temporal_address)
        if (pid := postmaster(self.server_url)) is not None:
            self.roles["postgres"] = pid  # Temporal's persistence and Hookline's database
        migrated = subprocess.run([HOOKLINE, "migrate"], env=self.env, cwd=self.folder,
                                  capture_output=True, text=True, check=False)
        if migrated.returncode:
            raise RuntimeError(f"hookline migrate: {migrated.stderr}")
        for n in range(1, self.workers + 1):
            self._spawn("worker" if n == 1 else f"worker_{n}", [HOOKLINE, "worker"])
        api = self._spawn("api", [HOOKLINE, "api"])
        await asyncio.to_thread(wait_healthy, api, self.api_url + "/healthz",
                                started + seconds)
        self.proc = api
        return time.monotonic() - started

    async def _start_services(self) -> None:
        """Temporal's four services as four processes, as a production cluster runs them,
        so that each one's CPU is its own; one config each, differing in the metrics port."""
        from cli import temporal_server as ts

        options = ts.ClusterOptions(postgres_url=self.server_url, folder=self.folder / "temporal",
                                    port=self.temporal_port, database_prefix=self.name)
        await asyncio.to_thread(ts.migrate, options)
        # One at a time, history first: started together on a fresh database, they race to
        # write the cluster's metadata and the losers exit.
        for service in ("history", "matching", "frontend", "worker"):
            port = free_port()
            self.service_metrics[service] = f"http://127.0.0.1:{port}/metrics"
            own = ts.write_config(replace(options, metrics_port=port)).rename(
                options.folder / f"config-{service}.yaml")
            proc = self._spawn(f"temporal_{service}", [
                ts.binary("temporal-server"), "--config-file", str(own), "--allow-no-auth",
                "start", "--service", service])
            if service != "worker":  # Temporal's own worker serves no gRPC until needed
                grpc = json.loads(own.read_text())["services"][service]["rpc"]["grpcPort"]
                await asyncio.to_thread(wait_port, grpc, 90, proc)
        await ts.register(options, wait=180)

    def metrics_urls(self) -> list[str]:
        return list(self.service_metrics.values()) if self.split else [self.metrics_url]

    def storage(self) -> dict[str, float] | None:
        """PostgreSQL's WAL position and, per database of this stack (Hookline's, Temporal's
        and its visibility), size and commits: their growth over a scenario is what it wrote."""
        from cli.temporal_server import ClusterOptions, database_names

        names = {"hookline": f"bench_{self.name}", **{
            f"temporal_{store}": db for store, db in database_names(ClusterOptions(
                postgres_url=self.server_url, folder=self.folder,
                database_prefix=self.name)).items()}}
        with closing(psycopg.connect(_libpq(self.server_url), autocommit=True)) as db:
            wal = db.execute("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')").fetchone()
            found: dict[str, float] = {"wal_bytes": float(wal[0] if wal else 0)}
            for role, name in names.items():
                row = db.execute(
                    "SELECT pg_database_size(datname), xact_commit, "
                    "tup_inserted + tup_updated + tup_deleted FROM pg_stat_database "
                    "WHERE datname = %s", (name,)).fetchone()
                size, commits, rows = row if row else (0, 0, 0)
                found |= {f"{role}_bytes": float(size), f"{role}_commits": float(commits),
                          f"{role}_rows_written": float(rows)}
        return found

    def _create_database(self) -> None:
        with closing(psycopg.connect(_libpq(self.server_url), autocommit=True)) as db:
            db.execute(f'CREATE DATABASE "bench_{self.name}"')

    def _spawn(self, role: str, args: list[str]) -> subprocess.Popen[bytes]:
        with (self.folder / f"{role}.log").open("ab") as log:
            proc = subprocess.Popen(args, env=self.env, cwd=self.folder, stdout=log,
                                    stderr=subprocess.STDOUT, start_new_session=True)
        self.procs[role] = proc
        self.roles[role] = proc.pid
        return proc

    def _wait_log(self, role: str, line: str, deadline: float) -> None:
        path = self.folder / f"{role}.log"
        while line not in path.read_text(errors="replace"):
            if self.procs[role].poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{role} did not come up: {path.read_text()[-2000:]}")
            time.sleep(0.3)

    def stop(self, seconds: float = 25) -> None:
        for proc in reversed(list(self.procs.values())):
            with suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in self.procs.values():
            try:
                proc.wait(seconds)
            except subprocess.TimeoutExpired:
                with suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(5)

    def samples(self) -> dict[str, ProcSample | None]:
        """Per role, with every worker summed into `worker`: CPU per delivery is then the
        cluster's, whatever the number of workers."""
        found = {role: sample_tree(pid) for role, pid in self.roles.items()}
        services = [s for role, s in found.items() if role.startswith("temporal_") and s]
        if services:
            found["temporal"] = _summed(services)
        workers = [s for role, s in found.items()
                   if (role == "worker" or role.startswith("worker_")) and s]
        if found.get("worker") is not None:
            found["worker"] = _summed(workers)
        return {role: s for role, s in found.items() if not role.startswith("worker_")}

    def query(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        with closing(psycopg.connect(_libpq(self.db_url))) as db:
            return db.execute(sql.replace("?", "%s"), params).fetchall()


def _summed(samples: list[ProcSample]) -> ProcSample:
    """Several processes of one role as one (the first one's pid)."""
    return ProcSample(samples[0].pid, round(sum(s.cpu_s for s in samples), 2),
                      round(sum(s.hwm_mb for s in samples), 1),
                      round(sum(s.rss_mb for s in samples), 1))


def _libpq(url: str) -> str:
    """A SQLAlchemy URL (postgresql+psycopg://...) as libpq takes it."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def postmaster(url: str) -> int | None:
    """The PostgreSQL server's own pid (its backends are its children), by its port."""
    port = str(make_url(url).port or 5432)
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            argv = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        words = [a.decode(errors="replace") for a in argv]
        if words and words[0].endswith("/postgres") and "-p" in words \
                and words[words.index("-p") + 1] == port:
            return int(entry)
    return None
