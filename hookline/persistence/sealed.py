"""Columns that hold credentials, sealed by the engine's keyring as they are written and
opened as they are read (`hookline.encryption`): services and queries see values in clear,
the database only sealed ones. The keyring belongs to the engine (`db.make_engine`), so
every process, and every test's engine, seals with the keys it was given."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import JSON, Engine, String
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator

from hookline.encryption.keyring import Keyring

_ATTRIBUTE = "hookline_keyring"


def attach(engine: Engine, keyring: Keyring) -> Engine:
    setattr(engine.dialect, _ATTRIBUTE, keyring)
    return engine


def keyring_of(dialect: Dialect) -> Keyring:
    keyring: Keyring | None = getattr(dialect, _ATTRIBUTE, None)
    if keyring is None:  # a bug: every engine is made with its keyring
        raise RuntimeError("this engine was made without a keyring (db.make_engine)")
    return keyring


class SealedText(TypeDecorator[str]):
    """A credential as text (a signing secret, a proxy URL with its password)."""

    impl = String
    cache_ok = True

    def process_bind_param(self, value: str | None, dialect: Dialect) -> str | None:
        return None if value is None else keyring_of(dialect).seal(value)

    def process_result_value(self, value: str | None, dialect: Dialect) -> str | None:
        return None if value is None else keyring_of(dialect).open(value)


class SealedJSON(TypeDecorator[Any]):
    """An object that holds credentials (OAuth2's client secret, a TLS key, a broker's
    password, fixed headers), sealed whole as its JSON, and stored as a JSON string in the
    JSON column it always had: no table changes, on either database."""

    impl = JSON
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> str | None:
        return None if value is None else keyring_of(dialect).seal(json.dumps(value))

    def process_result_value(self, value: Any, dialect: Dialect) -> Any:
        if isinstance(value, str):
            return json.loads(keyring_of(dialect).open(value))
        return value  # None, or an object stored before sealing
