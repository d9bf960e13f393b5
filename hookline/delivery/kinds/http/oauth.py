"""OAuth2 client credentials for a target's requests (`credentials.OAuth2`): the token request
(RFC 6749 4.4) with authlib's client authentication (client_secret_basic, client_secret_post,
RFC 7523 private_key_jwt), and the worker's token cache.

The token request goes through the Sender's guarded, pinned path (`Post`), so the URL guard
judges the token URL at every fetch as it judges a target's. Tokens are kept per target and
configuration, shared by every attempt of the worker, fetched again a little before
`expires_in` runs out, and once when a receiver answers 401 to the token in force. One fetch
at a time per key: concurrent attempts wait for it rather than each asking.

A token endpoint that fails (no answer in time, an error status, an answer without a token)
is `TokenFailed`: the attempt fails with errorType `oauth`."""

from __future__ import annotations

import asyncio
import json
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol
from urllib.parse import urlencode

from authlib.oauth2.auth import ClientAuth
from authlib.oauth2.rfc7523 import PrivateKeyJWT
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from joserfc.errors import JoseError
from joserfc.jwk import ECKey, RSAKey

from hookline.delivery.credentials import OAuth2
from hookline.delivery.kinds.tls import EC_ALGS

REDACTED = "Bearer <redacted>"  # what previews show for the token
KEPT = 4096
# A token without `expires_in` is used this long, or until a receiver answers 401.
DEFAULT_LIFETIME = 300.0
# Fetched again this share of its lifetime before it runs out (at most EARLY_MAX seconds):
# a request under way when it expires would be refused.
EARLY_SHARE, EARLY_MAX = 0.1, 60.0
ANSWER_LIMIT = 64 * 1024
METHODS = {"basic": "client_secret_basic", "post": "client_secret_post"}


def with_bearer(headers: dict[str, str], value: str) -> dict[str, str]:
    """`headers` with `authorization` set to `value`, replacing any fixed one whatever its
    case (HTTP names are case-insensitive: two would both be sent)."""
    kept = {name: text for name, text in headers.items() if name.lower() != "authorization"}
    kept["authorization"] = value
    return kept


class TokenFailed(Exception):
    """The token endpoint gave no token; the message says why (never a secret)."""

    def __init__(self, message: str, body: str | None = None) -> None:
        super().__init__(message)
        self.body = body  # an error answer's body, for the attempt's record


@dataclass(frozen=True)
class Answer:
    status: int
    body: bytes


class Post(Protocol):
    """A form POST through the Sender's guard and pinned sessions (`Sender.post_form`)."""

    def __call__(self, url: str, body: str, headers: dict[str, str]) -> Awaitable[Answer]: ...


@dataclass
class _Token:
    value: str
    refresh_at: float  # monotonic


Key = tuple[str, OAuth2]


