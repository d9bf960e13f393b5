"""Standard Webhooks: HMAC-SHA256 over "{id}.{ts}.{body}", and the providers that sign with it
(Svix and the services that deliver through Svix, OpenAI, Replicate...), each a named alias."""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from .base import Incoming, Provider, Verification
from .common import VERIFIED, failed, header, parse_int, timestamp_problem
from .hmac_schemes import mac, matches

TOLERANCE_SECONDS = 300
SECRET_PREFIX = "whsec_"
HEADER_PREFIXES = ("webhook-", "svix-")
_BASE64 = re.compile(r"[A-Za-z0-9+/]+={0,2}")


def decode_secret(secret: str) -> bytes | None:
    """The HMAC key: the base64 part of `whsec_<b64>`, or the whole secret without prefix.

    Mirrors the reference library, which pads and decodes leniently, so a key it signs with
    is the key we verify with.
    """
    secret = secret.strip()
    if secret.startswith(SECRET_PREFIX):
        secret = secret[len(SECRET_PREFIX) :]
    try:
        key = base64.b64decode(secret + "==")
    except (binascii.Error, ValueError):
        return None
    return key or None


def verify_standard(
    incoming: Incoming, secret: str, prefixes: tuple[str, ...] = HEADER_PREFIXES,
    *, raw_secret: bool = False
) -> Verification:
    prefix = next((p for p in prefixes if header(incoming, p + "signature")), None)
    if prefix is None:
        return failed(f"missing {prefixes[0]}signature header")
    msg_id = header(incoming, prefix + "id")
    ts_text = header(incoming, prefix + "timestamp")
    signatures = header(incoming, prefix + "signature") or ""
    if msg_id is None or ts_text is None:
        return failed(f"missing {prefix}id or {prefix}timestamp header")
    ts = parse_int(ts_text)
    if ts is None:
        return failed(f"{prefix}timestamp is not an integer")
    key = secret.strip().encode() if raw_secret else decode_secret(secret)
    if key is None:
        return failed("secret is not base64 (expected whsec_<base64>)")
    digest = mac(key, f"{msg_id}.{ts_text}.".encode() + incoming.body)
    # Only v1 (HMAC) entries count; v1a (Ed25519) and unknown versions are ignored.
    candidates = [
        sig
        for version, _, sig in (item.partition(",") for item in signatures.split())
        if version == "v1"
    ]
    if not candidates:
        return failed(f"{prefix}signature has no v1 signature")
    if not any(matches(digest, sig, "base64") for sig in candidates):
        return failed(f"no {prefix}signature matches")
    problem = timestamp_problem(ts, incoming.now, TOLERANCE_SECONDS, reject_future=True)
    return failed(problem) if problem else VERIFIED


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    return verify_standard(incoming, secret)


def verify_raw(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    return verify_standard(incoming, secret, raw_secret=True)


def event_id(incoming: Incoming) -> str | None:
    return header(incoming, "webhook-id", "svix-id")


def check_secret(secret: str) -> str | None:
    # Stricter than decode_secret, which skips stray characters as the reference library
    # does: a secret pasted with junk in it is refused when set rather than never matching.
    key = secret.strip().removeprefix(SECRET_PREFIX)
    if not _BASE64.fullmatch(key) or decode_secret(secret) is None:
        return "must be whsec_ followed by base64 (or the base64 key alone)"
    return None


SCHEME = ('HMAC-SHA256 base64 of "{id}.{timestamp}.{raw body}" keyed with the base64-decoded '
          "whsec_ secret; webhook-* or svix-* headers; several v1 signatures in rotation; "
          "timestamp within 300 s")

PROVIDER = Provider(
    code="standard-webhooks",
    name="Standard Webhooks",
    scheme=SCHEME,
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    event_id_location="header webhook-id (or svix-id)",
    check_secret=check_secret,
)


def alias(code: str, name: str, headers: str = "webhook-*") -> Provider:
    """A provider that signs with Standard Webhooks, under its own name. `headers` only
    documents which prefix it sends: both are always accepted."""
    return replace(PROVIDER, code=code, name=f"{name} (Standard Webhooks, {headers} headers)",
                   event_id_location=f"header {headers.replace('*', 'id')}")


# Each as its own documentation or SDK describes it (docs/PROVIDERS.md).
PROVIDERS = (
    PROVIDER,
    alias("svix", "Svix", "svix-*"),
    alias("clerk", "Clerk", "svix-*"),
    alias("resend", "Resend", "svix-*"),
    alias("openai", "OpenAI"),
    alias("replicate", "Replicate"),
    alias("brex", "Brex"),
    alias("lithic", "Lithic"),
    # Polar's SDK base64-encodes its secret before handing it to the standardwebhooks
    # library, so the HMAC key is the secret's own bytes.
    replace(alias("polar", "Polar"), verify=verify_raw, check_secret=None,
            scheme=SCHEME.replace("keyed with the base64-decoded whsec_ secret",
                                  "keyed with the secret's own UTF-8 bytes")),
)
