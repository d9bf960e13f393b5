"""The URL rules for endpoints and destinations, and the address check behind rule 4.

The rules are pure functions but for name resolution, which the caller passes in;
`AddressGuard` applies them with the event loop's resolver and returns the checked address,
so the connection can be pinned to it and DNS cannot change between check and use.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

MAX_URL_LENGTH = 2048

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Resolver = Callable[[str, int], list[str]]

_BLOCKED = [ipaddress.ip_network(n) for n in (
    "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16",
    "172.16.0.0/12", "192.0.0.0/24", "192.0.2.0/24", "192.168.0.0/16", "198.18.0.0/15",
    "198.51.100.0/24", "203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4",
    "255.255.255.255/32", "::/128", "::1/128", "fc00::/7", "fe80::/10", "ff00::/8",
    "64:ff9b::/96", "2001:db8::/32", "3fff::/20",  # documentation (RFC 3849, RFC 9637)
    # 6to4 and Teredo: deprecated relay mechanisms that IANA does not list as globally
    # reachable; listed here so the answer does not depend on the Python version's is_global.
    "2002::/16", "2001::/32",
    # Cloud metadata services that sit outside the private ranges.
    "fd00:ec2::254/128", "100.100.100.200/32",
)]
# The only IPv6 range that may pass (with is_global). Everything in ::/8 falls outside it,
# and with it the IPv4-compatible, IPv4-translated and both NAT64 forms; 6to4 and Teredo are
# in _BLOCKED. So the one IPv6 spelling that reaches an IPv4 address is IPv4-mapped, which
# is judged on that IPv4 address.
_GLOBAL_UNICAST = ipaddress.IPv6Network("2000::/3")


class URLRefused(ValueError):
    """A URL breaks one of the rules; `str()` says which, for the API and attempt records."""


@dataclass(frozen=True)
class Target:
    url: str
    scheme: str
    host: str
    port: int
    address: str  # the resolved, checked address to connect to


def check_text(url: str) -> None:
    """A URL's length and characters, whatever its scheme."""
    if len(url) > MAX_URL_LENGTH:
        raise URLRefused(f"URL is longer than {MAX_URL_LENGTH} characters")
    # urlsplit() silently drops tabs and newlines, so it would check another URL than the one
    # stored; and the HTTP client refuses them at send time.
    if any(c.isspace() or ord(c) < 0x20 or ord(c) == 0x7F for c in url):
        raise URLRefused("URL must not contain spaces or control characters")


def check_syntax(url: str, *, require_https: bool, allowed_ports: frozenset[int],
                 any_port: bool) -> tuple[str, str, int]:
    """Rules 1, 2, 3 and 5. Returns (scheme, host, port)."""
    check_text(url)
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise URLRefused(f"URL is not valid: {exc}") from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https") or not parts.hostname:
        raise URLRefused("URL must be an absolute http or https URL")
    if require_https and scheme != "https":
        raise URLRefused("production environments require https URLs")
    if parts.username is not None or parts.password is not None:
        raise URLRefused("URL must not contain a user name or password; use fixed headers")
    if port is None:  # not `port or default`: an explicit :0 would be checked as the default
        port = 443 if scheme == "https" else 80
    if port == 0:  # no server listens on it, whatever HOOKLINE_ALLOWED_PORTS says
        raise URLRefused("port 0 is not allowed")
    if not any_port and port not in allowed_ports:
        allowed = ", ".join(str(p) for p in sorted(allowed_ports))
        raise URLRefused(f"port {port} is not allowed (allowed: {allowed})")
    return scheme, parts.hostname, port


def _in(address: IPAddress, networks: Sequence[Network]) -> bool:
    return any(address in net for net in networks)


def is_blocked(address: IPAddress, allowed: Sequence[Network] = ()) -> bool:
    """One rule for registration and every attempt; `allowed` (HOOKLINE_ALLOWED_SUBNETS)
    exempts an address. IPv4-mapped is what dual-stack resolvers return for IPv4-only
    names, and the socket connects to the IPv4 address itself: judge that alone."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    if _in(address, allowed):
        return False
    if isinstance(address, ipaddress.IPv6Address) and address not in _GLOBAL_UNICAST:
        return True
    return _in(address, _BLOCKED) or not address.is_global


def check_address(host: str, port: int, resolver: Resolver,
                  allowed: Sequence[Network] = ()) -> str:
    """Rule 4: every address the host resolves to must be public. Returns the one to use."""
    try:
        literal: IPAddress | None = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        literal = None
    try:
        addresses = [str(literal)] if literal else resolver(host, port)
    except OSError as exc:
        raise DNSFailure(f"cannot resolve {host}: {exc}") from None
    if not addresses:
        raise DNSFailure(f"{host} has no address")
    for text in addresses:
        if is_blocked(ipaddress.ip_address(text.split("%")[0]), allowed):
            raise URLRefused(f"{host} resolves to {text}, a private or reserved address")
    return addresses[0]


class DNSFailure(OSError):
    """The host did not resolve: a failed attempt of type `dns`, not a refused URL."""


class AddressGuard:
    """The address rules of HOOKLINE_ALLOWED_PORTS and _SUBNETS, applied at every attempt and
    registration, for every kind: an HTTP receiver's URL, its token URL and its tenant's
    proxy, a broker's host or service endpoint (`kinds.brokers.guard`). Resolves on the event
    loop and returns the checked address, which the connection is pinned to."""

    def __init__(self, *, allowed_ports: frozenset[int], any_port: bool,
                 allowed_networks: Sequence[Network]) -> None:
        self.allowed_ports = allowed_ports
        self.any_port = any_port
        self.allowed_networks = list(allowed_networks)

    async def url(self, url: str, require_https: bool) -> Target:
        """Rules 1-5 for an http(s) URL. Raises URLRefused or DNSFailure."""
        scheme, host, port = check_syntax(url, require_https=require_https,
                                          allowed_ports=self.allowed_ports,
                                          any_port=self.any_port)
        return Target(url=url, scheme=scheme, host=host, port=port,
                      address=await self.address(host, port))

    async def address(self, host: str, port: int) -> str:
        """Rule 4 at attempt time: every address the name resolves to now must be allowed;
        the one to connect to."""
        try:
            addresses = [host.strip("[]")] if _is_literal(host) else await _resolve(host, port)
        except OSError as exc:
            raise DNSFailure(f"cannot resolve {host}: {exc}") from None
        return check_address(host, port, lambda _h, _p: addresses, self.allowed_networks)

    def check_port(self, port: int, own: frozenset[int]) -> None:
        """HOOKLINE_ALLOWED_PORTS, or `own` (a broker's or a proxy's conventional ones)."""
        if port == 0 or not (self.any_port or port in self.allowed_ports or port in own):
            allowed = ", ".join(str(p) for p in sorted(self.allowed_ports | own))
            raise URLRefused(f"port {port} is not allowed (allowed: {allowed})")


async def _resolve(host: str, port: int) -> list[str]:
    infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def _is_literal(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
        return True
    except ValueError:
        return False
