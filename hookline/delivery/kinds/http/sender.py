"""The HTTP kind: one attempt to a webhook receiver. Guard the URL, pin the connection to
the checked address, sign, send (with the target's OAuth2 token, TLS identity and its
environment's egress proxy)."""

from __future__ import annotations

import asyncio
import socket
import ssl
import time
from collections import OrderedDict
from dataclasses import dataclass, replace
from datetime import UTC
from email.utils import parsedate_to_datetime
from functools import partial
from typing import Any

import aiohttp
from aiohttp.abc import AbstractResolver, ResolveResult
from yarl import URL

from hookline import USER_AGENT
from hookline.contracts import AttemptResult
from hookline.delivery.credentials import ClientTLS
from hookline.delivery.kinds.headers import request_headers
from hookline.delivery.kinds.http import client_tls, egress, oauth
from hookline.delivery.kinds.http.egress import Egress
from hookline.delivery.model import RESPONSE_LIMIT, Outgoing
from hookline.observability import metrics
from hookline.statuses import ErrorType
from hookline.url_guard import AddressGuard, DNSFailure, Target, URLRefused

_MAX_SESSIONS = 256


def _failure(error_type: str, message: str, started: float,
             status_code: int | None = None, body: str | None = None) -> AttemptResult:
    return AttemptResult(succeeded=False, status_code=status_code, response_body=body,
                         error_type=error_type, error_message=message[:1000],
                         duration_ms=int((time.monotonic() - started) * 1000))


def _classify(exc: BaseException) -> str:
    if isinstance(exc, aiohttp.ServerTimeoutError):
        return ErrorType.TIMEOUT
    cause: BaseException | None = exc
    while cause is not None:
        if isinstance(cause, aiohttp.ClientSSLError | ssl.SSLError):
            return ErrorType.TLS
        cause = cause.__cause__ or cause.__context__
    return ErrorType.CONNECTION


class _Phase:
    """Whether an attempt is waiting for its token: its deadline then is the token
    endpoint's failure (`oauth`), not the receiver's (`timeout`)."""

    token = False


