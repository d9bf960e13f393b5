"""What a child process of ours does so that it never outlives the process that started it."""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal

_PR_SET_PDEATHSIG = 1


def die_with_parent(parent_pid: int | None = None) -> None:
    """SIGTERM this process when its parent dies (Linux; elsewhere best effort: nothing).
    Given the parent's pid, also when it died before this call: a parent killed while the
    child was still starting up never sends the signal."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    if parent_pid is not None and os.getppid() != parent_pid:
        os.kill(os.getpid(), signal.SIGTERM)
