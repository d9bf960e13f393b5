"""Where publish's and ingestion's filters run: threads of their own, never the batch thread
that every tenant's publishes and messages share (`persistence.batches`).

A batched check that meets filters it has no verdict for answers `Deferred` (or raises
`filters.Unevaluated`, which counts the same) before it writes anything; `run_filtered`
evaluates them here and runs the job again with their verdicts. cel-go holds
no GIL while it evaluates, and each evaluation stops at its budget, so a costly filter costs
its owner's request its time and little else. One owner (a Consumer, a Source) evaluates on
one thread at a time, so that its burst cannot take every thread from the others."""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from hookline.persistence.batches import BatchWriter, Job
from hookline.tenant_code import filters

T = TypeVar("T")
C = TypeVar("C")
THREADS = 4
ROUNDS = 3  # a filter changed under a request this often: it runs inside the batch


NICE = 10


def _nice() -> None:
    """A filter thread yields the CPU to the process's other threads (a thread's niceness is
    its own on Linux)."""
    with contextlib.suppress(OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)


@dataclass(frozen=True)
class Deferred(Generic[C]):
    """A batched job's answer when it met filters it has no verdict for: they are evaluated
    in the pool, and the job runs again, handed `carry` (what its first run decided
    already, such as its caller's admission)."""

    needed: filters.Unevaluated
    carry: C


class FilterPool:
    def __init__(self, threads: int = THREADS) -> None:
        # Niced: under load the event loop and the batch thread go first.
        self._executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="filters",
                                            initializer=_nice)
        self._owners: dict[str, tuple[asyncio.Lock, int]] = {}

    async def verdicts(self, needed: filters.Unevaluated, known: filters.Verdicts
                       ) -> filters.Verdicts:
        lock, users = self._owners.get(needed.owner, (asyncio.Lock(), 0))
        self._owners[needed.owner] = (lock, users + 1)
        try:
            async with lock:
                found = await asyncio.get_running_loop().run_in_executor(
                    self._executor, filters.evaluate_all, needed)
        finally:
            lock, users = self._owners[needed.owner]
            if users == 1:
                del self._owners[needed.owner]
            else:
                self._owners[needed.owner] = (lock, users - 1)
        return {**known, **found}

    def close(self) -> None:
        self._executor.shutdown(wait=True)


async def run_filtered(batches: BatchWriter, pool: FilterPool,
                       job: Callable[[filters.Verdicts | None, Any], Job[T | Deferred[Any]]]
                       ) -> T:
    """`job(verdicts, carry)` run in the batch, its filters evaluated in the pool; a job is
    handed what its last run deferred with (`carry`, None at first)."""
    verdicts: filters.Verdicts = {}
    carry: Any = None
    answer: T | Deferred[Any]
    for _ in range(ROUNDS):
        try:
            answer = await batches.run(job(verdicts, carry))
        except filters.Unevaluated as needed:
            answer = Deferred(needed, carry)
        if not isinstance(answer, Deferred):
            return answer
        carry = answer.carry
        verdicts = await pool.verdicts(answer.needed, verdicts)
    # A filter changed under the request every round: the last run evaluates in the batch.
    last: T | Deferred[Any] = await batches.run(job(None, carry))
    assert not isinstance(last, Deferred)
    return last
