"""The rules for a target's `auth`, `tls` (`hookline.delivery.credentials`) and, for a broker
target, `credentials` and `endpointOverride` (`hookline.delivery.kinds.brokers`): what the API
takes, checked before anything is saved, each refusal a 422 naming the field
(`auth.privateKey`, `tls.clientCertificate`...). The token URL is checked by the caller
with the URL guard (`services.targets.check_url`), as the target's URL is: it resolves DNS.

A PATCH's object replaces the stored one, but a write-only member it leaves out (which
reads never show, so a client cannot send it back) is kept from the stored one.

Pure: no I/O beyond parsing PEM."""

from __future__ import annotations

import ssl
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa

from hookline import target_kinds as kinds
from hookline.delivery.credentials import AUTH_SECRETS, CREDENTIAL_SECRETS, TLS_SECRETS, ClientTLS
from hookline.delivery.kinds.brokers import sign_in
from hookline.delivery.kinds.brokers.address import parse as parse_broker
from hookline.delivery.kinds.brokers.address import parse_source
from hookline.delivery.kinds.brokers.sign_in import MECHANISMS
from hookline.delivery.kinds.tls import EC_ALGS, build
from hookline.errors import invalid
from hookline.services.patch import Keep

PEM_KEY_RULE = "must be an unencrypted PEM private key"
# A broker target's `credentials`: each kind's members.
_SASL = ("username", "password", "mechanism")
_AMQP = ("username", "password")


def check_credentials(url: str, given: dict[str, Any] | None,
                      stored: dict[str, Any] | None = None, env_id: str = ""
                      ) -> dict[str, Any] | None:
    """The `credentials` to store for a target at `url` of environment `env_id` (None:
    none): a Kafka target's SASL `{username, password, mechanism}`, a RabbitMQ target's
    `{username, password}`, an AWS kind's key pair `{accessKeyId, secretAccessKey,
    sessionToken}` or role `{roleArn}` (absent: the instance's standard AWS chain). A role
    is assumed with the environment's id as its ExternalId, always: another tenant naming
    the same role gets its own id sent, which the role's trust policy refuses (AWS's
    answer to the confused deputy). An HTTP target takes none."""
    if given is None:
        return None
    kind = kinds.kind_of(url)
    if kind == kinds.HTTP:
        raise invalid("credentials", "only broker targets (kafka://, amqp://, sqs://...) take "
                                     "credentials; an HTTP receiver's go in `auth` or headers")
    # A secret left out is kept for the same kind of sign-in (a user name, a key pair),
    # not carried into another (a role).
    found = _kept(given, stored, CREDENTIAL_SECRETS) \
        if {"username", "accessKeyId"} & set(given) else dict(given)
    if kind in kinds.AWS_KINDS:
        return _aws(kind, found, env_id)
    members = _SASL if kind == kinds.KAFKA else _AMQP
    for name, value in found.items():
        if name not in members:
            raise invalid(f"credentials.{name}", f"is not a {kind} credential (a {kind} "
                                                 f"target's are {', '.join(members)})")
        if not isinstance(value, str) or not value.strip() or len(value) > 4096:
            raise invalid(f"credentials.{name}", "must be a non-empty string of at most 4096 "
                                                 "characters")
    _both(found, "username", "password")
    if "mechanism" in found and found["mechanism"] not in MECHANISMS:
        raise invalid("credentials.mechanism", "must be " + ", ".join(MECHANISMS))
    if "mechanism" in found and "username" not in found:
        raise invalid("credentials.username", "is required with a mechanism")
    return found


def _aws(kind: str, found: dict[str, Any], env_id: str) -> dict[str, Any]:
    if "roleArn" in found:
        if found.get("externalId", env_id) != env_id:
            raise invalid("credentials.externalId",
                          f"is always this environment's id, {env_id}: require it as "
                          "sts:ExternalId in the role's trust policy")
        found = {**found, "externalId": env_id}
    try:
        return sign_in.check_aws(kind, found)
    except sign_in.CredentialsRefused as exc:
        raise invalid(exc.field, exc.rule) from None


