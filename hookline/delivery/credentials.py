"""How the engine reaches a receiver beyond the signature: a target's `auth` (OAuth2 client
credentials) and `tls` (a client certificate and key, a CA bundle), as stored in the
target's JSON columns under the API's names, and read back into frozen values that an
attempt carries in its `Outgoing` (read from the database inside the activity: never in a
workflow's input or history).

Their secrets (`clientSecret`, `privateKey`, `clientKey`) are write-only: `shown` leaves them
out, and the values' repr never prints them."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

# The client authentication methods of the token request (RFC 6749 2.3.1, RFC 7523 2.2),
# by the names `auth.clientAuth` takes.
CLIENT_AUTH = ("basic", "post", "private_key_jwt")
AUTH_SECRETS = ("clientSecret", "privateKey")
TLS_SECRETS = ("clientKey",)
# A broker target's `credentials` (`services.target_credentials`): its write-only members.
CREDENTIAL_SECRETS = ("password", "secretAccessKey", "sessionToken")


@dataclass(frozen=True)
class OAuth2:
    """The client credentials grant (RFC 6749 4.4) a target's requests carry the token of."""

    token_url: str
    client_id: str
    client_auth: str = "basic"  # one of CLIENT_AUTH
    scope: str | None = None
    audience: str | None = None
    client_secret: str | None = field(default=None, repr=False)
    private_key: str | None = field(default=None, repr=False)  # PEM, for private_key_jwt

    @classmethod
    def stored(cls, raw: dict[str, Any] | None) -> OAuth2 | None:
        if not raw:
            return None
        return cls(token_url=raw["tokenUrl"], client_id=raw["clientId"],
                   client_auth=raw.get("clientAuth") or "basic", scope=raw.get("scope"),
                   audience=raw.get("audience"), client_secret=raw.get("clientSecret"),
                   private_key=raw.get("privateKey"))


@dataclass(frozen=True)
class ClientTLS:
    """A target's TLS identity and trust: a client certificate (PEM, the leaf first, then
    any intermediates) with its key, and a CA bundle trusted instead of the default roots."""

    client_certificate: str | None = None
    client_key: str | None = field(default=None, repr=False)
    ca_bundle: str | None = None

    @classmethod
    def stored(cls, raw: dict[str, Any] | None) -> ClientTLS | None:
        if not raw:
            return None
        return cls(client_certificate=raw.get("clientCertificate"),
                   client_key=raw.get("clientKey"), ca_bundle=raw.get("caBundle"))

    @property
    def fingerprint(self) -> str:
        """Names this configuration in caches and connection pools without holding its key
        in their keys: connections made with one identity are never used with another."""
        text = json.dumps([self.client_certificate, self.client_key, self.ca_bundle])
        return hashlib.sha256(text.encode()).hexdigest()


def shown(raw: dict[str, Any] | None, secrets: tuple[str, ...]) -> dict[str, Any] | None:
    """A stored `auth` or `tls` as reads show it: without its write-only members."""
    if raw is None:
        return None
    return {name: value for name, value in raw.items() if name not in secrets}
