"""HMAC building blocks and the common "HMAC of the raw body in one header" scheme."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
from collections.abc import Callable, Mapping
from typing import Any, Final

from .base import Incoming, Verification
from .common import VERIFIED, failed, header

ALGORITHMS: Final[dict[str, Any]] = {
    "sha1": hashlib.sha1,
    "sha256": hashlib.sha256,
    "sha512": hashlib.sha512,
}
ENCODINGS: Final = ("hex", "base64")

Verifier = Callable[[Incoming, str, Mapping[str, Any]], Verification]


def mac(key: str | bytes, message: bytes, algorithm: str = "sha256") -> bytes:
    if isinstance(key, str):
        key = key.encode()
    return hmac.new(key, message, ALGORITHMS[algorithm]).digest()


def equal(a: str | bytes, b: str | bytes) -> bool:
    """Constant-time equality; str is encoded because compare_digest rejects non-ASCII str."""
    if isinstance(a, str):
        a = a.encode()
    if isinstance(b, str):
        b = b.encode()
    return hmac.compare_digest(a, b)


def matches(digest: bytes, candidate: str, encoding: str) -> bool:
    """Whether `candidate` is `digest` written in `encoding`.

    Hex is compared case-insensitively (senders differ in case); base64 is compared as
    decoded bytes, and anything that is not strict base64 simply does not match.
    """
    candidate = candidate.strip()
    if encoding == "hex":
        return equal(digest.hex(), candidate.lower())
    try:
        decoded = base64.b64decode(candidate, validate=True)
    except (binascii.Error, ValueError):
        return False
    return equal(digest, decoded)


def strip_prefix(value: str, prefix: str) -> str | None:
    """`value` without `prefix` (case-insensitive), or None when the prefix is absent."""
    if not prefix:
        return value
    if value[: len(prefix)].lower() != prefix.lower():
        return None
    return value[len(prefix) :]


def verify_body_hmac(
    incoming: Incoming,
    secret: str,
    header_names: tuple[str, ...],
    *,
    prefix: str = "",
    algorithm: str = "sha256",
    encoding: str = "hex",
) -> Verification:
    value = header(incoming, *header_names)
    if value is None:
        return failed(f"missing {header_names[0]} header")
    signature = strip_prefix(value, prefix)
    if signature is None:
        return failed(f"{header_names[0]} does not start with {prefix!r}")
    if not matches(mac(secret, incoming.body, algorithm), signature, encoding):
        return failed(f"{header_names[0]} does not match the body")
    return VERIFIED


def body_hmac_verifier(
    *header_names: str, prefix: str = "", algorithm: str = "sha256", encoding: str = "hex"
) -> Verifier:
    def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
        return verify_body_hmac(
            incoming, secret, header_names, prefix=prefix, algorithm=algorithm, encoding=encoding
        )

    return verify
