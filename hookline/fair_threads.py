"""Threads that take their work in turns by key (an environment), instead of first in, first
out: one call of each key that has calls waiting, then the next of each.

The worker's attempts run their database work in threads, so that the event loop never
waits on SQLite. With the loop's default executor, one tenant's hundreds of attempts queued
there ahead of another's one, and each of that one's database steps waited for all of them
(issue 64, bench group N). Here a newcomer's call waits for at most one call of each other
key, however many they have queued. Work-conserving: a key alone gets every thread.

Memory is bounded by the calls waiting, and a turn costs constant work: the keys with calls
waiting sit in one ordered map, the next key is its first, and a key with more goes to its
end."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import os
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class _Call:
    run: Callable[[], Any]
    future: asyncio.Future[Any]
    loop: asyncio.AbstractEventLoop
    queued: float  # monotonic seconds


class FairThreads:
    def __init__(self, threads: int | None = None, name: str = "fair") -> None:
        # As many as the loop's default executor would have.
        self.size = threads or min(32, (os.cpu_count() or 1) + 4)
        self.name = name
        self._waiting: OrderedDict[str, deque[_Call]] = OrderedDict()
        self._ready = threading.Condition()
        self._threads: list[threading.Thread] = []
        self._closed = False

    async def run(self, key: str, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)` in a thread, in `key`'s turn, with the caller's context variables (as
        `asyncio.to_thread`). Cancelling the caller does not stop a call already begun."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        context = contextvars.copy_context()
        call = _Call(lambda: context.run(fn, *args), future, loop, time.monotonic())
        with self._ready:
            if self._closed:
                raise RuntimeError(f"{self.name} threads are closed")
            self._waiting.setdefault(key, deque()).append(call)
            if len(self._threads) < self.size:
                self._start()
            self._ready.notify()
        return await future

    def waited(self) -> float:
        """How long the longest-waiting call has waited (seconds; 0 when none waits): what
        the worker's pace reads as its threads' lag."""
        now = time.monotonic()
        with self._ready:
            return max((now - calls[0].queued for calls in self._waiting.values()),
                       default=0.0)

    def close(self) -> None:
        """No more calls; the threads stop once the calls waiting have run."""
        with self._ready:
            self._closed = True
            self._ready.notify_all()

    def _start(self) -> None:
        thread = threading.Thread(target=self._work, name=f"{self.name}-{len(self._threads)}",
                                  daemon=True)
        self._threads.append(thread)
        thread.start()

    def _next(self) -> _Call | None:
        """The first waiting key's oldest call; the key goes to the end if it has more.
        None once closed with nothing left."""
        with self._ready:
            while not self._waiting:
                if self._closed:
                    return None
                self._ready.wait()
            key, calls = next(iter(self._waiting.items()))
            call = calls.popleft()
            if calls:
                self._waiting.move_to_end(key)
            else:
                del self._waiting[key]
            return call

    def _work(self) -> None:
        while (call := self._next()) is not None:
            result, error = None, None
            try:
                result = call.run()
            except BaseException as exc:  # handed to the caller, as asyncio.to_thread does
                error = exc
            with contextlib.suppress(RuntimeError):  # its loop has closed: nobody waits
                call.loop.call_soon_threadsafe(_settle, call.future, result, error)


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.cancelled():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)
