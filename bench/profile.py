"""Optional (`--profile`): sample the API and worker with py-spy during a scenario
(`.venv/bin/pip install py-spy`), and them and the Temporal dev server with `perf`
(`bench.perf_profile`; Linux; the dev server's symbols need a CLI built without `-s -w`,
see bench/README.md); keep the raw collapsed stacks in bench/out/, and put the hottest
functions (self and inclusive share of the samples) and where they were spent into the
results."""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from bench import perf_profile

_LINE = re.compile(r":\d+\)$")
# Frames where a thread waits rather than computes; py-spy's idle detection misses some.
_IDLE = ("select (selectors.py)", "Condition.wait (threading.py)", "Runner.run (asyncio/",
         "_worker (concurrent/futures/thread.py)", "Event.wait (threading.py)")
_OURS = ("(hookline/", "(api/", "(activities/", "(workflows/", "(worker.py")
# Where a worker's sample was spent: the innermost of these frames in its stack names the
# step of a delivery (Hookline's worker, or the best pattern's in bench/pattern.py) ...
_STEPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("http send", ("Sender.send (hookline/", "Sender._exchange (hookline/",
                   "PatternActivities.post (bench/")),
    ("attempt: read (prepare)", ("AttemptEngine._prepare (",)),
    ("attempt: write (record)", ("AttemptEngine._record (",)),
    ("relay: outbox and gate", ("_take (hookline/delivery/relay.py",)),
    ("relay: workflow starts", ("start_delivery (hookline/", "best_pattern.<locals>.one (")),
    ("workflow code", ("(workflows/", "PatternWorkflow.run (")),
    ("attempt: the rest (thread hops, glue)", ("AttemptEngine.attempt (", "AttemptEngine._send (",
                                                "DeliveryActivities.attempt_delivery (")),
    ("reconcilers", ("reconcile",)),
    ("API: batches (database)", ("(hookline/persistence/batches.py",)),
)
# ... else the library of its innermost frame that belongs to one of these.
_LIBRARIES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("temporal sdk", ("(temporalio/", "(google/protobuf/", "(protobuf/")),
    ("database (sqlalchemy, sqlite3)", ("(sqlalchemy/", "(sqlmodel/", "(sqlite3/")),
    ("http (httpx, httpcore, anyio)", ("(httpx/", "(httpcore/", "(anyio/", "(h11/")),
    ("web (uvicorn, starlette, fastapi)", ("(uvicorn/", "(starlette/", "(fastapi/")),
    ("event loop and threads", ("(asyncio/", "(concurrent/", "(threading.py", "(selectors.py")),
)


def py_spy() -> str | None:
    local = Path(sys.executable).parent / "py-spy"
    return str(local) if local.exists() else shutil.which("py-spy")


def _function(frame: str) -> str:
    """'send (httpx/_client.py:1629)' -> 'send (httpx/_client.py)'; paths shortened."""
    frame = _LINE.sub(")", frame.strip())
    return re.sub(r"\(.*?(site-packages/|/work/main/|lib/python3\.\d+/)", "(", frame)


def _area(frames: list[str]) -> str:
    for frame in reversed(frames):
        for label, marks in _STEPS:
            if any(mark in frame for mark in marks):
                return label
    for frame in reversed(frames):
        for label, marks in _LIBRARIES:
            if any(mark in frame for mark in marks):
                return f"other: {label}"
    return "other"


def hottest(raw: Path, top: int = 12) -> dict[str, Any]:
    own: Counter[str] = Counter()
    inclusive: Counter[str] = Counter()
    areas: Counter[str] = Counter()
    total = 0
    for line in raw.read_text(errors="replace").splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        n = int(count)
        frames = [_function(f) for f in stack.split(";")]
        if any(idle in frames[-1] for idle in _IDLE):
            continue
        total += n
        own[frames[-1]] += n
        areas[_area(frames)] += n
        for name in set(frames):
            if any(mark in name for mark in _OURS):
                inclusive[name] += n
    return {"busy_samples": total, "by_step_pct": perf_profile.shares(areas, total, 20),
            "self_pct": perf_profile.shares(own, total, top),
            "inclusive_pct_our_code": perf_profile.shares(inclusive, total, top)}


class Profiler:
    def __init__(self, out_dir: Path, label: str) -> None:
        self.out_dir = out_dir
        self.label = label
        self.procs: dict[str, tuple[subprocess.Popen[bytes], Path]] = {}
        self.native: dict[str, tuple[subprocess.Popen[bytes], Path]] = {}

    def start(self, pids: dict[str, int], seconds: float) -> None:
        """py-spy for the Python processes, `perf` for every process: the role "temporal"
        (Go) gets only `perf`."""
        self.out_dir.mkdir(exist_ok=True)
        for role, pid in pids.items():
            path = self.out_dir / f"profile-{self.label}-{role}.txt"
            if perf_profile.perf() is not None:
                data = path.with_suffix(".perf.data")
                self.native[role] = (perf_profile.record(pid, data), data)
            tool = py_spy()
            if role == "temporal" or tool is None:
                continue
            self.procs[role] = (subprocess.Popen(
                # --gil: only the thread holding the GIL, i.e. where Python spends CPU.
                [tool, "record", "--pid", str(pid), "--rate", "50", "--gil",
                 "--format", "raw", "--duration", str(int(seconds)), "--output", str(path)],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL), path)

    def stop(self) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for proc, _ in [*self.procs.values(), *self.native.values()]:
            if proc.poll() is None:
                proc.send_signal(signal.SIGINT)
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        for role, (_, path) in self.procs.items():
            found[role] = hottest(path) if path.exists() else {"error": "no profile written"}
            found[role]["file"] = str(path)
        for role, (_, data) in self.native.items():
            if not data.exists():
                continue
            raw = data.with_name(data.name.replace(".perf.data", ".native.txt"))
            perf_profile.collapse(data, raw)
            data.unlink()
            native = perf_profile.libraries(raw) | {"native_file": str(raw)}
            if role == "temporal":
                native |= perf_profile.hottest(raw)
            found.setdefault(role, {}).update(native)
        return found
