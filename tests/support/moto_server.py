"""moto's server as tests/support/aws.py runs it, with one fix to the emulator itself: its
Kinesis shard numbers a record from the last one stored ("this function is not safe for
concurrency", moto/kinesis/models.py), so two puts at once took one sequence number and
the second overwrote the first, each answered as stored. The engine puts concurrently, as
it may against AWS: here a lock makes moto's puts take turns, as AWS's never clash."""

from __future__ import annotations

import threading
from typing import Any

from moto.kinesis.models import Shard
from moto.server import main

_PUTS = threading.Lock()
_put_record = Shard.put_record


def _one_at_a_time(self: Shard, *args: Any, **kwargs: Any) -> str:
    with _PUTS:
        return _put_record(self, *args, **kwargs)


Shard.put_record = _one_at_a_time  # type: ignore[method-assign]

if __name__ == "__main__":
    main()
