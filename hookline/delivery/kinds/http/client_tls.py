"""An HTTP target's TLS contexts: built once per configuration and kept (loading a CA bundle
takes milliseconds; an attempt takes the kept one), and named by its fingerprint in the
sender's session keys so that no connection is shared between identities. Also: which side a
TLS failure was, for the attempt's message."""

from __future__ import annotations

import ssl
from collections import OrderedDict

import certifi

from hookline.delivery.credentials import ClientTLS
from hookline.delivery.kinds.tls import build

KEPT = 256


def default_context() -> ssl.SSLContext:
    """The roots httpx had: certifi's."""
    return ssl.create_default_context(cafile=certifi.where())


class ClientContexts:
    """The contexts of the configurations seen lately, by fingerprint (least recently used
    dropped first)."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self._contexts: OrderedDict[str, ssl.SSLContext] = OrderedDict()

    def context(self, tls: ClientTLS) -> ssl.SSLContext:
        key = tls.fingerprint
        found = self._contexts.get(key)
        if found is None:
            found = self._contexts[key] = build(tls)
            if len(self._contexts) > self.kept:
                self._contexts.popitem(last=False)
        self._contexts.move_to_end(key)
        return found


def which_side(exc: BaseException) -> str | None:
    """What a TLS failure says of who refused whom, or None when it says neither: our
    verification of the receiver's certificate, or the receiver's alert during the
    handshake (with a client certificate configured, most often its refusal of ours)."""
    cause: BaseException | None = exc
    while cause is not None:
        if isinstance(cause, ssl.SSLCertVerificationError):  # aiohttp's error is one too
            detail = getattr(cause, "verify_message", None) or getattr(cause, "reason", None)
            return "we could not verify the receiver's certificate" + \
                (f" ({detail})" if detail else "")
        reason = str(getattr(cause, "reason", None) or "")  # aiohttp's errors may have none
        if isinstance(cause, ssl.SSLError) and "ALERT" in reason.upper():
            return (f"the receiver refused the TLS handshake ({reason}): it did not "
                    "accept our client certificate, or sent none it trusts")
        cause = cause.__cause__ or cause.__context__
    return None
