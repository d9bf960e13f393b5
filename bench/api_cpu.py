"""`python -m bench.api_cpu`: the API's own CPU per publish and per ingestion post.

The application runs in this process and is called through ASGI directly: no sockets, no
HTTP client, no Temporal (starts are left to the reconciler), a temp SQLite database. What
it prints is what the API process itself spends on a request, the figure that bounds its
rate on one core, and is steadier than the full benchmark, which shares two cores with
the worker, the dev server and the load generator. CPU time counts every thread."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import tempfile
import time
from collections.abc import Awaitable, Callable
from typing import Any

Headers = list[tuple[bytes, bytes]]


def _configure(folder: str) -> None:
    os.environ.update({
        "HOOKLINE_DATABASE_URL": f"sqlite:///{folder}/hookline.db",
        "HOOKLINE_TEMPORAL_ADDRESS": "127.0.0.1:9",
        "HOOKLINE_LOG_LEVEL": "error",
        "HOOKLINE_DEFAULT_RPS": "1000000",
        "HOOKLINE_ALLOWED_SUBNETS": "127.0.0.0/8",
        "HOOKLINE_ALLOWED_PORTS": "*",
    })


async def call(app: Any, method: str, path: str, body: Any, headers: Headers
               ) -> tuple[int, bytes]:
    raw = json.dumps(body).encode()
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": method, "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": b"", "root_path": "", "server": ("127.0.0.1", 8000),
             "client": ("127.0.0.1", 50000),
             "headers": [(b"host", b"bench"), (b"content-type", b"application/json"),
                         (b"content-length", str(len(raw)).encode()), *headers]}
    chunks = [{"type": "http.request", "body": raw, "more_body": False}]
    status: list[int] = []
    out: list[bytes] = []

    async def receive() -> dict[str, Any]:
        if chunks:
            return chunks.pop()
        await asyncio.Event().wait()  # the client never disconnects
        raise AssertionError

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            status.append(message["status"])
        else:
            out.append(message.get("body", b""))

    await app(scope, receive, send)
    return status[0], b"".join(out)


async def measure(label: str, count: int, concurrency: int,
                  request: Callable[[int], Awaitable[tuple[int, bytes]]]) -> None:
    for i in range(50):  # warm-up: caches, statement compilation
        await request(i)
    latencies: list[float] = []
    next_i = 0

    async def client() -> None:
        nonlocal next_i
        while next_i < count:
            i, next_i = next_i, next_i + 1
            started = time.perf_counter()
            status, body = await request(i)
            latencies.append(time.perf_counter() - started)
            if status >= 300:
                raise RuntimeError(f"{label}: {status} {body[:300]!r}")

    cpu, wall = time.process_time(), time.perf_counter()
    await asyncio.gather(*(client() for _ in range(concurrency)))
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    latencies.sort()
    print(f"api-cpu: {label} cpu_ms={1000 * cpu / count:.2f} per_s={count / wall:.0f} "
          f"p50_ms={1000 * latencies[count // 2]:.1f} "
          f"p99_ms={1000 * latencies[int(count * 0.99)]:.1f}", flush=True)


async def main(count: int, concurrency: int, endpoints: int) -> None:
    from api.main import create_app
    from hookline.persistence.db import committed, session_scope
    from hookline.persistence.migrations import upgrade
    from hookline.services import accounts
    from hookline.settings import get_settings

    upgrade(get_settings().database_url)
    with session_scope() as session:
        org = committed(session, accounts.create_org, "bench")
        env = committed(session, accounts.create_env, org.id, "bench", "development")
        _, key = committed(session, accounts.create_key, env.id)
    app = create_app()
    auth: Headers = [(b"authorization", f"Bearer {key}".encode())]

    async def ok(method: str, path: str, body: Any) -> Any:
        status, answer = await call(app, method, path, body, auth)
        if status >= 300:
            raise RuntimeError(f"{path}: {status} {answer[:300]!r}")
        return json.loads(answer)

    async with app.router.lifespan_context(app):
        await ok("POST", "/v1/event-types", {"name": "invoice.paid"})
        await ok("POST", "/v1/consumers", {"externalId": "acme", "name": "acme"})
        for i in range(endpoints):
            await ok("POST", "/v1/endpoints", {"consumer": "acme",
                                               "url": f"http://127.0.0.1:9/{i}"})
        source = await ok("POST", "/v1/ingest/sources", {"name": "bench"})
        await ok("POST", f"/v1/ingest/sources/{source['id']}/destinations",
                 {"url": "http://127.0.0.1:9/"})
        ingest_path = "/in/" + source["url"].rsplit("/in/", 1)[1]
        await measure(f"publish_{endpoints}", count, concurrency, lambda i: call(
            app, "POST", "/v1/events",
            {"type": "invoice.paid", "consumer": "acme", "data": {"i": i}}, auth))
        await measure("ingest", count, concurrency, lambda i: call(
            app, "POST", ingest_path, {"i": i}, []))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m bench.api_cpu", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=3000, help="per route (3000)")
    parser.add_argument("--concurrency", type=int, default=16, help="in flight (16)")
    parser.add_argument("--endpoints", type=int, default=1, help="the consumer's endpoints (1)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hookline-api-cpu-") as folder:
        _configure(folder)
        asyncio.run(main(args.requests, args.concurrency, args.endpoints))
