"""How Hookline's processes reach a secured Temporal: TLS with a private CA, mTLS with a
client certificate (Temporal Cloud, a cluster with `requireClientAuth`), or an API key.

`access_of` reads and checks the settings' files before anything connects, so that a
misconfiguration stops a process at start with one line per setting and nothing half
started: a missing file, a PEM that does not parse, a certificate that expired or is not
yet valid, a key that is not the certificate's, an API key without TLS. What only the server
can tell (a CA that did not sign it, a certificate it refuses, a key it does not accept) is
`refusal`'s: one line naming the settings involved, from the SDK's error."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import serialization
from temporalio.service import RPCError, RPCStatusCode, TLSConfig

from hookline.settings import InvalidSettings, Settings

CA, CERT = "HOOKLINE_TEMPORAL_TLS_CA", "HOOKLINE_TEMPORAL_TLS_CERT"
KEY = "HOOKLINE_TEMPORAL_TLS_KEY"
TLS, API_KEY = "HOOKLINE_TEMPORAL_TLS", "HOOKLINE_TEMPORAL_API_KEY"
API_KEY_FILE = "HOOKLINE_TEMPORAL_API_KEY_FILE"
_STATUS = re.compile(r'code: (Unauthenticated|PermissionDenied), message: "([^"]*)"')
# What the SDK's connection errors say when a certificate was refused, on either side (a
# handshake cut short while a server starts is not among them: that is retried).
_TLS_WORDS = ("certificate", "unknownissuer", "badsignature", "notvalidforname")


class Refused(Exception):
    """Temporal refused these settings: the one line that says so."""


@dataclass(frozen=True)
class Access:
    tls: TLSConfig | bool
    api_key: str | None


class _Problems:
    """Every problem found, one line each, raised together."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def add(self, name: str, value: str, why: str) -> None:
        self.lines.append(f"  {name}={value!r}: {why}" if value else f"  {name}: {why}")

    def read(self, name: str, path: str) -> bytes | None:
        try:
            found = Path(path).read_bytes()
        except FileNotFoundError:
            self.add(name, path, "no such file")
        except OSError as exc:
            self.add(name, path, f"cannot be read ({exc.strerror})")
        else:
            if found.strip():
                return found
            self.add(name, path, "the file is empty")
        return None

    def raise_any(self) -> None:
        if self.lines:
            raise InvalidSettings("hookline: cannot connect to Temporal with these settings, "
                                  "not starting:\n" + "\n".join(self.lines))


def access_of(settings: Settings) -> Access:
    """The client's TLS and API key from the settings, their files read and checked;
    InvalidSettings (every problem, one line each) otherwise."""
    problems = _Problems()
    key = _api_key(settings, problems)
    if not settings.temporal_tls:
        if key is not None:
            problems.add(API_KEY_FILE if settings.temporal_api_key_file else API_KEY, "",
                         f"an API key needs {TLS}=true: it must not cross the network in "
                         "the clear")
        for name, value in ((CA, settings.temporal_tls_ca), (CERT, settings.temporal_tls_cert),
                            (KEY, settings.temporal_tls_key),
                            ("HOOKLINE_TEMPORAL_TLS_SERVER_NAME",
                             settings.temporal_tls_server_name)):
            if value:
                problems.add(name, value, f"is set, but {TLS} is off: set {TLS}=true")
        problems.raise_any()
        return Access(tls=False, api_key=key)
    ca = _ca(settings.temporal_tls_ca, problems) if settings.temporal_tls_ca else None
    cert, private = _client_pair(settings, problems)
    problems.raise_any()
    server_name = settings.temporal_tls_server_name or None
    if not (ca or cert or server_name):
        return Access(tls=True, api_key=key)  # the system's roots, no client certificate
    return Access(tls=TLSConfig(server_root_ca_cert=ca, client_cert=cert,
                                client_private_key=private, domain=server_name), api_key=key)


