"""The URL rules as one synchronous call with a resolver of the test's own: how the rules'
tests ask what the guard (`hookline.url_guard.AddressGuard`) decides for an address."""

from __future__ import annotations

import socket
from collections.abc import Sequence

from hookline.url_guard import Network, Resolver, Target, check_address, check_syntax


def system_resolver(host: str, port: int) -> list[str]:
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def guard(url: str, *, require_https: bool, allowed_ports: frozenset[int], any_port: bool,
          allowed: Sequence[Network] = (), resolver: Resolver = system_resolver) -> Target:
    scheme, host, port = check_syntax(url, require_https=require_https,
                                      allowed_ports=allowed_ports, any_port=any_port)
    address = check_address(host, port, resolver, allowed)
    return Target(url=url, scheme=scheme, host=host, port=port, address=address)
