"""The load generator's client: one keep-alive HTTP/1.1 connection per publisher, raw asyncio.

On two cores the load generator's CPU is CPU the service does not get. Against the
benchmark's own trivial receiver, one shared httpx.AsyncClient with 16 requests in flight
posted about 600/s and spent 1.6 to 1.8 ms of CPU per request, more than the API spends
serving one; an httpx client per publisher, 1,200/s at 0.8 ms. This client writes the
request in one piece and reads a Content-Length answer, for a fraction of that. Only the
scenarios' measured loops use it; set-up calls keep httpx."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any
from urllib.parse import urlsplit

# What a failed call raises: the server closed, reset or never answered.
ERRORS = (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError)
# A connection idle longer than this is reopened before use: uvicorn closes keep-alive
# connections idle for 5 s, and a request written as it closes one is lost (an open-loop
# publisher at a low rate leaves some of its connections idle that long).
REOPEN_AFTER_IDLE = 2.0


class Connection:
    def __init__(self, host: str, port: int, head: bytes) -> None:
        self._host, self._port, self._head = host, port, head
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self.used_at = time.monotonic()

    async def post(self, path: str, body: bytes) -> tuple[int, bytes]:
        if self._writer is None or self._reader is None:
            self._reader, self._writer = await asyncio.open_connection(self._host, self._port)
        reader, writer = self._reader, self._writer
        try:
            writer.write(b"POST %s HTTP/1.1\r\n%sContent-Length: %d\r\n\r\n%s"
                         % (path.encode(), self._head, len(body), body))
            head = await reader.readuntil(b"\r\n\r\n")
            status_line, *lines = head[:-4].decode("latin-1").split("\r\n")
            headers = {k.strip().lower(): v.strip()
                       for k, _, v in (line.partition(":") for line in lines)}
            if "content-length" not in headers:  # chunked: not an answer our API gives
                raise ValueError(f"no Content-Length in the answer to POST {path}")
            answer = await reader.readexactly(int(headers["content-length"]))
        except BaseException:
            self.close()
            raise
        if headers.get("connection", "").lower() == "close":
            self.close()
        self.used_at = time.monotonic()
        return int(status_line.split(" ", 2)[1]), answer

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
        self._reader = self._writer = None


class Poster:
    """POSTs JSON to one server, each caller on a connection of its own: with as many
    connections as publishers, none ever waits for another's."""

    def __init__(self, base_url: str, headers: dict[str, str] | None = None) -> None:
        url = urlsplit(base_url)
        self._host, self._port = url.hostname or "127.0.0.1", url.port or 80
        self._base = url.path.rstrip("/")
        extra = {"Host": url.netloc, "Content-Type": "application/json", **(headers or {})}
        self._head = "".join(f"{k}: {v}\r\n" for k, v in extra.items()).encode()
        self._free: list[Connection] = []
        self._all: list[Connection] = []

    async def post(self, path: str, body: Any) -> tuple[int, bytes]:
        """`body` as JSON; the answer's status and body."""
        connection = self._free.pop() if self._free else self._new()
        if time.monotonic() - connection.used_at > REOPEN_AFTER_IDLE:
            connection.close()
        try:
            return await connection.post(
                self._base + path, json.dumps(body, separators=(",", ":")).encode())
        finally:
            self._free.append(connection)

    def _new(self) -> Connection:
        connection = Connection(self._host, self._port, self._head)
        self._all.append(connection)
        return connection

    def close(self) -> None:
        for connection in self._all:
            connection.close()