def _both(found: dict[str, Any], first: str, second: str) -> None:
    for name, other in ((first, second), (second, first)):
        if name in found and other not in found:
            raise invalid(f"credentials.{other}", f"is required with {name}")


@dataclass(frozen=True)
class Broker:
    """What a new target's API call gives of a broker target: `credentials` and
    `endpointOverride`, with the API's names."""

    credentials: dict[str, Any] | None = None
    endpoint_override: str | None = None

    def checked(self, url: str, auth: dict[str, Any] | None, tls: dict[str, Any] | None,
                env_id: str, instance_aws: bool) -> dict[str, Any]:
        """The target's columns, checked for a target at `url` of environment `env_id` with
        this `auth` and `tls`; `instance_aws`: the environment's grant of the instance's AWS
        identity (`check_identity`)."""
        check_broker_fit(url, auth, tls)
        credentials = check_credentials(url, self.credentials, env_id=env_id)
        override = check_endpoint_override(url, self.endpoint_override)
        check_identity(url, credentials, override, instance_aws)
        return {"credentials": credentials, "endpoint_override": override}


@dataclass(frozen=True)
class Held:
    """A broker target's or Source's address and sign-in as stored."""

    url: str
    credentials: dict[str, Any] | None
    endpoint_override: str | None


def changed(held: Held, new_url: str | None, credentials: dict[str, Any] | Keep | None,
            endpoint_override: str | Keep | None, env_id: str, instance_aws: bool
            ) -> tuple[dict[str, Any] | None, str | None]:
    """The credentials and endpoint override in force after a change to the URL (None:
    not given), and to these two (KEEP: unchanged), checked against the URL in force
    afterwards: a new URL may be of another kind than the stored ones were for. Stored
    secrets stay only while they go where they were given for (issue 65)."""
    url = new_url or held.url
    override = check_endpoint_override(
        url, held.endpoint_override if isinstance(endpoint_override, Keep)
        else endpoint_override)
    before = secret_destination(held.url, held.endpoint_override)
    after = secret_destination(url, override)
    moved = before != after
    given = credentials_for(held.credentials, moved, credentials)
    check_given_again(given, held.credentials, before, after)
    found = check_credentials(url, given, None if moved else held.credentials, env_id)
    if new_url is not None or not isinstance(credentials, Keep) \
            or not isinstance(endpoint_override, Keep):
        # Checked when they change: one saved before the rule may still be disabled.
        check_identity(url, found, override, instance_aws)
    return found, override


def check_identity(url: str, credentials: dict[str, Any] | None,
                   endpoint_override: str | None, instance_aws: bool) -> None:
    """An AWS-kind target signs with credentials of its own, or with the instance's AWS
    identity only where an operator granted it (`sign_in.identity_refused`): else a 422 on
    `credentials`."""
    if kinds.kind_of(url) in kinds.AWS_KINDS and (why := sign_in.identity_refused(
            credentials, endpoint_override, instance_aws)) is not None:
        raise invalid("credentials", why)


def check_broker_fit(url: str, auth: dict[str, Any] | None, tls: dict[str, Any] | None
                     ) -> None:
    """OAuth2 is an HTTP receiver's: a broker target signs in with `credentials`. `tls`
    is an HTTP receiver's, a Kafka or AMQPS broker's, not an AWS service's."""
    if auth is not None and kinds.is_broker(url):
        raise invalid("auth", "only HTTP targets take OAuth2; a broker target signs in with "
                              "`credentials`")
    if tls is not None and kinds.kind_of(url) in kinds.AWS_KINDS:
        raise invalid("tls", "the AWS kinds take no client certificate or CA bundle: their "
                             "endpoints' certificates are checked against the public roots")


