"""Native profiles for `--profile`: `perf record` samples a process with its kernel
stacks, `perf script` turns the samples into collapsed stacks like py-spy's raw format
(each frame `symbol <library>`). Every sample is put down to the library it was in (the
Python interpreter, the Temporal SDK's Rust core, SQLite, the kernel...): that covers the
CPU that py-spy's GIL samples miss. For the Temporal dev server (Go) it is also put down
to the innermost thing it was doing (its SQLite, the garbage collector, protobuf...) and
to the Temporal service whose code it ran under (frontend, history, visibility...)."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

# The first of these found anywhere in a sample's stack names what it was doing (a write()
# under SQLite is SQLite's, a futex under gRPC is gRPC's); else its innermost own frame.
_DOING: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("sqlite (modernc, pure Go)", ("modernc.org/",)),
    ("garbage collection", ("runtime.gcBgMarkWorker", "runtime.gcDrain", "runtime.bgsweep",
                            "runtime.bgscavenge", "runtime.gcAssistAlloc", "runtime.markroot",
                            "runtime.scanobject", "runtime.sweepone")),
    ("protobuf and payload encoding", ("google.golang.org/protobuf", "github.com/gogo/",
                                       "encoding/json", "go.temporal.io/api/")),
    ("grpc and http2", ("google.golang.org/grpc", "golang.org/x/net/http2")),
    ("metrics and logging", ("go.temporal.io/server/common/metrics", "prometheus",
                             "go.opentelemetry.io", "go.uber.org/zap",
                             "go.temporal.io/server/common/log")),
    ("allocation", ("runtime.mallocgc", "runtime.newobject", "runtime.makeslice",
                    "runtime.growslice", "runtime.concatstring", "runtime.slicebytetostring")),
    ("scheduler, timers, syscalls", ("runtime.schedule", "runtime.findRunnable",
                                     "runtime.mcall", "runtime.park_m", "runtime.netpoll",
                                     "runtime.futex", "runtime.usleep", "runtime.notesleep",
                                     "runtime.stopm", "runtime.selectgo", "runtime.chansend",
                                     "runtime.chanrecv", "syscall.", "internal/poll.",
                                     "runtime.goexit0", "runtime.morestack", "time.")),
)
# The outermost of these names the service whose work it was.
_SERVICES: tuple[tuple[str, str], ...] = (
    ("go.temporal.io/server/service/frontend", "frontend"),
    ("go.temporal.io/server/service/history/queues", "history: task queues"),
    ("go.temporal.io/server/service/history/replication", "history: replication"),
    ("go.temporal.io/server/service/history", "history"),
    ("go.temporal.io/server/service/matching", "matching"),
    ("go.temporal.io/server/service/worker", "worker service"),
    ("go.temporal.io/server/common/persistence/visibility", "visibility"),
    ("go.temporal.io/server/common/persistence", "persistence"),
)
# The library a sample's innermost frame was in, by a part of the file's name.
_LIBRARIES: tuple[tuple[str, str], ...] = (
    ("<[kernel", "kernel"), ("<libpython", "Python interpreter"),
    ("<temporal_sdk_bridge", "Temporal SDK core (Rust)"), ("sqlite", "SQLite"),
    ("<libcrypto", "TLS and hashing"), ("<libssl", "TLS and hashing"), ("<_ssl", "TLS and hashing"),
    ("<_hashlib", "TLS and hashing"), ("<loop.cpython", "uvloop"), ("<libuv", "uvloop"),
    ("<_http_", "aiohttp (C)"), ("<_websocket", "aiohttp (C)"), ("<libc.so", "libc"),
    ("<libm.so", "libc"), ("<ld-linux", "libc"), ("<temporal>", "Temporal server (Go)"),
)
_KERNEL = "[kernel"
_OFFSET = re.compile(r"\+0x[0-9a-f]+$")


def perf() -> str | None:
    return shutil.which("perf")


def record(pid: int, data: Path) -> subprocess.Popen[bytes]:
    """Samples the process at 99 Hz with call stacks until SIGINT."""
    return subprocess.Popen([str(perf()), "record", "-F", "99", "-g", "-p", str(pid),
                             "-o", str(data)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def collapse(data: Path, raw: Path) -> None:
    """`perf script` output -> one 'outer;...;inner count' line per distinct stack."""
    script = subprocess.run([str(perf()), "script", "-i", str(data), "-F", "ip,sym,dso"],
                            capture_output=True, text=True, errors="replace", check=False)
    stacks: Counter[str] = Counter()
    frames: list[str] = []
    for line in [*script.stdout.splitlines(), ""]:
        line = line.strip()
        if line:
            _, _, rest = line.partition(" ")
            symbol, _, dso = rest.rpartition(" (")
            name = _OFFSET.sub("", symbol.strip()) or "?"
            library = Path(dso.rstrip(")")).name
            frames.append(f"{_KERNEL}] {name} <[kernel]>" if dso.startswith("[kernel")
                          else f"{name} <{library}>")
        elif frames:
            stacks[";".join(reversed(frames))] += 1
            frames = []
    raw.write_text("".join(f"{stack} {n}\n" for stack, n in stacks.items()))


def _library(frame: str) -> str:
    for mark, label in _LIBRARIES:
        if mark in frame:
            return label
    return frame.rpartition(" <")[2].rstrip(">")


def shares(counter: Counter[str], total: int, most: int) -> list[tuple[str, float]]:
    """The `most` largest entries, as percentages of `total` samples."""
    return [(name, round(100 * n / max(total, 1), 1)) for name, n in counter.most_common(most)]


def _stacks(raw: Path) -> list[tuple[list[str], int]]:
    found = []
    for line in raw.read_text(errors="replace").splitlines():
        stack, _, count = line.rpartition(" ")
        if stack and count.isdigit():
            found.append((stack.split(";"), int(count)))
    return found


def libraries(raw: Path) -> dict[str, Any]:
    """Where a process's CPU went, by the library of each sample's innermost frame."""
    by: Counter[str] = Counter()
    for frames, n in _stacks(raw):
        by[_library(frames[-1])] += n
    total = sum(by.values())
    return {"samples": total, "by_library_pct": shares(by, total, 12)}


def _doing(frames: list[str]) -> str:
    own = [f for f in frames if not f.startswith(_KERNEL)]
    for label, marks in _DOING:
        if any(mark in frame for frame in own for mark in marks):
            return label
    return "other: " + (own[-1].rpartition(" <")[0][:60] if own else "kernel")


def _service(frames: list[str]) -> str:
    for frame in frames:
        for mark, label in _SERVICES:
            if mark in frame:
                return label
    return "none (runtime, grpc, background)"


def hottest(raw: Path, top: int = 15) -> dict[str, Any]:
    """The dev server's profile: what it was doing, under which service, and the hottest
    functions, as shares of its samples."""
    doing: Counter[str] = Counter()
    services: Counter[str] = Counter()
    own: Counter[str] = Counter()
    kernel = total = 0
    for frames, n in _stacks(raw):
        total += n
        kernel += n if frames[-1].startswith(_KERNEL) else 0
        doing[_doing(frames)] += n
        services[_service(frames)] += n
        own[frames[-1].rpartition(" <")[0][:100]] += n

    return {"samples": total, "in_kernel_pct": round(100 * kernel / max(total, 1), 1),
            "by_step_pct": shares(doing, total, 20), "by_service_pct": shares(services, total, top),
            "self_pct": shares(own, total, top)}
