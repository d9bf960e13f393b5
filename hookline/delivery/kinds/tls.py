"""A target's TLS context (`credentials.ClientTLS`), for every kind: its client certificate
and key, and its CA bundle trusted instead of the default roots (certifi's). HTTP keeps the
contexts it builds (`kinds.http.client_tls`); a broker's client builds its own kind of one."""

from __future__ import annotations

import os
import ssl
import tempfile

import certifi

from hookline.delivery.credentials import ClientTLS

# The JWS algorithm of an EC key by its curve (also the curves a private_key_jwt key may use).
EC_ALGS = {"secp256r1": "ES256", "secp384r1": "ES384", "secp521r1": "ES512"}


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
