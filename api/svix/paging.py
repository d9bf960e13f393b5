"""Svix's lists: `limit` (50 unless given, at most 250), an `iterator` that is the key of a
page's last item (its id, or an event type's name) and a `prevIterator`, `-` and the key of
its first, to read the other way. The query fetches limit + 1 rows: one more means not
`done`."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Literal, TypeVar

from fastapi import Query

from api.svix.errors import SvixInvalid
from api.svix.schemas.common import ListResponse

LIMIT_DEFAULT, LIMIT_MAX = 50, 250
# Beyond 250 is a 422, as in Svix (not clamped).
Limit = Annotated[int, Query(ge=1, le=LIMIT_MAX)]
Order = Literal["ascending", "descending"]
Row = TypeVar("Row")
Out = TypeVar("Out")


@dataclass(frozen=True)
class Seek:
    """Where a page's query starts and which way it runs."""

    after: str | None  # the key the page starts past, or None for the first page
    ascending: bool  # the order the query runs in
    backwards: bool  # a `-` iterator: read the other way, then turned back to the list's


def ids(prefix: str) -> re.Pattern[str]:
    """The form of Hookline's ids of one kind, which an iterator of its list must have."""
    return re.compile(re.escape(prefix) + r"[0-9a-z]{26}")


def seek(iterator: str | None, ascending: bool, key: re.Pattern[str]) -> Seek:
    """An iterator whose key is not of the list's form (an application id, an event type
    name) is a 422, as Svix answers a wrong id prefix."""
    if iterator is None:
        return Seek(None, ascending, backwards=False)
    backwards = iterator.startswith("-")
    after = iterator[1:] if backwards else iterator
    if not key.fullmatch(after):
        raise SvixInvalid(("query", "iterator"), "is not an iterator of this list")
    return Seek(after, ascending != backwards, backwards)


def respond(rows: list[Row], limit: int, at: Seek, key: Callable[[Row], str],
            out: Callable[[Row], Out]) -> ListResponse[Out]:
    done = len(rows) <= limit
    page = rows[:limit]
    if at.backwards:
        page.reverse()
    return ListResponse[Out](
        data=[out(row) for row in page], done=done,
        iterator=key(page[-1]) if page else None,
        prev_iterator="-" + key(page[0]) if page else None)
