"""Issue 2: docker-compose.yml is valid for the compose client (no Docker engine runs here)."""

from __future__ import annotations

import subprocess

import pytest
import yaml

from tests.support import tools
from tests.support.procs import REPO

pytestmark = pytest.mark.usefixtures("tool_compose")


def test_compose_file_is_accepted() -> None:
    done = subprocess.run([*tools.compose(), "-f", str(REPO / "docker-compose.yml"), "config"],
                          capture_output=True, text=True, cwd=REPO, check=False)
    assert done.returncode == 0, done.stderr
    config = done.stdout
    for service in ("postgres:", "temporal:", "temporal-ui:", "api:", "worker:", "migrate:"):
        assert f"  {service}" in config, service
    assert config.count("HOOKLINE_DATABASE_URL: postgresql+psycopg://") == 3
    assert config.count("HOOKLINE_TEMPORAL_ADDRESS: temporal:7233") == 3


# `hookline up`'s own settings: compose runs the components itself (and its Temporal
# image sets its own namespace). The standard
# OpenTelemetry variables are read under their own names. Compose's Temporal is its own,
# in plaintext: a secured Temporal's settings have nothing to reach there.
NOT_FOR_COMPOSE = {"background_nice", "temporal_ui_url", "temporal_ui_port",
                   "temporal_retention", "otel_standard_endpoint", "otel_service_name",
                   "temporal_tls", "temporal_tls_ca", "temporal_tls_cert", "temporal_tls_key",
                   "temporal_tls_server_name", "temporal_api_key", "temporal_api_key_file"}


def _config() -> dict:
    done = subprocess.run([*tools.compose(), "-f", str(REPO / "docker-compose.yml"), "config"],
                          capture_output=True, text=True, cwd=REPO, check=True)
    return yaml.safe_load(done.stdout)


def test_compose_passes_every_setting_to_api_and_worker() -> None:
    """Issue 15: the same settings as everywhere else, the interval settings among them."""
    from hookline.settings import Settings

    wanted = {f"HOOKLINE_{name.upper()}" for name in Settings.model_fields} - {
        f"HOOKLINE_{name.upper()}" for name in NOT_FOR_COMPOSE}
    services = _config()["services"]
    for service in ("api", "worker", "migrate"):
        passed = set(services[service]["environment"])
        assert wanted <= passed, (service, sorted(wanted - passed))
    assert services["worker"]["environment"]["HOOKLINE_WORKER_METRICS_PORT"] == "9464"
    assert "prometheus" in services and services["prometheus"]["profiles"] == ["metrics"]


# Compose's own values where its containers need another: their addresses, and the worker's
# metrics port for the Prometheus service beside it.
COMPOSE_OWN = {"database_url", "temporal_address", "api_host", "public_url",
               "worker_metrics_port", "worker_metrics_host", "temporal_ui_url"}


def test_compose_defaults_are_hooklines_own() -> None:
    """Every `${HOOKLINE_X:-default}` in docker-compose.yml is the service's default, so a
    default changed in settings cannot drift in compose (two had: a target's in-flight
    ceiling and the silence check's interval)."""
    import re

    from hookline.settings import Settings

    text = (REPO / "docker-compose.yml").read_text()
    found = dict(re.findall(r"\$\{HOOKLINE_([A-Z0-9_]+):-([^}]*)\}", text))
    assert found, "no defaults found in docker-compose.yml"
    for name, default in found.items():
        field = name.lower()
        if field in COMPOSE_OWN or field not in Settings.model_fields:
            continue
        expected = Settings.model_fields[field].default
        shown = "" if expected is None else str(expected).lower() if isinstance(
            expected, bool) else str(expected)
        assert default == shown, (name, default, expected)


def test_compose_temporal_and_prometheus_configs_are_ours() -> None:
    """The dynamic config mounted into compose's Temporal is the one every server Hookline
    starts gets, and Prometheus scrapes the services compose runs."""
    from cli.temporal_server import dynamic_config

    mounted = yaml.safe_load((REPO / "docs" / "temporal-dynamicconfig.yaml").read_text())
    assert mounted == dynamic_config()
    scrape = yaml.safe_load((REPO / "docs" / "prometheus.yml").read_text())
    targets = {t for job in scrape["scrape_configs"] for c in job["static_configs"]
               for t in c["targets"]}
    assert targets == {"api:8000", "worker:9464"}
