"""How a target's receiver is reached beyond the signature, on the wire: `auth` (OAuth2
client credentials) and `tls` (a client certificate and key, a CA bundle). The secrets are
write-only: the records (`AuthOut`, `TlsOut`) leave them out."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from api.schemas.common import ApiInput, ApiModel

PEM_MAX = 64 * 1024
BUNDLE_MAX = 1024 * 1024  # certifi's whole bundle is under 300 KB

AUTH_DOC = (
    "OAuth2 client credentials: every request to the receiver carries `Authorization: Bearer "
    "<token>`, a token fetched from `tokenUrl`, kept until shortly before `expires_in` runs "
    "out and fetched again once when the receiver answers 401. A token endpoint that fails "
    "fails the attempt with errorType `oauth`. In a PATCH the object replaces the stored one "
    "(a write-only member left out keeps its stored value); null removes it")
TLS_DOC = (
    "TLS to the receiver: a client certificate with its key (mutual TLS), and a CA bundle "
    "trusted instead of the public roots (a receiver on a private CA). PEM text. In a PATCH "
    "the object replaces the stored one (`clientKey` left out keeps the stored one); null "
    "removes it")
ClientAuth = Literal["basic", "post", "private_key_jwt"]
CLIENT_AUTH_DOC = ("How the token request authenticates: `basic` (client_secret_basic, the "
                   "default), `post` (client_secret_post) or `private_key_jwt` (RFC 7523, a "
                   "JWT signed with `privateKey`: RS256 for RSA, ES256/384/512 for EC)")


class AuthOut(ApiModel):
    type: Literal["oauth2"] = "oauth2"
    token_url: str = Field(description="The token endpoint; the same URL rules as a target's")
    client_id: str
    scope: str | None = None
    audience: str | None = Field(default=None, description="Sent as the `audience` parameter")
    client_auth: ClientAuth = Field(default="basic", description=CLIENT_AUTH_DOC)


class AuthIn(ApiInput):
    type: Literal["oauth2"] = "oauth2"
    token_url: str = Field(min_length=1, max_length=2048,
                           description="The token endpoint; the same URL rules as a target's")
    client_id: str = Field(min_length=1, max_length=1024)
    client_secret: str | None = Field(
        default=None, min_length=1, max_length=4096,
        description="Write-only; required unless clientAuth is private_key_jwt")
    scope: str | None = Field(default=None, max_length=4096)
    audience: str | None = Field(default=None, max_length=2048)
    client_auth: ClientAuth = Field(default="basic", description=CLIENT_AUTH_DOC)
    private_key: str | None = Field(
        default=None, max_length=PEM_MAX,
        description="Write-only: a PEM RSA or EC private key, for private_key_jwt")

    def stored(self) -> dict[str, Any]:
        return self.model_dump(by_alias=True, exclude_none=True)


class TlsOut(ApiModel):
    client_certificate: str | None = Field(
        default=None, description="PEM: the client certificate, then any intermediates")
    ca_bundle: str | None = Field(
        default=None, description="PEM: the CAs trusted for the receiver's certificate, "
                                  "instead of the public roots")


class TlsIn(ApiInput):
    client_certificate: str | None = Field(
        default=None, max_length=PEM_MAX,
        description="PEM: the client certificate, then any intermediates; with clientKey")
    client_key: str | None = Field(
        default=None, max_length=PEM_MAX,
        description="Write-only: the certificate's PEM private key (unencrypted)")
    ca_bundle: str | None = Field(
        default=None, max_length=BUNDLE_MAX,
        description="PEM: the CAs trusted for the receiver's certificate, instead of the "
                    "public roots")

    def stored(self) -> dict[str, Any]:
        return self.model_dump(by_alias=True, exclude_none=True)


def stored(given: AuthIn | TlsIn | None) -> dict[str, Any] | None:
    return None if given is None else given.stored()


CREDENTIALS_DOC = (
    "A broker target's sign-in (its URL's scheme names the kind): Kafka's SASL `{username, "
    "password, mechanism: PLAIN | SCRAM-SHA-256 | SCRAM-SHA-512}`, RabbitMQ's `{username, "
    "password}` (absent: guest), the AWS kinds' key pair `{accessKeyId, secretAccessKey, "
    "sessionToken}` or role `{roleArn, externalId}` (assumed with the service's own AWS "
    "credentials; absent: the service's standard AWS chain). `password`, `secretAccessKey` "
    "and `sessionToken` are write-only. In a PATCH the object replaces the stored one (a "
    "write-only member left out keeps its stored value); null removes it")
ENDPOINT_OVERRIDE_DOC = (
    "The AWS kinds': the service endpoint to use instead of AWS's own for the region (a "
    "VPC endpoint, LocalStack, an S3-compatible store); it passes the same URL rules as a "
    "receiver's URL")


class CredentialsIn(ApiInput):
    username: str | None = Field(default=None, max_length=4096)
    password: str | None = Field(default=None, max_length=4096, description="Write-only")
    mechanism: Literal["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"] | None = Field(
        default=None, description="Kafka's SASL mechanism; PLAIN when absent")
    access_key_id: str | None = Field(default=None, max_length=4096)
    secret_access_key: str | None = Field(default=None, max_length=4096,
                                          description="Write-only")
    session_token: str | None = Field(default=None, max_length=4096, description="Write-only")
    role_arn: str | None = Field(default=None, max_length=2048)
    external_id: str | None = Field(default=None, max_length=1224)

    def stored(self) -> dict[str, Any]:
        return self.model_dump(by_alias=True, exclude_none=True)


class CredentialsOut(ApiModel):
    """The credentials but their write-only members."""

    username: str | None = None
    mechanism: str | None = None
    access_key_id: str | None = None
    role_arn: str | None = None
    external_id: str | None = None


def credentials_stored(given: CredentialsIn | None) -> dict[str, Any] | None:
    return None if given is None else given.stored()
