"""The V8 executors that run targets' transformations (`hookline/tenant_code/v8/executor.js`), and
how calls take turns on them, so that one target's slow handler never delays another's.

Executors are processes in two lanes:
- the **regular** lane runs every call first, with a short time limit (QUANTUM). Most
  handlers take a millisecond; a call still running at QUANTUM is stopped, and its target
  becomes heavy. A handler has no side effects (no network, timers or storage), so the call
  is simply run again, from the start, in the heavy lane;
- the **heavy** lane runs heavy targets' calls with the full time limit. A target stays
  heavy for HEAVY_FOR after its last slow call; a prompt call clears it. At most
  `heavy_queue` calls wait there: past that, a call fails at once.

In each lane the least busy target's waiting call goes first, then the longest waiting. So
a looping handler holds a regular executor for QUANTUM once, and then waits only behind
other slow handlers; its time-outs also move its adaptive limit to the floor
(`TransformFailed.exhausted`). An executor that dies fails its call and is replaced; one
that does not answer within the time limit and GRACE is killed and replaced; one whose
memory passed its bound is replaced after its answer."""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import select
import shutil
import struct
import subprocess
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hookline.observability import metrics
from hookline.tenant_code.transformations import Limits, TransformFailed, result_of

QUANTUM = 0.1  # seconds a call may run in the regular lane
HEAVY_FOR = 60.0  # seconds a target stays heavy after its last slow call
GRACE = 2.0  # seconds past the time limit before an executor that has not answered is killed
START = 10.0  # seconds an executor has to start
NICE = 10  # executors run this much below their process's scheduling priority
REGULAR, HEAVY = "regular", "heavy"


EXECUTOR = Path(__file__).with_name("v8") / "executor.js"


class Executor:
    """One executor process (Node, running EXECUTOR), and the pipe to it; ready when made."""

    def __init__(self, limits: Limits) -> None:
        node = shutil.which("node")
        if node is None:
            raise TransformFailed("a V8 executor cannot start: Node.js (`node`) is not on "
                                  "the PATH", exhausted=True, unavailable=True)
        self.process = subprocess.Popen(
            [node, str(EXECUTOR), str(limits.timeout), str(limits.max_memory)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            close_fds=True)
        # Tenants' code yields the CPU to the engine's own work: a looping handler on a
        # busy machine takes its time limit from what the attempts leave, not from them.
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, self.process.pid,
                           min(19, os.getpriority(os.PRIO_PROCESS, 0) + NICE))
        try:
            ready = self.receive(START)
        except EOFError:
            ready = None
        if ready is None:
            self.stop()
            raise TransformFailed("a V8 executor did not start", exhausted=True,
                                  unavailable=True)

    def send(self, request: dict[str, Any]) -> None:
        body = json.dumps(request).encode()
        assert self.process.stdin is not None
        self.process.stdin.write(struct.pack(">I", len(body)) + body)
        self.process.stdin.flush()

    def receive(self, timeout: float) -> dict[str, Any] | None:
        """The answer, None if none came within `timeout`; EOFError if the process died."""
        assert self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], max(timeout, 0.0))
        if not ready:
            return None
        header = self.process.stdout.read(4)
        if len(header) < 4:
            raise EOFError
        (size,) = struct.unpack(">I", header)
        found: dict[str, Any] = json.loads(self.process.stdout.read(size))
        return found

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):  # a request still buffered for the dead
                    stream.close()


@dataclass
class _Waiter:
    target_id: str
    order: int
    ready: threading.Event = field(default_factory=threading.Event)
    executor: Executor | None = None


@dataclass
class _Lane:
    size: int
    idle: list[Executor] = field(default_factory=list)
    waiting: list[_Waiter] = field(default_factory=list)
    live: int = 0


