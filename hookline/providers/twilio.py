"""Twilio: base64 HMAC over the URL plus sorted form parameters (or bodySHA256 for JSON)."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from .base import Incoming, Provider, Verification
from .common import VERIFIED, failed, header
from .hmac_schemes import equal, mac, matches

FORM = "application/x-www-form-urlencoded"

# X-Twilio-Webhooks-Signature-Settings names the algorithm for SharedKey-signed webhooks;
# without it the signature is the classic Auth Token HMAC-SHA1 (as in the official SDK).
_ALGORITHMS = {"HMAC_SHA1": "sha1", "HMAC_SHA256": "sha256"}


def form_params(incoming: Incoming) -> dict[str, list[str]]:
    content_type = (header(incoming, "content-type") or "").split(";")[0].strip().lower()
    if incoming.method.upper() != "POST" or content_type != FORM:
        return {}
    params: dict[str, list[str]] = {}
    # Undecodable bytes become U+FFFD: the signature then fails instead of raising.
    text = incoming.body.decode("utf-8", errors="replace")
    for name, value in parse_qsl(text, keep_blank_values=True):
        params.setdefault(name, []).append(value)
    return params


def signed_content(url: str, params: Mapping[str, list[str]]) -> bytes:
    # Same order as RequestValidator.compute_signature: names sorted, each name's distinct
    # values sorted, name and value appended with no separator.
    parts = [url]
    for name in sorted(params):
        parts.extend(name + value for value in sorted(set(params[name])))
    return "".join(parts).encode()


def url_variants(url: str) -> list[str]:
    """The URL as received, then without and with its port, as the SDK tries both."""
    parts = urlsplit(url)
    host = parts.netloc.rsplit("@", 1)[-1]
    userinfo = parts.netloc[: len(parts.netloc) - len(host)]
    if parts.port:
        without = parts._replace(netloc=userinfo + host.rsplit(":", 1)[0]).geturl()
        variants = [url, without, parts.geturl()]
    else:
        port = 443 if parts.scheme == "https" else 80
        variants = [url, parts.geturl(), parts._replace(netloc=f"{parts.netloc}:{port}").geturl()]
    return list(dict.fromkeys(variants))


def _algorithm(incoming: Incoming) -> str | None:
    settings = header(incoming, "x-twilio-webhooks-signature-settings") or ""
    for part in settings.split(","):
        name, eq, value = part.partition("=")
        if eq and name.strip() == "algorithm" and value.strip():
            return _ALGORITHMS.get(value.strip().upper())
    return "sha1"


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    signature = header(incoming, "x-twilio-signature")
    if signature is None:
        return failed("missing X-Twilio-Signature header")
    algorithm = _algorithm(incoming)
    if algorithm is None:
        return failed("X-Twilio-Webhooks-Signature-Settings names an unsupported algorithm")
    body_hash = incoming.query.get("bodySHA256")
    if body_hash is not None:
        # JSON bodies: the URL (with this query parameter) is signed, the body is hashed.
        if not equal(hashlib.sha256(incoming.body).hexdigest(), body_hash.strip().lower()):
            return failed("bodySHA256 does not match the body")
        params: dict[str, list[str]] = {}
    else:
        params = form_params(incoming)
    if not any(
        matches(mac(secret, signed_content(url, params), algorithm), signature, "base64")
        for url in url_variants(incoming.url)
    ):
        return failed("X-Twilio-Signature does not match")
    return VERIFIED


def event_id(incoming: Incoming) -> str | None:
    token = header(incoming, "i-twilio-idempotency-token")
    if token:
        return token
    params = form_params(incoming)
    fields = {name: values[0] for name, values in params.items() if values}
    fields.update({k: v for k, v in incoming.query.items() if k not in fields})
    # One message or call produces several callbacks (queued, sent, delivered, ...), all with
    # the same sid, so the status is part of the id or later callbacks would be dropped.
    for sid_name, status_names in (
        ("MessageSid", ("MessageStatus", "SmsStatus")),
        ("CallSid", ("CallStatus",)),
    ):
        sid = fields.get(sid_name)
        if sid:
            status = next((fields[s] for s in status_names if fields.get(s)), None)
            return f"{sid}:{status}" if status else sid
    return None


PROVIDER = Provider(
    code="twilio",
    name="Twilio",
    scheme="HMAC-SHA1 base64 (Auth Token) in X-Twilio-Signature of the URL + sorted form params "
    "(name+value); JSON bodies: URL with bodySHA256=hex sha256(body); URL tried with and "
    "without port",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    event_id_location="header I-Twilio-Idempotency-Token, else form MessageSid/CallSid (+ status)",
)
