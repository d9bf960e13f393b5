"""Issue 71, part 5: credentials read from files are read again when the files rotate, with
no restart: the egress proxy (HOOKLINE_EGRESS_PROXY_FILE, through real proxies on loopback)
and the SMTP URL (HOOKLINE_SMTP_URL_FILE, to a real SMTP server). A Kubernetes Secret's
mount rotates by swapping a link, which is how these tests rotate them too."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from activities.mail import AlertActivities
from hookline.delivery.kinds.http.egress import Egress
from hookline.delivery.model import Outgoing
from hookline.delivery.sender import Sender
from hookline.secret_files import WatchedFile
from hookline.settings import InvalidSettings, Settings
from hookline.signing import new_secret
from hookline.smtp import Mail, send_mail
from tests.support.mounts import mounted
from tests.support.proxy import Proxy
from tests.support.receiver import Receiver
from tests.support.smtp import SmtpSink
from tests.test_egress_sender import LOOPBACK


@pytest.fixture
def proxies(tmp_path: Path) -> Iterator[tuple[Proxy, Proxy]]:
    found = Proxy(tmp_path, "http"), Proxy(tmp_path, "socks5")
    yield found
    for proxy in found:
        proxy.stop()


def test_a_rotated_proxy_file_carries_the_next_request(proxies: tuple[Proxy, Proxy],
                                                       receiver: Receiver,
                                                       tmp_path: Path) -> None:
    first, second = proxies
    path = mounted(tmp_path / "mount", "proxy", first.url + "\n")
    egress = Egress.of("", "", str(path))

    def out(path: str) -> Outgoing:
        return Outgoing(url=receiver.url(path), msg_id="evt_rotated", body=b"{}",
                        content_type="application/json", custom_headers={},
                        secrets=[new_secret()], require_https=False, target_id="ep_r")

    async def both() -> None:
        # One Sender throughout, its sessions kept: each request goes through the proxy
        # the file names when it is sent.
        sender = Sender(timeout=5, allowed_ports=frozenset(), any_port=True,
                        allowed_networks=LOOPBACK, egress=egress)
        try:
            assert (await sender.send(out("/before"))).status_code == 200
            mounted(tmp_path / "mount", "proxy", second.url)
            assert (await sender.send(out("/after"))).status_code == 200
        finally:
            await sender.aclose()

    asyncio.run(both())
    assert len(first.tunnels()) == 1 and len(second.tunnels()) == 1
    assert [r.path for r in receiver.wait(2)] == ["/before", "/after"]


def test_a_proxy_file_that_turns_bad_keeps_the_last_good_one(tmp_path: Path,
                                                             caplog: pytest.LogCaptureFixture
                                                             ) -> None:
    path = mounted(tmp_path / "mount", "proxy", "http://user:pw@proxy.internal:3128")
    egress = Egress.of("", "", str(path))
    mounted(tmp_path / "mount", "proxy", "ftp://nowhere")
    assert egress.proxy_for("hooks.example.org", "203.0.113.9") == \
        "http://user:pw@proxy.internal:3128"
    assert "HOOKLINE_EGRESS_PROXY_FILE" in caplog.text and "kept as it was" in caplog.text
    assert "pw" not in caplog.text


def test_a_proxy_file_that_does_not_parse_never_shows_its_text(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The value echoed by the proxy's own check (`not 'user:pw@proxy'`) is the file's
    secret: neither the refusal at start nor the log of a later change shows it."""
    path = mounted(tmp_path / "mount", "proxy", "hunter2@proxy")
    with pytest.raises(InvalidSettings) as raised:
        Egress.of("", "", str(path))
    assert "hunter2" not in str(raised.value) and "***" in str(raised.value)
    mounted(tmp_path / "mount", "proxy", "http://proxy.internal:3128")
    egress = Egress.of("", "", str(path))
    mounted(tmp_path / "mount", "proxy", "hunter2@proxy")
    assert egress.proxy_for("hooks.example.org", "203.0.113.9") == "http://proxy.internal:3128"
    assert "kept as it was" in caplog.text and "hunter2" not in caplog.text


@pytest.mark.parametrize("text", ["ftp://nowhere", None])
def test_a_proxy_file_missing_or_wrong_at_start_stops_the_process(tmp_path: Path,
                                                                  text: str | None) -> None:
    path = tmp_path / "proxy"
    if text is not None:
        path.write_text(text)
    with pytest.raises(InvalidSettings) as raised:
        Egress.of("", "", str(path))
    assert "HOOKLINE_EGRESS_PROXY_FILE" in str(raised.value)


def test_a_value_and_its_file_together_are_refused() -> None:
    with pytest.raises(ValueError, match="HOOKLINE_EGRESS_PROXY_FILE, not both"):
        Settings(egress_proxy="http://proxy:3128", egress_proxy_file="/run/proxy")
    with pytest.raises(ValueError, match="HOOKLINE_SMTP_URL_FILE, not both"):
        Settings(smtp_url="smtp://relay:25", smtp_url_file="/run/smtp")


def test_a_rotated_smtp_file_logs_in_with_the_new_password(tmp_path: Path) -> None:
    server = SmtpSink(logins={"alerts": "first", "alerts2": "second"})
    try:
        path = mounted(tmp_path / "mount", "url",
                       f"smtp://alerts:first@127.0.0.1:{server.port}")
        activities = AlertActivities(Settings(smtp_url_file=str(path)))
        send_mail(activities.smtp(), "a@hookline.test", ["ops@acme.test"], Mail("one", "first"))
        # The old password no longer works, as when the relay's is changed.
        server.logins = {"alerts2": "second"}
        mounted(tmp_path / "mount", "url", f"smtp://alerts2:second@127.0.0.1:{server.port}")
        send_mail(activities.smtp(), "a@hookline.test", ["ops@acme.test"], Mail("two", "second"))
        assert [mail.login for mail in server.wait_for("ops@acme.test", 2)] == \
            ["alerts", "alerts2"]
    finally:
        server.stop()


def test_a_watched_file_is_read_only_when_it_changes(tmp_path: Path) -> None:
    reads: list[str] = []

    def parse(text: str) -> str:
        reads.append(text)
        return text

    path = tmp_path / "value"
    path.write_text("one")
    watched = WatchedFile("HOOKLINE_X_FILE", str(path), parse)
    assert [watched.current() for _ in range(3)] == ["one"] * 3 and reads == ["one"]
    replacement = tmp_path / "value.new"
    replacement.write_text("two")
    os.replace(replacement, path)
    assert watched.current() == "two" and reads == ["one", "two"]
