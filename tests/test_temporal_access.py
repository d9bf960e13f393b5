"""Issue 48, connecting to a secured Temporal: the TLS and API-key settings are read and
checked before anything connects, and each misconfiguration stops a process at start with
one line naming the setting, no traceback, exit non-zero. (The handshakes themselves, with
a real secured temporal-server, are in tests/test_cluster_security.py.)"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
from temporalio.service import TLSConfig

from hookline.settings import InvalidSettings, Settings
from hookline.temporal_access import access_of
from tests.support.certs import Authority, Pair
from tests.support.procs import hookline


@pytest.fixture(scope="module")
def ca(tmp_path_factory: pytest.TempPathFactory) -> Authority:
    return Authority(tmp_path_factory.mktemp("certs"))


@pytest.fixture(scope="module")
def client(ca: Authority) -> Pair:
    return ca.issue("client")


def _settings(**values: Any) -> Settings:
    return Settings.model_validate(values)


def _refused(**values: Any) -> str:
    with pytest.raises(InvalidSettings) as refused:
        access_of(_settings(**values))
    return str(refused.value)


def test_plain_by_default_and_tls_with_the_systems_roots() -> None:
    assert access_of(_settings()).tls is False and access_of(_settings()).api_key is None
    assert access_of(_settings(temporal_tls=True)).tls is True


def test_mtls_reads_the_files(ca: Authority, client: Pair) -> None:
    access = access_of(_settings(temporal_tls=True, temporal_tls_ca=str(ca.path),
                                 temporal_tls_cert=str(client.cert),
                                 temporal_tls_key=str(client.key),
                                 temporal_tls_server_name="localhost"))
    assert isinstance(access.tls, TLSConfig)
    assert access.tls.server_root_ca_cert == ca.path.read_bytes()
    assert access.tls.client_cert == client.cert.read_bytes()
    assert access.tls.client_private_key == client.key.read_bytes()
    assert access.tls.domain == "localhost"


def test_an_api_key_given_or_from_a_file(tmp_path: Path) -> None:
    assert access_of(_settings(temporal_tls=True, temporal_api_key="k1")).api_key == "k1"
    key_file = tmp_path / "key"
    key_file.write_text("k2\n")
    assert access_of(_settings(temporal_tls=True,
                               temporal_api_key_file=str(key_file))).api_key == "k2"


def test_each_misconfiguration_is_one_line_naming_its_setting(
        ca: Authority, client: Pair, tmp_path: Path) -> None:
    expired = ca.issue("expired", expired=True)
    not_pem = tmp_path / "not.pem"
    not_pem.write_text("hello")
    cases: list[tuple[dict[str, Any], str, str]] = [
        ({"temporal_api_key": "secret-key"}, "HOOKLINE_TEMPORAL_API_KEY:", "needs "
         "HOOKLINE_TEMPORAL_TLS=true"),
        ({"temporal_tls": True, "temporal_tls_cert": str(client.cert),
          "temporal_tls_key": str(ca.other_key("client"))}, "HOOKLINE_TEMPORAL_TLS_KEY=",
         "is not the private key of the certificate"),
        ({"temporal_tls": True, "temporal_tls_cert": str(expired.cert),
          "temporal_tls_key": str(expired.key)}, "HOOKLINE_TEMPORAL_TLS_CERT=", "expired on"),
        ({"temporal_tls": True, "temporal_tls_ca": str(tmp_path / "missing.pem")},
         "HOOKLINE_TEMPORAL_TLS_CA=", "no such file"),
        ({"temporal_tls": True, "temporal_api_key_file": str(tmp_path / "nokey")},
         "HOOKLINE_TEMPORAL_API_KEY_FILE=", "no such file"),
        ({"temporal_tls": True, "temporal_tls_ca": str(not_pem)}, "HOOKLINE_TEMPORAL_TLS_CA=",
         "is not a PEM certificate"),
        ({"temporal_tls": True, "temporal_tls_cert": str(client.cert)},
         "HOOKLINE_TEMPORAL_TLS_KEY:", "is needed with HOOKLINE_TEMPORAL_TLS_CERT"),
        ({"temporal_tls_ca": str(ca.path)}, "HOOKLINE_TEMPORAL_TLS_CA=",
         "HOOKLINE_TEMPORAL_TLS is off"),
    ]
    for values, names, says in cases:
        message = _refused(**values)
        [line] = message.splitlines()[1:]
        assert names in line and says in line, (values, message)
    assert "secret-key" not in _refused(temporal_api_key="secret-key")


@pytest.mark.parametrize("command", ["worker", "api"])
def test_a_process_with_a_bad_setting_stops_at_start_with_one_line(
        command: str, tmp_path: Path, ca: Authority) -> None:
    expired = ca.issue(f"expired-{command}", expired=True)
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
           "HOOKLINE_DATABASE_URL": f"sqlite:///{tmp_path}/h.db",
           "HOOKLINE_TEMPORAL_TLS": "true", "HOOKLINE_TEMPORAL_TLS_CERT": str(expired.cert),
           "HOOKLINE_TEMPORAL_TLS_KEY": str(expired.key)}
    done = subprocess.run(hookline(command), env=env, capture_output=True, text=True,
                          timeout=60, cwd=tmp_path)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr, done.stderr
    assert "HOOKLINE_TEMPORAL_TLS_CERT=" in done.stderr and "expired on" in done.stderr, \
        done.stderr


def test_the_dev_servers_ui_port_is_a_setting() -> None:
    from cli.up import _dev_server_args

    args = _dev_server_args("temporal", _settings(temporal_ui_port=9233), Path("t.db"))
    assert args[args.index("--ui-port") + 1] == "9233"
    args = _dev_server_args("temporal", _settings(temporal_address="127.0.0.1:7300"),
                            Path("t.db"))
    assert args[args.index("--ui-port") + 1] == "8300"


def test_the_public_url_follows_the_api_port_when_unset() -> None:
    assert _settings(api_port=8100).public_url == "http://127.0.0.1:8100"
    assert _settings().public_url == "http://127.0.0.1:8000"
    assert _settings(api_port=8100, public_url="https://hooks.example.com").public_url == \
        "https://hooks.example.com"
