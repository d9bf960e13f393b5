"""Issue 5: next run times of cron expressions, as Temporal's scheduler computes them,
across daylight-saving changes (no server; test_cron_sources.py checks the same rules
against a real one)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from hookline.scheduling.cron import next_run, next_runs, parse


def _utc(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def _runs(expression: str, zone: str, after: str, count: int) -> list[str]:
    runs = next_runs(expression, zone, _utc(after), count)
    return [r.strftime("%Y-%m-%d %H:%M") for r in runs]


@pytest.mark.parametrize(("zone", "expression", "after", "expected"), [
    # Paris springs forward on 2026-03-29 at 02:00 -> 03:00: 02:30 does not exist, no run.
    ("Europe/Paris", "30 2 * * *", "2026-03-27 00:00",
     ["2026-03-27 01:30", "2026-03-28 01:30", "2026-03-30 00:30"]),
    # Paris falls back on 2026-10-25 at 03:00 -> 02:00: 02:30 happens twice, one run (CET).
    ("Europe/Paris", "30 2 * * *", "2026-10-23 00:00",
     ["2026-10-23 00:30", "2026-10-24 00:30", "2026-10-25 01:30", "2026-10-26 01:30"]),
    ("Europe/Paris", "30 * * * *", "2026-10-24 23:00",
     ["2026-10-24 23:30", "2026-10-25 00:30", "2026-10-25 02:30"]),
    # New York springs forward on 2026-03-08 at 02:00 -> 03:00: no 02:30 that day.
    ("America/New_York", "30 2 * * *", "2026-03-06 00:00",
     ["2026-03-06 07:30", "2026-03-07 07:30", "2026-03-09 06:30"]),
    # New York falls back on 2026-11-01 at 02:00 -> 01:00: 01:30 runs in both copies.
    ("America/New_York", "30 1 * * *", "2026-10-30 00:00",
     ["2026-10-30 05:30", "2026-10-31 05:30", "2026-11-01 05:30", "2026-11-01 06:30",
      "2026-11-02 06:30"]),
    # A time outside the changed hour keeps its wall-clock time: its UTC time moves.
    ("Europe/Paris", "0 9 * * *", "2026-03-28 00:00",
     ["2026-03-28 08:00", "2026-03-29 07:00"]),
    ("UTC", "*/20 * * * *", "2026-05-01 10:05", ["2026-05-01 10:20", "2026-05-01 10:40"]),
])
def test_next_runs_across_dst(zone: str, expression: str, after: str,
                              expected: list[str]) -> None:
    assert _runs(expression, zone, after, len(expected)) == expected


def test_next_run_is_strictly_after() -> None:
    assert next_run("0 * * * *", "UTC", _utc("2026-05-01 10:00")) == _utc("2026-05-01 11:00")
    assert next_run("0 * * * *", "UTC", _utc("2026-05-01 09:59:59")) == \
        _utc("2026-05-01 10:00")


def test_day_of_month_and_day_of_week_must_both_match() -> None:
    """Temporal's rule (classic cron would run on every 13th and every Friday)."""
    assert _runs("0 0 13 * fri", "UTC", "2026-01-01 00:00", 3) == [
        "2026-02-13 00:00", "2026-03-13 00:00", "2026-11-13 00:00"]


def test_names_ranges_steps_and_sunday_as_7() -> None:
    assert _runs("0 12 * jan-feb mon-wed/2", "UTC", "2026-01-01 00:00", 3) == [
        "2026-01-05 12:00", "2026-01-07 12:00", "2026-01-12 12:00"]
    assert _runs("0 0 * * 7", "UTC", "2026-01-01 00:00", 1) == ["2026-01-04 00:00"]


def test_an_expression_that_never_runs() -> None:
    assert next_run("0 0 30 2 *", "UTC", _utc("2026-01-01 00:00")) is None


@pytest.mark.parametrize("expression", [
    "* * * *", "0 * * * * *", "61 * * * *", "0 0 L * *", "0 0 * * 1#2", "0 0 ? * *",
    "H * * * *", "5-3 * * * *", "0 0 * * sat-sun", "every day", "*/0 * * * *",
])
def test_expressions_temporal_refuses(expression: str) -> None:
    with pytest.raises(ValueError):
        parse(expression)


def test_after_may_be_in_any_zone() -> None:
    after = datetime(2026, 5, 1, 12, 0, tzinfo=UTC).astimezone(ZoneInfo("Asia/Tokyo"))
    assert next_run("0 13 * * *", "UTC", after) == _utc("2026-05-01 13:00")
    assert next_run("0 13 * * *", "UTC", after + timedelta(hours=2)) == \
        _utc("2026-05-02 13:00")
