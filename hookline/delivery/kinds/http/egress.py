"""The egress proxy (HOOKLINE_EGRESS_PROXY, HOOKLINE_NO_PROXY): which requests go through
it, and the connector that reaches a checked address through it. Operators use it to send
from static IP addresses that receivers allow-list.

The URL guard keeps judging the destination: the Sender resolves and checks the address
itself, then asks the proxy for that address (CONNECT ip:port, or SOCKS5 with the IP),
never for the name, so the proxy can be no way around the guard nor a second DNS answer.
A failure of the proxy itself is errorType `proxy`: the receiver was never reached, so it
counts toward nothing of the target's (breaker, adaptive limit, auto-disable). When the
proxy says it could not connect to the receiver (`UNREACHED`), the failure is the
receiver's, `connection`, as it would have been without the proxy."""

from __future__ import annotations

import ipaddress
import ssl
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

import aiohttp
import aiohttp_socks
import python_socks
from aiohttp_socks import ProxyConnector, ProxyType

from hookline.secret_files import WatchedFile
from hookline.settings import PROXY_SCHEMES, check_proxy_url
from hookline.settings import redacted_url as redacted
from hookline.statuses import ErrorType

__all__ = ["Egress", "NoProxy", "ProxyFailed", "check_proxy_url", "failure",
           "redacted"]

SCHEMES = {"http": ProxyType.HTTP, "socks5": ProxyType.SOCKS5}
assert set(SCHEMES) == set(PROXY_SCHEMES)
Network = ipaddress.IPv4Network | ipaddress.IPv6Network
# What the SOCKS and CONNECT connector raises (none of them an aiohttp.ClientError): the proxy
# is unreachable, refused the tunnel, wanted other credentials, or did not answer in time.
FAILURES: tuple[type[Exception], ...] = (
    aiohttp_socks.ProxyError, aiohttp_socks.ProxyConnectionError,
    aiohttp_socks.ProxyTimeoutError, python_socks.ProxyError,
    aiohttp.ClientProxyConnectionError, aiohttp.ClientHttpProxyError)
# What a request raises that an attempt records as its failure.
CAUGHT: tuple[type[Exception], ...] = (aiohttp.ClientError, *FAILURES)
# The proxy's replies that say it reached out and could not connect to the receiver: what a
# direct connection would have met, so the receiver's failure (`connection`), counted as a
# direct one is; else a receiver that is down behind the proxy would never open its breaker
# nor be disabled. SOCKS5 (RFC 1928): network or host unreachable, connection refused, TTL
# expired. HTTP CONNECT: 500 (tinyproxy's "Unable to connect"), 502, 503 (Squid's
# ERR_CONNECT_FAIL), 504. The ranges do not overlap (SOCKS5 codes are 1 to 8). A refusal of
# the proxy's own (403 by its rules, 407, SOCKS5 0x01, 0x02) stays the proxy's.
UNREACHED = frozenset({3, 4, 5, 6, 500, 502, 503, 504})
# The ports an environment's own proxy (a tenant's) may listen on beside
# HOOKLINE_ALLOWED_PORTS: each scheme's conventional ones (Squid's 3128 and 8080, SOCKS's
# 1080), as brokers have theirs. The instance's proxy is the operator's: any port.
PROXY_PORTS = {"http": frozenset({3128, 8080}), "socks5": frozenset({1080})}
DEFAULT_PORTS = {"http": 80, "socks5": 1080}


def proxy_address(proxy: str) -> tuple[str, str, int]:
    """A checked proxy URL's scheme, host (unbracketed) and port."""
    parts = urlsplit(proxy)
    assert parts.hostname is not None  # check_proxy_url
    port = parts.port  # not `or`: an explicit :0 is not the default port
    return parts.scheme, parts.hostname, DEFAULT_PORTS[parts.scheme] if port is None else port


