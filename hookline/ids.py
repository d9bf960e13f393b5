"""Identifiers: a type prefix and a time-sortable random part (ULID layout, Crockford base32)."""

from __future__ import annotations

import base64
import os
import threading
import time

_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
_FROM_RFC4648 = bytes.maketrans(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", _ALPHABET.encode())
_lock = threading.Lock()
_last = (0, 0)


def _encode(value: int, length: int) -> str:
    """The low `length` base32 digits of `value`, most significant first. The standard
    library's base32 does the digits in C (a Python loop took a third of a publish's id
    costs); its alphabet is then mapped to ours."""
    value &= (1 << 5 * length) - 1
    groups = (length + 7) // 8  # base32 encodes 40 bits at a time
    encoded = base64.b32encode(value.to_bytes(5 * groups, "big")).translate(_FROM_RFC4648)
    return encoded[-length:].decode()


def new_id(prefix: str) -> str:
    """`prefix_` + 48-bit milliseconds + 80 random bits; monotonic within a process, so that
    ordering by id is ordering by creation."""
    global _last
    with _lock:
        ms = int(time.time() * 1000)
        last_ms, last_rand = _last
        rand = last_rand + 1 if ms <= last_ms else int.from_bytes(os.urandom(10), "big")
        ms = max(ms, last_ms)
        _last = (ms, rand)
    return f"{prefix}_{_encode(ms, 10)}{_encode(rand & ((1 << 80) - 1), 16)}"


def first_id_at(prefix: str, seconds: float) -> str:
    """The smallest id `new_id(prefix)` could have made at that unix time: a bound that
    turns a time range into an id range, so a list in id order can seek it."""
    return f"{prefix}_{_encode(max(0, int(seconds * 1000)), 10)}"


def made_at(value: str, *, bound: bool = False) -> float | None:
    """The unix time `new_id` made `value` at (to the millisecond); None for an id it did
    not make. `bound`: also for a bound `first_id_at` made, or such a bound with a suffix."""
    found = value.rsplit("_", 1)[-1]
    if bound:
        found = found[:10]
    if len(found) != (10 if bound else 26) or any(c not in _ALPHABET for c in found):
        return None
    digits = found[:10]
    ms = 0
    for c in digits:
        ms = ms * 32 + _ALPHABET.index(c)
    return ms / 1000


def token(nbytes: int = 24) -> str:
    """An unguessable URL-safe token (ingestion URLs, API keys)."""
    return _encode(int.from_bytes(os.urandom(nbytes), "big"), (nbytes * 8 + 4) // 5)


def target_kind(target_id: str) -> str:
    """`endpoint` or `destination`, from an attempt target's id prefix."""
    return "endpoint" if target_id.startswith("ep_") else "destination"
