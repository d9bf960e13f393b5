"""`python -m hookline.transform_executor TIMEOUT MAX_MEMORY`: one V8 executor, a process of
its own (`hookline.transform_pool` starts and replaces them).

mini-racer must run every call of a process on one thread, so a worker that ran targets'
handlers in-process made them all take turns on that thread: ten looping handlers delayed
every other target's transformed deliveries by 50 s (issue 47). Executors are processes so
that several calls run at once, and so that one that dies or wedges takes nothing else with
it. The protocol on stdin and stdout: a 4-byte big-endian length, then a JSON object.

- request `{"target": id, "source": js, "webhook": json text, "timeout": seconds}` →
  `{"ok": json text}` or `{"failed": message, "exhausted": bool, "timeout": bool}`
  (exhausted: the call ran out of time or memory; timeout: of time);
- the first message, before any request, is `{"ready": true}`;
- every answer carries `cpu` (seconds of this call) and `recycle` (this process's memory is
  past its bound: the pool replaces it after this answer)."""

from __future__ import annotations

import json
import resource
import struct
import sys
import time
from typing import Any, BinaryIO

from hookline.transformations import Contexts, Limits, TransformFailed

MAX_RSS = 512 * 2**20  # bytes: past this, the pool replaces the process


def read(stream: BinaryIO) -> Any:
    header = stream.read(4)
    if len(header) < 4:
        return None
    (size,) = struct.unpack(">I", header)
    return json.loads(stream.read(size))


def write(stream: BinaryIO, message: dict[str, Any]) -> None:
    body = json.dumps(message).encode()
    stream.write(struct.pack(">I", len(body)) + body)
    stream.flush()


def answer(contexts: Contexts, request: dict[str, Any]) -> dict[str, Any]:
    started = time.thread_time()
    try:
        found: dict[str, Any] = {"ok": contexts.call(request["target"], request["source"],
                                                     request["webhook"], request["timeout"])}
    except TransformFailed as exc:
        found = {"failed": str(exc), "exhausted": exc.exhausted, "timeout": exc.timed_out}
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return {**found, "cpu": time.thread_time() - started, "recycle": rss > MAX_RSS}


def main(argv: list[str]) -> None:
    contexts = Contexts(Limits(float(argv[1]), int(argv[2])))
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing but answers on the protocol's stream
    contexts.warm()
    write(stdout, {"ready": True})  # V8 is up: the first call pays no start-up
    while (request := read(stdin)) is not None:
        write(stdout, answer(contexts, request))


if __name__ == "__main__":
    main(sys.argv)
