"""A secured Temporal for the cluster tier: `hookline temporal-server` (a real
temporal-server on PostgreSQL) started with the certificates and the JWKS a test makes, and
the JWKS server that signs its API keys."""

from __future__ import annotations

import json
import subprocess
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import jwt
from cryptography.hazmat.primitives.asymmetric import rsa

from tests.support.cluster import free_port_run
from tests.support.procs import hookline, spawn, stop


@dataclass
class Secured:
    address: str
    env: dict[str, str]  # what Hookline needs to reach it
    proc: subprocess.Popen[bytes]


def start_secured(folder: Path, postgres: str, prefix: str, flags: list[str],
                  env: dict[str, str], port: int | None = None) -> Secured:
    """`port`: the one it had before, to start it again where its clients connect."""
    port = port or free_port_run(11)
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "temporal-server.log"
    before = log.stat().st_size if log.exists() else 0  # a server started again: its log
    proc = spawn(hookline("temporal-server", "--postgres", postgres, "--dir", str(folder),
                          "--port", str(port), "--database-prefix", prefix, *flags), env, log)
    deadline = time.monotonic() + 180
    while "Temporal server up" not in log.read_bytes()[before:].decode(errors="replace"):
        if proc.poll() is not None or time.monotonic() > deadline:
            stop(proc)
            raise RuntimeError(f"the secured temporal-server did not come up; see {log}")
        time.sleep(0.3)
    return Secured(f"127.0.0.1:{port}", env, proc)


class Keys:
    """The JWKS the server fetches, served on loopback, and the key that signs tokens."""

    def __init__(self) -> None:
        self.signing = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        jwk = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(self.signing.public_key()))
        body = json.dumps({"keys": [{**jwk, "kid": "hookline-test", "use": "sig",
                                     "alg": "RS256"}]}).encode()

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/jwks.json"

    def token(self, signing: rsa.RSAPrivateKey | None = None, lasts: float = 3600) -> str:
        """Valid for `lasts` seconds (Temporal's claim mapper refuses it after)."""
        claims = {"sub": "hookline", "exp": int(time.time() + lasts),
                  "permissions": ["temporal-system:admin", "default:admin"]}
        return jwt.encode(claims, signing or self.signing, algorithm="RS256",
                          headers={"kid": "hookline-test"})
