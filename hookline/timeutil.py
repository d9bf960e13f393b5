"""UTC timestamps in and out of the database and the API."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


def utcnow() -> datetime:
    return datetime.now(UTC)


def aware(value: datetime) -> datetime:
    """SQLite hands back naive datetimes; everything we store is UTC."""
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def iso(value: datetime | None) -> str | None:
    if value is None:
        return None
    return aware(value).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def end_of(until: datetime) -> datetime:
    """The exclusive end of an inclusive `to` bound. Timestamps leave the API with
    milliseconds but are stored with microseconds, so a bound copied from a returned value
    names a whole millisecond, and must cover it to include that record; a bound given to
    the microsecond is taken exactly."""
    until = aware(until)
    if until.microsecond % 1000 == 0:
        return until + timedelta(milliseconds=1)
    return until + timedelta(microseconds=1)
