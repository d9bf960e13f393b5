"""A real HTTP receiver on loopback that records what arrives and answers as its path says:

/ok...           200
/status/<code>   that status
/redirect        302 to /ok
/slow/<seconds>  waits, then 200; /slow/<seconds>/<path> waits, then answers as <path>
/close           closes the connection without answering
/flaky/<n>/...   fails the first n requests to that path with 503, then 200
/retry-after/<status>/<value>/...  that status with `Retry-After: <value>`; a value
                 `date+<n>` is the HTTP date n seconds from now
/cookie          200 with a `Set-Cookie`
/big/<bytes>     200 with a body of that many bytes
/as/<name>       answers as the path `receiver.modes[name]` says (default /ok), which a test
                 changes while it runs: a receiver that hangs, then recovers
/when/<text>/<status>  that status when the body holds <text>, else 200: a receiver that
                 refuses some events (one key's) and takes the others
"""

from __future__ import annotations

import select
import socket
import threading
import time
from collections import Counter
from dataclasses import dataclass
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Received:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes
    at: float


class Receiver:
    def __init__(self) -> None:
        self.received: list[Received] = []
        self._lock = threading.Condition()
        self._counts: Counter[str] = Counter()
        self._open: Counter[str] = Counter()
        self.most_open: Counter[str] = Counter()  # the most requests to a path open at once
        self.modes: dict[str, str] = {}  # /as/<name> answers as this path
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def url(self, path: str = "/ok") -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def at(self, path: str) -> list[Received]:
        with self._lock:
            return [r for r in self.received if r.path == path]

    def open_now(self, path: str) -> int:
        """Requests to `path` (a /slow one) that arrived and are not answered yet."""
        with self._lock:
            return self._open[path]

    def wait(self, count: int, path: str | None = None, timeout: float = 30) -> list[Received]:
        """Block until `count` requests (to `path`, if given) have arrived."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while True:
                got = [r for r in self.received if path is None or r.path == path]
                if len(got) >= count:
                    return got
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"{len(got)} of {count} requests arrived at "
                                         f"{path or 'any path'} within {timeout} s")
                self._lock.wait(left)

    def _record(self, handler: BaseHTTPRequestHandler, body: bytes) -> None:
        entry = Received(method=handler.command, path=handler.path,
                         headers={k.lower(): v for k, v in handler.headers.items()},
                         body=body, at=time.time())
        with self._lock:
            self.received.append(entry)
            self._counts[handler.path] += 1
            self._lock.notify_all()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *_args: Any) -> None:
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length) if length else b""
                receiver._record(self, body)
                self._body = body
                self._answer()

            do_PUT = do_POST

            def _answer(self) -> None:
                parts = self.path.split("?")[0].strip("/").split("/")
                if parts[0] == "as":
                    parts = receiver.modes.get(parts[1], "/ok").strip("/").split("/")
                if parts[0] == "close":
                    self.close_connection = True
                    self.connection.close()
                    return
                if parts[0] == "slow":
                    with receiver._lock:
                        receiver._open[self.path] += 1
                        receiver.most_open[self.path] = max(receiver.most_open[self.path],
                                                            receiver._open[self.path])
                    try:
                        if not self._wait_open(float(parts[1])):
                            self.close_connection = True
                            return  # the sender gave up: nobody to answer
                    finally:
                        with receiver._lock:
                            receiver._open[self.path] -= 1
                    parts = parts[2:] or ["ok"]
                if parts[0] == "status":
                    self._reply(int(parts[1]))
                elif parts[0] == "retry-after":
                    value = parts[2]
                    if value.startswith("date+"):
                        value = formatdate(time.time() + float(value[5:]), usegmt=True)
                    self._reply(int(parts[1]), {"Retry-After": value})
                elif parts[0] == "redirect":
                    self._reply(302, {"Location": "/ok"})
                elif parts[0] == "cookie":
                    self._reply(200, {"Set-Cookie": "session=abc; Path=/"})
                elif parts[0] == "echo":  # the request's body, with the status given
                    self._reply(int(parts[1]), body=self._body)
                elif parts[0] == "big":
                    self._reply(200, body=b"x" * int(parts[1]))
                elif parts[0] == "when":
                    self._reply(int(parts[2]) if parts[1].encode() in self._body else 200)
                elif parts[0] == "flaky":
                    with receiver._lock:
                        seen = receiver._counts[self.path]
                    self._reply(503 if seen <= int(parts[1]) else 200)
                else:
                    self._reply(200)

            def _wait_open(self, seconds: float) -> bool:
                """Wait, unless the sender closes the connection first (then False): what
                `most_open` counts is connections open at the receiver."""
                deadline = time.monotonic() + seconds
                while (left := deadline - time.monotonic()) > 0:
                    readable, _, _ = select.select([self.connection], [], [], left)
                    if readable:
                        if self.connection.recv(1, socket.MSG_PEEK) == b"":
                            return False
                        time.sleep(max(0.0, deadline - time.monotonic()))
                return True

            def _reply(self, status: int, headers: dict[str, str] | None = None,
                       body: bytes | None = None) -> None:
                if body is None:
                    body = f'{{"received": true, "status": {status}}}'.encode()
                self.send_response(status)
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        return Handler