class ExecutorPool:
    def __init__(self, limits: Limits, regular: int = 2, heavy: int = 1, heavy_queue: int = 16,
                 waiters: int = 64, start: Callable[[Limits], Executor] = Executor) -> None:
        self.limits = limits
        self._start = start
        self._lanes = {REGULAR: _Lane(regular), HEAVY: _Lane(heavy)}
        self._heavy_queue = heavy_queue
        self._lock = threading.Lock()
        self._busy: dict[str, int] = {}  # calls running or waiting, by target
        self._heavy_until: dict[str, float] = {}
        self._order = itertools.count()
        self._closed = False
        # Threads that wait for an executor, so that attempts waiting for a transformation
        # hold none of the threads the attempts' database work runs on.
        self.executor = ThreadPoolExecutor(max_workers=waiters, thread_name_prefix="transform")

    def run(self, target_id: str, source: str, webhook: dict[str, Any]) -> dict[str, Any]:
        """The handler's result for this webhook; TransformFailed otherwise. Blocks for the
        executors' turns and the call (at most QUANTUM, then the time limit, and GRACE)."""
        return result_of(str(self._call(target_id, {
            "target": target_id, "source": source, "webhook": json.dumps(webhook)})))

    def defines_handler(self, owner: str, source: str) -> bool:
        """Whether `source` loads within the limits and defines `handler`, loaded in an
        isolate of its own; TransformFailed when it does not load. `owner` (an environment)
        takes its turns as a target does."""
        return self._call(f"check:{owner}", {"check": source}) == "true"

    def _call(self, target_id: str, request: dict[str, Any]) -> str:
        """The answer's text: first in the regular lane within QUANTUM, then, for a target
        whose calls run longer, in the heavy lane with the full limit."""
        short = min(QUANTUM, self.limits.timeout)
        if not self._is_heavy(target_id):
            answer = self._turn(REGULAR, target_id, request, short)
            if not answer.get("timeout") or short >= self.limits.timeout:
                return self._result(answer)
            with self._lock:
                self._heavy_until[target_id] = time.monotonic() + HEAVY_FOR
        started = time.monotonic()
        answer = self._turn(HEAVY, target_id, request, self.limits.timeout)
        if time.monotonic() - started < QUANTUM:
            with self._lock:  # prompt again: the target is well
                self._heavy_until.pop(target_id, None)
        return self._result(answer)

    def _result(self, answer: dict[str, Any]) -> str:
        if "failed" in answer:
            raise TransformFailed(str(answer["failed"]), exhausted=bool(answer["exhausted"]))
        found = answer.get("ok")
        if not isinstance(found, str):
            raise TransformFailed("the handler's result could not be read back")
        return found

    def _is_heavy(self, target_id: str) -> bool:
        with self._lock:
            until = self._heavy_until.get(target_id)
            if until is not None and until < time.monotonic():
                del self._heavy_until[target_id]
                until = None
            return until is not None

    def _turn(self, lane: str, target_id: str, request: dict[str, Any], timeout: float
              ) -> dict[str, Any]:
        """One call on an executor of the lane, within `timeout` (and GRACE)."""
        executor = self._acquire(lane, target_id)
        try:
            executor.send({**request, "timeout": timeout})
            answer = executor.receive(timeout + GRACE)
        except (EOFError, OSError, ValueError):
            self._retire(lane, executor, "crashed")
            raise TransformFailed("its executor crashed while running the handler (the "
                                  "webhook was not sent)", exhausted=True,
                                  unavailable=True) from None
        finally:
            self._done(target_id)
        if answer is None:
            self._retire(lane, executor, "wedged")
            raise TransformFailed(f"did not answer within {timeout + GRACE:g} s; its executor "
                                  "was replaced", exhausted=True, unavailable=True)
        if not target_id.startswith("check:"):
            metrics.user_code("endpoint" if target_id.startswith("ep_") else "destination",
                              "transformation", float(answer.get("cpu", 0.0)))
        if answer.get("recycle"):
            self._retire(lane, executor, "memory")
        else:
            self._add(lane, executor)
        return answer

    def _acquire(self, lane: str, target_id: str) -> Executor:
        with self._lock:
            found = self._lanes[lane]
            if self._closed:
                raise TransformFailed("the worker is stopping", unavailable=True)
            if lane == HEAVY and len(found.waiting) >= self._heavy_queue:
                raise TransformFailed(f"{len(found.waiting)} slow handlers are waiting for "
                                      "their turn; not run", exhausted=True, unavailable=True)
            waiter = _Waiter(target_id, next(self._order))
            found.waiting.append(waiter)
            self._busy[target_id] = self._busy.get(target_id, 0) + 1
            self._dispatch(found)
            grow = waiter.executor is None and found.live < found.size
            found.live += grow
        if grow:
            try:
                self._add(lane, self._started())
            except TransformFailed:
                with self._lock:
                    found.live -= 1
                    if waiter in found.waiting:
                        found.waiting.remove(waiter)
                self._done(target_id)
                raise
        waiter.ready.wait()
        if waiter.executor is None:  # closed meanwhile
            self._done(target_id)
            raise TransformFailed("the worker is stopping", unavailable=True)
        return waiter.executor

    def _dispatch(self, lane: _Lane) -> None:
        """Under the lock: hand idle executors to waiting calls, the least busy target's
        (fewest calls running or waiting), then the longest waiting, first."""
        while lane.idle and lane.waiting:
            waiter = min(lane.waiting, key=lambda w: (self._busy.get(w.target_id, 0), w.order))
            lane.waiting.remove(waiter)
            waiter.executor = lane.idle.pop()
            waiter.ready.set()

    def _done(self, target_id: str) -> None:
        with self._lock:
            left = self._busy.get(target_id, 1) - 1
            if left:
                self._busy[target_id] = left
            else:
                self._busy.pop(target_id, None)

    def _retire(self, lane: str, executor: Executor, reason: str) -> None:
        """Stop an executor; a lane with calls waiting gets another at once."""
        with self._lock:
            found = self._lanes[lane]
            replace = not self._closed and bool(found.waiting)
            found.live -= not replace
        executor.stop()
        metrics.transform_executor_restarted(reason)
        if replace:
            self._add(lane, self._started())

    def _started(self) -> Executor:
        try:
            return self._start(self.limits)
        except TransformFailed:
            time.sleep(1)  # the machine is out of something: try once more, then give up
            return self._start(self.limits)

    def _add(self, lane: str, executor: Executor) -> None:
        """A new or finished executor idles in its lane (stopped, once the pool is closed)."""
        with self._lock:
            if not self._closed:
                self._lanes[lane].idle.append(executor)
                self._dispatch(self._lanes[lane])
                return
            self._lanes[lane].live -= 1
        executor.stop()

    def close(self) -> None:
        with self._lock:
            self._closed = True
            idle = [e for lane in self._lanes.values() for e in lane.idle]
            for lane in self._lanes.values():
                lane.live -= len(lane.idle)
                lane.idle = []
                for waiter in lane.waiting:
                    waiter.ready.set()  # their executor is None: they fail
                lane.waiting = []
        for executor in idle:
            executor.stop()
        self.executor.shutdown(wait=True)
