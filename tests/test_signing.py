"""Signatures are Standard Webhooks: checked against the official vector and the official
verifier, and under Svix's header names against Svix's verifier, with no
infrastructure."""

from __future__ import annotations

import base64
import time

import pytest
from nacl.exceptions import BadSignatureError
from nacl.signing import VerifyKey
from standardwebhooks.webhooks import Webhook, WebhookVerificationError
from svix.webhooks import Webhook as SvixWebhook

from hookline import signing
from hookline.signing import (
    is_valid_secret,
    new_secret,
    sign,
    signature_header,
    webhook_headers,
)

VECTOR_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
VECTOR_ID = "msg_p5jXN8AQM9LWM0D4loKWxJek"
VECTOR_TS = 1614265330
VECTOR_BODY = b'{"test": 2432232314}'
VECTOR_SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="


def test_official_vector() -> None:
    assert sign(VECTOR_SECRET, VECTOR_ID, VECTOR_TS, VECTOR_BODY) == VECTOR_SIGNATURE


def test_headers_carry_id_timestamp_and_signature() -> None:
    headers = webhook_headers([VECTOR_SECRET], VECTOR_ID, VECTOR_TS, VECTOR_BODY)
    assert headers == {"webhook-id": VECTOR_ID, "webhook-timestamp": str(VECTOR_TS),
                       "webhook-signature": VECTOR_SIGNATURE}


def test_svix_names_carry_the_same_values_and_svix_verifies_them() -> None:
    body = b'{"type":"invoice.paid","data":{}}'
    now = int(time.time())
    standard = webhook_headers([VECTOR_SECRET], "evt_1", now, body)
    svix = webhook_headers([VECTOR_SECRET], "evt_1", now, body, names="svix")
    assert svix == {name.replace("webhook-", "svix-"): value
                    for name, value in standard.items()}
    SvixWebhook(VECTOR_SECRET).verify(body, svix)
    with pytest.raises(WebhookVerificationError):  # Standard Webhooks reads webhook-* only
        Webhook(VECTOR_SECRET).verify(body, svix)


def test_rotation_signs_with_every_secret_in_force() -> None:
    old, new = new_secret(), new_secret()
    header = signature_header([new, old], "msg_1", VECTOR_TS, b"{}")
    assert header.split(" ") == [sign(new, "msg_1", VECTOR_TS, b"{}"),
                                 sign(old, "msg_1", VECTOR_TS, b"{}")]


def test_official_verifier_accepts_our_signatures() -> None:
    old, new = new_secret(), new_secret()
    body = b'{"type":"invoice.paid","data":{}}'
    headers = webhook_headers([new, old], "evt_1", int(time.time()), body)
    for secret in (old, new):
        Webhook(secret).verify(body, headers)
    with pytest.raises(WebhookVerificationError):
        Webhook(new_secret()).verify(body, headers)
    with pytest.raises(WebhookVerificationError):
        Webhook(new).verify(body + b" ", headers)


def test_new_secrets_are_valid_and_distinct() -> None:
    secrets = {new_secret() for _ in range(50)}
    assert len(secrets) == 50
    assert all(s.startswith("whsec_") and is_valid_secret(s) for s in secrets)


def _secret(nbytes: int) -> str:
    return "whsec_" + base64.b64encode(b"k" * nbytes).decode()


@pytest.mark.parametrize(("secret", "valid"), [
    (VECTOR_SECRET, True),
    (_secret(24), True),
    (_secret(64), True),
    (_secret(75), True),  # Svix's longest: a secret moved from Svix keeps working
    (_secret(23), False),  # too short to be a safe key
    (_secret(76), False),
    ("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", False),  # no prefix
    ("whsec_", False),
    ("whsec_not base64!!", False),
    ("WHSEC_" + _secret(32)[6:], False),
])
def test_secret_format(secret: str, valid: bool) -> None:
    assert is_valid_secret(secret) is valid


# Svix's asymmetric signing vector (svix-webhooks, server/svix-server/src/worker.rs,
# `test_asymmetric_key_signing`), and the public key its e2e tests read back for that key.
ASYMMETRIC_KEY = ("whsk_6Xb/dCcHpPea21PS1N9VY/NZW723CEc77N4rJCubMbfVKIDij2HKpMKkioLlX0dRqSKJp"
                  "4AJ6p9lMicMFs6Kvg==")
ASYMMETRIC_SIGNATURE = ("v1a,hnO3f9T8Ytu9HwrXslvumlUpqtNVqkhqw/enGzPCXe5BdqzCInXqYXFymVJaA7AZ"
                        "dpXwVLPo3mNl8EM+m7TBAg==")


def test_svix_asymmetric_vector_and_a_receiver_holding_only_the_public_key() -> None:
    body = b'{"test": 2432232314}'
    signed = signing.sign(ASYMMETRIC_KEY, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body)
    assert signed == ASYMMETRIC_SIGNATURE
    public = signing.public_key(ASYMMETRIC_KEY)
    assert public == "whpk_1SiA4o9hyqTCpIqC5V9HUakiiaeACeqfZTInDBbOir4="
    verifier = VerifyKey(base64.b64decode(public.removeprefix("whpk_")))  # PyNaCl
    verifier.verify(b"msg_p5jXN8AQM9LWM0D4loKWxJek.1614265330." + body,
                    base64.b64decode(signed.removeprefix("v1a,")))


def test_v1_and_v1a_sign_side_by_side_during_a_rotation() -> None:
    hmac_secret, key = signing.new_secret(), signing.new_signing_key()
    header = signing.signature_header([key, hmac_secret], "msg_1", 1700000000, b"{}")
    v1a, v1 = header.split(" ")
    assert v1a.startswith("v1a,") and v1 == signing.sign(hmac_secret, "msg_1", 1700000000,
                                                          b"{}")
    VerifyKey(base64.b64decode(signing.public_key(key)[5:])).verify(
        b"msg_1.1700000000.{}", base64.b64decode(v1a[4:]))
    with pytest.raises(BadSignatureError):
        VerifyKey(base64.b64decode(signing.public_key(key)[5:])).verify(
            b"msg_1.1700000001.{}", base64.b64decode(v1a[4:]))


@pytest.mark.parametrize(("key", "valid"), [
    (ASYMMETRIC_KEY, True),
    (ASYMMETRIC_KEY[:-4] + "AAA=", False),  # its public half is not its seed's
    ("whsk_" + base64.b64encode(b"k" * 32).decode(), False),  # a seed alone
    ("whsec_" + base64.b64encode(b"k" * 64).decode(), False),  # a v1 secret
    ("whsk_not base64", False),
])
def test_signing_key_format(key: str, valid: bool) -> None:
    assert signing.is_valid_signing_key(key) is valid
    if key.startswith("whsk_"):  # never taken for a v1 secret
        assert signing.is_valid_secret(key) is False
