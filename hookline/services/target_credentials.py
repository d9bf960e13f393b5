"""The rules for a target's `auth` and `tls` (`hookline.delivery.credentials`): what the API
takes, checked before anything is saved, each refusal a 422 naming the field
(`auth.privateKey`, `tls.clientCertificate`...). The token URL is checked by the caller
with the URL guard (`services.targets.check_url`), as the target's URL is: it resolves DNS.

A PATCH's object replaces the stored one, but a write-only member it leaves out (which
reads never show, so a client cannot send it back) is kept from the stored one.

Pure: no I/O beyond parsing PEM."""

from __future__ import annotations

import ssl
from datetime import UTC, datetime
from typing import Any

from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa

from hookline.delivery import client_tls
from hookline.delivery.credentials import AUTH_SECRETS, TLS_SECRETS, ClientTLS
from hookline.errors import invalid

PEM_KEY_RULE = "must be an unencrypted PEM private key"


def check_auth(given: dict[str, Any] | None, stored: dict[str, Any] | None = None
               ) -> dict[str, Any] | None:
    """The `auth` to store (None: none). `given` has the API's names, absent members left
    out; its type, clientAuth and lengths were checked by the schema."""
    if given is None:
        return None
    found = _kept(given, stored, AUTH_SECRETS)
    if not str(found.get("clientId") or "").strip():
        raise invalid("auth.clientId", "is required")
    method = found.get("clientAuth") or "basic"
    found["clientAuth"] = method
    if method == "private_key_jwt":
        found.pop("clientSecret", None)
        if not found.get("privateKey"):
            raise invalid("auth.privateKey", "is required with clientAuth private_key_jwt")
        assertion_key(found["privateKey"])
    else:
        found.pop("privateKey", None)
        if not found.get("clientSecret"):
            raise invalid("auth.clientSecret", f"is required with clientAuth {method}")
    return found


def assertion_key(pem: str) -> rsa.RSAPrivateKey | ec.EllipticCurvePrivateKey:
    """A private_key_jwt key: RSA (signs RS256) or EC on P-256, P-384 or P-521 (ES256...)."""
    key = _private_key(pem, "auth.privateKey")
    if isinstance(key, rsa.RSAPrivateKey) and key.key_size >= 2048:
        return key
    if isinstance(key, ec.EllipticCurvePrivateKey) and key.curve.name in client_tls.EC_ALGS:
        return key
    raise invalid("auth.privateKey", "must be an RSA key of 2048 bits or more, or an EC key "
                                     "on P-256, P-384 or P-521")


def check_tls(given: dict[str, Any] | None, stored: dict[str, Any] | None = None
              ) -> dict[str, Any] | None:
    """The `tls` to store (None: none): a client certificate with its key, a CA bundle, or
    both; each parsed, the certificate in date and matching its key, and the whole loaded
    into a TLS context as the engine will load it."""
    if given is None:
        return None
    found = {name: value for name, value in _kept(given, stored, TLS_SECRETS).items()
             if value}
    if "clientCertificate" not in found and "clientKey" in found:
        raise invalid("tls.clientCertificate", "is required with clientKey")
    if "clientCertificate" in found:
        if "clientKey" not in found:
            raise invalid("tls.clientKey", "is required with clientCertificate")
        _check_pair(found["clientCertificate"], found["clientKey"])
    elif "caBundle" not in found:
        raise invalid("tls", "give clientCertificate and clientKey, caBundle, or both")
    if "caBundle" in found:
        _certificates(found["caBundle"], "tls.caBundle")
    try:
        client_tls.build(ClientTLS.stored(found) or ClientTLS())
    except (ssl.SSLError, ValueError) as exc:
        where = "tls.caBundle" if "clientCertificate" not in found else "tls.clientCertificate"
        raise invalid(where, f"was not accepted by TLS: {exc}") from None
    return found


def _kept(given: dict[str, Any], stored: dict[str, Any] | None, secrets: tuple[str, ...]
          ) -> dict[str, Any]:
    found = dict(given)
    for name in secrets:
        if found.get(name) is None and stored and stored.get(name):
            found[name] = stored[name]
    return {name: value for name, value in found.items() if value is not None}


def _check_pair(cert_pem: str, key_pem: str) -> None:
    leaf = _certificates(cert_pem, "tls.clientCertificate")[0]
    now = datetime.now(UTC)
    if leaf.not_valid_after_utc <= now:
        raise invalid("tls.clientCertificate",
                      f"expired on {leaf.not_valid_after_utc:%Y-%m-%d %H:%M:%S} UTC")
    if leaf.not_valid_before_utc > now:
        raise invalid("tls.clientCertificate",
                      f"is not valid before {leaf.not_valid_before_utc:%Y-%m-%d %H:%M:%S} UTC")
    key = _private_key(key_pem, "tls.clientKey")
    if not isinstance(key, rsa.RSAPrivateKey | ec.EllipticCurvePrivateKey
                      | ed25519.Ed25519PrivateKey):
        raise invalid("tls.clientKey", "must be an RSA, EC or Ed25519 key")
    if _public(key.public_key()) != _public(leaf.public_key()):
        raise invalid("tls.clientKey", "does not match clientCertificate")


def _certificates(pem: str, name: str) -> list[x509.Certificate]:
    try:
        found = x509.load_pem_x509_certificates(pem.encode())
    except ValueError:
        found = []
    if not found:
        raise invalid(name, "must be one or more PEM certificates")
    return found


def _private_key(pem: str, name: str) -> Any:
    try:
        return serialization.load_pem_private_key(pem.encode(), password=None)
    except (ValueError, TypeError):  # TypeError: encrypted
        raise invalid(name, PEM_KEY_RULE) from None
    except Exception:  # cryptography's UnsupportedAlgorithm
        raise invalid(name, PEM_KEY_RULE + " of a supported kind") from None


def _public(key: Any) -> bytes:
    return bytes(key.public_bytes(serialization.Encoding.DER,
                                  serialization.PublicFormat.SubjectPublicKeyInfo))
