"""SendGrid Event Webhook: ECDSA P-256 / SHA-256 over timestamp + raw body, base64 DER
signature in X-Twilio-Email-Event-Webhook-Signature; the Source's secret is the verification
public key (sendgrid/sendgrid-python sendgrid/helpers/eventwebhook/__init__.py; Twilio's
docs/sendgrid/for-developers/tracking-events/getting-started-event-webhook-security-features)."""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from typing import Any

from cryptography.exceptions import InvalidSignature, UnsupportedAlgorithm
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import load_der_public_key, load_pem_public_key

from .base import Incoming, Provider, Verification
from .common import VERIFIED, as_id, failed, header, json_body

KEY_FORM = "must be a base64 DER or PEM ECDSA P-256 public key"


def load_key(secret: str) -> ec.EllipticCurvePublicKey | None:
    """The key as the dashboard shows it (base64 of the DER SubjectPublicKeyInfo, which is
    what the SDK wraps in PEM armour) or already in PEM; None unless it is P-256."""
    text = secret.strip()
    try:
        if text.startswith("-----BEGIN"):
            key = load_pem_public_key(text.encode())
        else:
            key = load_der_public_key(base64.b64decode("".join(text.split()), validate=True))
    except (ValueError, TypeError, binascii.Error, UnsupportedAlgorithm):
        return None
    if not isinstance(key, ec.EllipticCurvePublicKey) or not isinstance(key.curve, ec.SECP256R1):
        return None
    return key


def check_secret(secret: str) -> str | None:
    return None if load_key(secret) is not None else KEY_FORM


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    signature = header(incoming, "x-twilio-email-event-webhook-signature")
    timestamp = header(incoming, "x-twilio-email-event-webhook-timestamp")
    if signature is None or timestamp is None:
        return failed("missing X-Twilio-Email-Event-Webhook-Signature or -Timestamp header")
    key = load_key(secret)
    if key is None:
        return failed(f"secret {KEY_FORM}")
    try:
        der = base64.b64decode(signature, validate=True)
        key.verify(der, timestamp.encode() + incoming.body, ec.ECDSA(hashes.SHA256()))
    except (InvalidSignature, ValueError, binascii.Error):
        return failed("X-Twilio-Email-Event-Webhook-Signature does not verify")
    # Neither the docs nor the SDK bound the timestamp, so no replay window is applied.
    return VERIFIED


def event_id(incoming: Incoming) -> str | None:
    # A post is a batch of events; a retry resends the batch, so its first event stands for it.
    data = json_body(incoming)
    if isinstance(data, list) and data and isinstance(data[0], dict):
        return as_id(data[0].get("sg_event_id"))
    return None


PROVIDER = Provider(
    code="sendgrid",
    name="SendGrid Event Webhook",
    scheme="ECDSA P-256 SHA-256 signature (base64 DER, X-Twilio-Email-Event-Webhook-Signature) "
    "of X-Twilio-Email-Event-Webhook-Timestamp + raw body; secret = verification public key "
    "(base64 DER or PEM); no replay window",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    event_id_location="body [0].sg_event_id",
    check_secret=check_secret,
)
