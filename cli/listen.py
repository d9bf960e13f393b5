"""`hookline listen`: a loopback receiver that prints every webhook it gets.

Like `stripe listen`, it is for trying Hookline on one machine: point an endpoint or a
destination at it and watch each delivery arrive, with its Standard Webhooks signature
checked by an independent implementation, not by ours: the `standardwebhooks` package for
`v1` (HMAC) and PyNaCl for `v1a` (ed25519; no Standard Webhooks library verifies it yet).
"""

from __future__ import annotations

import base64
import binascii
import json
import signal
import socket
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import FrameType
from typing import Protocol, TextIO

from nacl.exceptions import BadSignatureError
from nacl.signing import VerifyKey
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

SHOWN_BODY_CHARS = 4096  # more would scroll the headers of a block out of sight
SHOWN_SECRET_CHARS = len("whsec_") + 6  # tells secrets apart, gives nothing away
MAX_BODY_BYTES = 10 * 1024 * 1024  # Hookline forwards at most 5 MiB; refuse what no webhook is
LOOPBACK_HINT = ("Hookline delivers to loopback only when its API and worker run with "
                 "HOOKLINE_ALLOWED_SUBNETS=127.0.0.0/8,::1/128 HOOKLINE_ALLOWED_PORTS='*'")


PUBLIC_KEY_PREFIX = "whpk_"
TOLERANCE_SECONDS = 5 * 60  # Standard Webhooks': a timestamp further off is refused


NOT_CHECKED = "not checked (pass --secret whsec_...)"  # or --public-key whpk_...


class Verifier(Protocol):
    def verify(self, data: bytes, headers: dict[str, str], *, json_parse: bool) -> object: ...


class PublicKey:
    """Verifies `v1a` signatures (ed25519) with a `whpk_` public key, as `Webhook` verifies
    `v1`: the same headers, the same timestamp tolerance, any one signature in the header."""

    def __init__(self, key: str) -> None:
        try:
            raw = base64.b64decode(key.strip().removeprefix(PUBLIC_KEY_PREFIX), validate=True)
            self.key = VerifyKey(raw)
        except (binascii.Error, ValueError, TypeError) as exc:
            raise ValueError(f"not a public key ({exc}); expected whpk_<base64 of 32 bytes>"
                             ) from None

    def verify(self, data: bytes, headers: dict[str, str], *, json_parse: bool) -> None:
        msg_id, stamp, signatures = (headers.get(f"webhook-{name}") for name in
                                     ("id", "timestamp", "signature"))
        if not (msg_id and stamp and signatures):
            raise WebhookVerificationError("Missing required headers")
        if not stamp.isdigit() or abs(time.time() - int(stamp)) > TOLERANCE_SECONDS:
            raise WebhookVerificationError("Message timestamp too old or too new")
        signed = f"{msg_id}.{stamp}.".encode() + data
        for versioned in signatures.split(" "):
            version, _, signature = versioned.partition(",")
            if version != "v1a":
                continue
            try:
                self.key.verify(signed, base64.b64decode(signature))
                return
            except (BadSignatureError, binascii.Error, ValueError):
                continue
        raise WebhookVerificationError("No matching signature found")


@dataclass(frozen=True)
class Secret:
    """A verifier, and how to name its key without showing it: its first characters."""

    label: str
    webhook: Verifier


def load_secrets(secrets: Sequence[str], public_keys: Sequence[str] = ()) -> list[Secret]:
    """One verifier per secret and per public key: several are normal (an endpoint's and a
    destination's, or both sides of a rotation). Raises ValueError."""
    loaded = []
    for secret in secrets:
        # Standard Webhooks' verifier takes any base64 without its prefix, so a typo such
        # as `notasecret` would be taken and every webhook then blamed on its headers.
        if not secret.strip().startswith("whsec_"):
            raise ValueError("not a webhook secret: expected whsec_<base64>, the endpoint's "
                             "`secret`")
        try:
            webhook = Webhook(secret)
        except Exception as exc:  # binascii.Error, EmptyWebhookSecretError: both mean "bad"
            raise ValueError(f"not a webhook secret ({exc}); expected whsec_<base64>") from None
        loaded.append(Secret(secret.strip()[:SHOWN_SECRET_CHARS] + "...", webhook))
    # A public key is not secret: its label may show more of it.
    loaded += [Secret(key.strip()[:SHOWN_SECRET_CHARS + 4] + "...", PublicKey(key))
               for key in public_keys]
    return loaded


