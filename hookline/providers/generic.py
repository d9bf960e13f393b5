"""Generic: unsigned unless providerConfig names an HMAC header, then HMAC of the raw body."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import ConfigField, Incoming, Provider, Verification
from .common import EVENT_ID_WITH_CONFIG, SIGNS_WITH_CONFIG, SKIPPED, failed, header
from .hmac_schemes import ALGORITHMS, ENCODINGS, verify_body_hmac


def _text(config: Mapping[str, Any], name: str) -> str:
    value = config.get(name)
    return value.strip() if isinstance(value, str) else ""


def signs(config: Mapping[str, Any]) -> bool:
    return bool(_text(config, "signatureHeader"))


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    signature_header = _text(config, "signatureHeader")
    if not signature_header:
        return SKIPPED
    algorithm = _text(config, "algorithm").lower() or "sha256"
    encoding = _text(config, "encoding").lower() or "hex"
    if algorithm not in ALGORITHMS:
        return failed(f"providerConfig.algorithm {algorithm!r} is not one of sha1, sha256, sha512")
    if encoding not in ENCODINGS:
        return failed(f"providerConfig.encoding {encoding!r} is not hex or base64")
    # The prefix is not stripped of whitespace: it is matched literally against the header.
    prefix = config.get("prefix")
    return verify_body_hmac(
        incoming,
        secret,
        (signature_header,),
        prefix=prefix if isinstance(prefix, str) else "",
        algorithm=algorithm,
        encoding=encoding,
    )


def event_id(incoming: Incoming) -> str | None:
    # Without providerConfig there is no header to read; see event_id_with_config.
    return None


def event_id_with_config(incoming: Incoming, config: Mapping[str, Any]) -> str | None:
    name = _text(config, "eventIdHeader")
    return header(incoming, name) if name else None


PROVIDER = Provider(
    code="generic",
    name="Generic webhook",
    scheme="none by default; with providerConfig.signatureHeader, HMAC (sha1/sha256/sha512, "
    "hex/base64, optional prefix) of the raw body",
    needs_secret=False,
    verify=verify,
    event_id=event_id,
    config_fields=(
        ConfigField(
            "signatureHeader", "Header carrying the HMAC of the raw body; unset = unsigned"
        ),
        ConfigField("algorithm", "sha1, sha256 or sha512 (default sha256)"),
        ConfigField("encoding", "hex or base64 (default hex)"),
        ConfigField("prefix", 'Text before the signature in the header, e.g. "sha256="'),
        ConfigField("eventIdHeader", "Header carrying a delivery id used to drop duplicates"),
    ),
    event_id_location="header named by providerConfig.eventIdHeader (none by default)",
    extra={SIGNS_WITH_CONFIG: signs, EVENT_ID_WITH_CONFIG: event_id_with_config},
)
