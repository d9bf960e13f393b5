"""die_with_parent: a child stops with its parent, even when the parent died before the child
asked to be told (a uvicorn worker still starting up when `hookline api` was killed)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# The middle process starts the child, prints its pid and exits at once; the child asks to
# die with its parent only a second later, when that parent is already gone.
MIDDLE = """
import os, subprocess, sys
child = subprocess.Popen([sys.executable, "-c", sys.argv[1], str(os.getpid()), *sys.argv[2:]],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(child.pid, flush=True)
"""
CHILD = """
import pathlib, signal, sys, time
from hookline.process import die_with_parent
def stop(*_):
    pathlib.Path(sys.argv[3]).write_text("SIGTERM")
    sys.exit(0)
signal.signal(signal.SIGTERM, stop)
time.sleep(1.0)
die_with_parent(int(sys.argv[1]) if sys.argv[2] == "pid" else None)
time.sleep(60)
"""


def _orphan(mode: str, marker: Path) -> int:
    middle = subprocess.run([sys.executable, "-c", MIDDLE, CHILD, mode, str(marker)], cwd=REPO,
                            capture_output=True, text=True, timeout=30, check=True)
    return int(middle.stdout.strip())


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"  # a zombie has ended; nobody may be left to reap it


def test_a_child_whose_parent_died_first_stops_itself(tmp_path: Path) -> None:
    marker = tmp_path / "signal"
    pid = _orphan("pid", marker)
    deadline = time.monotonic() + 15
    while _alive(pid):
        assert time.monotonic() < deadline, "the orphan kept running"
        time.sleep(0.1)
    assert marker.read_text() == "SIGTERM"  # stopped by the signal, not by a crash


def test_without_the_parents_pid_the_orphan_runs_on(tmp_path: Path) -> None:
    """What the pid check is for: the kernel's parent-death signal alone misses this case."""
    marker = tmp_path / "signal"
    pid = _orphan("none", marker)
    try:
        time.sleep(3)
        assert _alive(pid) and not marker.exists()
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
