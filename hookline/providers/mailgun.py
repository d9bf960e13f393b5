"""Mailgun: the signature travels in the body: hex HMAC-SHA256 of timestamp + token, keyed with
the Webhook Signing Key (mailgun/mailgun-python mailgun/security.py verify_webhook)."""

from __future__ import annotations

import email.errors
import email.parser
import email.policy
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qsl

from .base import Incoming, Provider, Verification
from .common import VERIFIED, as_id, failed, header, json_body, timestamp_problem
from .hmac_schemes import mac, matches

# verify_webhook's max_age_seconds default: 15 min, compared as |now - ts|.
TOLERANCE_SECONDS = 900
_SIGNATURE_FIELDS = ("timestamp", "token", "signature")


def _form_fields(incoming: Incoming) -> dict[str, str]:
    """The text fields of a form post: legacy webhooks and routes' forward() are forms."""
    content_type = header(incoming, "content-type") or ""
    kind = content_type.split(";")[0].strip().lower()
    if kind == "application/x-www-form-urlencoded":
        text = incoming.body.decode("utf-8", errors="replace")
        return dict(parse_qsl(text, keep_blank_values=True))
    if kind != "multipart/form-data":
        return {}
    head = f"Content-Type: {content_type}\r\n\r\n".encode()
    try:
        message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
            head + incoming.body
        )
        fields: dict[str, str] = {}
        for part in message.iter_parts():
            name = part.get_param("name", header="content-disposition")
            if isinstance(name, str) and part.get_filename() is None:
                payload = part.get_payload(decode=True)
                if isinstance(payload, bytes):
                    fields[name] = payload.decode("utf-8", errors="replace")
        return fields
    except (email.errors.MessageError, ValueError, TypeError, LookupError):
        return {}


def _signatures(incoming: Incoming) -> list[dict[str, Any]]:
    """Each {timestamp, token, signature} the request carries, in the order to try them."""
    data = json_body(incoming)
    if isinstance(data, dict):
        # A subaccount's events also carry parent-signature, made with the parent's key.
        return [s for s in (data.get("signature"), data.get("parent-signature"))
                if isinstance(s, dict)]
    fields = _form_fields(incoming)
    return [fields] if fields else []


def _text(value: Any) -> str | None:
    # The SDK signs str(timestamp): the JSON string as sent, or an integer's digits.
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return str(value)
    return value if isinstance(value, str) and value else None


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    candidates = _signatures(incoming)
    if not candidates:
        return failed("body has no signature {timestamp, token, signature}")
    reason = "signature does not match timestamp + token"
    for candidate in candidates:
        ts_text, token, signature = (_text(candidate.get(k)) for k in _SIGNATURE_FIELDS)
        if ts_text is None or token is None or signature is None:
            reason = "signature lacks timestamp, token or signature"
            continue
        try:
            ts = int(ts_text)
        except ValueError:
            reason = "signature timestamp is not an integer"
            continue
        if not matches(mac(secret, f"{ts_text}{token}".encode()), signature, "hex"):
            continue
        # Only timestamp and token are signed, never the event data: a captured signature
        # vouches for any body within the window, so the window is all that limits replay.
        problem = timestamp_problem(ts, incoming.now, TOLERANCE_SECONDS, reject_future=True)
        return failed(problem) if problem else VERIFIED
    return failed(reason)


def event_id(incoming: Incoming) -> str | None:
    data = json_body(incoming)
    if isinstance(data, dict):
        event = data.get("event-data")
        return as_id(event.get("id")) if isinstance(event, dict) else None
    fields = _form_fields(incoming)
    # Legacy webhooks and routed messages: the message's id, stable across retries.
    return as_id(fields.get("Message-Id") or fields.get("message-id"))


PROVIDER = Provider(
    accept_status=200,  # Mailgun retries every other answer but 406 for 8 hours
    code="mailgun",
    name="Mailgun",
    scheme="HMAC-SHA256 hex of timestamp + token, both in the body's signature object (or form "
    "fields); the event data itself is not signed; timestamp within 15 min either way",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    event_id_location="body event-data.id (form posts: Message-Id)",
)
