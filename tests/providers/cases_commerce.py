"""Case builders for the commerce providers of issue 36 (see tests/providers/cases.py).

Adyen's signatures come from its official SDK (adyen, Adyen.util); SendGrid's are made with
`cryptography` as its docs describe (its SDK only verifies). The others ship no SDK that signs
offline, so their signatures are computed here from each provider's documentation with hmac,
hashlib and base64, independently of hookline's helpers.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from Adyen.util import generate_notification_sig, generate_payload_sig
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec

from tests.providers.cases import Case, as_json, b64_mac, hex_mac

ADYEN_KEY = "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056"
ADYEN_OTHER = "0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF"
# Fixed private scalars keep the keys stable; ECDSA signatures themselves stay randomised.
SENDGRID_KEY = ec.derive_private_key(0x5EED_0F_5E4D_6121D, ec.SECP256R1())
SENDGRID_OTHER_KEY = ec.derive_private_key(0x0DD_BA11_CAFE, ec.SECP256R1())


def public_der_b64(key: ec.EllipticCurvePrivateKey) -> str:
    """The verification key as SendGrid's dashboard shows it: base64 of the DER SPKI."""
    der = key.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    return base64.b64encode(der).decode()


def sendgrid_sign(key: ec.EllipticCurvePrivateKey, timestamp: str, body: bytes) -> str:
    return base64.b64encode(key.sign(timestamp.encode() + body, ec.ECDSA(hashes.SHA256()))).decode()


def adyen_item(**fields: Any) -> dict[str, Any]:
    """A NotificationRequestItem signed with Adyen's own generate_notification_sig."""
    item: dict[str, Any] = {
        "eventCode": "AUTHORISATION",
        "success": "true",
        "eventDate": "2026-01-01T00:00:00+01:00",
        "merchantAccountCode": "HooklineECOM",
        "pspReference": "7914073381342284",
        "merchantReference": "order-1407325143704",
        "amount": {"value": 1130, "currency": "EUR"},
        **fields,
    }
    signature = generate_notification_sig(item, ADYEN_KEY).decode()
    return {**item, "additionalData": {"hmacSignature": signature, "authCode": "58747"}}


def adyen_notification(*items: dict[str, Any]) -> bytes:
    entries = [{"NotificationRequestItem": item} for item in items or (adyen_item(),)]
    return as_json({"live": "false", "notificationItems": entries})


def square_case(env: Any, age: int = 0) -> Case:
    body = as_json({
        "merchant_id": "6SSW7HV8K2ST5",
        "type": "payment.updated",
        "event_id": "13b867cf-db3d-4b1c-90b6-2f32a9d78124",
        "created_at": "2026-01-01T00:00:00Z",
        "data": {"type": "payment", "id": "hYy9pRFVxpDsO1FB05SunFWUe9JZY"},
    })  # fmt: skip
    key = "sq0wbs-ufd9cVExampleSignatureKey"
    # Square signs the notification URL it was given, then the body.
    headers = {"x-square-hmacsha256-signature": b64_mac(key, env.url.encode() + body),
               "square-version": "2026-01-01"}
    return Case(
        code="square",
        incoming=env.make(body, headers),
        secret=key,
        event_id="13b867cf-db3d-4b1c-90b6-2f32a9d78124",
        credential_headers=("x-square-hmacsha256-signature",),
    )


def adyen_hmac_header_case(env: Any, age: int = 0) -> Case:
    # The table needs the signature in a header, which is where Adyen's other webhook types
    # (Balance Platform, Management) put it; standard notifications, signed inside the
    # body, are covered in test_commerce_details.py.
    body = as_json({
        "data": {"balancePlatform": "YOUR_BALANCE_PLATFORM", "accountHolder": {"id": "AH32272"}},
        "environment": "test",
        "type": "balancePlatform.accountHolder.created",
    })  # fmt: skip
    return Case(
        code="adyen",
        incoming=env.make(body, {"HmacSignature": generate_payload_sig(body, ADYEN_KEY).decode()}),
        secret=ADYEN_KEY,
        event_id=None,
        credential_headers=("hmacsignature",),
        other_secret=ADYEN_OTHER,
    )


def woocommerce_case(env: Any, age: int = 0) -> Case:
    body = as_json({"id": 727, "status": "processing", "total": "29.35", "currency": "EUR"})
    secret = "wc-webhook-secret-Sj2#k"
    delivery = "9f2c1a3e5b7d4c6a8e0f1b2d3c4e5f60"
    headers = {
        "X-WC-Webhook-Source": "https://shop.example.com/",
        "X-WC-Webhook-Topic": "order.updated",
        "X-WC-Webhook-Resource": "order",
        "X-WC-Webhook-Event": "updated",
        "X-WC-Webhook-Signature": b64_mac(secret, body),
        "X-WC-Webhook-ID": "12",
        "X-WC-Webhook-Delivery-ID": delivery,
    }
    return Case(
        code="woocommerce",
        incoming=env.make(body, headers),
        secret=secret,
        event_id=f"{delivery}:sha256:{hashlib.sha256(body).hexdigest()}",
        credential_headers=("x-wc-webhook-signature",),
    )


