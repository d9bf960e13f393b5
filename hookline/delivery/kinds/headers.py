"""The headers every kind sends with a body: the target's fixed headers, then the
signature's (`hookline.signing`), the content type and our user agent."""

from __future__ import annotations

from hookline import USER_AGENT
from hookline.delivery.model import Outgoing
from hookline.signing import webhook_headers


def request_headers(out: Outgoing, msg_id: str, timestamp: int) -> dict[str, str]:
    """The headers an attempt sends but `host`: the target's fixed headers, then the
    signature's, the content type and our user agent (which fixed headers cannot override)."""
    headers = dict(out.custom_headers)
    headers.update(webhook_headers(out.secrets, msg_id, timestamp, out.body,
                                   out.signature_headers))
    headers.update({"content-type": out.content_type, "user-agent": USER_AGENT})
    return headers