class _Pinned(AbstractResolver):
    """Answers only the address the URL guard checked, so the connection goes there while
    the request keeps the URL's name (Host, and for TLS the SNI and the certificate's name):
    a name that resolves elsewhere between the check and the connect changes nothing."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.family = socket.AF_INET6 if ":" in address else socket.AF_INET

    async def resolve(self, host: str, port: int = 0,
                      family: socket.AddressFamily = socket.AF_INET) -> list[ResolveResult]:
        return [ResolveResult(hostname=host, host=self.address, port=port,
                              family=self.family, proto=0, flags=0)]

    async def close(self) -> None:
        return None


@dataclass(frozen=True)
class _Route:
    proxy: str | None = None  # None: direct
    proxy_address: str | None = None  # an environment's proxy's, checked: connect there


class HttpSender:
    """Keeps one aiohttp session per (scheme, host, checked address, port): connections are
    reused only for the same host name at the same checked address, and attempts don't
    queue behind one shared pool. Sessions keep no cookies: a webhook never carries what an
    earlier answer set."""

    def __init__(self, *, timeout: float, guard: AddressGuard, egress: Egress = Egress()) -> None:
        self.timeout = timeout
        self.egress = egress
        self._sessions: OrderedDict[tuple[str, str, str, int, str, str, str],
                                    aiohttp.ClientSession] = OrderedDict()
        self._closing: set[asyncio.Task[None]] = set()
        self._tls: ssl.SSLContext | None = None
        # Targets' OAuth2 tokens and TLS contexts, shared by this worker's attempts.
        self.tokens = oauth.TokenCache()
        self.contexts = client_tls.ClientContexts()
        # The address rules (HOOKLINE_ALLOWED_PORTS, _SUBNETS) for receivers, token URLs
        # and tenants' proxies.
        self.rules = guard

    async def guard_proxy(self, proxy: str) -> str:
        """An environment's own proxy (a tenant's) under the receivers' rules: a public
        address, on an allowed port or its scheme's own (`egress.PROXY_PORTS`). Returns the
        address to connect to; raises URLRefused or DNSFailure. The instance's proxy is
        the operator's, and unguarded."""
        scheme, host, port = egress.proxy_address(proxy)
        address = await self.rules.address(host, port)
        self.rules.check_port(port, egress.PROXY_PORTS[scheme])
        return address

    async def _route(self, target: Target, own_proxy: str | None) -> _Route:
        """How a request to `target` goes: direct, through the instance's proxy, or through
        the environment's at the address checked now (as a receiver's is at each attempt,
        so a name that rebinds to a private address is refused before any connection).
        Raises ProxyFailed when the environment's proxy is refused."""
        proxy = self.egress.proxy_for(target.host, target.address, own_proxy)
        if proxy is None or proxy != own_proxy:
            return _Route(proxy)
        try:
            return _Route(proxy, await self.guard_proxy(proxy))
        except (URLRefused, DNSFailure) as exc:
            raise egress.ProxyFailed(f"the environment's egress proxy was refused: {exc}"
                                     ) from None

    def _session(self, target: Target, tls: ClientTLS | None, route: _Route
                 ) -> aiohttp.ClientSession:
        # A target's own TLS identity and trust are part of the key: a connection made with
        # one client certificate or CA bundle is never reused for another.
        key = (target.scheme, target.host, target.address, target.port,
               tls.fingerprint if tls else "", route.proxy or "", route.proxy_address or "")
        session = self._sessions.get(key)
        if session is None:
            if tls is not None:
                context = self.contexts.context(tls)
            else:
                if self._tls is None:
                    self._tls = client_tls.default_context()
                context = self._tls
            # No limit of the pool's own (`limit=0`): aiohttp's default of 100 connections
            # queues requests first in, first out, and every target of every tenant at one
            # host shares this session. The gate is what limits attempts in flight: per
            # target, and all together (`hookline.delivery.shares`).
            connector = self.egress.connector(route.proxy, context, route.proxy_address) \
                if route.proxy else \
                aiohttp.TCPConnector(resolver=_Pinned(target.address), use_dns_cache=False,
                                     ssl=context, limit=0)
            session = aiohttp.ClientSession(
                connector=connector, cookie_jar=aiohttp.DummyCookieJar(),
                timeout=aiohttp.ClientTimeout(total=None), trust_env=False)
            self._sessions[key] = session
            if len(self._sessions) > _MAX_SESSIONS:
                _, old = self._sessions.popitem(last=False)
                closing = asyncio.get_running_loop().create_task(old.close())
                self._closing.add(closing)
                closing.add_done_callback(self._closing.discard)
        self._sessions.move_to_end(key)
        return session

    def _post(self, target: Target, body: bytes, headers: dict[str, str], route: _Route,
              tls: ClientTLS | None = None) -> Any:
        """The POST to the checked address: directly, pinned; or through the egress proxy,
        which is asked for the address itself (the URL names it), the name kept for Host,
        SNI and the certificate's check."""
        session = self._session(target, tls, route)
        if route.proxy is None:
            return session.post(target.url, data=body, headers=headers, allow_redirects=False)
        url = URL(target.url, encoded=True).with_host(target.address)
        return session.post(url, data=body, headers=headers, allow_redirects=False,
                            server_hostname=target.host if target.scheme == "https" else None)

    async def send(self, out: Outgoing, msg_id: str) -> AttemptResult:
        started = time.monotonic()
        try:
            target = await self.rules.url(out.url, out.require_https)
        except URLRefused as exc:
            return _failure(ErrorType.BLOCKED_URL, str(exc), started)
        except DNSFailure as exc:
            return _failure(ErrorType.DNS, str(exc), started)
        headers = request_headers(out, msg_id, int(time.time()))
        headers["host"] = _host_header(target)
        phase = _Phase()
        try:
            # A deadline on this task, not wait_for's extra task per attempt.
            async with asyncio.timeout(self.timeout):
                if out.auth is not None:
                    return await self._authorized(out, target, headers, started, phase)
                return await self._exchange(target, headers, out, started)
        except TimeoutError:
            if phase.token:
                return _failure(ErrorType.OAUTH, "the token endpoint did not answer within "
                                f"{self.timeout:g} s", started)
            return _failure(ErrorType.TIMEOUT, f"no response within {self.timeout:g} s", started)
        except oauth.TokenFailed as exc:
            return _failure(ErrorType.OAUTH, str(exc), started, body=exc.body)
        except egress.ProxyFailed as exc:
            return _failure(ErrorType.PROXY, str(exc), started)
        except egress.CAUGHT as exc:
            if (proxied := egress.failure(exc)) is not None:
                if proxied[0] == ErrorType.PROXY:
                    metrics.proxy_failed("receiver")
                return _failure(*proxied, started)
            kind = _classify(exc)
            side = client_tls.which_side(exc) if kind == ErrorType.TLS else None
            return _failure(kind, f"{type(exc).__name__}: {exc}"
                            + (f" ({side})" if side else ""), started)

    async def _authorized(self, out: Outgoing, target: Target, headers: dict[str, str],
                          started: float, phase: _Phase) -> AttemptResult:
        """The request with the target's OAuth2 token; a 401 fetches a new token (once for
        every attempt refused with the same one) and sends again, once."""
        assert out.auth is not None
        key = (out.target_id, out.auth)
        post = partial(self.post_form, require_https=out.require_https, proxy=out.proxy)
        fetch = partial(oauth.fetch_token, post, out.auth, self.timeout)
        phase.token = True
        token = await self.tokens.token(key, fetch)
        phase.token = False
        headers = oauth.with_bearer(headers, f"Bearer {token}")
        result = await self._exchange(target, headers, out, started)
        if result.status_code != 401:
            return result
        phase.token = True
        token = await self.tokens.refreshed(key, token, fetch)
        phase.token = False
        headers = oauth.with_bearer(headers, f"Bearer {token}")
        return await self._exchange(target, headers, out, started)

    async def post_form(self, url: str, body: str, headers: dict[str, str], *,
                        require_https: bool, proxy: str | None = None) -> oauth.Answer:
        """A token request: guarded and pinned as an attempt is, its answer read up to a
        limit. Raises oauth.TokenFailed when it cannot be sent or answered, and
        egress.ProxyFailed when the egress proxy failed it."""
        try:
            target = await self.rules.url(url, require_https)
        except (URLRefused, DNSFailure) as exc:
            raise oauth.TokenFailed(f"the token URL was refused: {exc}") from None
        headers = {**headers, "host": _host_header(target), "user-agent": USER_AGENT}
        route = await self._route(target, proxy)
        try:
            async with self._post(target, body.encode(), headers, route) as response:
                answer = await _read_up_to(response, oauth.ANSWER_LIMIT)
                return oauth.Answer(response.status, answer)
        except egress.CAUGHT as exc:
            proxied = egress.failure(exc)
            if proxied is not None and proxied[0] == ErrorType.PROXY:
                # The proxy's failure, not the token endpoint's.
                metrics.proxy_failed("token")
                raise egress.ProxyFailed(f"{proxied[1]}, on the way to the token endpoint"
                                         ) from None
            raise oauth.TokenFailed(f"the token endpoint could not be reached "
                                    f"({_classify(exc)}: {type(exc).__name__}: {exc})") from None

    async def _exchange(self, target: Target, headers: dict[str, str], out: Outgoing,
                        started: float) -> AttemptResult:
        route = await self._route(target, out.proxy)
        async with self._post(target, out.body, headers, route, out.tls) as response:
            answer = await _read_up_to(response, RESPONSE_LIMIT)
        text = answer.decode("utf-8", errors="replace")
        duration = int((time.monotonic() - started) * 1000)
        if 200 <= response.status < 300:
            return AttemptResult(succeeded=True, status_code=response.status,
                                 response_body=text, error_type=None, error_message=None,
                                 duration_ms=duration)
        message = f"HTTP {response.status}"
        if 300 <= response.status < 400:
            message += " (redirects are not followed; register the final URL)"
        failure = _failure(ErrorType.HTTP_STATUS, message, started, response.status, text)
        if response.status in (429, 503):
            return replace(failure, retry_after=retry_after(response.headers.get("retry-after")))
        return failure

    async def aclose(self) -> None:
        for session in self._sessions.values():
            await session.close()
        self._sessions.clear()


def retry_after(value: str | None, now: float | None = None) -> float | None:
    """Seconds a Retry-After header asks for: delay-seconds or an HTTP date (RFC 9110);
    None when absent or unparseable, and the schedule applies."""
    if value is None or not (value := value.strip()):
        return None
    if value.isdigit():
        return float(value)
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:  # an HTTP date is GMT
        when = when.replace(tzinfo=UTC)
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


async def _read_up_to(response: Any, limit: int) -> bytes:
    """The answer's body up to `limit` bytes, however many packets it came in (one read
    returns what has arrived so far)."""
    chunks = bytearray()
    while len(chunks) < limit:
        chunk = await response.content.read(limit - len(chunks))
        if not chunk:
            break
        chunks += chunk
    return bytes(chunks)


def _host_header(target: Target) -> str:
    default = 443 if target.scheme == "https" else 80
    host = f"[{target.host}]" if ":" in target.host else target.host
    return host if target.port == default else f"{host}:{target.port}"
