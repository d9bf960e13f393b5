"""The operator's keys against what the database holds: a process refuses to start when
stored credentials need a key it was not given, and `hookline keys rotate` reseals every
value under the first key, so the others can then be removed."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from sqlalchemy import Engine
from sqlalchemy.exc import OperationalError, ProgrammingError

from hookline.encryption.keyring import Keyring
from hookline.encryption.keys import SETTING
from hookline.persistence.queries import sealed_values
from hookline.persistence.queries.sealed_values import SealedColumn
from hookline.persistence.sealed import keyring_of
from hookline.settings import InvalidSettings

log = logging.getLogger("hookline.keys")
BATCH = 200  # rows a transaction reseals: short, so requests write between batches


def check_readable(engine: Engine) -> None:
    """Raises InvalidSettings, in one line naming the setting, when stored values need a
    key the engine's keyring does not hold. A database that cannot be reached (or is not
    migrated yet) is the reads' concern: the process starts, and says so then."""
    keyring = keyring_of(engine.dialect)
    try:
        with engine.connect() as connection:
            found = sealed_values.key_ids(connection)
    except (OperationalError, ProgrammingError):
        log.debug("database unavailable at start-up: its keys are not checked")
        return
    missing = sorted(found - set(keyring.ids))
    if missing:
        raise InvalidSettings(
            f"hookline: stored credentials are sealed with key {', '.join(missing)}, which "
            f"{SETTING} does not hold (it holds {', '.join(keyring.ids)}): give every key "
            "they were sealed with; not starting")


@dataclass
class Rotation:
    resealed: int = 0
    # Values left under other keys (`""`: in clear), by key id: written meanwhile by a
    # process whose first key is another one.
    remaining: dict[str, int] = field(default_factory=dict)


def rotate(engine: Engine, progress: Callable[[str, int], None] | None = None) -> Rotation:
    """Reseals every stored value that another key (or none) sealed, under the keyring's
    first key, a batch of rows per transaction, while the service runs. Run again after
    an interruption, it goes on with what is left."""
    keyring = keyring_of(engine.dialect)
    rotation = Rotation()
    for sealed in sealed_values.sealed_columns():
        done = _reseal_column(engine, keyring, sealed)
        rotation.resealed += done
        if progress is not None:
            progress(str(sealed), done)
    with engine.connect() as connection:
        rotation.remaining = sealed_values.count_not_sealed_by(connection, keyring.newest)
    return rotation


def _reseal_column(engine: Engine, keyring: Keyring, sealed: SealedColumn) -> int:
    done, after = 0, ""
    while True:
        with engine.begin() as connection:
            rows = sealed_values.not_sealed_by(connection, sealed, keyring.newest, after,
                                               BATCH)
            for row_id, stored in rows:
                done += sealed_values.replace(connection, sealed, row_id, stored,
                                              _resealed(keyring, sealed, stored))
        if len(rows) < BATCH:
            return done
        after = rows[-1][0]


def _resealed(keyring: Keyring, sealed: SealedColumn, stored: str) -> str | None:
    value = sealed.read(stored)
    return None if value is None else keyring.seal(keyring.open(value))
