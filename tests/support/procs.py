"""Starting and stopping real processes, and finding free ports."""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_port(port: int, seconds: float, proc: subprocess.Popen[bytes] | None = None) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"process exited with {proc.returncode}: {proc.args!r}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"nothing listens on {port} after {seconds} s")


def wait_http(url: str, seconds: float, proc: subprocess.Popen[bytes] | None = None) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"process exited with {proc.returncode}: {proc.args!r}")
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise TimeoutError(f"{url} did not answer 200 within {seconds} s")


def spawn(args: list[str], env: dict[str, str], log: Path, cwd: Path = REPO
          ) -> subprocess.Popen[bytes]:
    handle = log.open("ab")
    return subprocess.Popen(args, env={**os.environ, **env}, stdout=handle,
                            stderr=subprocess.STDOUT, cwd=cwd, start_new_session=True,
                            preexec_fn=_die_with_parent)


def _die_with_parent() -> None:
    # A test run that is killed (a timeout, Ctrl-C twice) takes its servers with it.
    ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def hookline(*args: str) -> list[str]:
    return [sys.executable, "-m", "cli", *args]


def stop(proc: subprocess.Popen[bytes], *, kill: bool = False, seconds: float = 15) -> None:
    if proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGKILL if kill else signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        proc.wait(seconds)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def descendants(pid: int) -> list[int]:
    """Every process below `pid`, read from /proc: some servers put helpers in sessions of
    their own (Erlang's erl_child_setup), out of reach of a signal to the process group."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            # The command name is in parentheses and may hold spaces: the fields follow ')'.
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def stop_tree(proc: subprocess.Popen[bytes], *, kill: bool = False, seconds: float = 15) -> None:
    """`stop`, then SIGKILL for whatever the process started that outlived it."""
    if proc.poll() is not None:
        return
    below = descendants(proc.pid)
    stop(proc, kill=kill, seconds=seconds)
    deadline = time.monotonic() + 5
    while (left := [pid for pid in below if alive(pid)]) and time.monotonic() < deadline:
        time.sleep(0.05)
    for pid in left:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"  # a zombie has exited; its parent (maybe init) reaps it


def temporal_cli() -> str:
    import shutil

    found = shutil.which("temporal") or str(REPO / ".tools" / "bin" / "temporal")
    if not Path(found).exists():
        raise RuntimeError("no temporal CLI: run `make tools` (the Makefile does it)")
    return found


class Served:
    """A server process the tests start, stop and crash (a broker): `start` (a no-op while
    it runs) and `stop` are its own; a test's outage and the fixture's close are shared."""

    proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        raise NotImplementedError

    def stop(self, *, kill: bool = False) -> None:
        raise NotImplementedError

    @contextlib.contextmanager
    def outage(self, *, kill: bool = False) -> Iterator[None]:
        """Stopped inside the block, started again after it, even if the block fails."""
        self.stop(kill=kill)
        try:
            yield
        finally:
            self.start()

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def close(self) -> None:
        self.stop(kill=True)
