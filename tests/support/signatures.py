"""Checking `v1a` signatures (ed25519) as a receiver does, with PyNaCl rather than our
signing code, and Svix's asymmetric test vector."""

from __future__ import annotations

import base64

from nacl.signing import VerifyKey

from tests.support.receiver import Received

# Svix's asymmetric test vector (svix/svix-webhooks, worker.rs test_asymmetric_key_signing).
SVIX_KEY = ("whsk_6Xb/dCcHpPea21PS1N9VY/NZW723CEc77N4rJCubMbfVKIDij2HKpMKkioLlX0dRqSKJp4AJ6p9l"
            "MicMFs6Kvg==")
SVIX_PUBLIC_KEY = "whpk_1SiA4o9hyqTCpIqC5V9HUakiiaeACeqfZTInDBbOir4="


def verify_v1a(public_key: str, arrived: Received) -> None:
    """Raises unless one `v1a` signature of the request verifies with `public_key`."""
    key = VerifyKey(base64.b64decode(public_key.removeprefix("whpk_")))
    headers = arrived.headers
    signed = f"{headers['webhook-id']}.{headers['webhook-timestamp']}.".encode() + arrived.body
    found = [s.split(",", 1)[1] for s in headers["webhook-signature"].split(" ")
             if s.startswith("v1a,")]
    errors = []
    for signature in found:
        try:
            key.verify(signed, base64.b64decode(signature))
            return
        except Exception as exc:  # BadSignatureError: try the next one
            errors.append(exc)
    raise AssertionError(f"no v1a signature verifies: {headers['webhook-signature']} {errors}")