def razorpay_case(env: Any, age: int = 0) -> Case:
    body = as_json({
        "entity": "event",
        "account_id": "acc_BFQ7uQEaa7j2z7",
        "event": "payment.captured",
        "contains": ["payment"],
        "payload": {"payment": {"entity": {"id": "pay_DESlfW9H8K9uqM", "amount": 100}}},
        "created_at": 1567674606,
    })  # fmt: skip
    secret = "rzp-webhook-secret"
    headers = {"X-Razorpay-Signature": hex_mac(secret, body),
               "X-Razorpay-Event-Id": "JQ6XGYt6pbYwCU"}
    return Case(
        code="razorpay",
        incoming=env.make(body, headers),
        secret=secret,
        event_id="JQ6XGYt6pbYwCU",
        credential_headers=("x-razorpay-signature",),
    )


def gocardless_case(env: Any, age: int = 0) -> Case:
    body = as_json({
        "events": [
            {"id": "EV00BD05S5VM2T", "resource_type": "payments", "action": "confirmed",
             "links": {"payment": "PM0012J4F1Q8ZT"}},
            {"id": "EV00BD05TB8K63", "resource_type": "mandates", "action": "active",
             "links": {"mandate": "MD000AMA19XGEC"}},
        ],
        "meta": {"webhook_id": "WB00006EWJHN8V"},
    })  # fmt: skip
    secret = "gocardless-endpoint-secret"
    return Case(
        code="gocardless",
        incoming=env.make(body, {"Webhook-Signature": hex_mac(secret, body)}),
        secret=secret,
        event_id="WB00006EWJHN8V",
        credential_headers=("webhook-signature",),
    )


def lemon_squeezy_case(env: Any, age: int = 0) -> Case:
    body = as_json({
        "meta": {"event_name": "order_created", "custom_data": {"customer_id": 25}},
        "data": {"type": "orders", "id": "1", "attributes": {"status": "paid", "total": 1199}},
    })  # fmt: skip
    secret = "lemon-signing-secret"
    headers = {"X-Signature": hex_mac(secret, body), "X-Event-Name": "order_created"}
    return Case(
        code="lemon-squeezy",
        incoming=env.make(body, headers),
        secret=secret,
        event_id="sha256:" + hashlib.sha256(body).hexdigest(),
        credential_headers=("x-signature",),
    )


def coinbase_commerce_case(env: Any, age: int = 0) -> Case:
    body = as_json({
        "attempt_number": 1,
        "event": {
            "api_version": "2018-03-22",
            "created_at": "2026-01-01T00:00:00Z",
            "data": {"id": "2aee9dd1-67b8-43ef-8dfe-977959850f27", "code": "XA6G6ZFR"},
            "id": "e1a6bb1a-fbbc-4e4c-8a0e-2f0c8b1f1d11",
            "resource": "event",
            "type": "charge:confirmed",
        },
        "id": "7c8b3a55-1f0e-4b8f-a2a4-6d9f0e1c2b3a",
        "scheduled_for": "2026-01-01T00:00:00Z",
    })  # fmt: skip
    secret = "coinbase-shared-secret"
    return Case(
        code="coinbase-commerce",
        incoming=env.make(body, {"X-CC-Webhook-Signature": hex_mac(secret, body)}),
        secret=secret,
        event_id="e1a6bb1a-fbbc-4e4c-8a0e-2f0c8b1f1d11",
        credential_headers=("x-cc-webhook-signature",),
    )


def recurly_case(env: Any, age: int = 0) -> Case:
    body = as_json({
        "id": "ocvwhtt7a0i4",
        "object_type": "account",
        "site_id": "ngjhi4d7sdil",
        "event_type": "created",
        "event_time": "2026-01-01T00:00:00Z",
        "account_code": "hookline-1",
    })  # fmt: skip
    secret = "recurly-endpoint-key"
    ts_ms = (env.now - age) * 1000
    signature = hex_mac(secret, f"{ts_ms}.".encode() + body)
    return Case(
        code="recurly",
        incoming=env.make(body, {"recurly-signature": f"{ts_ms},{signature}"}),
        secret=secret,
        event_id="ocvwhtt7a0i4",
        credential_headers=("recurly-signature",),
    )


