"""The service under test, started like a user does: `hookline up` in its own temp folder,
bootstrapped with the `hookline` CLI; plus per-process CPU and memory from /proc.

The Temporal dev server is started first, by the benchmark, with exactly the flags
`hookline up` gives it (`cli.up._dev_server_args`, at the same nice level) plus
`--metrics-port`, so that its Prometheus counters can be read around each scenario;
`hookline up` finds it answering at HOOKLINE_TEMPORAL_ADDRESS and uses it, as it does with
any server already running there."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from contextlib import closing, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from temporalio.client import Client

REPO = Path(__file__).resolve().parents[1]
HOOKLINE = str(Path(sys.executable).parent / "hookline")
_TICK = os.sysconf("SC_CLK_TCK")


def free_port(*, also_free_plus: int = 0) -> int:
    """A free port; with also_free_plus=k, one whose port+k is free as well (Temporal UI)."""
    for _ in range(200):
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = int(sock.getsockname()[1])
        if not also_free_plus:
            return port
        if port + also_free_plus < 65535:
            try:
                with socket.socket() as other:
                    other.bind(("127.0.0.1", port + also_free_plus))
                return port
            except OSError:
                continue
    raise RuntimeError("no free port found")


def code_version() -> dict[str, Any]:
    """The commit under test and the files changed on top of it (read-only git: no index
    refresh), since several people edit this tree while benchmarks run."""
    def git(*args: str) -> str:
        done = subprocess.run(["git", "--no-optional-locks", *args], cwd=REPO, text=True,
                              capture_output=True, timeout=30, check=False)
        return done.stdout.rstrip()
    changed = [line for line in git("status", "--porcelain").splitlines() if line.strip()]
    return {"commit": git("rev-parse", "--short", "HEAD"),
            "changed_files": len(changed), "changed": [c[3:] for c in changed][:40]}


@dataclass
class ProcSample:
    pid: int
    cpu_s: float
    hwm_mb: float
    rss_mb: float


def _stat(pid: int) -> tuple[int, float] | None:
    """(ppid, utime+stime seconds) from /proc/<pid>/stat; None if the process is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text.rsplit(")", 1)[1].split()
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / _TICK


def sample(pid: int) -> ProcSample | None:
    stat = _stat(pid)
    if stat is None:
        return None
    memory = {"VmHWM": 0.0, "VmRSS": 0.0}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in memory:
                memory[key] = int(value.split()[0]) / 1024  # kB -> MB
    except OSError:
        return None
    return ProcSample(pid, round(stat[1], 2), round(memory["VmHWM"], 1),
                      round(memory["VmRSS"], 1))


def wait_healthy(proc: subprocess.Popen[bytes], url: str, deadline: float) -> None:
    """Until `url` answers 2xx; RuntimeError if `proc` exits first, TimeoutError after
    `deadline` (monotonic)."""
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"exited with {proc.returncode}")
        try:
            if httpx.get(url, timeout=1, trust_env=False).is_success:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise TimeoutError(f"{url} did not answer in time")


def sample_tree(pid: int) -> ProcSample | None:
    """A process with its children summed in (the API's uvicorn workers, when it has some).
    Peaks are summed too: an upper bound, since children may peak at different times."""
    top = sample(pid)
    if top is None:
        return None
    for child in (sample(c) for c in children_of(pid)):
        if child is not None:
            top = ProcSample(pid, round(top.cpu_s + child.cpu_s, 2),
                             round(top.hwm_mb + child.hwm_mb, 1),
                             round(top.rss_mb + child.rss_mb, 1))
    return top


def machine_busy_s() -> dict[str, float]:
    """CPU seconds the whole machine spent busy since boot (all cores; /proc/stat): `busy`
    counts user, system and interrupts; `steal` is time the hypervisor gave to other VMs."""
    fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(f) for f in fields[:8])
    return {"busy": (user + nice + system + irq + softirq) / _TICK,
            "interrupts": (irq + softirq) / _TICK, "steal": steal / _TICK}


