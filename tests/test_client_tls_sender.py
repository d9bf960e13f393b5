"""Issue 52, part 3: mutual TLS and private CAs in the Sender, against a real HTTPS receiver on
loopback that requires a client certificate from a CA the test makes: the right certificate
delivers, another CA's fails as `tls` saying the receiver refused it, the default roots
refuse the receiver's certificate and the target's CA bundle verifies it, and connections
are never shared between identities."""

from __future__ import annotations

import asyncio
import ipaddress
import ssl
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from hookline.contracts import AttemptResult
from hookline.delivery.credentials import ClientTLS
from hookline.delivery.kinds.http.client_tls import ClientContexts
from hookline.delivery.model import Outgoing
from hookline.delivery.sender import Sender
from hookline.signing import new_secret
from tests.support.certs import Authority


class HttpsReceiver:
    """200 to every POST, over TLS with CERT_REQUIRED: `peers` lists the client
    certificates' subjects."""

    def __init__(self, ca: Authority) -> None:
        pair = ca.issue("receiver", server=True)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(pair.cert, pair.key)
        context.load_verify_locations(ca.path)
        context.verify_mode = ssl.CERT_REQUIRED
        self.peers: list[Any] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_args: Any) -> None:
                pass

            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("content-length") or 0))
                receiver.peers.append(self.connection.getpeercert()["subject"])
                self.send_response(200)
                self.send_header("content-length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        self.url = f"https://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def ca(tmp_path_factory: pytest.TempPathFactory) -> Authority:
    return Authority(tmp_path_factory.mktemp("ca"))


@pytest.fixture(scope="module")
def receiver(ca: Authority) -> Iterator[HttpsReceiver]:
    found = HttpsReceiver(ca)
    yield found
    found.close()


def identity(authority: Authority, stem: str, trust: Path | None) -> ClientTLS:
    pair = authority.issue(stem)
    return ClientTLS(client_certificate=pair.cert.read_text(),
                     client_key=pair.key.read_text(),
                     ca_bundle=trust.read_text() if trust else None)


def send_all(url: str, configs: list[ClientTLS | None]) -> list[AttemptResult]:
    """One attempt per configuration, in order, through one Sender (so one pool of
    sessions: a connection kept from an earlier attempt would be reused if it could)."""
    async def run() -> list[AttemptResult]:
        sender = Sender(timeout=5, allowed_ports=frozenset(), any_port=True,
                        allowed_networks=[ipaddress.ip_network("127.0.0.0/8")])
        try:
            return [await sender.send(Outgoing(
                url=url, msg_id="msg_1", body=b"{}", content_type="application/json",
                custom_headers={}, secrets=[new_secret()], require_https=True, tls=tls))
                for tls in configs]
        finally:
            await sender.aclose()

    return asyncio.run(run())


def test_the_right_certificate_delivers_and_another_fails_as_tls(
        ca: Authority, receiver: HttpsReceiver, tmp_path: Path) -> None:
    stranger = Authority(tmp_path / "other", "stranger-ca")
    right = identity(ca, "right-client", ca.path)
    wrong = identity(stranger, "wrong-client", ca.path)
    ours, theirs, again = send_all(receiver.url, [right, wrong, right])
    assert ours.succeeded and again.succeeded, (ours, again)
    assert not theirs.succeeded and theirs.error_type == "tls", theirs
    assert "receiver refused" in (theirs.error_message or ""), theirs.error_message
    assert [dict(x[0] for x in subject)["commonName"] for subject in receiver.peers] == \
        ["right-client", "right-client"]


def test_a_private_ca_verifies_what_the_default_roots_refuse(
        ca: Authority, receiver: HttpsReceiver) -> None:
    client = identity(ca, "client", None)  # no CA bundle: certifi's roots
    trusting = ClientTLS(client.client_certificate, client.client_key, ca.path.read_text())
    refused, delivered = send_all(receiver.url, [client, trusting])
    assert refused.error_type == "tls", refused
    assert "could not verify the receiver's certificate" in (refused.error_message or "")
    assert delivered.succeeded, delivered


def test_a_context_is_built_once_per_configuration(ca: Authority) -> None:
    contexts = ClientContexts(kept=2)
    first = identity(ca, "one", ca.path)
    again = ClientTLS(first.client_certificate, first.client_key, first.ca_bundle)
    assert contexts.context(first) is contexts.context(again)
    assert contexts.context(identity(ca, "two", None)) is not contexts.context(first)
    assert "PRIVATE KEY" not in repr(first)  # the key is never printed
