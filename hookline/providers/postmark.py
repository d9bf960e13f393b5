"""Postmark: no signature; HTTP basic-auth credentials embedded in the webhook URL."""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Verification
from .common import VERIFIED, as_id, failed, header, json_body
from .hmac_schemes import equal

# Opens and clicks repeat for one message, so their own time is part of the id.
_REPEATING = ("Open", "Click")


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    value = header(incoming, "authorization")
    if value is None:
        return failed("missing Authorization header")
    scheme, _, credentials = value.partition(" ")
    if scheme.lower() != "basic":
        return failed("Authorization is not Basic")
    try:
        decoded = base64.b64decode(credentials.strip(), validate=True)
    except (binascii.Error, ValueError):
        return failed("Authorization Basic credentials are not base64")
    if not equal(decoded, secret.encode()):
        return failed("basic-auth credentials do not match")
    return VERIFIED


def event_id(incoming: Incoming) -> str | None:
    data = json_body(incoming)
    if not isinstance(data, dict):
        return None
    message_id = as_id(data.get("MessageID"))
    if message_id is None:
        return None
    record_type = as_id(data.get("RecordType"))
    if record_type is None:
        return message_id
    parts = [record_type, message_id]
    received_at = as_id(data.get("ReceivedAt"))
    if record_type in _REPEATING and received_at:
        parts.append(received_at)
    return ":".join(parts)


PROVIDER = Provider(
    code="postmark",
    name="Postmark",
    scheme='no signature: Authorization Basic credentials equal the secret "user:password" '
    "(constant-time compare); the body is not authenticated",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    strip_headers=("authorization",),
    verification="token",
    event_id_location="body RecordType + MessageID (+ ReceivedAt for Open/Click)",
)