@dataclass(frozen=True)
class NoProxy:
    """HOOKLINE_NO_PROXY as curl reads NO_PROXY: `*` (everything), host names (a name also
    covers its subdomains; a leading dot is the same), IP addresses and CIDR networks."""

    everything: bool = False
    names: tuple[str, ...] = ()
    networks: tuple[Network, ...] = ()

    @classmethod
    def parse(cls, text: str) -> NoProxy:
        names, networks = [], []
        for part in (p.strip().lower() for p in text.split(",")):
            if not part:
                continue
            if part == "*":
                return cls(everything=True)
            try:
                networks.append(ipaddress.ip_network(part.strip("[]"), strict=False))
            except ValueError:
                names.append(part.lstrip(".").rstrip("."))
        return cls(names=tuple(names), networks=tuple(networks))

    def bypasses(self, host: str, address: str) -> bool:
        if self.everything:
            return True
        name = host.lower().strip("[]").rstrip(".")
        if any(name == n or name.endswith("." + n) for n in self.names):
            return True
        ip = ipaddress.ip_address(address)
        return any(ip in network for network in self.networks)


@dataclass(frozen=True)
class Egress:
    """The proxy (None: none) and what bypasses it."""

    proxy: str | None = None
    no_proxy: NoProxy = NoProxy()
    # HOOKLINE_EGRESS_PROXY_FILE: the instance's proxy, read again when a mount rotates it.
    file: WatchedFile[str | None] | None = None

    @classmethod
    def of(cls, proxy: str, no_proxy: str, file: str = "") -> Egress:
        """InvalidSettings, naming the setting, on a proxy file that is missing or wrong."""
        watched = WatchedFile("HOOKLINE_EGRESS_PROXY_FILE", file, _proxy_or_none) \
            if file.strip() else None
        return cls(_proxy_or_none(proxy), NoProxy.parse(no_proxy), watched)

    def proxy_for(self, host: str, address: str, own: str | None = None) -> str | None:
        """The proxy a request to `host`, checked at `address`, goes through: its
        environment's (`own`), else the instance's; None: direct."""
        proxy = own or (self.file.current() if self.file is not None else self.proxy)
        if proxy is None or self.no_proxy.bypasses(host, address):
            return None
        return proxy

    def connector(self, proxy: str, context: ssl.SSLContext, address: str | None = None
                  ) -> aiohttp.TCPConnector:
        """Connections through `proxy` (python-socks does HTTP CONNECT and SOCKS5 alike), at
        `address` when the proxy's own was checked (an environment's). The request names
        the receiver's checked address, so nothing is resolved here or there."""
        parts = urlsplit(proxy)
        scheme, host, port = proxy_address(proxy)
        return ProxyConnector(
            proxy_type=SCHEMES[scheme], host=address or host, port=port,
            username=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password else None,
            rdns=False, ssl=context, use_dns_cache=False, limit=0)  # as the Sender's


def _proxy_or_none(text: str) -> str | None:
    return check_proxy_url(text) if text.strip() else None


class ProxyFailed(Exception):
    """A request on an attempt's behalf (its OAuth2 token's) failed at the proxy: the
    attempt's failure is then the proxy's, not the token endpoint's."""


def failure(exc: BaseException) -> tuple[str, str] | None:
    """The error type and message of a request that failed in or at the proxy: `proxy`
    when the proxy failed, `connection` when it says the receiver could not be reached;
    None when the proxy had no part in it. The message says what kind of failure it was,
    never what the proxy answered: a tenant's proxy is aimed where the tenant likes, and
    whatever answers there (a banner, a status line) stays there."""
    cause: BaseException | None = exc
    while cause is not None:
        if isinstance(cause, FAILURES):
            code = getattr(cause, "error_code", None)
            if code in UNREACHED:
                return (ErrorType.CONNECTION,
                        "the egress proxy could not connect to the receiver")
            return ErrorType.PROXY, f"the egress proxy failed: {_what_failed(cause, code)}"
        cause = cause.__cause__ or cause.__context__
    return None


def _what_failed(exc: BaseException, code: object) -> str:
    if isinstance(exc, aiohttp_socks.ProxyTimeoutError):
        return "it did not answer in time"
    if isinstance(exc, aiohttp_socks.ProxyConnectionError | aiohttp.ClientProxyConnectionError):
        return "it could not be reached"
    if code == 407:
        return "it refused the credentials"
    return "it refused the tunnel, or did not answer as a proxy"
