"""Where the API runs tenants' code (previews, transformation checks): on threads of its own,
apart from the ones every other request runs on, and at most EACH calls of one environment
at once.

A preview waits for the API's V8 executors, for seconds when its transformation loops. On
the shared thread pool, 45 to 60 concurrent previews of one tenant held every thread, and
another tenant's plain `GET /v1/consumers` waited 44 to 64 s for one (issue 64). Here a
tenant's previews wait only for its own turns and the executors' (which take turns by
target, `hookline.tenant_code.transform_pool`); past EACH under way, one more is a 429 at once, with
Retry-After, rather than a request queued behind its own."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

import anyio.to_thread

from hookline.errors import RateLimited
from hookline.tenant_code.transform_pool import ExecutorPool

T = TypeVar("T")

THREADS = 16  # for every environment's tenant code together
EACH = 4  # calls of one environment under way at once: at most a quarter of THREADS


class TenantCode:
    def __init__(self, transforms: ExecutorPool, threads: int = THREADS, each: int = EACH
                 ) -> None:
        self.transforms = transforms  # the API's V8 executors, started at the first call
        self.each = each
        self._threads = anyio.CapacityLimiter(threads)
        self._running: dict[str, int] = {}  # by environment; only the event loop touches it

    async def run(self, environment_id: str, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)` on the tenant-code threads, as one of the environment's calls; a 429
        when it has EACH under way already."""
        mine = self._running.get(environment_id, 0)
        if mine >= self.each:
            raise RateLimited(
                f"{mine} previews or checks of this environment's code are under way; at "
                f"most {self.each} run at once", slug="tenant-code-busy",
                title="Too many calls of tenant code", headers={"Retry-After": "1"})
        self._running[environment_id] = mine + 1
        try:
            return await anyio.to_thread.run_sync(partial(fn, *args), limiter=self._threads)
        finally:
            left = self._running[environment_id] - 1
            if left:
                self._running[environment_id] = left
            else:
                del self._running[environment_id]

    def close(self) -> None:
        self.transforms.close()
