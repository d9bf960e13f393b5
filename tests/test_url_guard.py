"""URL rules 1-5 and the address check, as pure functions with a fake resolver."""

from __future__ import annotations

import ipaddress

import pytest

from hookline.url_guard import (
    MAX_URL_LENGTH,
    DNSFailure,
    Resolver,
    URLRefused,
    check_address,
    check_syntax,
)
from tests.support.url_rules import guard

WEB = frozenset({80, 443})


def resolving_to(*addresses: str) -> Resolver:
    return lambda _host, _port: list(addresses)


def check(url: str, *, require_https: bool = False, any_port: bool = False,
          allowed: tuple[str, ...] = (), resolver: Resolver | None = None) -> str:
    target = guard(url, require_https=require_https, allowed_ports=WEB, any_port=any_port,
                   allowed=[ipaddress.ip_network(n) for n in allowed],
                   resolver=resolver or resolving_to("93.184.215.14"))
    return target.address


BLOCKED = [
    "10.0.0.1", "10.255.255.255", "172.16.0.1", "172.31.255.254", "192.168.1.1",
    "127.0.0.1", "127.1.2.3", "169.254.169.254", "100.64.0.1", "100.127.255.254",
    "0.0.0.0", "224.0.0.1", "239.255.255.250", "255.255.255.255", "100.100.100.200",
    "::1", "::", "fc00::1", "fd12:3456::1", "fe80::1", "ff02::1", "::ffff:127.0.0.1",
    "::ffff:10.0.0.1", "::ffff:169.254.169.254", "fd00:ec2::254", "2002:7f00:1::1",
    # IPv4-compatible (::/96), in the spellings a URL or a resolver may use.
    "::127.0.0.1", "::7f00:1", "::10.0.0.1", "::169.254.169.254", "0000:0000::7f00:0001",
    # IPv4-translated (::ffff:0:0:0/96).
    "::ffff:0:7f00:1", "::FFFF:0:7F00:1", "0:0:0:0:ffff:0:7f00:1", "::ffff:0:10.0.0.1",
    # NAT64: local-use (refused outright) and the well-known prefix.
    "64:ff9b:1::7f00:1", "64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe",
    # 6to4 and Teredo (server 8.8.8.8 with client 10.0.0.1; server 127.0.0.1).
    "2002:a00:1::1", "2001:0:808:808:8000:63bf:f5ff:fffe", "2001:0:7f00:1:8000:63bf:fefe:fefe",
    # A public IPv4 inside an embedding that is not global unicast is refused too: only
    # IPv4-mapped is judged on its IPv4 alone (see url_guard.is_blocked).
    "::8.8.8.8", "::ffff:0:8.8.8.8", "64:ff9b::8.8.8.8", "64:ff9b:1::808:808",
    "2002:808:808::1", "2001:0:808:808:8000:63bf:fefe:fefe",
    # Anything else in ::/8 (here 0100::/64, discard-only).
    "100::1",
    # Documentation: RFC 3849 and RFC 9637's 3fff::/20 (to its last address).
    "2001:db8::1", "3fff::1", "3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff",
]
PUBLIC = ["93.184.215.14", "8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1",
          "2606:4700:4700::1111", "2a00:1450:4001:81d::200e",
          # IPv4-mapped public addresses are what dual-stack resolvers return.
          "::ffff:8.8.8.8", "::ffff:5db8:d70e", "::FFFF:93.184.215.14"]


@pytest.mark.parametrize("address", BLOCKED)
def test_private_and_reserved_addresses_are_refused(address: str) -> None:
    with pytest.raises(URLRefused, match="private or reserved"):
        check("https://hooks.example.com/in", resolver=resolving_to(address))


@pytest.mark.parametrize("address", BLOCKED)
def test_private_literals_are_refused(address: str) -> None:
    host = f"[{address}]" if ":" in address else address
    with pytest.raises(URLRefused):
        check(f"https://{host}/in")


@pytest.mark.parametrize("answer", [*BLOCKED, "::7f00:1%eth0", "fe80::1%eth0",
                                    "::ffff:0:7f00:1%2"])
def test_attempt_time_check_refuses_private_answers(answer: str) -> None:
    """The check every attempt runs on the resolver's answers, before connecting."""
    with pytest.raises(URLRefused, match="private or reserved"):
        check_address("hooks.example.com", 443, resolving_to("8.8.8.8", answer))


@pytest.mark.parametrize("url", [
    "https://[::7f00:1]/", "https://[::127.0.0.1]/in", "https://[::10.0.0.1]/",
    "https://[::169.254.169.254]/latest/meta-data/", "https://[::ffff:0:7f00:1]/",
    "https://[64:ff9b:1::7f00:1]/", "https://[::FFFF:0:7F00:1]/",
    "https://[0000:0000::7f00:0001]/", "https://[0:0:0:0:ffff:0:7f00:1]/",
    "https://[::7f00:1%25eth0]/", "https://[fe80::1%25eth0]/", "http://[::7f00:1]:80/",
    "https://[0:0:0:0:0:ffff:0:7f00:1]/",  # nine groups: not an address at all
])
def test_embedded_private_literals_in_urls_are_refused(url: str) -> None:
    with pytest.raises(URLRefused):
        check(url, resolver=resolving_to("93.184.215.14"))


@pytest.mark.parametrize("address", PUBLIC)
def test_public_addresses_pass_and_are_returned_for_pinning(address: str) -> None:
    assert check("https://hooks.example.com/in", resolver=resolving_to(address)) == address


