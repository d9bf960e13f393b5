"""HMAC building blocks: the common "HMAC of the raw body in one header" scheme, the
timestamped ones, a secret sent as is, and HS256 JWS (an HMAC-SHA256 in JWT form)."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
from collections.abc import Callable, Mapping
from typing import Any, Final

from .base import Incoming, Verification
from .common import VERIFIED, failed, first, header, parse_int, parse_pairs, timestamp_problem

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


def decode_key(secret: str, encoding: str) -> bytes | None:
    """The HMAC key a secret stands for: its text, or the bytes its hex or base64 spells."""
    try:
        if encoding == "hex":
            return bytes.fromhex(secret.strip()) or None
        if encoding == "base64":
            return base64.b64decode(secret.strip(), validate=True) or None
    except (binascii.Error, ValueError):
        return None
    return secret.encode()


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


def timestamped_pairs_verifier(*, name: str, separator: str, ts_key: str, sig_key: str,
                               joiner: str, tolerance: int, render_int: bool) -> Verifier:
    """`Name: ts=...<sep>sig=...[<sep>sig=...]` over "{ts}{joiner}{raw body}" (Stripe,
    Paddle): HMAC-SHA256 hex; several signatures appear while a secret is being rotated and
    any one may match; only the age of ts is bounded, as in both SDKs. `render_int` signs
    ts re-rendered as an integer (Stripe's SDK does) rather than as received (Paddle's)."""
    label = "-".join(part.capitalize() for part in name.split("-"))

    def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
        value = header(incoming, name)
        if value is None:
            return failed(f"missing {label} header")
        pairs = parse_pairs(value, separator)
        ts_text = first(pairs, ts_key)
        ts = parse_int(ts_text)
        if ts_text is None or ts is None:
            return failed(f"{label} has no integer {ts_key}=")
        signatures = pairs.get(sig_key, [])
        if not signatures:
            return failed(f"{label} has no {sig_key} signature")
        signed_ts = str(ts) if render_int else ts_text
        digest = mac(secret, f"{signed_ts}{joiner}".encode() + incoming.body)
        if not any(matches(digest, sig, "hex") for sig in signatures):
            return failed(f"no {sig_key} signature matches")
        problem = timestamp_problem(ts, incoming.now, tolerance, reject_future=False)
        return failed(problem) if problem else VERIFIED

    return verify


def versioned_verifier(name: str, label: str) -> Verifier:
    """`Name: v1=<hex>,v1=<hex>,v2=...`: HMAC-SHA256 hex of the raw body; any v1 may match,
    since a sender puts one per secret while rotating, and other versions are ignored so a
    signature cannot be downgraded to one we do not check (PagerDuty, CircleCI)."""

    def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
        value = header(incoming, name)
        if value is None:
            return failed(f"missing {label} header")
        signatures = parse_pairs(value, ",").get("v1", [])
        if not signatures:
            return failed(f"{label} has no v1 signature")
        digest = mac(secret, incoming.body)
        if not any(matches(digest, sig, "hex") for sig in signatures):
            return failed(f"no {label} v1 signature matches")
        return VERIFIED

    return verify


def v0_verifier(*, signature_header: str, timestamp_header: str, tolerance: int) -> Verifier:
    """Slack's scheme, which Zoom copied: `v0=` + hex HMAC-SHA256 of "v0:{ts}:{raw body}",
    with the timestamp in its own header and bounded both ways."""

    def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
        value = header(incoming, signature_header)
        ts_text = header(incoming, timestamp_header)
        if value is None or ts_text is None:
            return failed(f"missing {signature_header} or {timestamp_header} header")
        ts = parse_int(ts_text)
        if ts is None:
            return failed(f"{timestamp_header} is not an integer")
        signature = strip_prefix(value, "v0=")
        if signature is None:
            return failed(f"{signature_header} does not start with 'v0='")
        if not matches(mac(secret, f"v0:{ts_text}:".encode() + incoming.body), signature, "hex"):
            return failed(f"{signature_header} does not match")
        problem = timestamp_problem(ts, incoming.now, tolerance, reject_future=True)
        return failed(problem) if problem else VERIFIED

    return verify


def token_verifier(*header_names: str, prefix: str = "") -> Verifier:
    """The secret itself travels in a header (GitLab, Telegram, Okta): constant-time equality
    with the secret, after an optional prefix such as "Bearer "."""

    def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
        value = header(incoming, *header_names)
        if value is None:
            return failed(f"missing {header_names[0]} header")
        token = strip_prefix(value, prefix)
        if token is None:
            return failed(f"{header_names[0]} does not start with {prefix!r}")
        if not equal(token.strip(), secret.strip()):
            return failed(f"{header_names[0]} does not match the secret")
        return VERIFIED

    return verify


def decode_hs256(token: str, secret: str, label: str, **kwargs: Any) -> dict[str, Any] | str:
    """The verified claims of an HS256 JWS, or why it does not verify. Only HS256 is
    accepted, so a token cannot pick a weaker or keyless algorithm. A key shorter than 32
    bytes still verifies; PyJWT warns about it (once per process, by default)."""
    # Imported here: PyJWT costs the API and the worker over 100 ms at start-up, and only
    # Netlify's and monday.com's messages need it.
    import jwt

    try:
        claims: dict[str, Any] = jwt.decode(token, secret, algorithms=["HS256"], **kwargs)
    except (jwt.PyJWTError, ValueError, TypeError) as exc:
        return f"{label} does not verify ({type(exc).__name__}: {exc})"
    return claims
