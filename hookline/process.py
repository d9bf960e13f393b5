"""What holds for a whole process: a child of ours never outlives the process that started
it, a foreground command runs until SIGTERM or Ctrl-C, the allocator keeps few arenas, and
the process may open as many files as the system lets it."""

from __future__ import annotations

import contextlib
import ctypes
import os
import resource
import signal
import threading
from types import FrameType

_PR_SET_PDEATHSIG = 1
_M_ARENA_MAX = -8  # glibc's mallopt parameter
ARENAS = 2


def die_with_parent(parent_pid: int | None = None) -> None:
    """SIGTERM this process when its parent dies (Linux; elsewhere best effort: nothing).
    Given the parent's pid, also when it died before this call: a parent killed while the
    child was still starting up never sends the signal."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    if parent_pid is not None and os.getppid() != parent_pid:
        os.kill(os.getpid(), signal.SIGTERM)


def stop_on_signal() -> threading.Event:
    """An event that SIGTERM or SIGINT sets: a foreground command (`hookline up`, `hookline
    temporal-server`) loops until it is set, then stops what it started."""
    stop = threading.Event()

    def on_signal(_signum: int, _frame: FrameType | None) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    return stop


def few_arenas() -> None:
    """At most ARENAS malloc arenas (glibc; elsewhere nothing), unless MALLOC_ARENA_MAX says
    otherwise. glibc gives a thread that finds the arenas busy one of its own, up to eight
    per core, and each keeps what it once held: the worker's threads (the Temporal SDK's
    Rust runtime, the event loop's thread pool) raised its peak by 10 to 14 MB that way
    (bench/RESULTS.md), for a process whose Python runs on one thread at a time anyway.
    Called first thing, before any thread starts."""
    if "MALLOC_ARENA_MAX" in os.environ:
        return
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None).mallopt(_M_ARENA_MAX, ARENAS)


def many_files() -> None:
    """Raise the soft limit on open files to the hard one, as Go's runtime does for every
    program: a worker holds a connection for each attempt in flight (up to twice
    HOOKLINE_RELAY_MAX_WAITING, `hookline.delivery.shares`), and the common soft limit
    (1024) is below what that takes."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
