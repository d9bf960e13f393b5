"""Certificates a test makes: a CA, a server certificate for loopback signed by it, client
certificates, and the bad ones (expired, another key, another CA), written as PEM files."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID


@dataclass(frozen=True)
class Pair:
    cert: Path
    key: Path


def _key() -> ec.EllipticCurvePrivateKey:
    return ec.generate_private_key(ec.SECP256R1())


def _write_key(key: ec.EllipticCurvePrivateKey, path: Path) -> Path:
    path.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                       serialization.PrivateFormat.PKCS8,
                                       serialization.NoEncryption()))
    return path


def _name(common: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common)])


class Authority:
    """A CA in `folder`, and the certificates it signs."""

    def __init__(self, folder: Path, name: str = "hookline-test-ca") -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.folder, self.name = folder, name
        self.key = _key()
        now = datetime.now(UTC)
        self.cert = (x509.CertificateBuilder().subject_name(_name(name)).issuer_name(_name(name))
                     .public_key(self.key.public_key()).serial_number(x509.random_serial_number())
                     .not_valid_before(now - timedelta(hours=1))
                     .not_valid_after(now + timedelta(days=1))
                     .add_extension(x509.BasicConstraints(ca=True, path_length=None), True)
                     .sign(self.key, hashes.SHA256()))
        self.path = folder / f"{name}.pem"
        self.path.write_bytes(self.cert.public_bytes(serialization.Encoding.PEM))

    def issue(self, stem: str, *, server: bool = False, expired: bool = False) -> Pair:
        """A leaf certificate: for the server (localhost and 127.0.0.1) or for a client."""
        key = _key()
        now = datetime.now(UTC)
        start, end = ((now - timedelta(days=3), now - timedelta(days=1)) if expired
                      else (now - timedelta(hours=1), now + timedelta(days=1)))
        builder = (x509.CertificateBuilder().subject_name(_name(stem))
                   .issuer_name(self.cert.subject).public_key(key.public_key())
                   .serial_number(x509.random_serial_number())
                   .not_valid_before(start).not_valid_after(end))
        if server:  # a server's, which Temporal's system worker also presents as a client
            builder = builder.add_extension(x509.SubjectAlternativeName(
                [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                False).add_extension(x509.ExtendedKeyUsage(
                    [ExtendedKeyUsageOID.SERVER_AUTH, ExtendedKeyUsageOID.CLIENT_AUTH]), False)
        else:
            builder = builder.add_extension(
                x509.ExtendedKeyUsage([ExtendedKeyUsageOID.CLIENT_AUTH]), False)
        cert = builder.sign(self.key, hashes.SHA256())
        cert_path = self.folder / f"{stem}.pem"
        cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
        return Pair(cert_path, _write_key(key, self.folder / f"{stem}-key.pem"))

    def other_key(self, stem: str) -> Path:
        """A private key no certificate of ours carries."""
        return _write_key(_key(), self.folder / f"{stem}-other-key.pem")