def _api_key(settings: Settings, problems: _Problems) -> str | None:
    given = settings.temporal_api_key.get_secret_value().strip()
    if given and settings.temporal_api_key_file:
        problems.add(API_KEY_FILE, settings.temporal_api_key_file,
                     f"set either {API_KEY} or {API_KEY_FILE}, not both")
        return None
    if settings.temporal_api_key_file:
        found = problems.read(API_KEY_FILE, settings.temporal_api_key_file)
        return found.decode(errors="replace").strip() if found else None
    return given or None


def _ca(path: str, problems: _Problems) -> bytes | None:
    found = problems.read(CA, path)
    if found is None:
        return None
    try:
        x509.load_pem_x509_certificates(found)
    except ValueError:
        problems.add(CA, path, "is not a PEM certificate")
        return None
    return found


def _client_pair(settings: Settings, problems: _Problems) -> tuple[bytes | None, bytes | None]:
    cert_path, key_path = settings.temporal_tls_cert, settings.temporal_tls_key
    if bool(cert_path) != bool(key_path):
        missing, given = (KEY, CERT) if cert_path else (CERT, KEY)
        problems.add(missing, "", f"is needed with {given}: a client certificate goes with "
                                  "its private key")
        return None, None
    if not cert_path:
        return None, None
    cert_pem, key_pem = problems.read(CERT, cert_path), problems.read(KEY, key_path)
    if cert_pem is None or key_pem is None:
        return None, None
    try:
        cert = x509.load_pem_x509_certificate(cert_pem)
    except ValueError:
        problems.add(CERT, cert_path, "is not a PEM certificate")
        return None, None
    try:
        private = serialization.load_pem_private_key(key_pem, password=None)
    except (ValueError, TypeError):
        problems.add(KEY, key_path, "is not an unencrypted PEM private key")
        return None, None
    now = datetime.now(UTC)
    if cert.not_valid_after_utc < now:
        problems.add(CERT, cert_path, f"expired on {cert.not_valid_after_utc:%Y-%m-%d %H:%M} UTC")
    elif cert.not_valid_before_utc > now:
        problems.add(CERT, cert_path,
                     f"is not valid before {cert.not_valid_before_utc:%Y-%m-%d %H:%M} UTC")
    if private.public_key().public_bytes(
            serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo) != \
            cert.public_key().public_bytes(serialization.Encoding.DER,
                                           serialization.PublicFormat.SubjectPublicKeyInfo):
        problems.add(KEY, key_path, f"is not the private key of the certificate in {CERT}")
    return cert_pem, key_pem


def refusal(exc: BaseException, settings: Settings) -> str | None:
    """One line when Temporal refused these settings (the handshake, the certificate, the
    API key): retrying will not help. None for anything else (not reachable yet)."""
    text = str(exc)
    # A refusal at connect comes as the transport's text: `Status { code: PermissionDenied,
    # message: "Request unauthorized.", ... }`.
    said = _STATUS.search(text)
    if (isinstance(exc, RPCError) and exc.status in (RPCStatusCode.UNAUTHENTICATED,
                                                    RPCStatusCode.PERMISSION_DENIED)) or said:
        message = exc.message if isinstance(exc, RPCError) else said.group(2) if said else ""
        using = (f"the API key ({API_KEY_FILE if settings.temporal_api_key_file else API_KEY})"
                 if settings.temporal_api_key.get_secret_value() or
                 settings.temporal_api_key_file else f"the client certificate ({CERT})"
                 if settings.temporal_tls_cert else "no credentials")
        return (f"hookline: Temporal at {settings.temporal_address} refused {using}: "
                f"{message}")
    if not any(word in text.lower() for word in _TLS_WORDS):
        return None
    if not settings.temporal_tls:
        return (f"hookline: Temporal at {settings.temporal_address} speaks TLS: set {TLS}=true "
                f"({_last_words(text)})")
    return (f"hookline: the TLS handshake with Temporal at {settings.temporal_address} failed "
            f"(check {CA}, {CERT}, {KEY} and HOOKLINE_TEMPORAL_TLS_SERVER_NAME): "
            f"{_last_words(text)}")


def _last_words(text: str) -> str:
    """The innermost cause of the SDK's nested transport error, on one line."""
    line = " ".join(text.split())
    return line[-300:]
