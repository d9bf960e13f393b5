"""A fast webhook receiver in its own process: raw asyncio + httptools, answers 200 at once
and records (Webhook-Id, path, arrival time). Arrival times are time.monotonic(), i.e.
CLOCK_MONOTONIC, which is shared by every process on the machine.

Paths are /<tag>/<anything>; /<tag>/hang/<anything> is recorded too but answered only after
HANG_SECONDS, far past any attempt timeout (a timer on the event loop per request, so a
thousand hanging requests cost the receiver nothing); /<tag>/down/<seconds>/<anything> is
answered 503 for that many seconds from its first request, then 200 (`inf`: never comes
back); /<tag>/slow/<seconds>/<anything> is answered 200 after that many seconds. The most
requests of a tag open at once (not yet answered, the sender still waiting) is kept. The
control routes report per tag:
  GET /_health                 -> ok
  GET /_count?tag=T            -> {"arrivals", "unique", "duplicates", "open", "most_open"}
  GET /_dump?tag=T             -> {"records": [[webhook_id, path, t], ...]}

Run: python -m bench.receiver --port N. The parent side is `Receiver` below.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import cast
from urllib.parse import parse_qs

import httptools
import httpx

from bench.stack import wait_healthy

OK = b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nok"
NOT_FOUND = b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n"
DOWN = b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n"
HANG_SECONDS = 600.0


class Store:
    def __init__(self) -> None:
        self.records: dict[str, list[tuple[str, str, float]]] = defaultdict(list)
        self.seen: dict[str, set[tuple[str, str]]] = defaultdict(set)
        self.first: dict[str, float] = {}  # a `down` path's first request
        self.open: dict[str, int] = defaultdict(int)  # requests not answered yet
        self.most_open: dict[str, int] = defaultdict(int)

    def add(self, tag: str, path: str, webhook_id: str, at: float) -> None:
        self.records[tag].append((webhook_id, path, at))
        self.seen[tag].add((webhook_id, path))

    def opened(self, tag: str) -> None:
        self.open[tag] += 1
        self.most_open[tag] = max(self.most_open[tag], self.open[tag])

    def closed(self, tag: str) -> None:
        self.open[tag] -= 1

    def count(self, tag: str) -> dict[str, int]:
        arrivals, unique = len(self.records.get(tag, ())), len(self.seen.get(tag, ()))
        return {"arrivals": arrivals, "unique": unique, "duplicates": arrivals - unique,
                "open": self.open.get(tag, 0), "most_open": self.most_open.get(tag, 0)}


def _json_response(data: object) -> bytes:
    body = json.dumps(data, separators=(",", ":")).encode()
    head = (f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode()
    return head + body


class Connection(asyncio.Protocol):
    def __init__(self, store: Store) -> None:
        self.store = store
        self.transport: asyncio.Transport | None = None
        self.parser = httptools.HttpRequestParser(self)
        self.url = b""
        self.webhook_id = ""
        self.hanging: asyncio.TimerHandle | None = None
        self.waiting_tag = ""  # the tag of the request waiting for its answer

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's is not a subclass

    def connection_lost(self, exc: Exception | None) -> None:
        if self.hanging is not None:  # the sender gave up waiting
            self.hanging.cancel()
            self.hanging = None
            self.store.closed(self.waiting_tag)

    def data_received(self, data: bytes) -> None:
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserError:
            if self.transport is not None:
                self.transport.close()

    # httptools callbacks
    def on_message_begin(self) -> None:
        self.url, self.webhook_id = b"", ""

    def on_url(self, url: bytes) -> None:
        self.url += url

    def on_header(self, name: bytes, value: bytes) -> None:
        if name.lower() == b"webhook-id":
            self.webhook_id = value.decode("latin-1")

    def on_message_complete(self) -> None:
        at = time.monotonic()
        parsed = httptools.parse_url(self.url)
        path = parsed.path.decode("latin-1")
        tag = path.strip("/").split("/", 1)[0]
        if tag.startswith("_"):
            reply = self._control(tag, parse_qs((parsed.query or b"").decode()))
        else:
            self.store.add(tag, path, self.webhook_id, at)
            reply = OK
            parts = path.split("/")
            if parts[2:3] == ["down"]:
                since = self.store.first.setdefault(path, at)
                reply = DOWN if at - since < float(parts[3]) else OK
            elif parts[2:3] in (["hang"], ["slow"]):
                delay = HANG_SECONDS if parts[2] == "hang" else float(parts[3])
                self.waiting_tag = tag
                self.store.opened(tag)
                self.hanging = asyncio.get_running_loop().call_later(delay, self._reply, reply)
                return
        self._reply(reply)

    def _reply(self, reply: bytes) -> None:
        if self.hanging is not None:
            self.hanging = None
            self.store.closed(self.waiting_tag)
        if self.transport is None or self.transport.is_closing():
            return
        self.transport.write(reply)
        if not self.parser.should_keep_alive():
            self.transport.close()

    def _control(self, route: str, query: dict[str, list[str]]) -> bytes:
        tag = query.get("tag", [""])[0]
        if route == "_health":
            return OK
        if route == "_count":
            return _json_response(self.store.count(tag))
        if route == "_dump":
            return _json_response({"records": self.store.records.get(tag, [])})
        return NOT_FOUND


async def serve(host: str, port: int) -> None:
    store = Store()
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: Connection(store), host, port, backlog=1024)
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    async with server:
        await stop.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    try:
        import uvloop
    except ImportError:  # pragma: no cover - uvloop comes with uvicorn[standard]
        asyncio.run(serve(args.host, args.port))
    else:
        with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
            runner.run(serve(args.host, args.port))


class Receiver:
    """The parent's handle: start the process, ask for counts and records, stop it."""

    def __init__(self, port: int, log: Path) -> None:
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None
        self.control = httpx.AsyncClient(base_url=self.base, timeout=30, trust_env=False)

    def start(self, seconds: float = 15) -> None:
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "bench.receiver", "--port", str(self.port)],
                stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                cwd=Path(__file__).resolve().parents[1])
        try:
            wait_healthy(self.proc, self.base + "/_health", time.monotonic() + seconds)
        except (RuntimeError, TimeoutError) as exc:
            raise type(exc)(f"receiver: {exc}") from None

    def url(self, tag: str, name: str = "0") -> str:
        return f"{self.base}/{tag}/{name}"

    async def count(self, tag: str) -> dict[str, int]:
        response = await self.control.get("/_count", params={"tag": tag})
        return response.json()

    async def dump(self, tag: str) -> list[tuple[str, str, float]]:
        response = await self.control.get("/_dump", params={"tag": tag})
        return [(r[0], r[1], r[2]) for r in response.json()["records"]]

    async def wait_for(self, tag: str, expected: int, deadline: float,
                       stall_seconds: float = 30) -> dict[str, int]:
        """Poll until `expected` unique arrivals, the deadline, or no progress for a while."""
        last, progress_at = -1, time.monotonic()
        while True:
            counts = await self.count(tag)
            now = time.monotonic()
            if counts["unique"] != last:
                last, progress_at = counts["unique"], now
            if last >= expected or now >= deadline or now - progress_at > stall_seconds:
                return counts
            await asyncio.sleep(0.2)

    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None

    async def close(self) -> None:
        await self.control.aclose()

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        except ProcessLookupError:
            pass


if __name__ == "__main__":
    main()