def test_one_private_address_among_public_ones_is_refused() -> None:
    """A name with both kinds of address could be answered either way at connect time."""
    with pytest.raises(URLRefused, match=r"10\.0\.0\.7"):
        check("https://mixed.example.com/", resolver=resolving_to("93.184.215.14", "10.0.0.7"))
    with pytest.raises(URLRefused):
        check("https://mixed.example.com/", resolver=resolving_to("::1", "8.8.8.8"))


@pytest.mark.parametrize(("address", "allowed"), [
    ("127.0.0.1", ("127.0.0.0/8",)),
    ("10.1.2.3", ("10.1.0.0/16",)),
    ("::ffff:10.1.2.3", ("10.1.0.0/16",)),
    ("::1", ("::1/128",)),
    ("64:ff9b:1::7f00:1", ("64:ff9b:1::/48",)),  # an allowed IPv6 network exempts as well
])
def test_allowed_subnets_are_exempt(address: str, allowed: tuple[str, ...]) -> None:
    assert check("http://dev.local/", allowed=allowed, resolver=resolving_to(address))


@pytest.mark.parametrize("address", [
    "10.2.0.1", "::ffff:10.2.0.1", "::a02:1", "2002:a02:1::1", "64:ff9b::a02:1",
    "2001:0:a01:1:8000:63bf:f5fd:fffe",  # Teredo server allowed, client 10.2.0.1 not
    # Only IPv4-mapped is judged on its IPv4: an allowed IPv4 subnet (a development set-up
    # allowing loopback receivers) does not let the other embeddings of it through.
    "::7f00:1", "::127.0.0.1", "::ffff:0:7f00:1", "2002:7f00:1::1", "64:ff9b::7f00:1",
    "64:ff9b:1::a01:203",  # local-use NAT64 is refused outright, whatever it embeds
])
def test_exemption_covers_only_its_subnet(address: str) -> None:
    with pytest.raises(URLRefused):
        check("http://dev.local/", allowed=("10.1.0.0/16", "127.0.0.0/8"),
              resolver=resolving_to(address))


def test_unresolvable_host_is_a_dns_failure() -> None:
    def fails(_host: str, _port: int) -> list[str]:
        raise OSError("Name or service not known")

    with pytest.raises(DNSFailure):
        check("https://nowhere.invalid/", resolver=fails)
    with pytest.raises(DNSFailure):
        check("https://nowhere.invalid/", resolver=resolving_to())


@pytest.mark.parametrize(("url", "require_https", "any_port", "message"), [
    ("http://hooks.example.com/", True, False, "https"),  # rule 1
    ("https://hooks.example.com:8443/", False, False, "port 8443"),  # rule 2
    ("http://hooks.example.com:8080/", False, False, "port 8080"),
    ("https://user:pass@hooks.example.com/", False, False, "user name or password"),  # 3
    ("https://user@hooks.example.com/", False, False, "user name or password"),
    ("https://:pass@hooks.example.com/", False, False, "user name or password"),
    ("https://hooks.example.com/" + "a" * MAX_URL_LENGTH, False, False, "longer"),  # rule 5
    ("ftp://hooks.example.com/", False, False, "http or https"),
    ("hooks.example.com/path", False, False, "http or https"),
    ("https:///path-only", False, False, "http or https"),
    ("", False, False, "http or https"),
    ("https://hooks.example.com:99999/", False, False, "not valid"),
    ("https://exa\tmple.com/", False, False, "control characters"),
    ("https://hooks.example.com/a\nb", False, False, "control characters"),
    ("https://hooks.example.com/a b", False, False, "spaces"),
    (" https://hooks.example.com/", False, False, "spaces"),
    ("https://hooks.example.com/\x00", False, False, "control characters"),
    ("https://1.1.1.1:0/", False, False, "port 0"),  # not the default port
    ("https://hooks.example.com:0/", False, False, "port 0"),
    ("http://hooks.example.com:0/", False, True, "port 0"),  # not even with any port
    ("https://hooks.example.com:00/", True, True, "port 0"),
])
def test_syntax_rules(url: str, require_https: bool, any_port: bool, message: str) -> None:
    with pytest.raises(URLRefused, match=message):
        check(url, require_https=require_https, any_port=any_port)


@pytest.mark.parametrize(("url", "require_https", "any_port"), [
    ("https://hooks.example.com/in", True, False),
    ("http://hooks.example.com/in", False, False),  # development allows http
    ("https://hooks.example.com:443/in", True, False),
    ("http://hooks.example.com:80/in", False, False),
    ("https://hooks.example.com:8443/in", True, True),  # HOOKLINE_ALLOWED_PORTS=*
    ("HTTPS://Hooks.Example.com/in?a=1#frag", True, False),
])
def test_accepted_urls(url: str, require_https: bool, any_port: bool) -> None:
    assert check(url, require_https=require_https, any_port=any_port) == "93.184.215.14"


@pytest.mark.parametrize(("url", "any_port", "port"), [
    ("https://hooks.example.com/", False, 443),
    ("http://hooks.example.com/", False, 80),
    ("https://hooks.example.com:/", False, 443),  # an empty port is no port
    ("http://hooks.example.com:443/", False, 443),
    ("https://hooks.example.com:8443/", True, 8443),
    ("https://hooks.example.com:1/", True, 1),
])
def test_ports(url: str, any_port: bool, port: int) -> None:
    assert check_syntax(url, require_https=False, allowed_ports=WEB, any_port=any_port)[2] == port


def test_url_length_limit_is_inclusive() -> None:
    base = "https://hooks.example.com/"
    assert check(base + "a" * (MAX_URL_LENGTH - len(base)))
    with pytest.raises(URLRefused):
        check(base + "a" * (MAX_URL_LENGTH - len(base) + 1))
