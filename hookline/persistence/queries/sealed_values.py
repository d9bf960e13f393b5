"""Every statement on sealed columns as stored (`persistence/sealed`): which keys the stored
values need, and rewriting values sealed under another key. They read and write what the
database holds, past the columns' sealing: a text column holds the sealed text, a JSON
column the sealed text as a JSON string (`"hlenc1:..."`)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy import JSON, Column, Connection, String, Table, Text
from sqlmodel import SQLModel

from hookline.encryption.keyring import ID_LENGTH, PREFIX
from hookline.persistence import models  # noqa: F401  (registers the tables)
from hookline.persistence.sealed import SealedJSON, SealedText


@dataclass(frozen=True)
class SealedColumn:
    table: Table
    name: str

    @property
    def column(self) -> Column[object]:
        return self.table.c[self.name]

    @property
    def holds_json(self) -> bool:
        return isinstance(self.column.type, SealedJSON)

    @property
    def stored(self) -> sa.ColumnElement[str]:
        """What the database holds, as text (PostgreSQL's `json` keeps it as it came)."""
        return sa.cast(self.column, Text) if self.holds_json else sa.type_coerce(
            self.column, Text)

    @property
    def prefix(self) -> str:
        return f'"{PREFIX}' if self.holds_json else PREFIX

    def key_id(self) -> sa.ColumnElement[str]:
        return sa.func.substr(self.stored, len(self.prefix) + 1, ID_LENGTH)

    def written(self, value: str | None) -> sa.ColumnElement[Any]:
        """`value` (a sealed text) as this column stores it."""
        if value is None:
            return sa.null()
        return sa.literal(value, JSON) if self.holds_json else sa.literal(value, String)

    def read(self, stored: str) -> str | None:
        """The text sealed, or in clear, in what the database holds; None for JSON's null."""
        if not self.holds_json:
            return stored
        value = json.loads(stored)
        return value if isinstance(value, str) or value is None else json.dumps(value)

    def __str__(self) -> str:
        return f"{self.table.name}.{self.name}"


def sealed_columns() -> Iterator[SealedColumn]:
    for table in SQLModel.metadata.sorted_tables:
        for column in table.columns:
            if isinstance(column.type, SealedText | SealedJSON):
                yield SealedColumn(table, column.name)


def key_ids(connection: Connection) -> set[str]:
    """The ids of the keys the stored values were sealed with."""
    found: set[str] = set()
    for sealed in sealed_columns():
        found.update(connection.scalars(sa.select(sealed.key_id()).where(
            sealed.stored.like(f"{sealed.prefix}%")).distinct()))
    return found


def _not_sealed_by(sealed: SealedColumn, key_id: str) -> list[sa.ColumnElement[bool]]:
    return [sealed.column.is_not(None), sealed.stored != "null",
            sealed.stored.not_like(f"{sealed.prefix}{key_id}:%")]


def not_sealed_by(connection: Connection, sealed: SealedColumn, key_id: str, after: str,
                  limit: int) -> list[tuple[str, str]]:
    """(id, stored value) of the next rows past `after` whose value is not sealed with
    `key_id` (sealed with another, or in clear), in id order."""
    rows = connection.execute(
        sa.select(sealed.table.c.id, sealed.stored)
        .where(sealed.table.c.id > after, *_not_sealed_by(sealed, key_id))
        .order_by(sealed.table.c.id).limit(limit))
    return [(row[0], row[1]) for row in rows]


def replace(connection: Connection, sealed: SealedColumn, row_id: str, was: str,
            now: str | None) -> bool:
    """Stores `now` (sealed text; None: nothing) where the row still holds `was`: a value a
    request changed meanwhile is that request's, sealed with its process's key. Returns
    whether the row was changed."""
    result = connection.execute(
        sa.update(sealed.table)
        .where(sealed.table.c.id == row_id, sealed.stored == was)
        .values({sealed.name: sealed.written(now)}))
    return result.rowcount == 1


def count_not_sealed_by(connection: Connection, key_id: str) -> dict[str, int]:
    """How many values, by the id of the key that sealed them (`""`: in clear), are not
    sealed with `key_id`."""
    counts: dict[str, int] = {}
    for sealed in sealed_columns():
        kid = sa.case((sealed.stored.like(f"{sealed.prefix}%"), sealed.key_id()), else_="")
        for found, count in connection.execute(
                sa.select(kid, sa.func.count()).where(*_not_sealed_by(sealed, key_id))
                .group_by(kid)):
            counts[found] = counts.get(found, 0) + count
    return counts
