"""What every provider module offers: verification, event id, credential headers, handshake."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

Verdict = Literal["verified", "failed", "skipped", "not_configured"]


@dataclass(frozen=True)
class Incoming:
    """One request as the ingestion URL received it. `headers` keys are lowercase."""

    method: str
    url: str  # HOOKLINE_PUBLIC_URL + /in/{token} + ("?" + query when there is one)
    headers: Mapping[str, str]
    body: bytes
    query: Mapping[str, str]
    now: float  # unix seconds, for timestamp tolerance


@dataclass(frozen=True)
class Verification:
    verdict: Verdict
    reason: str | None = None


@dataclass(frozen=True)
class Reply:
    """A handshake answer the ingestion route sends instead of 202 {id}."""

    status: int
    body: bytes
    content_type: str = "application/json"
    headers: Mapping[str, str] = field(default_factory=dict)
    # A signing secret the handshake itself delivered (Asana's X-Hook-Secret): the Source
    # keeps it when it has no secret yet.
    secret: str | None = None


@dataclass(frozen=True)
class ConfigField:
    name: str
    description: str
    required: bool = False


@dataclass(frozen=True)
class Provider:
    code: str
    name: str
    scheme: str  # one line: what is signed and how, e.g. "HMAC-SHA256 hex of raw body"
    needs_secret: bool
    verify: Callable[[Incoming, str, Mapping[str, Any]], Verification]
    event_id: Callable[[Incoming], str | None]
    strip_headers: tuple[str, ...] = ()  # lowercase credential headers removed before storing
    config_fields: tuple[ConfigField, ...] = ()
    # Answers a registration handshake (or None when the request is not one). It gets the
    # secret (may be None) and providerConfig; a handshake is not stored as a message.
    handshake: Callable[[Incoming, str | None, Mapping[str, Any]], Reply | None] | None = None
    event_id_location: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)
    # Why a secret cannot be used by `verify` (not a PEM key, not hex...), or None: checked
    # when the secret is set, so a wrong form is a 422 then rather than a failure per message.
    check_secret: Callable[[str], str | None] | None = None
    # The providerConfig field that cannot work and why, or None (beyond config_fields'
    # presence and type, which the Source's service checks for every provider).
    check_config: Callable[[Mapping[str, Any]], tuple[str, str] | None] | None = None
    # "signature" (the request is signed), "token" (a shared secret travels as is),
    # "skipped" (only verifiable by fetching a key or certificate over the network) or
    # "configurable" (generic: whatever providerConfig says).
    verification: str = "signature"
    handshake_summary: str = ""  # what the handshake is and how it is answered
    # The status an accepted message is answered with: 202, unless the provider retries
    # anything but 200 (Mailgun, Xero).
    accept_status: int = 202