def check_endpoint_override(url: str, value: str | None) -> str | None:
    """An AWS kind's endpoint instead of AWS's own (an http(s) URL; the URL guard checks
    it, as the caller's `check_url` does); no other kind takes one."""
    if value is None:
        return None
    if kinds.kind_of(url) not in kinds.AWS_KINDS:
        raise invalid("endpointOverride", "only the AWS kinds (sqs://, sns://, eventbridge://, "
                                          "kinesis://, s3://) take an endpoint override")
    if not value.lower().startswith(("http://", "https://")) or len(value) > 2048:
        raise invalid("endpointOverride", "must be an http or https URL")
    return value


def check_auth(given: dict[str, Any] | None, stored: dict[str, Any] | None = None
               ) -> dict[str, Any] | None:
    """The `auth` to store (None: none). `given` has the API's names, absent members left
    out; its type, clientAuth and lengths were checked by the schema. A secret left out is
    kept only for the token URL it was given for: a new token URL needs it again."""
    if given is None:
        return None
    if stored is not None and given.get("tokenUrl") != stored.get("tokenUrl"):
        _given_again(given, stored, AUTH_SECRETS, "auth", "its tokenUrl changed")
        stored = None
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
    if isinstance(key, ec.EllipticCurvePrivateKey) and key.curve.name in EC_ALGS:
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
        build(ClientTLS.stored(found) or ClientTLS())
    except (ssl.SSLError, ValueError) as exc:
        where = "tls.caBundle" if "clientCertificate" not in found else "tls.clientCertificate"
        raise invalid(where, f"was not accepted by TLS: {exc}") from None
    return found


def secret_destination(url: str, endpoint_override: str | None) -> tuple[Any, ...] | None:
    """Where a broker target's credentials are sent: a Kafka or RabbitMQ broker's host and
    port, an AWS kind's endpoint (its override, or AWS's own). None: an HTTP target's
    (its secrets are in `auth`, `tls` and headers)."""
    kind = kinds.kind_of(url)
    if kind in kinds.AWS_KINDS:
        return (kinds.AWS_KINDS, endpoint_override)
    if kind == kinds.HTTP:
        return None
    for read in (parse_broker, parse_source):  # a target's URL, or a broker Source's
        try:
            address = read(url)
        except ValueError:
            continue
        return (kind, address.host, address.port)
    return (kind, url)


def credentials_for(stored: dict[str, Any] | None, moved: bool, given: Any) -> Any:
    """The credentials a change gives (`given`, KEEP for none), or, when the target's
    broker host or endpoint changed (`moved`), its stored ones without their secrets, each
    to be given again (`check_credentials` says so)."""
    if not isinstance(given, Keep):
        return given
    if not moved or not stored:
        return stored
    return {name: value for name, value in stored.items() if name not in CREDENTIAL_SECRETS}


def check_given_again(given: dict[str, Any] | None, stored: dict[str, Any] | None,
                      before: tuple[Any, ...] | None, after: tuple[Any, ...] | None) -> None:
    """A change that moves a broker target's credentials to another host or endpoint of
    its kind (`secret_destination` `before` and `after`) gives its secrets again: a secret
    goes only where it was given for. (Another kind takes other credentials: those the
    kind's own rules check.)"""
    # Only for the same sign-in (a user name, a key pair): a role instead needs none.
    if before != after and before and after and before[0] == after[0] \
            and given is not None and stored \
            and {"username", "accessKeyId"} & set(given) & set(stored):
        _given_again(given, stored, CREDENTIAL_SECRETS, "credentials",
                     "its broker's host or endpoint changed")


def _given_again(given: dict[str, Any], stored: dict[str, Any], secrets: tuple[str, ...],
                 field: str, why: str) -> None:
    for name in secrets:
        if stored.get(name) and not given.get(name):
            raise invalid(f"{field}.{name}", f"is required again: {why}, and a stored "
                                             "secret goes only where it was given for")


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
