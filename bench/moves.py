"""Moves between files on three paths, as issue 66 counts them: a call or a return that
changes which of the repository's files is executing, coroutine resumptions included,
counted with `sys.setprofile` and `threading.setprofile` over one warm request.

  python -m bench.moves            # the three figures, and the files each path entered

- `publish`: `POST /v1/events` to one endpoint, on the API served in-process (uvicorn on a
  thread, SQLite);
- `svix`: the Svix layer's `POST /api/v1/app/{app}/msg` for the same;
- `attempt`: one HTTP attempt, the worker's `attempt_delivery` activity run as
  tests/support/one_attempt.py runs it, to a loopback receiver.

Frames of libraries and of the standard library are not counted: a move is from one of our
files to another, whatever ran between. Also printed: calls from hookline/ into api/, and
whether the attempt entered a broker module."""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import FrameType
from typing import Any

import httpx

REPO = Path(__file__).resolve().parents[1]
OURS = tuple(str(REPO / part) for part in ("api", "hookline", "activities", "workflows",
                                           "worker.py"))


class Moves:
    """Per thread, the last of our files that ran; a move when the next differs."""

    def __init__(self) -> None:
        self.active = False
        self.moves = 0
        self.up = 0  # hookline/ calling into api/
        self.entered: Counter[str] = Counter()
        self._last: dict[int, str] = {}
        self._lock = threading.Lock()

    def __call__(self, frame: FrameType, event: str, _arg: Any) -> None:
        if not self.active or event not in ("call", "return"):
            return
        here = frame if event == "call" else frame.f_back
        if here is None:
            return
        path = here.f_code.co_filename
        if not path.startswith(OURS):
            return
        thread = threading.get_ident()
        with self._lock:
            last = self._last.get(thread)
            if last != path:
                if last is not None:
                    self.moves += 1
                    if event == "call" and "/hookline/" in last and "/api/" in path:
                        self.up += 1
                self._last[thread] = path
                self.entered[os.path.relpath(path, REPO)] += 1

    @contextmanager
    def counting(self) -> Iterator[None]:
        self.moves, self.up, self.entered, self._last = 0, 0, Counter(), {}
        self.active = True
        try:
            yield
        finally:
            self.active = False


class _Ok(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("content-length") or 0))
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *_args: object) -> None:
        pass


def main() -> None:
    moves = Moves()
    threading.setprofile(moves)
    sys.setprofile(moves)
    folder = Path(tempfile.mkdtemp(prefix="hookline-moves-"))
    receiver = ThreadingHTTPServer(("127.0.0.1", 0), _Ok)
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    from tests.support.procs import free_port

    port = free_port()
    os.environ.update({
        "HOOKLINE_DATABASE_URL": f"sqlite:///{folder / 'hookline.db'}",
        "HOOKLINE_TEMPORAL_ADDRESS": f"127.0.0.1:{free_port()}",  # nothing: never asked
        "HOOKLINE_ALLOWED_SUBNETS": "127.0.0.0/8", "HOOKLINE_ALLOWED_PORTS": "*",
        "HOOKLINE_API_PORT": str(port), "HOOKLINE_LOG_LEVEL": "warning"})
    from hookline.persistence.migrations import upgrade

    upgrade(os.environ["HOOKLINE_DATABASE_URL"])
    import uvicorn

    from api.main import create_app
    from tests.support.procs import wait_http

    server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port,
                                           log_level="warning", access_log=False))
    threading.Thread(target=server.run, daemon=True).start()
    base = f"http://127.0.0.1:{port}"
    wait_http(base + "/healthz", 30)
    key = _tenant()
    http = httpx.Client(base_url=base, headers={"Authorization": f"Bearer {key}"}, timeout=30)
    url = f"http://127.0.0.1:{receiver.server_address[1]}/ok"
    http.post("/v1/event-types", json={"name": "invoice.paid"})
    http.post("/v1/consumers", json={"externalId": "acme", "name": "acme"})
    http.post("/v1/endpoints", json={"consumer": "acme", "url": url})
    http.post("/api/v1/app", json={"name": "svix", "uid": "svix"})
    http.post("/api/v1/app/svix/endpoint", json={"url": url})
    event = {"type": "invoice.paid", "consumer": "acme", "data": {"n": 1}}
    message = {"eventType": "invoice.paid", "payload": {"n": 1}}
    figures = {}
    for name, path, body in (("publish", "/v1/events", event),
                             ("svix", "/api/v1/app/svix/msg", message)):
        for _ in range(5):
            assert http.post(path, json=body).status_code in (200, 201, 202)
        with moves.counting():
            assert http.post(path, json=body).status_code in (200, 201, 202)
        figures[name] = (moves.moves, moves.up, dict(moves.entered))
    ids = _pending(os.environ["HOOKLINE_DATABASE_URL"])
    figures["attempt"] = asyncio.run(_attempts(moves, ids))
    server.should_exit = True
    sys.setprofile(None)
    for name, (count, up, entered) in figures.items():
        brokers = sorted(f for f in entered if "/brokers/" in f)
        print(f"{name}: {count} moves between {len(entered)} files; {up} calls from hookline/ "
              f"into api/; broker files entered: {brokers or 'none'}")
        for path, times in sorted(entered.items(), key=lambda kv: -kv[1]):
            print(f"    {times:4d}  {path}")


def _tenant() -> str:
    from sqlmodel import Session

    from hookline.persistence.db import committed, get_engine
    from hookline.services import accounts

    with Session(get_engine(), expire_on_commit=False) as session:
        org = committed(session, accounts.create_org, "moves")
        env = committed(session, accounts.create_env, org.id, "development", "development")
        _, key = committed(session, accounts.create_key, env.id)
    return str(key)


def _pending(url: str) -> list[str]:
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    with engine.connect() as db:
        found = list(db.execute(text("SELECT id FROM deliveries WHERE endpoint_id IN "
                                     "(SELECT id FROM endpoints WHERE url LIKE '%/ok') "
                                     "ORDER BY created_at")).scalars())
    engine.dispose()
    return found


async def _attempts(moves: Moves, ids: list[str]) -> tuple[int, int, dict[str, int]]:
    from hookline.contracts import AttemptInput
    from tests.support.one_attempt import attempt_activities

    activities, env = await attempt_activities()
    for delivery_id in ids[:-1]:
        await env.run(activities.attempt_delivery,
                      AttemptInput(delivery_id=delivery_id, next_delay=1.0, longest_delay=1.0))
    with moves.counting():
        outcome = await env.run(activities.attempt_delivery, AttemptInput(
            delivery_id=ids[-1], next_delay=1.0, longest_delay=1.0))
    assert outcome.status == "delivered", outcome
    activities.engine.transforms.close()
    await activities.engine.sender.aclose()
    return moves.moves, moves.up, dict(moves.entered)


if __name__ == "__main__":
    main()
