"""What a provider test case is, and the signing helpers every case builder shares.

A builder takes an Env (tests/providers/conftest.py: `make`, `now`, `url`) and an `age` in
seconds, and returns one correctly signed request. Timestamps come from env.now - age and
URL-signing schemes sign env.url, so the same builder serves the unit tests (a fixed clock)
and the end-to-end test through the ingestion URL (the real clock and the Source's URL).
"""

from __future__ import annotations

import base64
import hmac
import json
from dataclasses import dataclass, field
from typing import Any

from hookline.providers.base import Incoming


@dataclass
class Case:
    code: str
    incoming: Incoming
    secret: str
    event_id: str | None
    credential_headers: tuple[str, ...]  # removing all of them must fail verification
    config: dict[str, Any] = field(default_factory=dict)
    other_secret: str | None = None  # a well-formed secret that did not sign the request
    body_signed: bool = True  # False for credential-only schemes (GitLab token, Postmark)
    # The request without its credential, where that travels in the body (Mailgun's
    # signature, Microsoft Graph's clientState) so that no header removal can show it.
    unsigned: Incoming | None = None


def hex_mac(key: str | bytes, msg: bytes, algo: str = "sha256") -> str:
    key = key.encode() if isinstance(key, str) else key
    return hmac.new(key, msg, algo).hexdigest()


def b64_mac(key: str | bytes, msg: bytes, algo: str = "sha256") -> str:
    key = key.encode() if isinstance(key, str) else key
    return base64.b64encode(hmac.new(key, msg, algo).digest()).decode()


def as_json(data: Any) -> bytes:
    return json.dumps(data).encode()
