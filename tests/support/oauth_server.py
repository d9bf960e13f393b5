"""A real OAuth2 token endpoint on loopback, and a receiver that takes only its tokens.

`TokenServer` answers POST /token for the client credentials grant: it authenticates the
client as `client_auth` says (client_secret_basic, client_secret_post, or a private_key_jwt
assertion it verifies with PyJWT and the client's public key), counts the tokens it issued,
and issues tokens that expire after `expires_in` seconds. `mode` makes it fail: `hang`
(never answers), `500`, `badjson`. `revoke()` ends every token issued so far.

`TokenServer.receiver_url(path)` is a receiver on the same server: 200 for a bearer token
in force, 401 otherwise."""

from __future__ import annotations

import base64
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs

import jwt

CLIENT_ID, CLIENT_SECRET = "hookline-client", "s3cret-value"


class TokenServer:
    def __init__(self, *, expires_in: int = 3, client_auth: str = "basic",
                 public_key: Any = None) -> None:
        self.expires_in = expires_in
        self.client_auth = client_auth
        self.public_key = public_key  # private_key_jwt: verifies the assertions
        self.mode = "ok"
        self.issued = 0
        self.refused = 0  # token requests refused for bad client authentication
        self.forms: list[dict[str, str]] = []
        self.delivered: list[str] = []  # the tokens the receiver took
        self.unauthorized = 0  # requests the receiver answered 401
        self._tokens: dict[str, float] = {}  # token: when it expires
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    @property
    def token_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/token"

    def receiver_url(self, path: str = "/hook") -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def revoke(self) -> None:
        with self._lock:
            self._tokens.clear()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def auth(self, **fields: Any) -> dict[str, Any]:
        """The target's `auth` for this server."""
        return {"type": "oauth2", "tokenUrl": self.token_url, "clientId": CLIENT_ID,
                "clientSecret": CLIENT_SECRET, "clientAuth": self.client_auth, **fields}

    def _authenticated(self, headers: Any, form: dict[str, str]) -> bool:
        if self.client_auth == "basic":
            expected = base64.b64encode(f"{CLIENT_ID}:{CLIENT_SECRET}".encode()).decode()
            return bool(headers.get("authorization") == f"Basic {expected}")
        if self.client_auth == "post":
            return form.get("client_id") == CLIENT_ID and \
                form.get("client_secret") == CLIENT_SECRET
        if form.get("client_assertion_type") != \
                "urn:ietf:params:oauth:client-assertion-type:jwt-bearer":
            return False
        try:
            claims = jwt.decode(form.get("client_assertion", ""), self.public_key,
                                algorithms=["RS256", "ES256"], audience=self.token_url,
                                issuer=CLIENT_ID, options={"require": ["exp", "jti", "sub"]})
        except jwt.PyJWTError:
            return False
        return bool(claims["sub"] == CLIENT_ID)

    def _token(self, headers: Any, body: bytes) -> tuple[int, bytes]:
        form = {k: v[0] for k, v in parse_qs(body.decode()).items()}
        with self._lock:
            self.forms.append(form)
        if form.get("grant_type") != "client_credentials" or \
                not self._authenticated(headers, form):
            with self._lock:
                self.refused += 1
            return 401, b'{"error":"invalid_client"}'
        if self.mode == "500":
            return 500, b'{"error":"server_error"}'
        if self.mode == "badjson":
            return 200, b"<html>not json"
        with self._lock:
            self.issued += 1
            token = f"tok-{self.issued}"
            self._tokens[token] = time.monotonic() + self.expires_in
        return 200, json.dumps({"access_token": token, "token_type": "Bearer",
                                "expires_in": self.expires_in}).encode()

    def _receive(self, headers: Any) -> int:
        given = str(headers.get("authorization") or "").removeprefix("Bearer ")
        with self._lock:
            if self._tokens.get(given, 0) > time.monotonic():
                self.delivered.append(given)
                return 200
            self.unauthorized += 1
            return 401

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_args: Any) -> None:
                pass

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length") or 0))
                if self.path == "/token":
                    if server.mode == "hang":
                        time.sleep(30)
                        return
                    status, answer = server._token(self.headers, body)
                else:
                    status, answer = server._receive(self.headers), b"ok"
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

        return Handler