class TokenCache:
    """The worker's tokens by (target id, configuration): a changed configuration is another
    key, so a token is never used with credentials other than those that got it."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self._tokens: OrderedDict[Key, _Token] = OrderedDict()
        self._fetching: dict[Key, asyncio.Task[_Token]] = {}
        self.fetches = 0  # token requests made (tests and metrics read it)

    async def token(self, key: Key, fetch: Callable[[], Awaitable[_Token]]) -> str:
        """The token in force for `key`, fetched when there is none or it is due."""
        found = self._tokens.get(key)
        if found is not None and time.monotonic() < found.refresh_at:
            self._tokens.move_to_end(key)
            return found.value
        return (await self._fetch(key, fetch)).value

    async def refreshed(self, key: Key, refused: str,
                        fetch: Callable[[], Awaitable[_Token]]) -> str:
        """A token other than `refused` (which a receiver answered 401 to): fetched once
        however many attempts were refused with it."""
        found = self._tokens.get(key)
        if found is not None and found.value != refused:
            return found.value
        self._tokens.pop(key, None)
        return (await self._fetch(key, fetch)).value

    async def _fetch(self, key: Key, fetch: Callable[[], Awaitable[_Token]]) -> _Token:
        task = self._fetching.get(key)
        if task is None:
            task = asyncio.get_running_loop().create_task(self._store(key, fetch))
            self._fetching[key] = task
            task.add_done_callback(partial(self._done, key))
        # One waiter's deadline ends its wait, not the fetch the others wait for.
        return await asyncio.shield(task)

    def _done(self, key: Key, task: asyncio.Task[_Token]) -> None:
        self._fetching.pop(key, None)
        if not task.cancelled():
            task.exception()  # retrieved: a failure every waiter gave up on is no error

    async def _store(self, key: Key, fetch: Callable[[], Awaitable[_Token]]) -> _Token:
        self.fetches += 1
        token = await fetch()
        self._tokens[key] = token
        if len(self._tokens) > self.kept:
            self._tokens.popitem(last=False)
        return token


async def fetch_token(post: Post, config: OAuth2, timeout: float) -> _Token:
    """One token request, within `timeout` seconds. Raises TokenFailed."""
    form = [("grant_type", "client_credentials")]
    form += [(name, value) for name, value in
             (("scope", config.scope), ("audience", config.audience)) if value]
    headers = {"content-type": "application/x-www-form-urlencoded",
               "accept": "application/json"}
    try:
        _, headers, body = _client_auth(config).prepare(
            "POST", config.token_url, headers, urlencode(form))
    except (ValueError, TypeError, JoseError) as exc:  # a stored key the libraries refuse
        raise TokenFailed(f"the client assertion could not be signed ({type(exc).__name__})"
                          ) from None
    started = time.monotonic()
    try:
        async with asyncio.timeout(timeout):
            answer = await post(config.token_url, body, headers)
    except TimeoutError:
        raise TokenFailed(f"the token endpoint did not answer within {timeout:g} s") from None
    return _read(answer, started)


def _client_auth(config: OAuth2) -> ClientAuth:
    if config.client_auth == "private_key_jwt":
        assert config.private_key is not None  # checked at registration
        key = serialization.load_pem_private_key(config.private_key.encode(), password=None)
        # authlib's PrivateKeyJWT reads a PEM as RSA: an EC key goes as joserfc's key.
        if isinstance(key, ec.EllipticCurvePrivateKey):
            return ClientAuth(config.client_id, ECKey.import_key(config.private_key),
                              PrivateKeyJWT(config.token_url, alg=EC_ALGS[key.curve.name]))
        return ClientAuth(config.client_id, RSAKey.import_key(config.private_key),
                          PrivateKeyJWT(config.token_url, alg="RS256"))
    return ClientAuth(config.client_id, config.client_secret, METHODS[config.client_auth])


# What of an error answer's `error` and `error_description` (RFC 6749, 5.2) the message
# quotes: enough to say `invalid_client` and why, not a page of HTML.
SAID_MAX = 200


def _said(text: str) -> str:
    """An error answer's own words, as ` (error: description)`, or "" when it has none."""
    try:
        found: Any = json.loads(text)
    except ValueError:
        return ""
    if not isinstance(found, dict) or not isinstance(found.get("error"), str):
        return ""
    words = found["error"]
    if isinstance(found.get("error_description"), str) and found["error_description"]:
        words += f": {found['error_description']}"
    return f" ({words[:SAID_MAX]})"


def _read(answer: Answer, started: float) -> _Token:
    text = answer.body.decode("utf-8", errors="replace")
    if not 200 <= answer.status < 300:
        raise TokenFailed(f"the token endpoint answered HTTP {answer.status}"
                          f"{_said(text)}", text[:4096])
    try:
        found: Any = json.loads(text)
    except ValueError:
        raise TokenFailed("the token endpoint's answer is not JSON") from None
    value = found.get("access_token") if isinstance(found, dict) else None
    if not isinstance(value, str) or not value:
        raise TokenFailed("the token endpoint's answer has no access_token")
    kind = found.get("token_type", "bearer")
    if not isinstance(kind, str) or kind.lower() != "bearer":
        raise TokenFailed(f"the token endpoint issued a {kind!r} token, not a bearer token")
    lifetime = found.get("expires_in")
    if isinstance(lifetime, str) and lifetime.isdigit():
        lifetime = int(lifetime)
    if not isinstance(lifetime, int | float) or isinstance(lifetime, bool) or lifetime <= 0:
        lifetime = DEFAULT_LIFETIME
    early = min(EARLY_MAX, lifetime * EARLY_SHARE)
    return _Token(value, started + lifetime - early)