def mailgun_case(env: Any, age: int = 0) -> Case:
    key = "key-mailgun-webhook-signing-0123"
    timestamp = str(env.now - age)
    token = "a8ce0edb2dd8301dee6c2405235584e45aa91d1e9f979f3de0"
    event = {"id": "CPgfbmQMTCKtHW6uIWtuVe", "event": "delivered",
             "timestamp": 1521472262.908181}
    body = as_json({
        "signature": {
            "timestamp": timestamp,
            "token": token,
            "signature": hex_mac(key, (timestamp + token).encode()),
        },
        "event-data": event,
    })  # fmt: skip
    return Case(
        code="mailgun",
        incoming=env.make(body, {"Content-Type": "application/json"}),
        secret=key,
        event_id="CPgfbmQMTCKtHW6uIWtuVe",
        # The signature travels in the body, so no header carries it.
        credential_headers=(),
        # Only timestamp and token are signed; the event data is not.
        body_signed=False,
        unsigned=env.make(as_json({"event-data": event}), {"Content-Type": "application/json"}),
    )


def sendgrid_case(env: Any, age: int = 0) -> Case:
    body = as_json([
        {"email": "example@test.com", "timestamp": 1513299569, "event": "processed",
         "sg_event_id": "sg_event_id_processed_1", "sg_message_id": "14c5d75ce93.dfd.64b469"},
        {"email": "example@test.com", "timestamp": 1513299570, "event": "delivered",
         "sg_event_id": "sg_event_id_delivered_1", "sg_message_id": "14c5d75ce93.dfd.64b469"},
    ])  # fmt: skip
    timestamp = str(env.now - age)
    headers = {
        "X-Twilio-Email-Event-Webhook-Signature": sendgrid_sign(SENDGRID_KEY, timestamp, body),
        "X-Twilio-Email-Event-Webhook-Timestamp": timestamp,
    }
    return Case(
        code="sendgrid",
        incoming=env.make(body, headers),
        secret=public_der_b64(SENDGRID_KEY),
        event_id="sg_event_id_processed_1",
        credential_headers=("x-twilio-email-event-webhook-signature",),
        other_secret=public_der_b64(SENDGRID_OTHER_KEY),
    )


def intercom_case(env: Any, age: int = 0) -> Case:
    body = as_json({
        "type": "notification_event",
        "id": "notif_78c122d0-23ba-11e4-9464-79b01267cc2e",
        "topic": "user.created",
        "app_id": "a86dr8yl",
        "data": {"type": "notification_event_data", "item": {"type": "user", "id": "5303"}},
    })  # fmt: skip
    secret = "intercom-client-secret"
    return Case(
        code="intercom",
        incoming=env.make(body, {"X-Hub-Signature": "sha1=" + hex_mac(secret, body, "sha1")}),
        secret=secret,
        event_id="notif_78c122d0-23ba-11e4-9464-79b01267cc2e",
        credential_headers=("x-hub-signature",),
    )


def zendesk_case(env: Any, age: int = 0) -> Case:
    body = as_json({
        "type": "zen:event-type:ticket.created",
        "account_id": 123456,
        "id": "cbe4028c-7239-495d-b020-f22348516046",
        "time": "2026-01-01T00:00:00Z",
        "zendesk_event_version": "2022-11-06",
        "detail": {"id": "35436"},
    })  # fmt: skip
    secret = "dGhpc19zZWNyZXRfaXNfZm9yX3Rlc3Rpbmdfb25seQ=="
    timestamp = datetime.fromtimestamp(env.now - age, tz=UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    headers = {
        "X-Zendesk-Account-Id": "123456",
        "X-Zendesk-Webhook-Id": "01F1KRFQ6BG29CNWFR60NK5FNY",
        "X-Zendesk-Webhook-Invocation-Id": "8350205582",
        # base64(HMACSHA256(TIMESTAMP + BODY)), the secret used as text, not decoded.
        "X-Zendesk-Webhook-Signature": b64_mac(secret, timestamp.encode() + body),
        "X-Zendesk-Webhook-Signature-Timestamp": timestamp,
    }
    return Case(
        code="zendesk",
        incoming=env.make(body, headers),
        secret=secret,
        event_id="8350205582",
        credential_headers=("x-zendesk-webhook-signature",),
    )


CASES: list[Callable[..., Case]] = [
    square_case,
    adyen_hmac_header_case,
    woocommerce_case,
    razorpay_case,
    gocardless_case,
    lemon_squeezy_case,
    coinbase_commerce_case,
    recurly_case,
    mailgun_case,
    sendgrid_case,
    intercom_case,
    zendesk_case,
]
# (builder, tolerance in seconds) for schemes with a timestamp
STALE: list[tuple[Callable[..., Case], int]] = [
    (recurly_case, 300),
    (mailgun_case, 900),
]
# (builder, verdict for a timestamp 600 s in the future, as the provider's SDK or docs decide)
FUTURE: list[tuple[Callable[..., Case], str]] = [
    (recurly_case, "failed"),  # Recurly::Webhooks compares |now - ts|
    # mailgun verify_webhook compares |now - ts| with 900 s: 600 s ahead is still inside
    # (test_commerce_details checks 901 s ahead).
    (mailgun_case, "verified"),
]
