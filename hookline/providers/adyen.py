"""Adyen: standard notifications carry, in each NotificationRequestItem's
additionalData.hmacSignature, a base64 HMAC-SHA256 of eight of its fields joined by ":", keyed
with the hex HMAC key (Adyen/adyen-python-api-library Adyen/util.py generate_notification_sig,
https://docs.adyen.com/development-resources/webhooks/secure-webhooks/verify-hmac-signatures).
Other webhook types (Balance Platform, Management) sign the raw body in the HmacSignature
header instead (util.py is_valid_hmac_payload)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Incoming, Provider, Verification
from .common import VERIFIED, as_id, failed, header, json_body
from .hmac_schemes import decode_key, mac, matches

# The order Adyen signs in; value and currency come from the item's amount object.
_SIGNED_FIELDS = ("pspReference", "originalReference", "merchantAccountCode",
                  "merchantReference", "value", "currency", "eventCode", "success")


def check_secret(secret: str) -> str | None:
    if decode_key(secret, "hex") is None:
        return "must be the HMAC key as hexadecimal (an even number of 0-9a-f digits)"
    return None


def _field(value: Any) -> str | None:
    """A signed field as Adyen renders it: absent or null is empty, a JSON boolean is
    lowercase; anything but text and integers cannot be rendered, so it cannot match."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | str):
        return str(value)
    return None


def _signing_string(item: Mapping[str, Any]) -> str | None:
    amount = item.get("amount")
    if not isinstance(amount, dict):
        return None
    values = {**item, "value": amount.get("value"), "currency": amount.get("currency")}
    parts = [_field(values.get(name)) for name in _SIGNED_FIELDS]
    return None if any(part is None for part in parts) else ":".join(map(str, parts))


def _items(data: Any) -> list[Any] | None:
    if not isinstance(data, dict) or not isinstance(data.get("notificationItems"), list):
        return None
    return [entry.get("NotificationRequestItem") if isinstance(entry, dict) else None
            for entry in data["notificationItems"]]


def verify(incoming: Incoming, secret: str, config: Mapping[str, Any]) -> Verification:
    key = decode_key(secret, "hex")
    if key is None:
        return failed("secret is not a hex HMAC key")
    signature = header(incoming, "hmacsignature")
    if signature is not None:
        if not matches(mac(key, incoming.body), signature, "base64"):
            return failed("HmacSignature does not match the body")
        return VERIFIED
    items = _items(json_body(incoming))
    if not items:
        return failed("no HmacSignature header and no notificationItems in the body")
    # The signature covers only these fields, so every item of a batch must carry its own.
    for index, item in enumerate(items):
        if not isinstance(item, dict):
            return failed(f"notificationItems[{index}] has no NotificationRequestItem")
        extra = item.get("additionalData")
        given = extra.get("hmacSignature") if isinstance(extra, dict) else None
        if not isinstance(given, str) or not given:
            return failed(f"notificationItems[{index}] has no additionalData.hmacSignature")
        signing = _signing_string(item)
        if signing is None:
            return failed(f"notificationItems[{index}] has no amount or an unsignable field")
        if not matches(mac(key, signing.encode()), given, "base64"):
            return failed(f"notificationItems[{index}] hmacSignature does not match")
    return VERIFIED


def event_id(incoming: Incoming) -> str | None:
    # Adyen documents no delivery id, and a JSON notification carries one item; eventCode
    # and pspReference name what happened, and success is kept because a failed and a later
    # successful outcome of one event are two notifications.
    items = _items(json_body(incoming))
    item = items[0] if items else None
    if not isinstance(item, dict):
        return None
    code, psp = as_id(item.get("eventCode")), as_id(item.get("pspReference"))
    if code is None or psp is None:
        return None
    success = _field(item.get("success")) or ""
    return f"{code}:{psp}:{success}"


PROVIDER = Provider(
    code="adyen",
    name="Adyen",
    scheme="HMAC-SHA256 base64, hex key, of pspReference:originalReference:merchantAccountCode:"
    "merchantReference:value:currency:eventCode:success in every item's "
    "additionalData.hmacSignature (or of the raw body in HmacSignature); no timestamp",
    needs_secret=True,
    verify=verify,
    event_id=event_id,
    event_id_location="body notificationItems[0]: eventCode:pspReference:success",
    check_secret=check_secret,
)
