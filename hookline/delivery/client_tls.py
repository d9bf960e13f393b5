"""A target's TLS context (`credentials.ClientTLS`): its client certificate and key, and its
CA bundle trusted instead of the default roots (certifi's). Built once per configuration and
kept (loading a CA bundle takes milliseconds; an attempt takes the kept one), and named by
its fingerprint in the Sender's session keys so that no connection is shared between
identities. Also: which side a TLS failure was, for the attempt's message."""

from __future__ import annotations

import os
import ssl
import tempfile
from collections import OrderedDict

import certifi

from hookline.delivery.credentials import ClientTLS

KEPT = 256
# The JWS algorithm of an EC key by its curve (also the curves a private_key_jwt key may use).
EC_ALGS = {"secp256r1": "ES256", "secp384r1": "ES384", "secp521r1": "ES512"}


def default_context() -> ssl.SSLContext:
    """The roots httpx had: certifi's."""
    return ssl.create_default_context(cafile=certifi.where())


def build(tls: ClientTLS | None, kind: type[ssl.SSLContext] = ssl.SSLContext
          ) -> ssl.SSLContext:
    """The context for one configuration (None: the default roots), of `kind` (a broker's
    client may need its own). The ssl module loads a certificate chain from files only: the
    PEM goes to a private temporary directory, read and removed at once. Raises
    ssl.SSLError or ValueError when OpenSSL refuses it."""
    context = kind(ssl.PROTOCOL_TLS_CLIENT)  # verifies the peer and its name, as default
    if tls is not None and tls.ca_bundle:
        context.load_verify_locations(cadata=tls.ca_bundle)
    else:
        context.load_verify_locations(cafile=certifi.where())
    if tls is not None and tls.client_certificate and tls.client_key:
        with tempfile.TemporaryDirectory(prefix="hookline-tls-") as folder:
            cert, key = os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")
            for path, text in ((cert, tls.client_certificate), (key, tls.client_key)):
                descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
                with os.fdopen(descriptor, "w") as file:
                    file.write(text)
            context.load_cert_chain(cert, key)
    return context


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
