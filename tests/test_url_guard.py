"""URL rules 1-5 and the address check, as pure functions with a fake resolver."""

from __future__ import annotations

import ipaddress

import pytest

from hookline.url_guard import MAX_URL_LENGTH, DNSFailure, Resolver, URLRefused, guard

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
]
PUBLIC = ["93.184.215.14", "8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1",
          "2606:4700:4700::1111", "2a00:1450:4001:81d::200e"]


@pytest.mark.parametrize("address", BLOCKED)
def test_private_and_reserved_addresses_are_refused(address: str) -> None:
    with pytest.raises(URLRefused, match="private or reserved"):
        check("https://hooks.example.com/in", resolver=resolving_to(address))


@pytest.mark.parametrize("address", BLOCKED)
def test_private_literals_are_refused(address: str) -> None:
    host = f"[{address}]" if ":" in address else address
    with pytest.raises(URLRefused):
        check(f"https://{host}/in")


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
])
def test_allowed_subnets_are_exempt(address: str, allowed: tuple[str, ...]) -> None:
    assert check("http://dev.local/", allowed=allowed, resolver=resolving_to(address))


def test_exemption_covers_only_its_subnet() -> None:
    with pytest.raises(URLRefused):
        check("http://dev.local/", allowed=("10.1.0.0/16",), resolver=resolving_to("10.2.0.1"))


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


def test_url_length_limit_is_inclusive() -> None:
    base = "https://hooks.example.com/"
    assert check(base + "a" * (MAX_URL_LENGTH - len(base)))
    with pytest.raises(URLRefused):
        check(base + "a" * (MAX_URL_LENGTH - len(base) + 1))
