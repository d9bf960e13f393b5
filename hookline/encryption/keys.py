"""Where the keys that wrap data keys come from: HOOKLINE_ENCRYPTION_KEYS, a list whose first
key wraps and all of which unwrap. Each entry is a key (the base64 of 32 random bytes), a
file of such keys (`file:/path`, one a line: a mounted Secret) or an AWS KMS key
(`kms:<key id, ARN or alias ARN>`). Without the setting, a SQLite database's processes share
a development key kept in a file beside the database (made at the first start); PostgreSQL
refuses to start, since its processes may run on machines that share no file."""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

SETTING = "HOOKLINE_ENCRYPTION_KEYS"
_NONCE = 12


class KeysUnusable(ValueError):
    """The setting cannot be used; the message names it and says why, never a key."""


class WrappingKey(Protocol):
    """Wraps and unwraps data keys; `id` tells which key a sealed value needs."""

    @property
    def id(self) -> str: ...

    def wrap(self, data_key: bytes) -> bytes: ...

    def unwrap(self, wrapped: bytes) -> bytes: ...


def key_id(name: bytes) -> str:
    """12 hex digits: tells keys apart in sealed values and messages, and says nothing of
    a 256-bit key."""
    return hashlib.sha256(b"hookline key\0" + name).hexdigest()[:12]


@dataclass(frozen=True)
class LocalKey:
    """A 256-bit key held by the process: AES-GCM, with the key's id as associated data."""

    secret: bytes = field(repr=False)

    @property
    def id(self) -> str:
        return key_id(self.secret)

    def wrap(self, data_key: bytes) -> bytes:
        nonce = os.urandom(_NONCE)
        return nonce + AESGCM(self.secret).encrypt(nonce, data_key, self.id.encode())

    def unwrap(self, wrapped: bytes) -> bytes:
        return AESGCM(self.secret).decrypt(wrapped[:_NONCE], wrapped[_NONCE:], self.id.encode())


class KmsKey:
    """A key in AWS KMS, which never leaves it: a data key is wrapped by KMS's Encrypt and
    unwrapped by its Decrypt (the keyring calls each once per data key). The client follows
    boto3's own settings (credentials, AWS_REGION, AWS_ENDPOINT_URL_KMS)."""

    def __init__(self, name: str, client: Any = None) -> None:
        self.name = name
        self._client = client

    @property
    def id(self) -> str:
        return key_id(b"kms\0" + self.name.encode())

    def _kms(self) -> Any:
        if self._client is None:
            import boto3  # only where a KMS key is configured

            region = self.name.split(":")[3] if self.name.startswith("arn:") else None
            self._client = boto3.client("kms", region_name=region or None)
        return self._client

    def wrap(self, data_key: bytes) -> bytes:
        blob: bytes = self._kms().encrypt(KeyId=self.name, Plaintext=data_key)["CiphertextBlob"]
        return blob

    def unwrap(self, wrapped: bytes) -> bytes:
        plain: bytes = self._kms().decrypt(KeyId=self.name, CiphertextBlob=wrapped)["Plaintext"]
        return plain


def new_key() -> str:
    """A fresh key, as HOOKLINE_ENCRYPTION_KEYS takes it (`hookline keys new`)."""
    return base64.b64encode(secrets.token_bytes(32)).decode()


def parse(setting: str) -> list[WrappingKey]:
    """The setting's keys, in its order. Raises KeysUnusable naming the entry by its place."""
    keys: list[WrappingKey] = []
    for place, entry in enumerate((e.strip() for e in setting.split(",") if e.strip()), 1):
        if entry.startswith("kms:"):
            keys.append(KmsKey(entry[4:].strip()))
        elif entry.startswith("file:"):
            keys.extend(_from_file(Path(entry[5:].strip()), place))
        else:
            keys.append(_local(entry, f"entry {place}"))
    if not keys:
        raise KeysUnusable(f"{SETTING} holds no key")
    return keys


def _local(text: str, where: str) -> LocalKey:
    try:
        raw = base64.b64decode(text.strip(), validate=True)
    except (binascii.Error, ValueError):
        raw = b""
    if len(raw) != 32:
        raise KeysUnusable(f"{SETTING}: {where} is not the base64 of 32 bytes "
                        "(make one with `hookline keys new`), nor file:PATH nor kms:KEY")
    return LocalKey(raw)


def _from_file(path: Path, place: int) -> list[WrappingKey]:
    try:
        lines = [line.strip() for line in path.read_text().splitlines() if line.strip()]
    except OSError as exc:
        raise KeysUnusable(f"{SETTING}: entry {place} names {path}, which cannot be read "
                        f"({exc.strerror})") from None
    if not lines:
        raise KeysUnusable(f"{SETTING}: entry {place} names {path}, which holds no key")
    return [_local(line, f"line {n} of {path}") for n, line in enumerate(lines, 1)]


def development_file(database: Path) -> tuple[Path, bool]:
    """The development key beside a SQLite database, made (0600) at the first start. Returns
    the file and whether this call made it. Processes that start together agree: the key is
    written whole to a file of this process's, then linked into place, which only the first
    link does."""
    path = database.with_name(database.name + ".key")
    if path.exists():
        return path, False
    draft = path.with_name(f"{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(new_key() + "\n")
    try:
        os.link(draft, path)
        return path, True
    except FileExistsError:
        return path, False
    finally:
        draft.unlink()