def all_cpu() -> dict[int, tuple[str, float]]:
    """Every process's (command line, CPU seconds): to name the load we did not cause."""
    found = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (stat := _stat(int(entry))) is not None:
            try:
                argv = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ")
            except OSError:
                continue
            found[int(entry)] = (argv.decode(errors="replace").strip()[:100], stat[1])
    return found


def children_of(parent: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            stat = _stat(int(entry))
            if stat is not None and stat[0] == parent:
                found.append(int(entry))
    return found


def _role(pid: int) -> str:
    try:
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return "gone"
    words = [a.decode(errors="replace") for a in argv if a]
    if "start-dev" in words:
        return "temporal"
    # `python -m cli worker --metrics-fd 4`: the word after the CLI's, whatever follows it
    # (`hookline up` hands its children their sockets as flags).
    for at, word in enumerate(words[:-1]):
        if word.endswith("cli") and words[at + 1] in ("api", "worker"):
            return words[at + 1]
    for role in ("api", "worker"):
        if role in words[-2:]:
            return role
    return "other:" + " ".join(words)[:80]


class Stack:
    def __init__(self, folder: Path, env: dict[str, str] | None = None) -> None:
        self.folder = folder
        self.api_port = free_port()
        self.temporal_port = free_port(also_free_plus=1000)
        self.metrics_port = free_port()
        self.metrics_url = f"http://127.0.0.1:{self.metrics_port}/metrics"
        self.api_url = f"http://127.0.0.1:{self.api_port}"
        self.temporal_address = f"127.0.0.1:{self.temporal_port}"
        self.db_path = folder / "hookline.db"
        self.log_path = folder / "hookline-up.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.temporal: subprocess.Popen[bytes] | None = None
        self.client: Client | None = None  # the benchmark's own, on the stack's dev server
        self.roles: dict[str, int] = {}
        self.env = {
            **os.environ,
            "PATH": f"{REPO / '.tools' / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
            "HOOKLINE_DATABASE_URL": f"sqlite:///{self.db_path}",
            "HOOKLINE_TEMPORAL_ADDRESS": self.temporal_address,
            "HOOKLINE_API_PORT": str(self.api_port),
            "HOOKLINE_PUBLIC_URL": self.api_url,
            "HOOKLINE_ALLOWED_SUBNETS": "127.0.0.0/8",
            "HOOKLINE_ALLOWED_PORTS": "*",
            **(env or {}),
        }

    def metrics_urls(self) -> list[str]:
        """Where the Temporal server's counters are (one per process)."""
        return [self.metrics_url]

    def storage(self) -> dict[str, float] | None:
        """PostgreSQL's write counters, on the cluster only (bench/cluster.py)."""
        return None

    # lifecycle
    async def start(self, seconds: float = 120) -> float:
        """Start the dev server, then `hookline up`; returns the seconds until the API's
        /healthz answered."""
        started = time.monotonic()
        self.client = await self._start_temporal(started + seconds)
        await asyncio.to_thread(self._start_hookline, started, seconds)
        return time.monotonic() - started

    def _dev_server_args(self) -> list[str]:
        from cli.up import _dev_server_args, temporal_cli
        from hookline.settings import Settings

        cli = temporal_cli()
        if cli is None:
            raise RuntimeError("no `temporal` CLI on PATH or in .tools/bin: run `make tools`")
        settings = Settings(temporal_address=self.temporal_address,
                            temporal_namespace=self.env.get("HOOKLINE_TEMPORAL_NAMESPACE",
                                                            "default"))
        nice = self.env.get("HOOKLINE_BACKGROUND_NICE", str(Settings().background_nice))
        return ["nice", "-n", nice, *_dev_server_args(cli, settings, self.folder / "temporal.db"),
                "--metrics-port", str(self.metrics_port)]

    async def _start_temporal(self, deadline: float) -> Client:
        from hookline.temporal import ensure_search_attributes

        with (self.folder / "temporal.log").open("ab") as log:
            self.temporal = subprocess.Popen(self._dev_server_args(), env=self.env,
                                             cwd=self.folder, stdout=log,
                                             stderr=subprocess.STDOUT, start_new_session=True)
        self.roles["temporal"] = self.temporal.pid  # `nice` execs it: same pid
        while True:
            if self.temporal.poll() is not None:
                raise RuntimeError(f"the dev server exited with {self.temporal.returncode}")
            try:
                client = await Client.connect(self.temporal_address)
                await ensure_search_attributes(client, client.namespace)
                return client
            except Exception:
                if time.monotonic() > deadline:
                    raise TimeoutError("the dev server did not answer in time") from None
                await asyncio.sleep(0.3)

    def _start_hookline(self, started: float, seconds: float) -> None:
        with self.log_path.open("ab") as log:
            self.proc = subprocess.Popen([HOOKLINE, "up"], env=self.env, cwd=self.folder,
                                         stdout=log, stderr=subprocess.STDOUT,
                                         start_new_session=True)
        try:
            wait_healthy(self.proc, self.api_url + "/healthz", started + seconds)
        except (RuntimeError, TimeoutError) as exc:
            raise type(exc)(f"`hookline up`: {exc}:\n{self.log_tail()}") from None
        self.roles.update({_role(pid): pid for pid in children_of(self.proc.pid)})

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def stop(self, seconds: float = 25) -> None:
        """SIGTERM to the whole process group of `hookline up`, then SIGKILL; then the same
        for the dev server."""
        self._stop_hookline(seconds)
        if self.temporal is not None:
            with suppress(ProcessLookupError):
                os.killpg(self.temporal.pid, signal.SIGTERM)
            try:
                self.temporal.wait(15)
            except subprocess.TimeoutExpired:
                with suppress(ProcessLookupError):
                    os.killpg(self.temporal.pid, signal.SIGKILL)
                self.temporal.wait(5)

    def _stop_hookline(self, seconds: float) -> None:
        if self.proc is None:
            return
        pgid = self.proc.pid
        with suppress(ProcessLookupError):
            os.killpg(pgid, signal.SIGTERM)
        with suppress(subprocess.TimeoutExpired):
            self.proc.wait(seconds)
        deadline = time.monotonic() + 5
        leftovers = [p for r, p in self.roles.items() if r != "temporal" and _stat(p) is not None]
        while leftovers and time.monotonic() < deadline:
            time.sleep(0.2)
            leftovers = [p for p in leftovers if _stat(p) is not None]
        with suppress(ProcessLookupError):
            os.killpg(pgid, signal.SIGKILL)
        for pid in leftovers:  # a child that left the group would still be ours
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        if self.proc.poll() is None:
            self.proc.wait(5)

    # bootstrap through the CLI, with the same environment
    def cli(self, *args: str) -> dict[str, Any]:
        done = subprocess.run([HOOKLINE, *args, "--json"], env=self.env, cwd=self.folder,
                              capture_output=True, text=True, timeout=120, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"hookline {' '.join(args)}: {done.stderr.strip()}")
        return json.loads(done.stdout.strip().splitlines()[-1])

    def bootstrap(self, name: str = "bench") -> str:
        """An organization called `name` with one environment, a plan that never limits the
        benchmark, and a key to it."""
        org = self.cli("org", "create", name)
        env = self.cli("env", "create", "--org", org["id"], name, "--kind", "development")
        self.cli("plan", "set", "--org", org["id"], "--rps", "100000",
                 "--monthly-events", "100000000")
        return str(self.cli("key", "create", "--env", env["id"])["key"])

    # measurements
    def samples(self) -> dict[str, ProcSample | None]:
        return {role: sample_tree(pid) for role, pid in self.roles.items()}

    def query(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        with closing(sqlite3.connect(f"file:{self.db_path}?mode=ro", uri=True,
                                     timeout=30)) as db:
            return db.execute(sql, params).fetchall()
