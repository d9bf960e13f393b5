"""Telegram Bot API: the secret_token given to setWebhook comes back as is in
X-Telegram-Bot-Api-Secret-Token.

Source: https://core.telegram.org/bots/api#setwebhook
"""

from __future__ import annotations

import re

from .base import Incoming, Provider
from .common import body_field
from .hmac_schemes import token_verifier

_SECRET_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,256}")


def check_secret(secret: str) -> str | None:
    if _SECRET_TOKEN.fullmatch(secret.strip()) is None:
        return "must be 1-256 characters of A-Z, a-z, 0-9, _ and - (Telegram's secret_token)"
    return None


def event_id(incoming: Incoming) -> str | None:
    return body_field(incoming, "update_id")


PROVIDER = Provider(
    code="telegram",
    name="Telegram Bot API",
    scheme="no signature: X-Telegram-Bot-Api-Secret-Token equals the setWebhook secret_token "
    "(constant-time compare); the body is not authenticated",
    needs_secret=True,
    verify=token_verifier("x-telegram-bot-api-secret-token"),
    event_id=event_id,
    strip_headers=("x-telegram-bot-api-secret-token",),
    event_id_location="body update_id",
    check_secret=check_secret,
    verification="token",
)
