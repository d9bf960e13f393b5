"""Cron expressions of cron Sources, read the way Temporal's scheduler reads them.

A Source's nextRunAt is read back from its Temporal Schedule; this module mirrors the
scheduler's rules (server `service/worker/scheduler/calendar.go`) so they can be checked
without a server and explained:

- five fields: minute hour day-of-month month day-of-week; `*`, values, `a-b` ranges,
  `/step`, comma lists and 3-letter names (`jan`, `mon`). `L`, `W`, `#`, `?` and `H` are
  refused: Temporal does not know them (croniter does).
- day-of-month and day-of-week must *both* match (classic cron matches either).
- times are wall-clock times in the Source's zone; a time that a spring-forward skips does
  not run that day; a time repeated by a fall-back follows Temporal's own algorithm (in
  zones west of UTC it runs in both copies of the hour, east of UTC once).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from croniter import croniter

HOUR = timedelta(hours=1)
ZERO = timedelta(0)
MAX_YEAR = 2100  # Temporal's maxCalendarYear
_PART = re.compile(r"^(\*|[0-9a-z]+(-[0-9a-z]+)?)(/[1-9][0-9]*)?$")
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_DAYS = ("sun", "mon", "tue", "wed", "thu", "fri", "sat")
_BOUNDS = ((0, 59), (0, 23), (1, 31), (1, 12), (0, 7))


@dataclass(frozen=True)
class CronSpec:
    minutes: frozenset[int]
    hours: frozenset[int]
    days: frozenset[int]
    months: frozenset[int]
    weekdays: frozenset[int]  # 0 = Sunday


def _value(text: str, index: int) -> int:
    names = _MONTHS if index == 3 else _DAYS if index == 4 else ()
    if text in names:
        return names.index(text) + (1 if index == 3 else 0)
    if not text.isdigit():
        raise ValueError(f"{text!r} is not a number or a 3-letter name")
    return int(text)


def _check_field(field: str, index: int) -> None:
    """Temporal's grammar, which is narrower than croniter's."""
    for part in field.lower().split(","):
        if not _PART.match(part):
            raise ValueError(f"{part!r}: only *, numbers, names, a-b ranges, /steps and "
                             "comma lists are supported")
        bounds = part.split("/")[0]
        if "-" in bounds:
            start, end = (_value(v, index) for v in bounds.split("-"))
            if end < start:
                raise ValueError(f"{part!r}: a range must not end before it starts")


def _expand(values: list[int | str], index: int) -> frozenset[int]:
    low, high = _BOUNDS[index]
    if values == ["*"]:
        return frozenset(range(low, min(high, 6 if index == 4 else high) + 1))
    return frozenset(int(v) % 7 if index == 4 else int(v) for v in values)


def parse(expression: str) -> CronSpec:
    """The expression's matching values, or ValueError when Temporal would refuse it."""
    fields = expression.split()
    if len(fields) != 5:
        raise ValueError("a cron expression has 5 fields: minute hour day-of-month month "
                         "day-of-week")
    for index, field in enumerate(fields):
        _check_field(field, index)
    expanded = croniter(expression.lower()).expanded  # checks the value ranges
    return CronSpec(*(_expand(list(values), i) for i, values in enumerate(expanded)))


def _local(fields: list[int], zone: ZoneInfo) -> datetime:
    """Go's time.Date(y, mo, d, h, m, s, 0, zone) as a UTC instant: fields that overflow
    carry over, and a wall time that a DST change skips or repeats resolves like Go's."""
    y, mo, d, h, m, s = fields
    naive = datetime(y, mo, 1) + timedelta(days=d - 1, hours=h, minutes=m, seconds=s)
    as_utc = naive.replace(tzinfo=UTC)
    offset = as_utc.astimezone(zone).utcoffset() or ZERO
    other = (as_utc - offset).astimezone(zone).utcoffset() or ZERO
    return as_utc - (offset if other == offset else other)


def _days_in(month: int, year: int) -> int:
    return ((datetime(year + month // 12, month % 12 + 1, 1) - timedelta(days=1)).day)


class _Cursor:
    """The wall-clock fields Temporal's search walks through (a port of compiledCalendar.next)."""

    def __init__(self, spec: CronSpec, zone: ZoneInfo, after: datetime) -> None:
        local = after.astimezone(zone)
        self.spec, self.zone = spec, zone
        self.f = [local.year, local.month, local.day, local.hour, local.minute,
                  local.second + 1]
        before = (after.astimezone(UTC) - HOUR).astimezone(zone)
        self.dst = HOUR if before.hour == local.hour else ZERO  # in a repeated hour's 2nd copy

    def carry(self) -> None:
        y, mo, d, h, m, s = self.f
        if s >= 60:
            m, s = m + 1, 0
        if m >= 60:
            prev = _local([y, mo, d, h, 0, 0], self.zone)
            h, m = h + 1, 0
            skipped_repeat = _local([y, mo, d, h, 0, 0], self.zone) - prev > HOUR
            if self.dst == ZERO and skipped_repeat:
                h, self.dst = h - 1, HOUR
            else:
                self.dst = ZERO
        if h >= 24:
            d, h = d + 1, 0
        if d > _days_in(mo, y):
            mo, d = mo + 1, 1
        if mo > 12:
            y, mo = y + 1, 1
        self.f = [y, mo, d, h, m, s]

    def _weekday(self) -> int:
        return (_local(self.f, self.zone).astimezone(self.zone).weekday() + 1) % 7

    def seek(self) -> bool:
        """Move to the first matching fields from here; False when a field ran out and the
        search must carry and start over."""
        f, spec = self.f, self.spec
        while f[1] not in spec.months:
            f[1:], self.dst = [f[1] + 1, 1, 0, 0, 0], ZERO
            if f[1] > 12:
                return False
        while f[2] not in spec.days or self._weekday() not in spec.weekdays:
            f[2:], self.dst = [f[2] + 1, 0, 0, 0], ZERO
            if f[2] > _days_in(f[1], f[0]):
                return False
        while f[3] not in spec.hours:
            f[3:], self.dst = [f[3] + 1, 0, 0], ZERO
            if f[3] >= 24:
                return False
        while f[4] not in spec.minutes:
            f[4:] = [f[4] + 1, 0]
            if f[4] >= 60:
                return False
        if f[5] != 0:  # five-field expressions run at second 0
            f[5] = 60
            return False
        return True


def next_run(expression: str, timezone: str, after: datetime) -> datetime | None:
    """The first run strictly after `after` (aware), in UTC; None if there is none."""
    zone = ZoneInfo(timezone)
    cursor = _Cursor(parse(expression), zone, after)
    while True:
        cursor.carry()
        if cursor.f[0] > MAX_YEAR:
            return None
        if not cursor.seek():
            continue
        found = _local(cursor.f, zone)
        if found.astimezone(zone).hour != cursor.f[3]:  # skipped by a spring-forward
            cursor.f[3:] = [cursor.f[3] + 1, 0, 0]
            continue
        return (found + cursor.dst).astimezone(UTC)


def next_runs(expression: str, timezone: str, after: datetime, count: int) -> list[datetime]:
    runs: list[datetime] = []
    while len(runs) < count and (found := next_run(expression, timezone, after)) is not None:
        runs.append(found)
        after = found
    return runs