def verdict(secrets: Sequence[Secret], body: bytes, headers: Mapping[str, str]) -> str:
    """`verified` when any secret verifies (with several, `verified with <its first
    characters>`), else `FAILED (<reasons>)`."""
    if not secrets:
        return NOT_CHECKED
    reasons: list[str] = []
    for secret in secrets:
        try:
            # json_parse=False: forwarded provider bodies need not be JSON to be signed.
            secret.webhook.verify(body, dict(headers), json_parse=False)
        except WebhookVerificationError as exc:
            reasons.append(str(exc))
        except UnicodeDecodeError:  # the library verifies the body as text
            reasons.append("body is not UTF-8")
        except ValueError as exc:  # the library does not guard a malformed signature header
            reasons.append(f"malformed webhook-signature header: {exc}")
        else:
            return "verified" if len(secrets) == 1 else f"verified with {secret.label}"
    return "FAILED (" + "; ".join(dict.fromkeys(reasons)) + ")"


def show_body(body: bytes) -> str:
    if not body:
        return "(empty body)"
    try:
        text = json.dumps(json.loads(body), indent=2, ensure_ascii=False)
    except ValueError:  # not JSON, or not text at all: show what came
        text = body.decode("utf-8", errors="replace")
    if len(text) > SHOWN_BODY_CHARS:
        text = text[:SHOWN_BODY_CHARS] + f"\n... ({len(text) - SHOWN_BODY_CHARS} more characters)"
    return text


def render(method: str, path: str, headers: Mapping[str, str], body: bytes, check: str) -> str:
    now = datetime.now().astimezone().strftime("%Y-%m-%d %H:%M:%S %z")
    return (f"--- {now} {method} {path}\n"
            f"webhook-id: {headers.get('webhook-id', '(none)')}\n"
            f"webhook-timestamp: {headers.get('webhook-timestamp', '(none)')}\n"
            f"signature: {check}\n"
            f"content-type: {headers.get('content-type', '(none)')}, {len(body)} bytes\n"
            f"{show_body(body)}\n\n")


class ListenServer(ThreadingHTTPServer):
    daemon_threads = True  # a stuck client must not keep Ctrl-C from ending the process

    def __init__(self, host: str, port: int, secrets: Sequence[Secret], out: TextIO) -> None:
        # ThreadingHTTPServer binds IPv4 unless told otherwise; `--host ::1` must work too.
        self.address_family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.secrets = list(secrets)
        self.out = out
        self.out_lock = threading.Lock()  # one block at a time, never interleaved
        super().__init__((host, port), Handler)

    def print_block(self, text: str) -> None:
        with self.out_lock:
            self.out.write(text)
            self.out.flush()  # stdout is often a pipe or a file: show each request at once


class Handler(BaseHTTPRequestHandler):
    server: ListenServer
    protocol_version = "HTTP/1.1"  # keep-alive, as Hookline's sender and curl expect

    def do_POST(self) -> None:
        body = self._read_body()
        if body is None:
            return
        headers = {name.lower(): value for name, value in self.headers.items()}
        check = verdict(self.server.secrets, body, headers)
        self.server.print_block(render(self.command, self.path, headers, body, check))
        # 200 whatever the signature: a receiver under test should see every attempt succeed.
        self._answer(200, b'{"ok":true}', "application/json")

    do_PUT = do_PATCH = do_POST

    def do_GET(self) -> None:
        self._answer(200, b"hookline listen: POST webhooks here\n", "text/plain")

    def _read_body(self) -> bytes | None:
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            return self._read_chunked()
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = -1
        if not 0 <= length <= MAX_BODY_BYTES:
            self.close_connection = True  # the rest of the stream cannot be framed
            self._answer(413 if length > 0 else 400, b'{"ok":false}', "application/json")
            return None
        return self.rfile.read(length)

    def _read_chunked(self) -> bytes:
        chunks: list[bytes] = []
        while size := int(self.rfile.readline().split(b";")[0].strip() or b"0", 16):
            chunks.append(self.rfile.read(size))
            self.rfile.readline()  # the CRLF after each chunk
        while self.rfile.readline().strip():  # trailers, up to the blank line
            pass
        return b"".join(chunks)

    def _answer(self, status: int, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass  # each request already prints its own block; no access log on stderr


def interrupt(_signum: int, _frame: FrameType | None) -> None:
    raise KeyboardInterrupt  # SIGTERM ends serve_forever() the same way Ctrl-C does


def serve(host: str, port: int, secrets: Sequence[Secret], out: TextIO = sys.stdout) -> None:
    """Serve until Ctrl-C or SIGTERM. Raises OSError when the address cannot be bound."""
    server = ListenServer(host, port, secrets, out)
    bound_port = server.server_address[1]
    shown_host = f"[{host}]" if ":" in host else host
    checking = (f"checked with {len(secrets)} secret(s): "
                + ", ".join(secret.label for secret in secrets) if secrets
                else NOT_CHECKED)
    server.print_block(f"Listening on http://{shown_host}:{bound_port}/ (Ctrl-C to stop)\n"
                       f"{LOOPBACK_HINT}\nSignatures: {checking}\n\n")
    signal.signal(signal.SIGTERM, interrupt)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    server.print_block("Stopped.\n")
