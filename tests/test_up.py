"""Issue 2: `hookline up` brings up Temporal, API and worker, prints a working key on first
start, and stops everything it started on SIGTERM."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import selectors
import shlex
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import pytest
from temporalio.api.workflowservice.v1 import DescribeNamespaceRequest
from temporalio.client import Client

from hookline.settings import Settings
from tests.support.procs import REPO, free_port, hookline

# `hookline up` starts the Temporal CLI's dev server: these run the whole service.
pytestmark = pytest.mark.usefixtures("tool_temporal")


def _read_until(proc: subprocess.Popen[bytes], marker: str, seconds: float) -> str:
    """Raw reads: a buffered readline can hold lines the selector no longer reports."""
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    selector = selectors.DefaultSelector()
    selector.register(fd, selectors.EVENT_READ)
    seen = b""
    deadline = time.monotonic() + seconds
    while marker.encode() not in seen:
        left = deadline - time.monotonic()
        assert left > 0 and proc.poll() is None, f"no {marker!r} in:\n{seen.decode()}"
        if selector.select(left):
            seen += os.read(fd, 65536)
    return seen.decode()


def _listening(port: int) -> bool:
    return subprocess.run(["bash", "-c", f"exec 3<>/dev/tcp/127.0.0.1/{port}"],
                          capture_output=True, check=False).returncode == 0


def _dev_server_for(port: int) -> bool:
    """Whether a Temporal dev server runs for this port (what `up` would have started): read
    off the processes' command lines, not off the port, which another test's process may
    have taken since `free_port` found it free (a fresh-clone CI run saw that)."""
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            args = cmdline.read_bytes().split(b"\0")
        except OSError:
            continue  # it ended meanwhile
        if b"start-dev" in args and str(port).encode() in args:
            return True
    return False


def _up(folder: Path, env: dict[str, str]) -> tuple[subprocess.Popen[bytes], str]:
    proc = subprocess.Popen(hookline("up"), cwd=folder, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        return proc, _read_until(proc, "Ctrl-C stops everything", 90)
    except BaseException:
        proc.terminate()  # it stops what it started; never leave a stack behind
        proc.wait(30)
        raise


def _stop(proc: subprocess.Popen[bytes], ports: list[int]) -> None:
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(30) == 0
    deadline = time.monotonic() + 10
    while any(_listening(p) for p in ports):  # nothing it started is left listening
        assert time.monotonic() < deadline, [p for p in ports if _listening(p)]
        time.sleep(0.2)


def _listener(port: int) -> str:
    """The inode of the socket listening on 127.0.0.1:port (state 0A in /proc/net/tcp)."""
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[1] == f"0100007F:{port:04X}" and fields[3] == "0A":
            return fields[9]
    raise AssertionError(f"nothing listens on 127.0.0.1:{port}")


def _sockets(pid: int) -> set[str]:
    links = (os.readlink(fd) for fd in Path(f"/proc/{pid}/fd").iterdir())
    return {link[len("socket:["):-1] for link in links if link.startswith("socket:[")}


@contextlib.contextmanager
def _impostor() -> Iterator[int]:
    """A port taken by a server that answers 200 to anything, as another stack's API or
    worker would."""
    class Answer(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Answer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def _children(pid: int) -> list[int]:
    found = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [int(p) for p in found]


def _command(pid: int) -> str:
    return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()


def _nice(pid: int) -> int:
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat.rsplit(")", 1)[1].split()[16])  # field 19, counted after the name


async def _retention(address: str) -> timedelta:
    client = await Client.connect(address)
    found = await client.workflow_service.describe_namespace(
        DescribeNamespaceRequest(namespace="default"))
    return found.config.workflow_execution_retention_ttl.ToTimedelta()


def test_up_runs_the_stack_and_stops_it(tmp_path: Path) -> None:
    api_port, temporal_port = free_port(), free_port()
    env = {**os.environ, "HOOKLINE_DATABASE_URL": f"sqlite:///{tmp_path / 'hookline.db'}",
           "HOOKLINE_TEMPORAL_ADDRESS": f"127.0.0.1:{temporal_port}",
           "HOOKLINE_API_PORT": str(api_port), "HOOKLINE_TASK_QUEUE": "hookline-up-test",
           "PATH": f"{REPO / '.tools' / 'bin'}:{os.environ['PATH']}",
           "HOOKLINE_ENCRYPTION_KEYS": ""}  # `make run`'s: none given
    ports = [api_port, temporal_port, temporal_port + 1000]
    proc, output = _up(tmp_path, env)
    try:
        # Issue 65: the first start makes a development key, says where, and keeps it.
        key_file = tmp_path / "hookline.db.key"
        assert f"development key kept in {key_file}" in output, output
        assert oct(key_file.stat().st_mode & 0o777) == "0o600"
        api = f"http://127.0.0.1:{api_port}"
        assert api in output and f"http://127.0.0.1:{temporal_port + 1000}" in output
        key = re.search(r"API key \(shown once\): (hk_\w+)", output)
        assert key, output
        auth = {"Authorization": f"Bearer {key.group(1)}"}
        assert httpx.get(api + "/v1/consumers", headers=auth).status_code == 200
        assert httpx.get(api + "/v1/consumers").status_code == 401
        assert httpx.get(f"http://127.0.0.1:{temporal_port + 1000}/").status_code == 200
        # Issue 23: finished Deliveries' histories are kept as long as the setting says.
        assert asyncio.run(_retention(f"127.0.0.1:{temporal_port}")) == timedelta(days=7)
        assert httpx.get(api + "/readyz").status_code == 200
        # The delivery counters live in the worker: it gets a metrics port, printed.
        metrics = re.search(r"Metrics: +\S+/metrics \(API\), (http://\S+/metrics) \(worker\)",
                            output)
        assert metrics, output
        worker_metrics = httpx.get(metrics.group(1)).text
        assert "hookline_deliveries_finished_total" in worker_metrics
        assert "hookline_outbox_depth" in worker_metrics
        ports.append(int(metrics.group(1).rsplit(":", 1)[1].split("/")[0]))
        # Issue 50: `up` bound both ports and handed them over; the API and the worker
        # serve on the very sockets, and `up` keeps no copy.
        by_command = {_command(pid): pid for pid in _children(proc.pid)}
        for port, command in ((api_port, "cli api"), (ports[-1], "cli worker")):
            owner = next(pid for name, pid in by_command.items() if command in name)
            assert _listener(port) in _sockets(owner), (port, command)
            assert _listener(port) not in _sockets(proc.pid), port
        # Answering comes first: the worker and the dev server run nicer than the API.
        nice = {_command(pid): _nice(pid) for pid in _children(proc.pid)}
        background = Settings.model_fields["background_nice"].default
        assert sorted(nice.values()) == [0, background, background], nice
        assert [v for k, v in nice.items() if "cli api" in k] == [0], nice
    finally:
        _stop(proc, ports)
    assert (tmp_path / "temporal.db").exists()  # Temporal state lives beside the database
    made_first = key_file.read_text()
    proc, output = _up(tmp_path, env)  # a second start keeps state and prints no new key
    try:
        assert key_file.read_text() == made_first
        assert "shown once" not in output and "hk_" not in output
        assert httpx.get(f"http://127.0.0.1:{api_port}/v1/consumers",
                         headers=auth).status_code == 200
        # ... but the command line that makes one, which works as printed.
        hint = re.search(r"A new API key: (.+ key create --env development)\n", output)
        assert hint, output
        made = subprocess.run(shlex.split(hint.group(1)), cwd=tmp_path, env=env, text=True,
                              capture_output=True, timeout=60, check=True).stdout.split()
        assert httpx.get(f"http://127.0.0.1:{api_port}/v1/consumers", headers={
            "Authorization": f"Bearer {made[1]}"}).status_code == 200
    finally:
        _stop(proc, ports)


def test_up_on_an_external_server_prints_no_ui_it_did_not_start(temporal: str,
                                                                 tmp_path: Path) -> None:
    """Issue 23: with a Temporal server already answering, no UI address is made up; the
    one named by HOOKLINE_TEMPORAL_UI_URL is printed instead."""
    api_port = free_port()
    env = {**os.environ, "HOOKLINE_DATABASE_URL": f"sqlite:///{tmp_path / 'hookline.db'}",
           "HOOKLINE_TEMPORAL_ADDRESS": temporal, "HOOKLINE_API_PORT": str(api_port),
           "HOOKLINE_TASK_QUEUE": "hookline-up-external"}
    env.pop("HOOKLINE_TEMPORAL_UI_URL", None)
    proc, output = _up(tmp_path, env)
    try:
        assert f"Using the Temporal server at {temporal}" in output
        assert "Temporal UI" not in output
    finally:
        _stop(proc, [api_port])
    ui = "https://temporal.example.test/namespaces/default"
    proc, output = _up(tmp_path, {**env, "HOOKLINE_TEMPORAL_UI_URL": ui})
    try:
        assert f"Temporal UI: {ui}" in output
    finally:
        _stop(proc, [api_port])


@pytest.mark.parametrize(("command", "value"), [
    ("up", "abc"), ("up", "0"), ("worker", "-3"), ("worker", "2.5"), ("api", "")])
def test_a_ceiling_that_is_not_a_positive_integer_refuses_to_start(
        tmp_path: Path, command: str, value: str) -> None:
    """Issue 32: HOOKLINE_TARGET_MAX_IN_FLIGHT is the ceiling of every target's concurrency
    limit; anything but a positive integer stops the service before it starts anything,
    with the variable named and no traceback."""
    env = {**os.environ, "HOOKLINE_DATABASE_URL": f"sqlite:///{tmp_path / 'hookline.db'}",
           "HOOKLINE_TARGET_MAX_IN_FLIGHT": value}
    done = subprocess.run(hookline(command), cwd=tmp_path, env=env, capture_output=True,
                          timeout=60)
    said = done.stderr.decode()
    assert done.returncode != 0
    assert f"HOOKLINE_TARGET_MAX_IN_FLIGHT={value!r}" in said, said
    assert "Traceback" not in said and not (tmp_path / "hookline.db").exists()


@pytest.mark.parametrize(("command", "setting"), [
    ("api", "HOOKLINE_API_PORT"), ("worker", "HOOKLINE_WORKER_METRICS_PORT"),
    ("up", "HOOKLINE_API_PORT"), ("up", "HOOKLINE_WORKER_METRICS_PORT"),
    ("up", "HOOKLINE_TEMPORAL_UI_PORT"), ("up", "HOOKLINE_TEMPORAL_ADDRESS")])
def test_a_port_in_use_is_one_line_naming_the_setting_that_moves_it(
        tmp_path: Path, command: str, setting: str) -> None:
    """Issue 50: a port something else holds, even something that answers as another
    stack's API or worker would, stops the command before it starts anything, in one line;
    `up` never says it is up."""
    temporal = free_port()
    env = {**os.environ, "HOOKLINE_DATABASE_URL": f"sqlite:///{tmp_path / 'hookline.db'}",
           "HOOKLINE_TEMPORAL_ADDRESS": f"127.0.0.1:{temporal}",
           "HOOKLINE_API_PORT": str(free_port()), "HOOKLINE_TASK_QUEUE": "hookline-up-ports",
           "PATH": f"{REPO / '.tools' / 'bin'}:{os.environ['PATH']}"}
    with _impostor() as port:
        env[setting] = f"127.0.0.1:{port}" if setting == "HOOKLINE_TEMPORAL_ADDRESS" else str(port)
        done = subprocess.run(hookline(command), cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=60, check=False)
    prefix = "hookline" if command == "up" else "error"
    assert (done.returncode, done.stderr.splitlines()) == (1, [
        f"{prefix}: port {port} on 127.0.0.1 is in use: set {setting} to a free port"]), done
    assert "is up" not in done.stdout, done.stdout
    assert not _dev_server_for(temporal) and not (tmp_path / "temporal.db").exists()
