"""One reused HTTP client, as the ceilings and `bench.clients` post with it: `httpx` (every
ceiling before 2026-11-25) or `aiohttp` (what Hookline's sender uses, so the default)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable

import aiohttp
import httpx

from hookline.signing import webhook_headers

CLIENTS = ("aiohttp", "httpx")
# POST(url, body, headers) -> the answer's status; the answer's body is read whole.
Post = Callable[[str, bytes, dict[str, str]], Awaitable[int]]


def signed(secret: str, msg_id: str, body: bytes) -> dict[str, str]:
    """A JSON webhook's headers, signed now as Standard Webhooks has it."""
    return {**webhook_headers([secret], msg_id, int(time.time()), body),
            "content-type": "application/json"}


@contextlib.asynccontextmanager
async def poster(kind: str, connections: int) -> AsyncIterator[Post]:
    if kind == "httpx":
        async with httpx.AsyncClient(timeout=15, trust_env=False, follow_redirects=False,
                                     limits=httpx.Limits(max_connections=connections)) as client:
            async def post_httpx(url: str, body: bytes, headers: dict[str, str]) -> int:
                return (await client.post(url, content=body, headers=headers)).status_code

            yield post_httpx
        return
    if kind != "aiohttp":
        raise ValueError(f"no client {kind!r}: one of {', '.join(CLIENTS)}")
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=connections),
                                     cookie_jar=aiohttp.DummyCookieJar(),
                                     timeout=aiohttp.ClientTimeout(total=15)) as session:
        async def post_aiohttp(url: str, body: bytes, headers: dict[str, str]) -> int:
            async with session.post(url, data=body, headers=headers,
                                    allow_redirects=False) as response:
                await response.read()
                return response.status

        yield post_aiohttp
