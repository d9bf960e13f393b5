"""A RabbitMQ node on loopback, from Debian's rabbitmq-server (`make tools-brokers`), with
everything of its own in one folder: its Mnesia database, logs, Erlang cookie, an epmd on a
port of its own (never the machine's 4369, which other nodes may share) and no plugins.

Two users on vhost `/`: `guest`/`guest` (RabbitMQ lets it in from loopback only) and
`user`/`password`. `url` carries no credentials, as a destination's does (they are its
`credentials`); `url_for` gives a client's. `stop()` and `start()` keep the ports and the
database: durable queues and their persistent messages outlive an outage."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import aio_pika

from tests.support import aio, tools
from tests.support.procs import Served, free_port, spawn, stop, stop_tree, wait_port


@dataclass(frozen=True)
class AmqpMessage:
    exchange: str
    routing_key: str
    body: bytes
    headers: dict[str, Any]
    content_type: str | None
    message_id: str | None
    persistent: bool
    redelivered: bool


class RabbitMQ(Served):
    user = "hookline"

    def __init__(self, folder: Path, password: str = "rabbit-secret") -> None:
        self.folder, self.password = folder, password
        self.port, self.dist_port, self.epmd_port = free_port(), free_port(), free_port()
        self.url = f"amqp://127.0.0.1:{self.port}"
        self.node = f"hookline{self.port}@localhost"
        self.log = folder / "rabbitmq.log"
        self.server = tools.rabbitmq()
        self._configure()
        self.epmd: subprocess.Popen[bytes] | None = None
        self.proc: subprocess.Popen[bytes] | None = None

    def url_for(self, user: str = "guest", password: str = "guest", vhost: str = "/") -> str:
        return f"amqp://{quote(user, safe='')}:{quote(password, safe='')}@127.0.0.1:" \
               f"{self.port}/{quote(vhost, safe='')}"

    def start(self) -> None:
        """On the same ports, node name and database as before; no-op when running."""
        if self.running:
            return
        if self.epmd is None:
            self.epmd = spawn([tools.epmd(), "-port", str(self.epmd_port), "-address",
                               "127.0.0.1"], {}, self.folder / "epmd.log")
        self.proc = spawn([str(self.server)], self._environment(), self.log)
        wait_port(self.port, 60, self.proc)
        aio.run(self._ready(30))

    def stop(self, *, kill: bool = False) -> None:
        """A clean shutdown (SIGTERM, about a second), or a crash with `kill` (instant):
        confirmed persistent messages on durable queues survive either."""
        if self.proc is not None:
            stop_tree(self.proc, kill=kill, seconds=30)

    def close(self) -> None:
        self.stop(kill=True)
        if self.epmd is not None:
            stop(self.epmd, kill=True)

    def declare(self, exchange: str, queue: str, routing_key: str = "#",
                kind: str = "topic") -> None:
        """A durable exchange and a durable queue bound to it (as guest)."""
        aio.run(self._declare(exchange, queue, routing_key, kind))

    def read(self, queue: str, n: int, timeout: float = 10) -> list[AmqpMessage]:
        """Up to `n` messages taken off the queue (acknowledged), in queue order; fewer if
        no more came within `timeout`. RabbitMQ writes acknowledgements lazily: after a
        crash (`stop(kill=True)`), messages read just before it may be there again."""
        return aio.run(self._read(queue, n, timeout))

    def count(self, queue: str) -> int:
        """Messages ready on the queue."""
        return aio.run(self._count(queue))

    def waiting(self, queue: str) -> int:
        """Messages on the queue not acknowledged: ready, or delivered and not acked (as
        `rabbitmqctl list_queues messages` counts them)."""
        done = subprocess.run(self._ctl("list_queues", "name", "messages"), env={
            **os.environ, **self._environment()}, capture_output=True, text=True, timeout=60,
            check=True)
        for line in done.stdout.splitlines():
            name, _, count = line.rpartition("\t")
            if name == queue:
                return int(count)
        raise LookupError(f"no queue {queue!r}: {done.stdout[-500:]}")

    def send(self, queue: str, messages: list[tuple[bytes, dict[str, str]]],
             message_ids: bool = True) -> None:
        """Each message (a body, its headers) put on `queue` through the default exchange,
        persistent and confirmed, in order; with `message_ids`, each with one."""
        aio.run(self._send(queue, messages, message_ids))

    def _ctl(self, *args: str) -> list[str]:
        return [str(self.server.with_name("rabbitmqctl")), "-n", self.node, "-q", *args]

    # The node's files: written once, so every start is the same node.

    def _configure(self) -> None:
        users = [("guest", "guest", ["administrator"]), (self.user, self.password, [])]
        definitions = {
            "users": [{"name": name, "password": pw, "tags": tags} for name, pw, tags in users],
            "vhosts": [{"name": "/"}],
            "permissions": [{"user": name, "vhost": "/", "configure": ".*", "write": ".*",
                             "read": ".*"} for name, _, _ in users],
        }
        (self.folder / "definitions.json").write_text(json.dumps(definitions))
        (self.folder / "rabbitmq.conf").write_text(
            f"listeners.tcp.default = 127.0.0.1:{self.port}\n"
            f"load_definitions = {self.folder / 'definitions.json'}\n")

    def _environment(self) -> dict[str, str]:
        folder = self.folder
        return {
            "RABBITMQ_NODENAME": self.node, "RABBITMQ_NODE_IP_ADDRESS": "127.0.0.1",
            "RABBITMQ_NODE_PORT": str(self.port), "RABBITMQ_DIST_PORT": str(self.dist_port),
            "ERL_EPMD_PORT": str(self.epmd_port), "HOME": str(folder),
            "RABBITMQ_MNESIA_BASE": str(folder / "mnesia"), "RABBITMQ_LOG_BASE": str(folder),
            "RABBITMQ_CONFIG_FILE": str(folder / "rabbitmq.conf"),
            # Files that do not exist: neither /etc/rabbitmq's nor any plugin.
            "RABBITMQ_ADVANCED_CONFIG_FILE": str(folder / "advanced.config"),
            "RABBITMQ_CONF_ENV_FILE": str(folder / "rabbitmq-env.conf"),
            "RABBITMQ_ENABLED_PLUGINS_FILE": str(folder / "enabled_plugins"),
        }

    async def _ready(self, seconds: float) -> None:
        # The port opens as the node finishes booting; a login proves the users are loaded.
        deadline = time.monotonic() + seconds
        while True:
            try:
                connection = await aio_pika.connect(self.url_for(self.user, self.password),
                                                    timeout=5)
                await connection.close()
                return
            except Exception:
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.1)

    async def _declare(self, exchange: str, queue: str, routing_key: str, kind: str) -> None:
        async with await aio_pika.connect(self.url_for()) as connection:
            channel = await connection.channel()
            ex = await channel.declare_exchange(exchange, aio_pika.ExchangeType(kind),
                                                durable=True)
            q = await channel.declare_queue(queue, durable=True)
            await q.bind(ex, routing_key)

    async def _read(self, queue: str, n: int, timeout: float) -> list[AmqpMessage]:
        messages: list[AmqpMessage] = []
        async with await aio_pika.connect(self.url_for()) as connection:
            channel = await connection.channel()
            q = await channel.declare_queue(queue, passive=True)
            deadline = time.monotonic() + timeout
            while len(messages) < n and time.monotonic() < deadline:
                message = await q.get(fail=False)
                if message is None:
                    await asyncio.sleep(0.05)
                    continue
                await message.ack()
                messages.append(_message(message))
        return messages

    async def _send(self, queue: str, messages: list[tuple[bytes, dict[str, str]]],
                    message_ids: bool) -> None:
        async with await aio_pika.connect(self.url_for()) as connection:
            channel = await connection.channel()
            for n, (body, headers) in enumerate(messages):
                await channel.default_exchange.publish(aio_pika.Message(
                    body, headers=dict(headers), content_type="application/json",
                    message_id=f"m-{time.time_ns()}-{n}" if message_ids else None,
                    delivery_mode=aio_pika.DeliveryMode.PERSISTENT), routing_key=queue)

    async def _count(self, queue: str) -> int:
        async with await aio_pika.connect(self.url_for()) as connection:
            channel = await connection.channel()
            q = await channel.declare_queue(queue, passive=True)
            return int(q.declaration_result.message_count or 0)


def _message(message: aio_pika.abc.AbstractIncomingMessage) -> AmqpMessage:
    return AmqpMessage(exchange=message.exchange or "", routing_key=message.routing_key or "",
                       body=message.body, headers=dict(message.headers or {}),
                       content_type=message.content_type, message_id=message.message_id,
                       persistent=message.delivery_mode == aio_pika.DeliveryMode.PERSISTENT,
                       redelivered=bool(message.redelivered))
