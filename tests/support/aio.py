"""Running a coroutine to its end from test code, sync or not."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run(work: Coroutine[Any, Any, T]) -> T:
    """On an event loop and a thread of its own: a test that is itself inside a loop can call
    the brokers' helpers too (asyncio.run refuses to nest)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, work).result()
