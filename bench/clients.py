"""`python -m bench.clients`: the CPU one 1 KB webhook POST costs this process, by client.

The attempt's HTTP client is on the hot path of every delivery, and the engine's best
pattern (bench/pattern.py) posts with whatever client it is given, so this compares the two
candidates and Hookline's whole `Sender.send` (URL guard, Standard Webhooks signature, the
session pinned to the checked address) on equal terms: the same bodies, the same number in
flight, one reused client, to the benchmark's receiver in its own process, on uvloop as the
worker runs. It prints the CPU of this process per POST (every thread) and POSTs per second
for each round; the receiver's CPU is not counted."""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import uvloop

from bench.pattern import body
from bench.posters import CLIENTS, Post, poster, signed
from bench.receiver import Receiver
from hookline.delivery.model import Outgoing
from hookline.delivery.sender import Sender

SECRET = "whsec_" + "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
Attempt = Callable[[str, int], Awaitable[int]]


async def _rounds(name: str, post: Attempt, url: str, count: int, concurrency: int,
                  rounds: int) -> None:
    for n in range(rounds):
        queue = iter(range(count))

        async def worker(queue: Iterator[int]) -> None:
            for i in queue:
                status = await post(url, i)
                assert status == 200, status

        cpu, wall = time.process_time(), time.perf_counter()
        await asyncio.gather(*(worker(queue) for _ in range(concurrency)))
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        print(f"clients: {name} round {n + 1} cpu_ms={1000 * cpu / count:.3f} "
              f"per_s={count / wall:.0f}", flush=True)


async def main(receiver: Receiver, count: int, concurrency: int, rounds: int) -> None:
    for kind in CLIENTS:
        async with poster(kind, concurrency) as post:
            async def with_client(url: str, i: int, post: Post = post, kind: str = kind) -> int:
                content = body(f"evt_{kind}_{i}")
                return await post(url, content, signed(SECRET, f"evt_{kind}_{i}", content))

            await _rounds(kind, with_client, receiver.url(kind), count, concurrency, rounds)

    sender = Sender(timeout=15, allowed_ports=frozenset(), any_port=True,
                    allowed_networks=[ipaddress.ip_network("127.0.0.0/8")])

    async def with_sender(url: str, i: int) -> int:
        result = await sender.send(Outgoing(
            url=url, msg_id=f"evt_sender_{i}", body=body(f"evt_sender_{i}"),
            content_type="application/json", custom_headers={}, secrets=[SECRET],
            require_https=False))
        return result.status_code or 0

    try:
        await _rounds("hookline-sender", with_sender, receiver.url("sender"), count,
                      concurrency, rounds)
    finally:
        await sender.aclose()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m bench.clients", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--posts", type=int, default=3000, help="per round (3000)")
    parser.add_argument("--concurrency", type=int, default=16, help="in flight (16)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds per client (2)")
    parser.add_argument("--port", type=int, default=18931, help="the receiver's port")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hookline-clients-") as folder:
        receiver = Receiver(args.port, Path(folder) / "receiver.log")
        receiver.start()
        try:
            with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
                runner.run(main(receiver, args.posts, args.concurrency, args.rounds))
                runner.run(receiver.close())
        finally:
            receiver.stop()
