"""Temporal Schedules as an operator sees them: through the `temporal schedule` CLI."""

from __future__ import annotations

import json
import subprocess
import time
from datetime import datetime
from typing import Any

from tests.support.procs import temporal_cli
from tests.support.stack import Stack


def schedule_cli(stack: Stack, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([temporal_cli(), "schedule", *args,
                           "--address", stack.temporal_address],
                          capture_output=True, text=True, timeout=30, check=False)


def describe(stack: Stack, schedule_id: str) -> dict[str, Any] | None:
    """`temporal schedule describe -o json`, or None when no such Schedule exists. A busy
    dev server sometimes refuses the query ("consistent query buffer is full"): retried."""
    for _ in range(10):
        done = schedule_cli(stack, "describe", "--schedule-id", schedule_id, "-o", "json")
        if done.returncode == 0:
            found: dict[str, Any] = json.loads(done.stdout)
            return found
        if "not found" in done.stderr.lower():
            return None
        time.sleep(1)
    raise AssertionError(f"temporal schedule describe failed: {done.stderr}")


def next_action(described: dict[str, Any]) -> datetime | None:
    times = described["info"].get("futureActionTimes") or []
    return parse_time(times[0]) if times else None


def paused(described: dict[str, Any]) -> bool:
    return bool(described["schedule"]["state"].get("paused", False))


def trigger(stack: Stack, schedule_id: str) -> None:
    done = schedule_cli(stack, "trigger", "--schedule-id", schedule_id)
    assert done.returncode == 0, done.stderr


def delete(stack: Stack, schedule_id: str) -> None:
    done = schedule_cli(stack, "delete", "--schedule-id", schedule_id)
    assert done.returncode == 0, done.stderr


def parse_time(text: str | None) -> datetime | None:
    return at(text) if text else None


def at(text: str) -> datetime:
    """An ISO 8601 time as the API and the CLI write it (with Z)."""
    return datetime.fromisoformat(text.replace("Z", "+00:00"))
