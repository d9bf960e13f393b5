"""Sealing and opening values with the operator's keys (envelope encryption).

A sealed value is `hlenc1:<key id>:<wrapped data key>:<nonce and AES-GCM ciphertext>`: a
data key of 256 random bits encrypts the value, and the first of the operator's keys wraps
the data key. A process seals with one data key (wrapped once: one KMS call) for up to
_USES values, and keeps the data keys it unwrapped, so opening a target's credentials on
every attempt costs one AES-GCM decryption each, never a key service's round trip."""

from __future__ import annotations

import base64
import os
import threading
from collections.abc import Sequence
from pathlib import Path

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from sqlalchemy.engine import make_url

from hookline.encryption import keys
from hookline.encryption.keys import SETTING, WrappingKey

PREFIX = "hlenc1:"
ID_LENGTH = 12
_NONCE = 12
_USES = 2**24  # values sealed under one data key: far below AES-GCM's 2**32 random nonces
_KEPT = 4096  # unwrapped data keys kept


class Unreadable(RuntimeError):
    """A sealed value no configured key opens: the message names the setting and the key
    id the value needs, never the value."""


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def key_id_of(value: str) -> str | None:
    """The id of the key a sealed value needs; None for a value not sealed."""
    return value[len(PREFIX):len(PREFIX) + ID_LENGTH] if value.startswith(PREFIX) else None


class Keyring:
    def __init__(self, keys: Sequence[WrappingKey]) -> None:
        if not keys:
            raise ValueError("a keyring needs a key")
        self.keys = list(keys)
        self._by_id = {key.id: key for key in self.keys}
        self._lock = threading.Lock()
        self._sealing: tuple[str, AESGCM] | None = None
        self._uses = 0
        self._opened: dict[str, AESGCM] = {}

    @property
    def newest(self) -> str:
        """The id of the key that seals."""
        return self.keys[0].id

    @property
    def ids(self) -> list[str]:
        return [key.id for key in self.keys]

    def seal(self, value: str) -> str:
        header, cipher = self._data_key()
        nonce = os.urandom(_NONCE)
        return header + _b64(nonce + cipher.encrypt(nonce, value.encode(), header.encode()))

    def open(self, value: str) -> str:
        """The value a sealed one holds; a value never sealed (written before the migration
        that seals them) as it is."""
        if not value.startswith(PREFIX):
            return value
        cut = value.rindex(":") + 1
        header, raw = value[:cut], _unb64(value[cut:])
        try:
            return self._unwrapped(header).decrypt(raw[:_NONCE], raw[_NONCE:],
                                                   header.encode()).decode()
        except InvalidTag:
            raise Unreadable(f"a sealed value does not open with key {key_id_of(value)} of "
                             f"{SETTING}: it was altered, or sealed by another key with "
                             "the same id") from None

    def _data_key(self) -> tuple[str, AESGCM]:
        with self._lock:
            if self._sealing is None or self._uses >= _USES:
                data_key = AESGCM.generate_key(bit_length=256)
                key = self.keys[0]
                header = f"{PREFIX}{key.id}:{_b64(key.wrap(data_key))}:"
                self._sealing, self._uses = (header, AESGCM(data_key)), 0
                self._opened[header] = self._sealing[1]
            self._uses += 1
            return self._sealing

    def _unwrapped(self, header: str) -> AESGCM:
        cipher = self._opened.get(header)
        if cipher is not None:
            return cipher
        _, kid, wrapped, _ = header.split(":")
        key = self._by_id.get(kid)
        if key is None:
            raise Unreadable(f"a sealed value needs key {kid}, which {SETTING} does not "
                             f"hold (it holds {', '.join(self.ids)})")
        cipher = AESGCM(key.unwrap(_unb64(wrapped)))
        with self._lock:
            if len(self._opened) >= _KEPT:
                self._opened.clear()
            self._opened[header] = cipher
        return cipher


def for_database(database_url: str, setting: str) -> Keyring:
    """The keyring HOOKLINE_ENCRYPTION_KEYS gives; unset, a SQLite database's development
    key (`keys.development_file`), or a key of the process's own for one in memory.
    Raises KeysUnusable when the setting is wrong, or unset with PostgreSQL."""
    if setting.strip():
        return Keyring(keys.parse(setting))
    database = make_url(database_url).database if database_url.startswith("sqlite") else None
    if database_url.startswith("sqlite"):
        if not database or database == ":memory:" or database.startswith("file:"):
            return Keyring([keys.LocalKey(os.urandom(32))])
        path, _ = keys.development_file(Path(database).resolve())
        return Keyring(keys.parse(f"file:{path}"))
    raise keys.KeysUnusable(
        f"{SETTING} is not set: the processes of a PostgreSQL database must share the keys "
        "that seal its credentials (`hookline keys new` makes one)")
